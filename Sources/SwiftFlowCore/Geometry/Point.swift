/// A point or vector in flow units or screen points (the API that takes it says which).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    /// Creates a point at `(x, y)`.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// Creates a point at `(x, y)`.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    /// The origin `(0, 0)`. Computed and inlinable, as `Size.zero`.
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    /// Euclidean length of the vector from the origin.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// True when both coordinates are finite (not NaN, not infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Distance to `other`, in the same units as the points.
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }
    /// Squared distance to `other`; cheaper than `distance(to:)` for comparisons.
    @inlinable public func squaredDistance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return dx * dx + dy * dy
    }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }

    public var description: String { "(\(x), \(y))" }
}
