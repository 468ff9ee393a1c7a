import CSDL2
import SwiftFlow

/// Measures text and draws it from a glyph atlas, with SDL_ttf.
///
/// - Each `FontFace` has its own font file: the regular one is `fontPath`; the others are found
///   through fontconfig (`fontPath(for:)`), e.g. DejaVu Sans Bold, DejaVu Sans Oblique and DejaVu
///   Sans Mono, and opened on first use. Glyphs are cached by face, size and character.
/// - Layout uses linear (unhinted) advances taken from a reference font size, so a string's
///   measured width scales exactly with the font size and text never jitters while zooming.
///   Kerning is not applied.
/// - A character the face's font lacks (CJK, many symbols) is measured and drawn with the first
///   font fontconfig sorts for the face's pattern that has it (`FontFallback`; with the fonts
///   scripts/setup.sh installs: WenQuanYi Zen Hei for CJK, Symbola for symbols and emoji
///   outlines), chosen once per character; with no such font it is the main font's .notdef box.
///   Colour fonts (colour emoji) and bitmap-only fonts are not used: glyphs are alpha masks
///   tinted by the text's colour. `fontPath(for:face:)` tells which file draws a character.
/// - Text is not shaped: glyphs are drawn one by one, left to right in the string's order, each
///   at its own advance. Complex scripts therefore come out wrong (Arabic in isolated forms, not
///   joined, and not right to left; no Devanagari conjuncts or vowel reordering), and there are
///   no ligatures. Debian 12's SDL2_ttf 2.20 is built with HarfBuzz, but it shapes only whole
///   strings it sizes or renders itself (`TTF_SizeUTF8`, `TTF_RenderUTF8_*`), not the per-glyph
///   atlas drawing used here. Combining marks are drawn at the pen, with their own advance
///   (often zero).
/// - Glyphs are rasterised lazily in white (`TTF_RenderGlyph32_Blended`), trimmed, packed into
///   `atlas` and tinted by the vertex colour. The raster size is `round(fontSize · scale ·
///   displayScale)` pixels; text smaller than `minimumPixelSize` is not drawn (level of detail).
///   Above 32 px sizes are rounded up to a few buckets (and the quads scaled down a little) so a
///   continuous zoom does not fill the atlas with every size; above `maximumPixelSize` the
///   largest bitmaps are scaled up.
///
/// Positions are screen points; pixels are points × `displayScale`. Main thread only.
@MainActor
public final class SDLTextRenderer: @MainActor TextMeasurer {
    /// Text whose glyphs would be fewer pixels high than this is skipped.
    public static let minimumPixelSize = 4
    /// The largest raster size; larger text scales these bitmaps.
    public static let maximumPixelSize = 128
    /// Raster sizes used above 32 px.
    private static let sizeBuckets = [40, 48, 56, 64, 80, 96, 112, 128]

    /// Where glyph bitmaps are packed; a backend binds its pages by `TextureID`.
    public let atlas: GlyphAtlas
    /// Pixels per screen point; the host keeps it in sync with the canvas.
    public var displayScale: Double
    /// The font file of the regular face.
    public let fontPath: String

    /// The faces' fonts by `FontFace.index`, opened on first use.
    private var faces: [SDLFaceFonts?]
    private var glyphs: [UInt64: Glyph] = [:]

    /// A rasterised glyph: where it lies in the atlas and where it sits relative to the pen on
    /// the baseline, in pixels at its raster size.
    private struct Glyph {
        var texture: TextureID
        var u: Int32, v: Int32, width: Int32, height: Int32
        var left: Int32, top: Int32
    }

    /// Opens the font at `fontPath` (nil: fontconfig's "sans-serif") as the regular face and
    /// draws into `atlas`.
    public init(fontPath: String? = nil, atlas: GlyphAtlas = GlyphAtlas(), displayScale: Double = 1) throws {
        try SDLRuntime.start()
        let path = try fontPath ?? FontLocator.path()
        faces = [try SDLFaceFonts(path: path, fallback: FontFallback(pattern: Self.pattern(for: .regular)))]
            + Array(repeating: nil, count: FontFace.all.count - 1)
        self.fontPath = path
        self.atlas = atlas
        self.displayScale = displayScale
    }

    /// The font file of `face`: `fontPath` for the regular face; for the others the file
    /// fontconfig matches for "sans-serif" or "monospace" with ":bold" and/or ":italic" (DejaVu
    /// has no italic: fontconfig gives its Oblique), or `fontPath` when fontconfig has none.
    public func fontPath(for face: FontFace) -> String { fonts(face).path }

    /// The font file that measures and draws `scalar` in `face`: the face's own file
    /// (`fontPath(for:)`) when it has a glyph for `scalar` (always for ASCII), otherwise the
    /// fallback font fontconfig found for it, or the face's file again when no font has it (drawn
    /// as the .notdef box). The first call for a character may ask fontconfig; later ones are cached.
    public func fontPath(for scalar: Unicode.Scalar, face: FontFace = .regular) -> String {
        fonts(face).fonts(for: scalar.value).path
    }

    /// The fontconfig pattern of `face`: "sans-serif" or "monospace", with ":bold" and/or ":italic".
    private static func pattern(for face: FontFace) -> String {
        (face.isMonospaced ? "monospace" : "sans-serif") + (face.isBold ? ":bold" : "") + (face.isItalic ? ":italic" : "")
    }

    /// The fonts of `face`, opened on first use (the regular face's when its file does not open).
    private func fonts(_ face: FontFace) -> SDLFaceFonts {
        if let f = faces[face.index] { return f }
        let pattern = Self.pattern(for: face)
        let f = (try? SDLFaceFonts(path: FontLocator.path(for: pattern), fallback: FontFallback(pattern: pattern))) ?? faces[0]!
        faces[face.index] = f
        return f
    }

    /// The size of one line of `text` in `face`, points: the sum of the advances (each in the font
    /// that draws the character, see `fontPath(for:face:)`) by the face's font's height (ascent +
    /// descent).
    public func measure(_ text: String, fontSize: Double, face: FontFace) -> Size {
        let fonts = fonts(face)
        var width = 0.0
        for scalar in text.unicodeScalars { width += fonts.advance(scalar.value) }
        return Size(width: width * fontSize, height: fonts.heightPerPixel * fontSize)
    }

    /// The font's line skip (`TTF_FontLineSkip`) at `fontSize` points, points.
    public func lineSkip(fontSize: Double, face: FontFace) -> Double { fonts(face).lineSkipPerPixel * fontSize }

    /// Appends one textured quad per visible glyph of `text` in `face`; its line box's top-left
    /// is at `origin` (points) and it is `fontSize · scale` points high.
    public func drawText(_ text: String, fontSize: Double, face: FontFace, scale: Double, origin: Point, color: Color, into list: inout DrawList) {
        let pixelSize = fontSize * scale * displayScale
        let rounded = Int(pixelSize.rounded())
        guard rounded >= Self.minimumPixelSize, color.opacity > 0 else { return }
        let raster = rounded <= 32 ? rounded : Self.sizeBuckets.first(where: { $0 >= rounded }) ?? Self.maximumPixelSize
        let quadScale = raster == rounded ? 1 : pixelSize / Double(raster)
        let toPoints = 1 / displayScale
        let pageSize = Double(atlas.pageSize)
        let fonts = fonts(face)
        var penX = origin.x * displayScale
        let baseline = (origin.y * displayScale + fonts.ascentPerPixel * pixelSize).rounded()
        for scalar in text.unicodeScalars {
            if let g = glyph(scalar.value, size: raster, face: face), g.width > 0 {
                let x = quadScale == 1 ? (penX + Double(g.left)).rounded() : penX + Double(g.left) * quadScale
                let y = baseline + Double(g.top) * quadScale
                let rect = Rect(x: x * toPoints, y: y * toPoints,
                                width: Double(g.width) * quadScale * toPoints, height: Double(g.height) * quadScale * toPoints)
                let uv = Rect(x: Double(g.u) / pageSize, y: Double(g.v) / pageSize,
                              width: Double(g.width) / pageSize, height: Double(g.height) / pageSize)
                list.addImage(g.texture, rect: rect, uv: uv, color: color)
            }
            penX += fonts.advance(scalar.value) * pixelSize
        }
    }

    /// The glyph for `scalar` at `size` pixels (at most 255) in `face`, rasterised into the
    /// atlas on first use. Glyphs that cannot be rasterised are cached as empty.
    private func glyph(_ scalar: UInt32, size: Int, face: FontFace) -> Glyph? {
        let key = UInt64(face.index) << 40 | UInt64(size) << 32 | UInt64(scalar)
        if let g = glyphs[key] { return g }
        let g = rasterise(scalar, font: fonts(face).fonts(for: scalar).font(size: size)) ?? Glyph(texture: .none, u: 0, v: 0, width: 0, height: 0, left: 0, top: 0)
        glyphs[key] = g
        return g
    }

    private func rasterise(_ scalar: UInt32, font: OpaquePointer?) -> Glyph? {
        guard let font else { return nil }
        var minX: Int32 = 0, maxY: Int32 = 0
        guard TTF_GlyphMetrics32(font, scalar, &minX, nil, nil, &maxY, nil) == 0,
              let surface = TTF_RenderGlyph32_Blended(font, scalar, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        // The surface spans the whole line: its left edge at min(0, minX) from the pen, its top
        // on the ascent line (or the glyph's top when that is higher). ARGB8888: alpha in the top byte.
        let s = surface.pointee
        guard s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue else { return nil }
        let pitch = Int(s.pitch)
        let base = s.pixels.assumingMemoryBound(to: UInt8.self)
        func alpha(_ x: Int, _ y: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: UnsafeRawPointer(base + y * pitch + x * 4).load(as: UInt32.self) >> 24)
        }
        var x0 = Int(s.w), y0 = Int(s.h), x1 = -1, y1 = -1
        for y in 0..<Int(s.h) {
            for x in 0..<Int(s.w) where alpha(x, y) != 0 {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        guard x1 >= x0 else { return Glyph(texture: .none, u: 0, v: 0, width: 0, height: 0, left: 0, top: 0) }
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        guard let slot = try? atlas.insert(width: w, height: h, fill: { dst, dstPitch in
            for y in 0..<h {
                let row = dst + y * dstPitch
                for x in 0..<w {
                    row[4 * x] = 255; row[4 * x + 1] = 255; row[4 * x + 2] = 255
                    row[4 * x + 3] = alpha(x0 + x, y0 + y)
                }
            }
        }) else { return nil }
        let surfaceTop = -max(TTF_FontAscent(font), maxY)
        return Glyph(texture: slot.texture, u: Int32(slot.x), v: Int32(slot.y), width: Int32(w), height: Int32(h),
                     left: min(0, minX) + Int32(x0), top: surfaceTop + Int32(y0))
    }
}
