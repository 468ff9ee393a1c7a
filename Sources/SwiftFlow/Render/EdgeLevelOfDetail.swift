import SwiftFlowCore

extension FlowCanvas {
    /// Strokes an edge's polyline (screen points) `thickness` points wide: antialiased, or —
    /// with `levelOfDetail`, when the stroke is under one pixel (zoomed far out) — as a
    /// one-pixel strip without fringe whose opacity carries the coverage (2 vertices per point
    /// instead of 4).
    /// `detail` is the frame's level of detail, made once per pass (not once per edge).
    func strokeEdge(_ points: [Point], color: Color, thickness: Double, _ detail: DetailLevel, into list: inout DrawList) {
        if detail.isHairline(thickness: thickness) {
            list.addThinPolyline(points, color: color.opacity(max(thickness * displayScale, 0)))
        } else {
            list.addPolyline(points, color: color, thickness: thickness)
        }
    }
}
