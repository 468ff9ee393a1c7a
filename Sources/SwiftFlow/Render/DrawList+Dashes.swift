import SwiftFlowCore

extension DrawList {
    /// Strokes the polyline `points` (screen points) as dashes `dash` long separated by gaps
    /// `gap` long, `phase` being the position in the pattern (0 ..< dash + gap) at the first
    /// point: a dash is drawn where the position is below `dash`. Ends of dashes are square.
    ///
    /// The triangle form cuts the dashes on the CPU and strokes each with `addPolyline`; the
    /// instance form gives every segment the pattern and the GPU cuts it (`Shaders/strokes.glsl`),
    /// so an animated edge costs no more than a solid one. A non-positive or non-finite `dash`
    /// or `gap` draws a solid line. Complexity O(points + dashes).
    public mutating func addDashedPolyline(_ points: [Point], color: Color, thickness: Double, dash: Double, gap: Double, phase: Double) {
        guard dash > 0, gap > 0, dash.isFinite, gap.isFinite, phase.isFinite else {
            return addPolyline(points, color: color, thickness: thickness)
        }
        let period = dash + gap
        var pos = phase.truncatingRemainder(dividingBy: period)
        if pos < 0 { pos += period }
        if form == .instances {
            guard let (width, c) = strokeStyle(points, color: color, thickness: thickness) else { return }
            return addSegmentInstances(points, color: c, width: width, closed: false, dash: (Float(dash), Float(gap), Float(pos)))
        }
        guard points.count >= 2, points.allSatisfy(\.isFinite) else { return }
        scratch.removeAll(keepingCapacity: true)
        for i in 1..<points.count {
            var a = points[i - 1]
            let b = points[i]
            var remaining = a.distance(to: b)
            while remaining > 0 {
                let drawing = pos < dash
                let step = min(drawing ? dash - pos : period - pos, remaining)
                let next = a + (b - a) * (step / remaining)
                if drawing {
                    if scratch.isEmpty { scratch.append(a) }
                    scratch.append(next)
                }
                pos += step
                remaining -= step
                a = next
                if drawing && pos >= dash {
                    addPolyline(scratch, color: color, thickness: thickness)
                    scratch.removeAll(keepingCapacity: true)
                }
                if pos >= period { pos -= period }
            }
        }
        if scratch.count >= 2 { addPolyline(scratch, color: color, thickness: thickness) }
    }
}
