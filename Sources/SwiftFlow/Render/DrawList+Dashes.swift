import SwiftFlowCore

extension DrawList {
    /// Strokes the polyline `points` (screen points) as dashes `dash` long separated by gaps
    /// `gap` long, `phase` being the position in the pattern at the first point: a dash is drawn
    /// where the position (modulo `dash + gap`) is below `dash`. Ends of dashes are square.
    ///
    /// The triangle form cuts the dashes on the CPU and strokes each with `addPolyline`, only
    /// where the polyline crosses `visible` (screen points; the pattern is advanced over the
    /// rest, so the cost is bounded by that area however long the line); the instance form gives
    /// every segment the pattern and the GPU cuts it (`Shaders/strokes.glsl`), so a dashed line
    /// costs no more than a solid one. A non-positive or non-finite `dash` or `gap` draws a solid
    /// line. Complexity O(points + dashes drawn).
    public mutating func addDashedPolyline(_ points: [Point], color: Color, thickness: Double, dash: Double, gap: Double,
                                           phase: Double, visible: Rect? = nil) {
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
        func flush() {
            if scratch.count >= 2 { addPolyline(scratch, color: color, thickness: thickness) }
            scratch.removeAll(keepingCapacity: true)
        }
        for i in 1..<points.count {
            let p0 = points[i - 1], p1 = points[i]
            let length = p0.distance(to: p1)
            guard length > 0 else { continue }
            guard let (t0, t1) = visible.map({ Self.clip(p0, p1, to: $0) }) ?? (0, 1) else {
                flush()
                pos = (pos + length).truncatingRemainder(dividingBy: period)
                continue
            }
            if t0 > 0 { flush(); pos = (pos + length * t0).truncatingRemainder(dividingBy: period) }
            var a = p0 + (p1 - p0) * t0
            let b = p0 + (p1 - p0) * t1
            var remaining = length * (t1 - t0)
            while remaining > 0 {
                let drawing = pos < dash
                let step = min(drawing ? dash - pos : period - pos, remaining)
                let next = step < remaining ? a + (b - a) * (step / remaining) : b
                if drawing {
                    if scratch.isEmpty { scratch.append(a) }
                    scratch.append(next)
                }
                pos += step
                remaining -= step
                a = next
                if drawing && pos >= dash { flush() }
                if pos >= period { pos -= period }
            }
            if t1 < 1 { flush(); pos = (pos + length * (1 - t1)).truncatingRemainder(dividingBy: period) }
        }
        flush()
    }

    /// The parameter range `t0...t1` of the segment `a`–`b` inside `r` (Liang–Barsky), or nil.
    private static func clip(_ a: Point, _ b: Point, to r: Rect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        func inside(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { if t > t1 { return false }; t0 = max(t0, t) } else { if t < t0 { return false }; t1 = min(t1, t) }
            return true
        }
        guard inside(-d.x, a.x - r.minX), inside(d.x, r.maxX - a.x), inside(-d.y, a.y - r.minY), inside(d.y, r.maxY - a.y),
              t0 < t1 else { return nil }
        return (t0, t1)
    }
}
