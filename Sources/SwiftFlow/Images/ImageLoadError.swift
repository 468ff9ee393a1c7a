/// Why an `ImageProvider` cannot give an image's texture. The canvas reports it once per node
/// and source (`FlowDiagnostic.imageUnavailable`) and draws a placeholder in the image's frame.
public enum ImageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The canvas has no `imageProvider` (e.g. a headless canvas without a render backend).
    case noProvider
    /// No file at this path (or it is a directory).
    case fileNotFound(String)
    /// The file exists but does not decode as an image: the decoder's message.
    case undecodable(path: String, reason: String)
    /// `ImagePixels` whose size does not match its bytes, or is not positive.
    case invalidPixels(String)
    /// The picture has more pixels than the provider decodes (width and height in pixels, and the limit).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The platform failed (out of memory, a surface that cannot be made): its message.
    case platform(String)

    public var description: String {
        switch self {
        case .noProvider: return "the canvas has no image provider"
        case .fileNotFound(let path): return "no such file '\(path)'"
        case .undecodable(let path, let reason): return "'\(path)' is not a readable PNG or JPEG image (\(reason))"
        case .invalidPixels(let why): return "invalid pixels: \(why)"
        case .tooLarge(let w, let h, let limit): return "\(w)x\(h) pixels is more than the \(limit) pixels an image may have"
        case .platform(let message): return message
        }
    }
}
