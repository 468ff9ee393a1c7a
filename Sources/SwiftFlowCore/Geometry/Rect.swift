/// An axis-aligned rectangle: `origin` is the top-left corner (y grows downward).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from its top-left corner `(x, y)` and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The smallest rectangle containing both corners, whatever their order.
    public init(corner a: Point, corner b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// The middle of the border on `side` (where an edge meets a node without handles).
    public func midpoint(of side: Position) -> Point {
        switch side {
        case .left: return Point(x: minX, y: center.y)
        case .right: return Point(x: maxX, y: center.y)
        case .top: return Point(x: center.x, y: minY)
        case .bottom: return Point(x: center.x, y: maxY)
        }
    }

    /// True when `p` lies inside or on the border.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    /// True when the two rectangles share any point (touching borders count).
    public func intersects(_ r: Rect) -> Bool { r.minX <= maxX && r.maxX >= minX && r.minY <= maxY && r.maxY >= minY }
    /// The smallest rectangle containing both.
    public func union(_ r: Rect) -> Rect {
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }
    /// The rectangle grown by `d` on every side (shrunk when `d` is negative).
    public func insetBy(_ d: Double) -> Rect { Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d) }
    /// The smallest rectangle containing every point; nil for an empty sequence.
    public static func bounding<S: Sequence>(_ points: S) -> Rect? where S.Element == Point {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        while let p = it.next() { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "[\(origin.x), \(origin.y), \(size.width)x\(size.height)]" }
}
