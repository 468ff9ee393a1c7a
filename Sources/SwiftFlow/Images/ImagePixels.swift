import SwiftFlowCore

/// Pixels an app hands to `Image(pixels:)`: `width` × `height` pixels of 4 bytes each (red,
/// green, blue, alpha; straight, not premultiplied, alpha), rows top to bottom with no padding.
///
/// The bytes are not compared or hashed: two `ImagePixels` are the same picture when their `id`,
/// `version` and size agree, which is what an `ImageProvider` caches by. Give a changed picture a
/// new `version` (or a new `id`), or the cached one keeps being drawn.
public struct ImagePixels: Hashable, Sendable {
    /// Names the picture for caching; unique among the pictures the app shows.
    public let id: String
    /// Changes whenever the bytes under the same `id` change. Default 0.
    public let version: Int
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width · height · 4` bytes, RGBA, rows top to bottom.
    public let rgba: [UInt8]

    /// Creates a picture of `width` × `height` pixels from `rgba` (4 bytes per pixel, straight
    /// alpha). Nothing is checked here: a size that does not match the bytes (`isValid`) is
    /// reported when the picture is drawn (`ImageLoadError.invalidPixels`), never a crash.
    public init(id: String, version: Int = 0, width: Int, height: Int, rgba: [UInt8]) {
        self.id = id; self.version = version; self.width = width; self.height = height; self.rgba = rgba
    }

    /// Whether the size is positive and `rgba` holds exactly `width · height · 4` bytes.
    public var isValid: Bool {
        guard width > 0, height > 0 else { return false }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        return !o1 && !o2 && bytes == rgba.count
    }

    public static func == (a: ImagePixels, b: ImagePixels) -> Bool {
        a.id == b.id && a.version == b.version && a.width == b.width && a.height == b.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id); hasher.combine(version); hasher.combine(width); hasher.combine(height)
    }
}
