/// A width and height in flow units or screen points (the API that takes it says which).
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    /// Creates a size of `width` by `height`.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The empty size. Computed and inlinable: a stored `static let` is read through a lazy
    /// initialiser's once-check at every use in another module (per node laid out).
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }

    public var description: String { "\(width)x\(height)" }
}
