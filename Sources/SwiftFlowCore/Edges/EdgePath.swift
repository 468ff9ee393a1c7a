/// The path of an edge in flow units, as every path type builds it: its segments (lines,
/// quadratic corner curves, cubics), its label point and React Flow's label offsets.
///
/// One representation serves drawing (`flatten`), culling (`bounds`), hit-testing
/// (`distance(to:)`), markers (`startDirection`, `endDirection`) and labels (`labelPoint`).
/// Built by `bezier`, `simpleBezier`, `smoothStep`, `step` and `straight` (React Flow's
/// `getBezierPath`, `getSimpleBezierPath`, `getSmoothStepPath` and `getStraightPath`), or by
/// `init(type:…)` for an `EdgeType`. Building and walking a path allocates nothing.
public struct EdgePath: Hashable, Sendable {
    /// The geometry of a path.
    public enum Shape: Hashable, Sendable {
        /// One cubic (bezier and simple bezier edges).
        case cubic(BezierPath)
        /// One straight line from the first point to the second.
        case line(Point, Point)
        /// An orthogonal route with rounded corners (step and smooth step edges).
        case orthogonal(StepRoute)
    }

    public var shape: Shape
    /// Where the label sits (React Flow's `labelX`, `labelY`).
    public var labelPoint: Point
    /// React Flow's `offsetX`, `offsetY`: the absolute distances between the source and the
    /// middle of the path (bezier types: the label point; step and straight: half the
    /// source–target distance), flow units.
    public var labelOffset: Point

    /// Creates a path from its shape and label placement.
    public init(shape: Shape, labelPoint: Point, labelOffset: Point) {
        self.shape = shape; self.labelPoint = labelPoint; self.labelOffset = labelOffset
    }

    /// The path of an edge of `type` between two anchors, with each type's React Flow defaults
    /// (bezier curvature 0.25; smooth step offset 20 and border radius 5; step border radius 0).
    public init(type: EdgeType, source: Point, sourcePosition: Position, target: Point, targetPosition: Position) {
        switch type {
        case .bezier: self = .bezier(source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition)
        case .simpleBezier: self = .simpleBezier(source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition)
        case .straight: self = .straight(source: source, target: target)
        case .step: self = .step(source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition)
        case .smoothStep: self = .smoothStep(source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition)
        }
    }

    // MARK: Path types

    /// React Flow `getBezierPath`: a cubic leaving and entering along the handles' sides, with the
    /// control offsets of `BezierPath.init(source:sourcePosition:target:targetPosition:curvature:)`;
    /// the label at t = 0.5 (React Flow `getBezierEdgeCenter`).
    public static func bezier(source: Point, sourcePosition: Position, target: Point, targetPosition: Position,
                              curvature: Double = 0.25) -> EdgePath {
        cubic(BezierPath(source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition,
                         curvature: curvature))
    }

    /// React Flow `getSimpleBezierPath`: a cubic whose control points sit halfway between the ends
    /// along each handle's axis — `(½(x₁+x₂), y₁)` for a left or right handle, `(x₁, ½(y₁+y₂))`
    /// for a top or bottom one; the label at t = 0.5.
    public static func simpleBezier(source: Point, sourcePosition: Position, target: Point, targetPosition: Position) -> EdgePath {
        func control(_ p: Point, _ side: Position, _ other: Point) -> Point {
            side.isHorizontal ? Point(x: 0.5 * (p.x + other.x), y: p.y) : Point(x: p.x, y: 0.5 * (p.y + other.y))
        }
        return cubic(BezierPath(start: source, control1: control(source, sourcePosition, target),
                                control2: control(target, targetPosition, source), end: target))
    }

    /// React Flow `getStraightPath`: a line; the label at the midpoint (`getEdgeCenter`).
    public static func straight(source: Point, target: Point) -> EdgePath {
        let (center, offset) = edgeCenter(source, target)
        return EdgePath(shape: .line(source, target), labelPoint: center, labelOffset: offset)
    }

    /// React Flow `getSmoothStepPath`: an orthogonal route that leaves `offset` flow units along
    /// each handle's side, then bends toward the other end, corners rounded by quadratic curves of
    /// radius `min(borderRadius, half of each adjacent segment)`. See `StepRoute` for the routing
    /// and the label point.
    /// - Parameters:
    ///   - borderRadius: corner radius, flow units (default 5).
    ///   - offset: distance the path runs straight out of each handle, flow units (default 20).
    ///   - centerX, centerY: where the middle segment of a route between facing handles runs
    ///     (default: halfway between the ends).
    public static func smoothStep(source: Point, sourcePosition: Position, target: Point, targetPosition: Position,
                                  borderRadius: Double = 5, offset: Double = 20,
                                  centerX: Double? = nil, centerY: Double? = nil) -> EdgePath {
        let route = StepRoute(source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition,
                              borderRadius: borderRadius, offset: offset, centerX: centerX, centerY: centerY)
        return EdgePath(shape: .orthogonal(route), labelPoint: route.label, labelOffset: edgeCenter(source, target).1)
    }

    /// React Flow's step edge: `smoothStep` with border radius 0 (sharp corners).
    public static func step(source: Point, sourcePosition: Position, target: Point, targetPosition: Position,
                            offset: Double = 20, centerX: Double? = nil, centerY: Double? = nil) -> EdgePath {
        smoothStep(source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition,
                   borderRadius: 0, offset: offset, centerX: centerX, centerY: centerY)
    }

    private static func cubic(_ c: BezierPath) -> EdgePath {
        let label = c.labelPoint
        return EdgePath(shape: .cubic(c), labelPoint: label,
                        labelOffset: Point(x: abs(label.x - c.start.x), y: abs(label.y - c.start.y)))
    }

    /// React Flow `getEdgeCenter`: the midpoint and half the distances along each axis.
    static func edgeCenter(_ s: Point, _ t: Point) -> (Point, Point) {
        let offset = Point(x: abs(t.x - s.x) / 2, y: abs(t.y - s.y) / 2)
        return (Point(x: t.x < s.x ? t.x + offset.x : t.x - offset.x, y: t.y < s.y ? t.y + offset.y : t.y - offset.y), offset)
    }

    // MARK: Geometry

    /// The first point (the source anchor).
    public var start: Point {
        switch shape {
        case .cubic(let c): return c.start
        case .line(let a, _): return a
        case .orthogonal(let r): return r.source
        }
    }

    /// The last point (the target anchor).
    public var end: Point {
        switch shape {
        case .cubic(let c): return c.end
        case .line(_, let b): return b
        case .orthogonal(let r): return r.target
        }
    }

    /// Calls `body` with each segment from source to target. Zero-length pieces are left out.
    public func forEachSegment(_ body: (PathSegment) -> Void) {
        switch shape {
        case .cubic(let c): body(.cubic(c))
        case .line(let a, let b): body(.line(a, b))
        case .orthogonal(let r): r.forEachSegment(body)
        }
    }

    /// The segments from source to target (allocates; drawing uses `forEachSegment`).
    public var segments: [PathSegment] {
        var out: [PathSegment] = []
        forEachSegment { out.append($0) }
        return out
    }

    /// A rectangle containing the whole path: the hull of every segment's points, control
    /// points included (flow units). A path with no length is the rectangle at its start.
    public var bounds: Rect {
        var r: Rect?
        forEachSegment { s in r = r.map { $0.union(s.hullBounds) } ?? s.hullBounds }
        return r ?? Rect(origin: start, size: .zero)
    }

    /// Appends a polyline within `tolerance` of the path to `out`: the start, then each segment's
    /// end and the points between that its curvature needs (Wang's formula per segment, at most
    /// `maxPieces` pieces each, so a curve thousands of units long is drawn at a bounded cost).
    /// Nothing is appended for a path with non-finite coordinates.
    /// - Parameters:
    ///   - tolerance: maximum distance between path and polyline, flow units.
    ///   - maxPieces: the most straight pieces per segment; default 64.
    /// - Complexity: O(points appended).
    public func flatten(tolerance: Double, maxPieces: Int = 64, into out: inout [Point]) {
        var first = true
        var ok = true
        forEachSegment { s in if s.pieces(tolerance: tolerance, limit: maxPieces) == 0 { ok = false } }
        guard ok else { return }
        forEachSegment { s in
            if first { out.append(s.start); first = false }
            let n = s.pieces(tolerance: tolerance, limit: maxPieces)
            for i in 1...n { out.append(i == n ? s.end : s.point(at: Double(i) / Double(n))) }
        }
        if first && start.isFinite { out.append(start) }
    }

    /// Distance from the flow point `p` to the path, flow units, measured to a polyline within
    /// `tolerance` of it (exact for lines; at most 256 pieces per curve). Infinite for a path with
    /// non-finite coordinates.
    public func distance(to p: Point, tolerance: Double = 0.05) -> Double {
        var best = Double.infinity
        var any = false
        forEachSegment { s in
            any = true
            let n = s.pieces(tolerance: tolerance, limit: 256)
            guard n > 0 else { return }
            var prev = s.start
            for i in 1...n {
                let q = i == n ? s.end : s.point(at: Double(i) / Double(n))
                best = min(best, SwiftFlowCore.distance(from: p, toSegment: prev, q))
                prev = q
            }
        }
        if !any && start.isFinite { best = p.distance(to: start) }
        return best
    }

    /// Unit direction of travel arriving at the target (for `markerEnd`): the tangent of the last
    /// segment with a length; `(1, 0)` for a path with no length.
    public var endDirection: Point {
        var d: Point?
        forEachSegment { s in if let t = s.endTangent { d = t } }
        return d ?? Point(x: 1, y: 0)
    }

    /// Unit direction pointing back out of the source (for `markerStart`, which React Flow
    /// orients "auto-start-reverse"); `(-1, 0)` for a path with no length.
    public var startDirection: Point {
        var d: Point?
        forEachSegment { s in if d == nil, let t = s.startTangent { d = t * -1 } }
        return d ?? Point(x: -1, y: 0)
    }
}
