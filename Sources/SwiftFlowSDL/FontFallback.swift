import CSDL2
import Foundation

/// Finds, through fontconfig, the font to draw a character with when a face's own font lacks it
/// (CJK, symbols, emoji outlines, …).
///
/// The fonts fontconfig sorts for the face's pattern (e.g. "sans-serif:bold"), best match first,
/// are listed once, on the first lookup (about a millisecond; `FcFontSort`). A character then goes
/// to the first of them whose character set has it — what `FcFontSort` with that character in the
/// pattern's charset would put first, without sorting again per character. Only outline fonts
/// without colour are used: glyphs are drawn as alpha masks tinted by the text's colour, at any
/// size, so colour emoji and bitmap-only fonts would come out as blobs or at the wrong size.
///
/// Lookups are not cached here; `SDLFaceFonts` caches them per character.
final class FontFallback {
    /// A font file and the index of the face inside it (non-zero in collections such as .ttc).
    struct FontFile: Hashable, Sendable {
        /// The font file's path.
        var path: String
        /// The face's index in the file (`TTF_OpenFontIndex`).
        var index: Int
    }

    /// The fontconfig pattern the candidates are sorted for.
    let pattern: String

    /// A candidate font: its file and its character set (owned by `fontSet`).
    private struct Candidate {
        var file: FontFile
        var charset: OpaquePointer
    }

    private var fontSet: UnsafeMutablePointer<FcFontSet>?
    private var candidates: [Candidate]?

    /// A fallback for fonts of the family class and style `pattern` (a fontconfig name, e.g.
    /// "monospace:bold"). Nothing is asked of fontconfig until the first lookup.
    init(pattern: String) {
        self.pattern = pattern
    }

    deinit {
        if let fontSet { FcFontSetDestroy(fontSet) }
    }

    /// The first font, in fontconfig's order for `pattern`, that has a glyph for `scalar` (a
    /// Unicode scalar value), or nil when no installed font has one. `excluding` is skipped (the
    /// face's own font, which was asked already).
    func font(for scalar: UInt32, excluding: String? = nil) -> FontFile? {
        for c in sortedCandidates() where FcCharSetHasChar(c.charset, scalar) != 0 && c.file.path != excluding {
            return c.file
        }
        return nil
    }

    /// The candidates, listed on first use: every outline font without colour that fontconfig
    /// sorts for `pattern`, with a readable file.
    private func sortedCandidates() -> [Candidate] {
        if let candidates { return candidates }
        var list: [Candidate] = []
        defer { candidates = list }
        guard FcInit() != 0, let query = FcNameParse(pattern) else { return list }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        // trim = false: every font, even those that add nothing to the better ones' coverage, as
        // a font further down may be the only one whose glyph SDL_ttf can draw.
        guard let set = FcFontSort(nil, query, 0, nil, &result) else { return list }
        fontSet = set
        let fonts = set.pointee
        for i in 0..<Int(fonts.nfont) {
            guard let font = fonts.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            var index: Int32 = 0
            var scalable: FcBool = 1, color: FcBool = 0
            guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset else { continue }
            _ = FcPatternGetInteger(font, "index", 0, &index)
            _ = FcPatternGetBool(font, "scalable", 0, &scalable)
            _ = FcPatternGetBool(font, "color", 0, &color)
            guard scalable != 0, color == 0 else { continue }
            let path = String(cString: file)
            guard FileManager.default.isReadableFile(atPath: path) else { continue }
            list.append(Candidate(file: FontFile(path: path, index: Int(index)), charset: charset))
        }
        return list
    }
}
