import CSDL2
import SwiftFlow

/// One face's font file opened with SDL_ttf: a font at a reference size for advances and line
/// metrics (unhinted, so widths scale exactly with the size) and, opened on first use, a font per
/// raster size (light hinting) for glyph bitmaps. Main thread only.
@MainActor
final class SDLFaceFonts {
    /// The size, in pixels, at which advances and line metrics are measured.
    static let referenceSize = 128

    /// The font file.
    let path: String
    /// Ascent, line height (ascent + descent) and line skip per pixel of font size.
    let ascentPerPixel: Double, heightPerPixel: Double, lineSkipPerPixel: Double

    private let reference: OpaquePointer
    private var asciiAdvances = [Double](repeating: .nan, count: 128)
    private var advances: [UInt32: Double] = [:]
    private var fonts: [Int: OpaquePointer] = [:]

    /// Opens the font file at `path`.
    init(path: String) throws {
        guard let ref = TTF_OpenFont(path, Int32(Self.referenceSize)) else { throw SDLError.lastError("TTF_OpenFont(\(path))") }
        TTF_SetFontHinting(ref, TTF_HINTING_NONE)
        reference = ref
        let size = Double(Self.referenceSize)
        ascentPerPixel = Double(TTF_FontAscent(ref)) / size
        heightPerPixel = Double(TTF_FontHeight(ref)) / size
        lineSkipPerPixel = Double(TTF_FontLineSkip(ref)) / size
        self.path = path
    }

    isolated deinit {
        TTF_CloseFont(reference)
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// The advance of `scalar` per pixel of font size (linear metrics at the reference size).
    @inline(__always)
    func advance(_ scalar: UInt32) -> Double {
        if scalar < 128, !asciiAdvances[Int(scalar)].isNaN { return asciiAdvances[Int(scalar)] }
        if let a = advances[scalar] { return a }
        var adv: Int32 = 0
        let a = TTF_GlyphMetrics32(reference, scalar, nil, nil, nil, nil, &adv) == 0 ? Double(adv) / Double(Self.referenceSize) : 0
        if scalar < 128 { asciiAdvances[Int(scalar)] = a } else { advances[scalar] = a }
        return a
    }

    /// The font at `size` pixels, opened on first use.
    func font(size: Int) -> OpaquePointer? {
        if let f = fonts[size] { return f }
        guard let f = TTF_OpenFont(path, Int32(size)) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        fonts[size] = f
        return f
    }
}
