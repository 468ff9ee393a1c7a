import CSDL2
import Foundation

/// Finds font files through fontconfig.
public enum FontLocator {
    /// The path of the font file fontconfig matches for `pattern` (a fontconfig name such as
    /// "sans-serif" or "DejaVu Sans:bold"). Throws `SDLError.fontNotFound` when fontconfig has no
    /// font at all (e.g. a minimal container; the fix is to install fonts-dejavu-core).
    public static func path(for pattern: String = "sans-serif") throws -> String {
        guard FcInit() != 0, let query = FcNameParse(pattern) else { throw SDLError.fontNotFound(pattern: pattern) }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, query, &result) else { throw SDLError.fontNotFound(pattern: pattern) }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard result == FcResultMatch, FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else {
            throw SDLError.fontNotFound(pattern: pattern)
        }
        let path = String(cString: file)
        guard FileManager.default.isReadableFile(atPath: path) else { throw SDLError.fontNotFound(pattern: pattern) }
        return path
    }
}
