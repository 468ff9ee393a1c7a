import SwiftFlowCore

// Level of detail for edge strokes: how finely a curve is flattened follows its size on screen,
// and strokes thinner than a pixel lose their antialiasing fringe when far out.

extension FlowCanvas {
    /// Flattening tolerance, pixels: the polyline stays within a quarter pixel of the curve.
    static var edgeTolerancePixels: Double { 0.25 }

    /// Segments for flattening a cubic whose largest second difference of control points is
    /// `dd` screen points, by Wang's formula n = ⌈√(3/4 · dd / tolerance)⌉ with
    /// `edgeTolerancePixels` (so a curve a few pixels long gets one segment), clamped to 1...64.
    func flatteningSegments(_ dd: Double) -> Int {
        let tolerance = Self.edgeTolerancePixels / displayScale
        return Int(min(max((0.75 * dd / tolerance).squareRoot().rounded(.up), 1), 64))
    }

    /// Strokes an edge's polyline (screen points) `thickness` points wide: antialiased, or —
    /// when the stroke is under one pixel (zoomed far out) — as a one-pixel strip without fringe
    /// whose opacity carries the coverage (2 vertices per point instead of 4).
    func strokeEdge(_ points: [Point], color: Color, thickness: Double, into list: inout DrawList) {
        if levelOfDetail && thickness * displayScale < 1 {
            list.addThinPolyline(points, color: color.opacity(max(thickness * displayScale, 0)))
        } else {
            list.addPolyline(points, color: color, thickness: thickness)
        }
    }
}
