import SwiftFlow

/// A copy of a rendered frame's pixels, RGBA bytes row by row, for tests and golden images.
public struct PixelBuffer: Sendable {
    /// Width and height in drawable pixels.
    public let width: Int, height: Int
    /// `width · height · 4` bytes: R, G, B, A per pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// Wraps `rgba` (which must hold `width · height · 4` bytes).
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "PixelBuffer needs width × height × 4 bytes")
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// The pixel at `(x, y)` (drawable pixels from the top-left).
    public subscript(x: Int, y: Int) -> PackedColor {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return PackedColor(r: rgba[i], g: rgba[i + 1], b: rgba[i + 2], a: rgba[i + 3])
    }
}
