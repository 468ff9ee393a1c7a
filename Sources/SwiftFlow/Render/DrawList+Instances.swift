import SwiftFlowCore

/// The GPU form of the `add…` primitives (`DrawList.Form.instances`): one `ShapeInstance` each,
/// expanded and anti-aliased by the GPU (`Shaders/`), in the same screen points and drawing
/// order as the triangle form.
extension DrawList {
    /// Appends `shape` to the last run when the clip matches and the textures agree (untextured
    /// shapes join any run; a glyph gives an untextured run its page), else starts a run.
    @inline(__always)
    private mutating func appendInstance(_ shape: ShapeInstance, texture tex: TextureID = .none) {
        let n = commands.count
        if n > 0, commands[n - 1].clip == clip, tex == .none || commands[n - 1].texture == tex || commands[n - 1].texture == .none {
            commands[n - 1].indexCount += 1
            if tex != .none { commands[n - 1].texture = tex }
        } else {
            commands.append(DrawCommand(indexOffset: instances.count, indexCount: 1, texture: tex, clip: clip))
        }
        instances.append(shape)
    }

    mutating func addGlyphInstance(_ texture: TextureID, rect: Rect, uv: Rect, color: PackedColor) {
        appendInstance(ShapeInstance(.glyph, (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY)),
                                     (Float(uv.minX), Float(uv.minY), Float(uv.maxX), Float(uv.maxY)), fill: color), texture: texture)
    }

    /// A box (`radius` already clamped) with a fill and/or a border; a border that follows a fill
    /// of the same box in the same run is merged into it (one instance for a node or a handle).
    mutating func addBoxInstance(_ r: Rect, radius: Double, fill: PackedColor? = nil, stroke: PackedColor? = nil, thickness: Double = 0) {
        let a = (Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))
        let clear = PackedColor(r: 0, g: 0, b: 0, a: 0)
        if let stroke, let last = instances.last, last.kind == ShapeInstance.Kind.box.rawValue, last.stroke.a == 0,
           last.a0 == a.0, last.a1 == a.1, last.a2 == a.2, last.a3 == a.3, last.b0 == Float(radius), commands.last?.clip == clip {
            instances[instances.count - 1].stroke = stroke
            instances[instances.count - 1].b1 = Float(thickness)
            return
        }
        appendInstance(ShapeInstance(.box, a, (Float(radius), Float(thickness), 0, 0), fill: fill ?? clear, stroke: stroke ?? clear))
    }

    mutating func addCircleInstance(center c: Point, radius: Double, fill: Color? = nil, stroke: Color? = nil, thickness: Double = 0) {
        guard c.isFinite else { return }
        let r = Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius)
        addBoxInstance(r, radius: radius, fill: fill.map(PackedColor.init), stroke: stroke.map(PackedColor.init),
                       thickness: min(max(thickness, Double(fringe)), 10_000))
    }

    /// A rounded rectangle as the triangle form draws it: radius clamped to half the shorter side,
    /// a border at least one pixel wide (thinner ones fade, as `addPolyline` does).
    mutating func addRoundedRectInstance(_ r: Rect, radius: Double, fill: Color? = nil, stroke: Color? = nil, thickness: Double = 0) {
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite, r.width >= 0, r.height >= 0 else { return }
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        if let fill {
            guard fill.opacity > 0 else { return }
            return addBoxInstance(r, radius: rad, fill: PackedColor(fill))
        }
        guard let stroke, stroke.opacity > 0, thickness > 0, thickness.isFinite else { return }
        let f = Double(fringe)
        let color = thickness < f ? stroke.opacity(thickness / f) : stroke
        addBoxInstance(r, radius: rad, stroke: PackedColor(color), thickness: min(max(thickness, f), 10_000))
    }

    /// Round-capped segments along `points` (already checked finite), split at each join by the
    /// bisector of the two directions, with the dash phase running along the polyline. Interior
    /// points within a quarter pixel of the segment that replaces them are dropped first (a
    /// flattened curve is mostly such points: Wang's bound is for its most curved part), so the
    /// GPU draws the same line with fewer primitives.
    /// `dash` = (dash length, gap length, phase at the first point), zero for a solid line.
    mutating func addSegmentInstances(_ polyline: [Point], color: PackedColor, width: Double, closed: Bool,
                                      dash: (Float, Float, Float) = (0, 0, 0)) {
        scratch.removeAll(keepingCapacity: true)
        Self.simplify(polyline, tolerance: 0.25 * Double(fringe), into: &scratch)
        let points = scratch
        let n = points.count, segments = closed ? n : n - 1
        func direction(_ i: Int) -> Point {
            let d = points[(i + 1) % n] - points[i], len = d.length
            return len > 1e-9 ? d * (1 / len) : Point(x: 0, y: 0)
        }
        /// The join's normal between segments `i - 1` and `i`, zero at an open end.
        func join(_ i: Int, _ current: Point) -> (Float, Float) {
            guard closed || (i > 0 && i < n - 1) else { return (0, 0) }
            let m = direction((i + n - 1) % n) + current, len = m.length
            return len > 1e-6 ? (Float(m.x / len), Float(m.y / len)) : (0, 0)
        }
        var along: Float = 0
        var start = join(0, direction(0))
        for i in 0..<segments {
            let p = points[i], q = points[(i + 1) % n]
            let end = join((i + 1) % n, direction((i + 1) % n))
            appendInstance(ShapeInstance(.segment, (Float(p.x), Float(p.y), Float(q.x), Float(q.y)),
                                         (Float(width), dash.0, dash.1, dash.2 + along), (start.0, start.1, end.0, end.1), fill: color))
            along += Float((q - p).length)
            start = end
        }
    }

    /// Appends to `out` the first and last of `points` and each interior point that cannot be
    /// skipped: greedily from each kept point, the next kept one is the farthest (within 16)
    /// whose chord passes within `tolerance` of every point in between. O(16² · n) at worst.
    static func simplify(_ points: [Point], tolerance: Double, into out: inout [Point]) {
        let n = points.count
        out.append(points[0])
        var anchor = 0
        while anchor < n - 1 {
            var end = anchor + 1
            candidates: while end + 1 < n && end + 1 - anchor <= 16 {
                let a = points[anchor], d = points[end + 1] - a, len = d.length
                guard len > 1e-9 else { break }
                for m in anchor + 1...end {
                    let r = points[m] - a
                    let along = (r.x * d.x + r.y * d.y) / len
                    guard along >= 0, along <= len, abs(r.x * d.y - r.y * d.x) / len <= tolerance else { break candidates }
                }
                end += 1
            }
            out.append(points[end])
            anchor = end
        }
    }

    /// The longest side (pixels) of a level-of-detail rectangle drawn as one point sprite
    /// (`ShapeInstance.Kind.rect`); longer ones are flat quads. GL backends need points up to
    /// twice this plus 2 pixels wide (a sprite whose centre is moved inside the viewport).
    public static let maximumPointPixels: Float = 32

    /// A level-of-detail rectangle (already checked): one point sprite (`.rect`) when it is at
    /// most `maximumPointPixels` across, else a flat quad on the triangle form's corners. A
    /// negative width or height counts from the other edge, covering what the triangle form's quad does.
    mutating func addSolidRectInstance(_ rect: Rect, color: PackedColor) {
        let x0 = Float(min(rect.minX, rect.maxX)), y0 = Float(min(rect.minY, rect.maxY))
        let x1 = Float(max(rect.minX, rect.maxX)), y1 = Float(max(rect.minY, rect.maxY))
        if max(x1 - x0, y1 - y0) <= Self.maximumPointPixels * fringe {
            return appendInstance(ShapeInstance(.rect, (x0, y0, x1, y1), (0, 0, 0, 0), fill: color))
        }
        appendInstance(ShapeInstance(.quad, (x0, y0, x1, y0), (x0, y1, x1, y1), fill: color))
    }

    /// An open polyline (already checked) as a one-pixel line strip without anti-aliasing: one
    /// `.hairline` instance per point, the first marked. The GPU's line rule picks the pixels, so
    /// they may differ from the triangle form's one-pixel strip (`addThinPolyline`) by a pixel
    /// along diagonals; the points are not simplified, as moving a hard-edged one-pixel line by
    /// a quarter pixel can move it to another row of pixels.
    mutating func addHairlineInstances(_ points: [Point], color: PackedColor) {
        for (i, p) in points.enumerated() {
            appendInstance(ShapeInstance(.hairline, (Float(p.x), Float(p.y), 0, 0), (i == 0 ? 1 : 0, 0, 0, 0), fill: color))
        }
    }

    /// A convex polygon (already checked) as a fan of triangles whose outline edges are anti-aliased.
    mutating func addFanInstances(_ points: [Point], color: PackedColor) {
        let n = points.count, p0 = points[0]
        for i in 2..<n {
            let p1 = points[i - 1], p2 = points[i]
            // Edge 0: p0→p1, edge 1: p1→p2, edge 2: p2→p0.
            let mask: Float = Float((i == 2 ? 1 : 0) | 2 | (i == n - 1 ? 4 : 0))
            appendInstance(ShapeInstance(.triangle, (Float(p0.x), Float(p0.y), Float(p1.x), Float(p1.y)),
                                         (Float(p2.x), Float(p2.y), mask, 0), fill: color))
        }
    }
}
