/// A width and height in flow units or screen points (the API that takes it says which).
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    /// Creates a size of `width` by `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width)x\(height)" }
}
