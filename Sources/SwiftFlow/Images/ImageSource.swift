import SwiftFlowCore

/// Where an `Image`'s picture comes from; what an `ImageProvider` loads and caches by.
public enum ImageSource: Hashable, Sendable, CustomStringConvertible {
    /// A PNG or JPEG file at this path (relative paths from the process's working directory).
    case file(String)
    /// Pixels the app holds (cached by their `id` and `version`, not their bytes).
    case pixels(ImagePixels)
    /// An SF Symbols name (`Image(systemName:)`), drawn as a character of the fonts (never
    /// loaded as a picture).
    case symbol(String)

    /// "file 'path'" or "pixels 'id' (version n)", for diagnostics.
    public var description: String {
        switch self {
        case .file(let path): return "file '\(path)'"
        case .pixels(let p): return "pixels '\(p.id)' (version \(p.version), \(p.width)x\(p.height))"
        case .symbol(let name): return "symbol '\(name)'"
        }
    }
}
