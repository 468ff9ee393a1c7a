/// One piece of an edge path in flow units: a line, a quadratic corner curve (smooth step bends)
/// or a cubic (bezier edges). React Flow draws the same pieces as SVG `L`, `Q` and `C` commands.
public enum PathSegment: Hashable, Sendable {
    case line(Point, Point)
    /// A quadratic bezier from `start` through the pull of `control` to `end`.
    case quad(start: Point, control: Point, end: Point)
    case cubic(BezierPath)

    /// Where the segment starts.
    public var start: Point {
        switch self {
        case .line(let a, _): return a
        case .quad(let a, _, _): return a
        case .cubic(let c): return c.start
        }
    }

    /// Where the segment ends.
    public var end: Point {
        switch self {
        case .line(_, let b): return b
        case .quad(_, _, let b): return b
        case .cubic(let c): return c.end
        }
    }

    /// The point at parameter `t` in 0...1.
    public func point(at t: Double) -> Point {
        switch self {
        case .line(let a, let b):
            return a + (b - a) * t
        case .quad(let a, let c, let b):
            let u = 1 - t
            return a * (u * u) + c * (2 * u * t) + b * (t * t)
        case .cubic(let c):
            return c.point(at: t)
        }
    }

    /// The smallest rectangle containing the end points and the control points (the hull
    /// contains the curve).
    public var hullBounds: Rect {
        switch self {
        case .line(let a, let b): return Rect(corner: a, corner: b)
        case .quad(let a, let c, let b): return Rect(corner: a, corner: b).union(Rect(corner: c, corner: c))
        case .cubic(let c): return c.bounds
        }
    }

    /// The number of straight pieces that keep a polyline within `tolerance` of the segment
    /// (Wang's formula: ⌈√(d(d−1)/8 · max|second difference| / tolerance)⌉ for degree d), 1 for a
    /// line, at most `limit`; 0 when the segment has non-finite coordinates.
    /// - Parameters:
    ///   - tolerance: maximum distance between curve and polyline, in the segment's units.
    ///   - limit: the most pieces returned (a very long curve is then less exact).
    public func pieces(tolerance: Double, limit: Int) -> Int {
        let m: Double, factor: Double
        switch self {
        case .line(let a, let b):
            return a.isFinite && b.isFinite ? 1 : 0
        case .quad(let a, let c, let b):
            m = (a - c * 2 + b).length; factor = 0.25
        case .cubic(let c):
            m = max((c.start - c.control1 * 2 + c.control2).length, (c.control1 - c.control2 * 2 + c.end).length)
            factor = 0.75
        }
        guard m.isFinite, start.isFinite, end.isFinite else { return 0 }
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.25
        return Int(min(max((factor * m / tol).squareRoot().rounded(.up), 1), Double(max(limit, 1))))
    }

    /// Unit direction of travel leaving the start (toward the first control point distinct from
    /// it), or nil for a segment of zero length.
    var startTangent: Point? {
        switch self {
        case .line(let a, let b): return direction(from: a, b, b, b)
        case .quad(let a, let c, let b): return direction(from: a, c, b, b)
        case .cubic(let c): return direction(from: c.start, c.control1, c.control2, c.end)
        }
    }

    /// Unit direction of travel arriving at the end, or nil for a segment of zero length.
    var endTangent: Point? {
        switch self {
        case .line(let a, let b): return direction(from: b, a, a, a).map { $0 * -1 }
        case .quad(let a, let c, let b): return direction(from: b, c, a, a).map { $0 * -1 }
        case .cubic(let c): return direction(from: c.end, c.control2, c.control1, c.start).map { $0 * -1 }
        }
    }
}

/// Unit vector from `s` toward the first of `p1`, `p2`, `p3` distinct from it; nil when all equal `s`.
private func direction(from s: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Point? {
    let p = p1 != s ? p1 : (p2 != s ? p2 : p3)
    guard p != s else { return nil }
    return (p - s) / p.distance(to: s)
}

/// Distance from `p` to the line segment `a`–`b`, in their units.
func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
    let ab = b - a
    let len2 = ab.x * ab.x + ab.y * ab.y
    guard len2 > 0 else { return p.distance(to: a) }
    let t = min(max(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2, 0), 1)
    return p.distance(to: a + ab * t)
}
