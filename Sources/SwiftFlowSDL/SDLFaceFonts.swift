import CSDL2
import SwiftFlow

/// One face's font file opened with SDL_ttf: a font at a reference size for advances and line
/// metrics (unhinted, so widths scale exactly with the size) and, opened on first use, a font per
/// raster size (light hinting) for glyph bitmaps.
///
/// A non-ASCII character the file lacks is measured and drawn with the font `fallback` finds for
/// it (opened here on first use, once per file), or with this font's .notdef box when no installed
/// font has it; the choice is made once per character. ASCII always uses this font. Main thread only.
@MainActor
final class SDLFaceFonts {
    /// The size, in pixels, at which advances and line metrics are measured.
    static let referenceSize = 128

    /// The font file.
    let path: String
    /// The index of the face inside the file (non-zero in some collections, e.g. .ttc files).
    let index: Int
    /// Ascent, line height (ascent + descent) and line skip per pixel of font size.
    let ascentPerPixel: Double, heightPerPixel: Double, lineSkipPerPixel: Double
    /// Where characters the file lacks are looked up; nil: they get the file's .notdef box.
    let fallback: FontFallback?

    private let reference: OpaquePointer
    private var asciiAdvances = [Double](repeating: .nan, count: 128)
    private var advances: [UInt32: Double] = [:]
    private var fonts: [Int: OpaquePointer] = [:]
    /// The fonts of the files `fallback` found, by file (nil: the file did not open).
    private var fallbackFonts: [FontFallback.FontFile: SDLFaceFonts?] = [:]
    /// The font each non-ASCII character looked up so far is drawn with (nil: this one).
    private var owners: [UInt32: SDLFaceFonts?] = [:]

    /// Opens face `index` of the font file at `path`; characters it lacks are looked up in
    /// `fallback` (nil: none).
    init(path: String, index: Int = 0, fallback: FontFallback? = nil) throws {
        guard let ref = TTF_OpenFontIndex(path, Int32(Self.referenceSize), index) else {
            throw SDLError.lastError("TTF_OpenFontIndex(\(path), \(index))")
        }
        TTF_SetFontHinting(ref, TTF_HINTING_NONE)
        reference = ref
        let size = Double(Self.referenceSize)
        ascentPerPixel = Double(TTF_FontAscent(ref)) / size
        heightPerPixel = Double(TTF_FontHeight(ref)) / size
        lineSkipPerPixel = Double(TTF_FontLineSkip(ref)) / size
        self.path = path
        self.index = index
        self.fallback = fallback
    }

    isolated deinit {
        TTF_CloseFont(reference)
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// The advance of `scalar` per pixel of font size (linear metrics at the reference size), in
    /// the font that draws it (`fonts(for:)`).
    @inline(__always)
    func advance(_ scalar: UInt32) -> Double {
        if scalar < 128, !asciiAdvances[Int(scalar)].isNaN { return asciiAdvances[Int(scalar)] }
        if let a = advances[scalar] { return a }
        let owner = fonts(for: scalar)
        var adv: Int32 = 0
        let a = owner !== self ? owner.advance(scalar)
            : TTF_GlyphMetrics32(reference, scalar, nil, nil, nil, nil, &adv) == 0 ? Double(adv) / Double(Self.referenceSize) : 0
        if scalar < 128 { asciiAdvances[Int(scalar)] = a } else { advances[scalar] = a }
        return a
    }

    /// The fonts that measure and draw `scalar`: `self`, unless `scalar` is not ASCII, this file
    /// has no glyph for it, and `fallback` finds a font whose glyph SDL_ttf confirms — then that
    /// font's `SDLFaceFonts` (no fallback of its own). Looked up once per character.
    func fonts(for scalar: UInt32) -> SDLFaceFonts {
        guard scalar >= 128, let fallback else { return self }
        if let owner = owners[scalar] { return owner ?? self }
        var owner: SDLFaceFonts?
        if TTF_GlyphIsProvided32(reference, scalar) == 0, let file = fallback.font(for: scalar, excluding: path) {
            let fonts: SDLFaceFonts?
            if let opened = fallbackFonts[file] {
                fonts = opened
            } else {
                fonts = try? SDLFaceFonts(path: file.path, index: file.index)
                fallbackFonts[file] = fonts
            }
            if let fonts, TTF_GlyphIsProvided32(fonts.reference, scalar) != 0 { owner = fonts }
        }
        owners[scalar] = owner
        return owner ?? self
    }

    /// The font at `size` pixels, opened on first use.
    func font(size: Int) -> OpaquePointer? {
        if let f = fonts[size] { return f }
        guard let f = TTF_OpenFontIndex(path, Int32(size), index) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        fonts[size] = f
        return f
    }
}
