/// A cubic bezier edge path in flow units, with the point where its label sits.
public struct BezierPath: Hashable, Sendable {
    public var start: Point
    public var control1: Point
    public var control2: Point
    public var end: Point

    /// Creates a path from its four control points.
    public init(start: Point, control1: Point, control2: Point, end: Point) {
        self.start = start; self.control1 = control1; self.control2 = control2; self.end = end
    }

    /// React Flow `getBezierPath`: a cubic that leaves `source` along the outward normal of
    /// `sourcePosition` and enters `target` along the outward normal of `targetPosition`.
    ///
    /// Each control point is offset along its end's normal by `0.5·d` when the other end lies in
    /// front of the handle (`d ≥ 0`, `d` the signed distance along the normal) and by
    /// `curvature · 25 · √(−d)` when it lies behind. Default curvature 0.25 (React Flow's).
    public init(source: Point, sourcePosition: Position, target: Point, targetPosition: Position,
                curvature: Double = 0.25) {
        start = source
        end = target
        control1 = BezierPath.control(at: source, facing: sourcePosition, toward: target, curvature: curvature)
        control2 = BezierPath.control(at: target, facing: targetPosition, toward: source, curvature: curvature)
    }

    /// React Flow `getControlWithCurvature`/`calculateControlOffset` for one end.
    static func control(at p: Point, facing side: Position, toward other: Point, curvature: Double) -> Point {
        let n = side.outwardNormal
        let d = (other.x - p.x) * n.x + (other.y - p.y) * n.y
        let offset = d >= 0 ? 0.5 * d : curvature * 25 * (-d).squareRoot()
        return p + n * offset
    }

    /// The point at parameter `t` in 0...1.
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                     y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The derivative at parameter `t` (direction of travel, not normalised).
    public func tangent(at t: Double) -> Point {
        let u = 1 - t
        let a = (control1 - start) * (3 * u * u)
        let b = (control2 - control1) * (6 * u * t)
        let c = (end - control2) * (3 * t * t)
        return a + b + c
    }

    /// The label point: the curve at t = 0.5 (React Flow's labelX/labelY).
    public var labelPoint: Point { point(at: 0.5) }

    /// A rectangle containing the whole curve (the hull of its control points).
    public var bounds: Rect { Rect.bounding([start, control1, control2, end])! }
}
