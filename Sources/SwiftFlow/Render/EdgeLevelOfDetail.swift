import SwiftFlowCore

// Level of detail for edge strokes: how finely a curve is flattened follows its size and shape
// on screen, and strokes thinner than a pixel lose their antialiasing fringe when far out.

extension FlowCanvas {
    /// Flattening tolerance, pixels: the polyline stays within a quarter pixel of the curve.
    static var edgeTolerancePixels: Double { 0.25 }

    /// Appends the cubic `a b c d` (screen points) flattened within `edgeTolerancePixels` to
    /// `out`, without its start point `a`: split in halves (de Casteljau) until both inner
    /// control points lie within the tolerance of the piece's chord — the piece then lies in
    /// that capsule (convex hull), so the chord is within the tolerance of it — at most 64
    /// pieces. A curve a few pixels long, or one along a straight line, is one segment.
    func flattenEdge(_ a: Point, _ b: Point, _ c: Point, _ d: Point, into out: inout [Point]) {
        Self.flatten(a, b, c, d, tolerance: Self.edgeTolerancePixels / displayScale, depth: 6, into: &out)
    }

    private static func flatten(_ a: Point, _ b: Point, _ c: Point, _ d: Point, tolerance: Double, depth: Int,
                                into out: inout [Point]) {
        if depth == 0 || (distance(b, toSegment: a, d) <= tolerance && distance(c, toSegment: a, d) <= tolerance) {
            out.append(d)
            return
        }
        let ab = (a + b) * 0.5, bc = (b + c) * 0.5, cd = (c + d) * 0.5
        let abc = (ab + bc) * 0.5, bcd = (bc + cd) * 0.5, mid = (abc + bcd) * 0.5
        flatten(a, ab, abc, mid, tolerance: tolerance, depth: depth - 1, into: &out)
        flatten(mid, bcd, cd, d, tolerance: tolerance, depth: depth - 1, into: &out)
    }

    /// Distance from `p` to the segment `a b`.
    private static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let length2 = ab.x * ab.x + ab.y * ab.y
        let t = length2 > 0 ? min(max((ap.x * ab.x + ap.y * ab.y) / length2, 0), 1) : 0
        return (ap - ab * t).length
    }

    /// Strokes an edge's polyline (screen points) `thickness` points wide: antialiased, or —
    /// with `levelOfDetail`, when the stroke is under one pixel (zoomed far out) — as a
    /// one-pixel strip without fringe whose opacity carries the coverage (2 vertices per point
    /// instead of 4).
    func strokeEdge(_ points: [Point], color: Color, thickness: Double, into list: inout DrawList) {
        if levelOfDetail && thickness * displayScale < 1 {
            list.addThinPolyline(points, color: color.opacity(max(thickness * displayScale, 0)))
        } else {
            list.addPolyline(points, color: color, thickness: thickness)
        }
    }
}
