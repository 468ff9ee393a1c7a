import SwiftFlowCore
import Foundation

/// One frame's geometry in screen points, in runs that share a texture and clip rectangle, ready
/// for a `RenderBackend`, in one of two forms fixed when the list is made (the canvas draws
/// through the same `add…` calls either way; a backend makes the list in the form it draws):
/// - `.triangles`: primitives tessellated on the CPU with a one-pixel alpha fringe for
///   anti-aliasing (the technique of Dear ImGui's `ImDrawList`): `vertices`, `indices`;
/// - `.instances`: one `ShapeInstance` per circle, rounded rectangle (fill and border merged),
///   polyline segment, glyph or fan triangle, which a GPU expands and anti-aliases itself, and
///   level-of-detail rectangles and hairlines as flat point sprites and line strips, drawn
///   without it.
///
/// The arrays are reused between frames (`reset()` keeps capacity), so a steady-state frame
/// allocates nothing.
public struct DrawList: Sendable {
    /// The geometry a backend consumes.
    public enum Form: Sendable { case triangles, instances }

    /// Which form the `add…` calls produce, for the list's whole life.
    public let form: Form
    public private(set) var vertices: [DrawVertex] = []
    /// Triangle indices (`Int32`, as `SDL_RenderGeometry` takes them), each relative to its
    /// command's `vertexOffset`.
    public private(set) var indices: [Int32] = []
    /// The runs of the list: ranges of `indices` (`.triangles`) or of `instances` (`.instances`).
    public internal(set) var commands: [DrawCommand] = []
    /// The GPU form's primitives (`.instances`), in drawing order.
    public internal(set) var instances: [ShapeInstance] = []
    /// The pixels this frame made for its image commands (overview tiles, `DrawPicture`).
    public internal(set) var pictures: [DrawPicture] = []
    /// Width of the anti-aliasing fringe in screen points: one pixel, `1 / displayScale`.
    public var fringe: Float = 1
    private var texture: TextureID = .none
    var clip: Rect?
    /// Reused outline buffer for circles and rounded rectangles.
    private var outline: [Point] = []
    /// The unit circle's points for the segment count of the last circle or ellipse drawn
    /// (recomputed only when the count changes, so drawing circles takes no sine or cosine).
    private var unitCircle: [Point] = []
    /// Reused polyline buffer: simplified strokes (instance form), cut dashes (triangle form).
    var scratch: [Point] = []

    /// Creates an empty list of `form`. A list for a backend comes from its `makeDrawList()`.
    public init(form: Form = .triangles) { self.form = form }

    /// Empties the list, keeping its storage for the next frame.
    public mutating func reset(displayScale: Double = 1) {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
        pictures.removeAll(keepingCapacity: true)
        texture = .none
        clip = nil
        fringe = Float(1 / max(displayScale, 0.25))
    }

    /// Sets the clip rectangle (screen points) for what is added next; nil = whole canvas.
    public mutating func setClip(_ rect: Rect?) { clip = rect }

    /// Starts a run of `indexCount` indices over `vertexCount` new vertices with `texture`,
    /// merging with the last command when it has the same texture and clip. Returns the index of
    /// the first new vertex relative to the command's `vertexOffset`.
    @inline(__always)
    private mutating func reserve(vertexCount: Int, indexCount: Int, texture tex: TextureID) -> Int32 {
        let n = commands.count
        if n > 0, commands[n - 1].texture == tex, commands[n - 1].clip == clip {
            commands[n - 1].indexCount += indexCount
            commands[n - 1].vertexCount += vertexCount
        } else {
            commands.append(DrawCommand(indexOffset: indices.count, indexCount: indexCount,
                                        vertexOffset: vertices.count, vertexCount: vertexCount, texture: tex, clip: clip))
        }
        return Int32(vertices.count - commands[commands.count - 1].vertexOffset)
    }

    /// Adds a textured, axis-aligned quad (e.g. a glyph): `rect` in screen points, `uv` in 0...1.
    public mutating func addImage(_ texture: TextureID, rect: Rect, uv: Rect, color: Color = .white) {
        guard rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let c = PackedColor(color)
        if form == .instances { return addGlyphInstance(texture, rect: rect, uv: uv, color: c) }
        let base = reserve(vertexCount: 4, indexCount: 6, texture: texture)
        let x0 = Float(rect.minX), y0 = Float(rect.minY), x1 = Float(rect.maxX), y1 = Float(rect.maxY)
        let u0 = Float(uv.minX), v0 = Float(uv.minY), u1 = Float(uv.maxX), v1 = Float(uv.maxY)
        vertices.append(DrawVertex(x: x0, y: y0, color: c, u: u0, v: v0))
        vertices.append(DrawVertex(x: x1, y: y0, color: c, u: u1, v: v0))
        vertices.append(DrawVertex(x: x1, y: y1, color: c, u: u1, v: v1))
        vertices.append(DrawVertex(x: x0, y: y1, color: c, u: u0, v: v1))
        addQuad(base, base + 1, base + 2, base + 3)
    }

    /// Two triangles a-b-c and a-c-d.
    @inline(__always)
    private mutating func addQuad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) {
        indices.append(a); indices.append(b); indices.append(c)
        indices.append(a); indices.append(c); indices.append(d)
    }

    /// Fills an axis-aligned rectangle (screen points) with two triangles and no anti-aliasing:
    /// the level-of-detail primitive for shapes a few pixels across.
    public mutating func addSolidRect(_ rect: Rect, color: Color) {
        guard color.opacity > 0, rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let c = PackedColor(color)
        if form == .instances { return addSolidRectInstance(rect, color: c) }
        let base = reserve(vertexCount: 4, indexCount: 6, texture: .none)
        let x0 = Float(rect.minX), y0 = Float(rect.minY), x1 = Float(rect.maxX), y1 = Float(rect.maxY)
        vertices.append(DrawVertex(x: x0, y: y0, color: c))
        vertices.append(DrawVertex(x: x1, y: y0, color: c))
        vertices.append(DrawVertex(x: x1, y: y1, color: c))
        vertices.append(DrawVertex(x: x0, y: y1, color: c))
        addQuad(base, base + 1, base + 2, base + 3)
    }

    /// Fills a convex polygon (screen points, either winding) with an anti-aliased edge.
    /// Polygons with a non-finite point are skipped.
    public mutating func addConvexFill(_ points: [Point], color: Color) {
        let n = points.count
        guard n >= 3, color.opacity > 0, points.allSatisfy(\.isFinite) else { return }
        if form == .instances { return addFanInstances(points, color: PackedColor(color)) }
        let c = PackedColor(color), t = c.transparent
        // Winding: flip normals so that they point outward whatever the order of the points.
        var area = 0.0
        for i in 0..<n { let a = points[i], b = points[(i + 1) % n]; area += a.x * b.y - b.x * a.y }
        let sign: Double = area >= 0 ? -1 : 1
        let base = reserve(vertexCount: 2 * n, indexCount: 3 * (n - 2) + 6 * n, texture: .none)
        let half = Double(fringe) * 0.5
        for i in 0..<n {
            let p = points[i]
            let m = DrawList.miterNormal(prev: points[(i + n - 1) % n], at: p, next: points[(i + 1) % n]) * (half * sign)
            vertices.append(DrawVertex(x: Float(p.x - m.x), y: Float(p.y - m.y), color: c))
            vertices.append(DrawVertex(x: Float(p.x + m.x), y: Float(p.y + m.y), color: t))
        }
        for i in 2..<n { indices.append(base); indices.append(base + Int32(2 * (i - 1))); indices.append(base + Int32(2 * i)) }
        for i in 0..<n {
            let j = (i + 1) % n
            let ii = base + Int32(2 * i), jj = base + Int32(2 * j)
            addQuad(ii, jj, jj + 1, ii + 1)
        }
    }

    /// Strokes a polyline (screen points) of `thickness` points with anti-aliased sides.
    /// Lines thinner than one pixel are drawn one pixel wide with proportionally less opacity;
    /// thickness is capped at 10,000 points; polylines with a non-finite point are skipped.
    public mutating func addPolyline(_ points: [Point], color: Color, thickness: Double, closed: Bool = false) {
        guard let (width, c) = strokeStyle(points, color: color, thickness: thickness) else { return }
        if form == .instances { return addSegmentInstances(points, color: c, width: width, closed: closed) }
        let n = points.count, f = Double(fringe), t = c.transparent
        let core = (width - f) * 0.5, outer = core + f
        let segments = closed ? n : n - 1
        let base = reserve(vertexCount: 4 * n, indexCount: 18 * segments, texture: .none)
        for i in 0..<n {
            let prev = i > 0 ? points[i - 1] : (closed ? points[n - 1] : nil)
            let next = i < n - 1 ? points[i + 1] : (closed ? points[0] : nil)
            let m = DrawList.miterNormal(prev: prev, at: points[i], next: next)
            let p = points[i]
            vertices.append(DrawVertex(x: Float(p.x + m.x * outer), y: Float(p.y + m.y * outer), color: t))
            vertices.append(DrawVertex(x: Float(p.x + m.x * core), y: Float(p.y + m.y * core), color: c))
            vertices.append(DrawVertex(x: Float(p.x - m.x * core), y: Float(p.y - m.y * core), color: c))
            vertices.append(DrawVertex(x: Float(p.x - m.x * outer), y: Float(p.y - m.y * outer), color: t))
        }
        for s in 0..<segments {
            let a = base + Int32(4 * s), b = base + Int32(4 * ((s + 1) % n))
            for k: Int32 in 0..<3 { addQuad(a + k, b + k, b + k + 1, a + k + 1) }
        }
    }

    /// Strokes an open polyline (screen points) as a strip one pixel wide (`fringe`) without
    /// anti-aliasing: 2 vertices per point, the level-of-detail primitive for hairlines far out.
    /// Polylines with a non-finite point are skipped.
    public mutating func addThinPolyline(_ points: [Point], color: Color) {
        let n = points.count
        guard n >= 2, color.opacity > 0, points.allSatisfy(\.isFinite) else { return }
        let c = PackedColor(color), half = Double(fringe) * 0.5
        if form == .instances { return addHairlineInstances(points, color: c) }
        let base = reserve(vertexCount: 2 * n, indexCount: 6 * (n - 1), texture: .none)
        for i in 0..<n {
            let m = DrawList.miterNormal(prev: i > 0 ? points[i - 1] : nil, at: points[i], next: i < n - 1 ? points[i + 1] : nil) * half
            vertices.append(DrawVertex(x: Float(points[i].x + m.x), y: Float(points[i].y + m.y), color: c))
            vertices.append(DrawVertex(x: Float(points[i].x - m.x), y: Float(points[i].y - m.y), color: c))
        }
        for s in 0..<Int32(n - 1) { addQuad(base + 2 * s, base + 2 * s + 2, base + 2 * s + 3, base + 2 * s + 1) }
    }

    /// The drawn width and colour of a stroke, or nil when there is nothing to draw (fewer than
    /// two points, a non-finite point, no opacity or thickness): at least a pixel wide, thinner
    /// strokes fading in proportion; at most 10,000 points.
    func strokeStyle(_ points: [Point], color: Color, thickness: Double) -> (width: Double, color: PackedColor)? {
        guard points.count >= 2, color.opacity > 0, thickness > 0, thickness.isFinite, points.allSatisfy(\.isFinite) else { return nil }
        let f = Double(fringe)
        return (min(max(thickness, f), 10_000), PackedColor(thickness < f ? color.opacity(thickness / f) : color))
    }

    /// Fills a circle (centre and radius in screen points).
    public mutating func addCircleFill(center: Point, radius: Double, color: Color) {
        guard radius > 0, radius.isFinite else { return }
        if form == .instances { return addCircleInstance(center: center, radius: radius, fill: color) }
        addConvexFill(circleOutline(center: center, radius: radius), color: color)
    }

    /// Strokes a circle (centre and radius in screen points).
    public mutating func addCircleStroke(center: Point, radius: Double, color: Color, thickness: Double) {
        guard radius > 0, radius.isFinite else { return }
        if form == .instances { return addCircleInstance(center: center, radius: radius, stroke: color, thickness: thickness) }
        addPolyline(circleOutline(center: center, radius: radius), color: color, thickness: thickness, closed: true)
    }

    /// Fills the ellipse inscribed in `rect` (screen points).
    public mutating func addEllipseFill(in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        addConvexFill(ellipseOutline(center: rect.center, radiusX: rect.width / 2, radiusY: rect.height / 2), color: color)
    }

    /// Strokes the ellipse inscribed in `rect` (screen points), the stroke centred on it.
    public mutating func addEllipseStroke(in rect: Rect, color: Color, thickness: Double) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        addPolyline(ellipseOutline(center: rect.center, radiusX: rect.width / 2, radiusY: rect.height / 2), color: color,
                    thickness: thickness, closed: true)
    }

    /// Fills a rectangle with rounded corners (screen points; `cornerRadius` clamped to half the shorter side).
    public mutating func addRectFill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        if form == .instances { return addRoundedRectInstance(rect, radius: cornerRadius, fill: color) }
        addConvexFill(roundedRectOutline(rect, radius: cornerRadius), color: color)
    }

    /// Strokes a rectangle with rounded corners, the stroke centred on the border.
    public mutating func addRectStroke(_ rect: Rect, color: Color, thickness: Double, cornerRadius: Double = 0) {
        if form == .instances { return addRoundedRectInstance(rect, radius: cornerRadius, stroke: color, thickness: thickness) }
        addPolyline(roundedRectOutline(rect, radius: cornerRadius), color: color, thickness: thickness, closed: true)
    }

    /// Points around a circle, in the reused outline buffer.
    private mutating func circleOutline(center: Point, radius: Double) -> [Point] {
        ellipseOutline(center: center, radiusX: radius, radiusY: radius)
    }

    /// Points around an axis-aligned ellipse, in the reused outline buffer; the segment count
    /// grows with the larger radius (about one per 3 points of arc), from 6 for specks to 96.
    private mutating func ellipseOutline(center: Point, radiusX: Double, radiusY: Double) -> [Point] {
        let radius = max(radiusX, radiusY)
        let n = radius.isNaN ? 6 : Int(min(max(radius * 2, radius < 2 ? 6 : 10), 96))   // Int(NaN) would trap
        if unitCircle.count != n {
            unitCircle = (0..<n).map { i in
                let a = Double(i) / Double(n) * 2 * Double.pi
                return Point(x: cos(a), y: sin(a))
            }
        }
        outline.removeAll(keepingCapacity: true)
        for u in unitCircle { outline.append(Point(x: center.x + radiusX * u.x, y: center.y + radiusY * u.y)) }
        return outline
    }

    /// Points around a rounded rectangle, clockwise on screen from the top-left corner's arc, in
    /// the reused outline buffer, without repeating a point where two arcs meet.
    private mutating func roundedRectOutline(_ r: Rect, radius: Double) -> [Point] {
        outline.removeAll(keepingCapacity: true)
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        // A non-finite rectangle side can leave `rad` infinite (Int of it would trap): square corners.
        guard rad >= 0.5, rad.isFinite else {
            outline.append(Point(x: r.minX, y: r.minY)); outline.append(Point(x: r.maxX, y: r.minY))
            outline.append(Point(x: r.maxX, y: r.maxY)); outline.append(Point(x: r.minX, y: r.maxY))
            return outline
        }
        let steps = Int(min(max(rad / 2, 2), 8))
        let arc = quarterArcs[steps]
        for corner in 0..<4 {
            let cx = corner == 1 || corner == 2 ? r.maxX - rad : r.minX + rad
            let cy = corner >= 2 ? r.maxY - rad : r.minY + rad
            // The quarter arc from the corner's start angle (π, 1.5π, 0, 0.5π): (cos, sin) of
            // start + t, from the table of (cos t, sin t).
            for u in arc {
                let (x, y) = corner == 0 ? (-u.x, -u.y) : corner == 1 ? (u.y, -u.x) : corner == 2 ? (u.x, u.y) : (-u.y, u.x)
                let p = Point(x: cx + rad * x, y: cy + rad * y)
                // Where a side has no straight part (a capsule's ends) an arc starts where the last
                // one ended: one point there, or each copy's inset would follow only one of the
                // two segments and the copies would cross, folding the fill so that it blends more than once.
                if let last = outline.last, (p - last).length <= rad * 1e-9 { continue }
                outline.append(p)
            }
        }
        if outline.count > 1, (outline[outline.count - 1] - outline[0]).length <= rad * 1e-9 { outline.removeLast() }
        return outline
    }

    /// The unit normal at `p` averaged over the adjacent segments and lengthened at corners so
    /// that offset lines stay parallel (a miter, capped at 4×). Either neighbour may be nil.
    static func miterNormal(prev: Point?, at p: Point, next: Point?) -> Point {
        func normal(_ a: Point, _ b: Point) -> Point? {
            let d = b - a, len = d.length
            return len > 1e-9 ? Point(x: -d.y / len, y: d.x / len) : nil
        }
        let n0 = prev.flatMap { normal($0, p) }, n1 = next.flatMap { normal(p, $0) }
        switch (n0, n1) {
        case let (a?, b?):
            let m = (a + b) * 0.5
            let l2 = m.x * m.x + m.y * m.y
            return l2 > 1e-6 ? m * min(1 / l2, 4) : a
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return Point(x: 0, y: 1)
        }
    }
}

/// `(cos t, sin t)` for t = s/steps · π/2, s = 0...steps, by step count (2...8): the corners of
/// rounded rectangles without a sine or cosine per vertex.
private let quarterArcs: [[Point]] = (0...8).map { steps in
    steps < 1 ? [] : (0...steps).map { s in
        let t = Double(s) / Double(steps) * (Double.pi / 2)
        return Point(x: cos(t), y: sin(t))
    }
}
