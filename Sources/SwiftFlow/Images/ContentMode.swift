/// How a resizable image fills the frame it is given (SwiftUI's `ContentMode`).
public enum ContentMode: Hashable, Sendable {
    /// The whole picture, as large as fits in the frame at its aspect ratio, centred (letterboxed).
    case fit
    /// The frame covered at the picture's aspect ratio, centred; what falls outside the frame is
    /// cut off (SwiftFlow clips it to the frame, as `.clipped()` would in SwiftUI).
    case fill
}
