/// The corner points of a step or smooth step edge (React Flow `getPoints` in
/// `smoothstep-edge.ts`), flow units, and how its corners are rounded.
///
/// The route runs `source` → `sourceGap` (`offset` out along the source side, moved back toward
/// the source when both handles face the same way and are closer than `offset` along it) →
/// one or two corners → `targetGap` → `target`:
/// - Facing handles (e.g. right → left, handle directions opposite along the axis of travel): two
///   corners splitting the route at `centerX` (a vertical middle segment) or `centerY` (a
///   horizontal one), defaults halfway between the ends; the label at that centre.
/// - Otherwise (same sides, or mixed like right → bottom): one corner taking x from one gap point
///   and y from the other, chosen as React Flow does; the label at the middle of the longer of the
///   corner's two legs.
public struct StepRoute: Hashable, Sendable {
    /// The source anchor, flow units (as are all points of the route).
    public var source: Point
    /// Where the route turns after running straight out of the source handle.
    public var sourceGap: Point
    /// The first corner after `sourceGap`.
    public var corner1: Point
    /// The second corner of a route between facing handles; nil for one-corner routes.
    public var corner2: Point?
    /// Where the route turns to run straight into the target handle.
    public var targetGap: Point
    /// The target anchor.
    public var target: Point
    /// Corner radius, flow units (0: sharp corners, the step edge).
    public var borderRadius: Double
    /// React Flow's `labelX`, `labelY` for the route.
    public var label: Point

    /// Routes from `source` (leaving along `sourcePosition`) to `target` (entering along
    /// `targetPosition`), React Flow `getPoints`.
    /// - Parameters:
    ///   - offset: distance the route runs straight out of each handle, flow units (React Flow 20).
    ///   - centerX, centerY: middle segment placement for facing handles (nil: halfway).
    public init(source: Point, sourcePosition: Position, target: Point, targetPosition: Position,
                borderRadius: Double, offset: Double, centerX: Double? = nil, centerY: Double? = nil) {
        let sourceDir = sourcePosition.outwardNormal, targetDir = targetPosition.outwardNormal
        let sourceGapped = source + sourceDir * offset, targetGapped = target + targetDir * offset
        // The direction of travel between the gap points along the source side's axis.
        let horizontal = sourcePosition.isHorizontal
        func along(_ p: Point) -> Double { horizontal ? p.x : p.y }
        func across(_ p: Point) -> Double { horizontal ? p.y : p.x }
        let currDir: Double = along(sourceGapped) < along(targetGapped) ? 1 : -1
        let (mid, _) = EdgePath.edgeCenter(source, target)
        var sourceGapOffset = Point.zero, targetGapOffset = Point.zero

        if along(sourceDir) * along(targetDir) == -1 {
            let cx = centerX ?? mid.x, cy = centerY ?? mid.y
            let verticalSplit = (Point(x: cx, y: sourceGapped.y), Point(x: cx, y: targetGapped.y))
            let horizontalSplit = (Point(x: sourceGapped.x, y: cy), Point(x: targetGapped.x, y: cy))
            let pair = (along(sourceDir) == currDir) == horizontal ? verticalSplit : horizontalSplit
            corner1 = pair.0
            corner2 = pair.1
            label = Point(x: cx, y: cy)
        } else {
            let sourceTarget = Point(x: sourceGapped.x, y: targetGapped.y)
            let targetSource = Point(x: targetGapped.x, y: sourceGapped.y)
            var corner = horizontal ? (sourceDir.x == currDir ? targetSource : sourceTarget)
                                    : (sourceDir.y == currDir ? sourceTarget : targetSource)
            if sourcePosition == targetPosition {
                // Same sides closer than `offset` along them: pull the leading gap point back so
                // it does not overlap the corner.
                let diff = abs(along(source) - along(target))
                if diff <= offset {
                    let gapOffset = min(offset - 1, offset - diff)
                    if along(sourceDir) == currDir {
                        let v = (along(sourceGapped) > along(source) ? -1 : 1) * gapOffset
                        sourceGapOffset = horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v)
                    } else {
                        let v = (along(targetGapped) > along(target) ? -1 : 1) * gapOffset
                        targetGapOffset = horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v)
                    }
                }
            } else {
                // Mixed sides (e.g. right → bottom): flip the corner when the other one would
                // double back.
                let isSameDir = along(sourceDir) == across(targetDir)
                let gt = across(sourceGapped) > across(targetGapped), lt = across(sourceGapped) < across(targetGapped)
                let flip = along(sourceDir) == 1 ? ((!isSameDir && gt) || (isSameDir && lt))
                                                 : ((!isSameDir && lt) || (isSameDir && gt))
                if flip { corner = horizontal ? sourceTarget : targetSource }
            }
            corner1 = corner
            corner2 = nil
            let sg = sourceGapped + sourceGapOffset, tg = targetGapped + targetGapOffset
            let maxX = max(abs(sg.x - corner.x), abs(tg.x - corner.x))
            let maxY = max(abs(sg.y - corner.y), abs(tg.y - corner.y))
            // The label goes on the longer leg.
            label = maxX >= maxY ? Point(x: (sg.x + tg.x) / 2, y: corner.y) : Point(x: corner.x, y: (sg.y + tg.y) / 2)
        }
        self.source = source
        self.target = target
        self.sourceGap = sourceGapped + sourceGapOffset
        self.targetGap = targetGapped + targetGapOffset
        self.borderRadius = borderRadius
    }

    /// The route's points in order: source, source gap, the corners, target gap, target.
    public var points: [Point] { (0..<count).map(point) }

    var count: Int { corner2 == nil ? 5 : 6 }

    func point(_ i: Int) -> Point {
        switch i {
        case 0: return source
        case 1: return sourceGap
        case 2: return corner1
        default:
            if let c2 = corner2 { return i == 3 ? c2 : (i == 4 ? targetGap : target) }
            return i == 3 ? targetGap : target
        }
    }

    /// Calls `body` with the route's segments: straight runs, and at each interior point where
    /// the route turns a quadratic curve from `size` before the point to `size` after it with the
    /// point as control, `size = min(|ab|/2, |bc|/2, borderRadius)` (React Flow `getBend`).
    /// Zero-length runs and zero-size bends are left out.
    func forEachSegment(_ body: (PathSegment) -> Void) {
        var current = source
        func lineTo(_ p: Point) { if p != current { body(.line(current, p)); current = p } }
        for i in 1..<count - 1 {
            let a = point(i - 1), b = point(i), c = point(i + 1)
            let size = min(a.distance(to: b) / 2, b.distance(to: c) / 2, borderRadius)
            if (a.x == b.x && b.x == c.x) || (a.y == b.y && b.y == c.y) || !(size > 0) {
                lineTo(b)
                continue
            }
            let from: Point, to: Point
            if a.y == b.y {
                // Arriving horizontally, leaving vertically.
                from = Point(x: b.x + size * (a.x < c.x ? -1 : 1), y: b.y)
                to = Point(x: b.x, y: b.y + size * (a.y < c.y ? 1 : -1))
            } else {
                from = Point(x: b.x, y: b.y + size * (a.y < c.y ? -1 : 1))
                to = Point(x: b.x + size * (a.x < c.x ? 1 : -1), y: b.y)
            }
            lineTo(from)
            body(.quad(start: from, control: b, end: to))
            current = to
        }
        lineTo(target)
    }
}
