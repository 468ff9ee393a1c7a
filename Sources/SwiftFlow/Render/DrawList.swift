import SwiftFlowCore
import Foundation

/// One frame's geometry in screen points: triangles (vertices + indices) in runs that share a
/// texture and clip rectangle, ready for a `RenderBackend`.
///
/// The arrays are reused between frames (`reset()` keeps capacity), so a steady-state frame
/// allocates nothing. Primitives are tessellated with a one-pixel alpha fringe for anti-aliasing
/// (the technique of Dear ImGui's `ImDrawList`).
public struct DrawList: Sendable {
    public private(set) var vertices: [DrawVertex] = []
    /// Triangle indices into `vertices` (`Int32`, as `SDL_RenderGeometry` takes them).
    public private(set) var indices: [Int32] = []
    public private(set) var commands: [DrawCommand] = []
    /// Width of the anti-aliasing fringe in screen points: one pixel, `1 / displayScale`.
    public var fringe: Float = 1
    private var texture: TextureID = .none
    private var clip: Rect?

    /// Creates an empty list.
    public init() {}

    /// Empties the list, keeping its storage for the next frame.
    public mutating func reset(displayScale: Double = 1) {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        texture = .none
        clip = nil
        fringe = Float(1 / max(displayScale, 0.25))
    }

    /// Sets the clip rectangle (screen points) for what is added next; nil = whole canvas.
    public mutating func setClip(_ rect: Rect?) { clip = rect }

    /// Starts a run of `indexCount` indices with `texture`, merging with the last command when it
    /// has the same texture and clip. Returns the index of the first new vertex.
    @inline(__always)
    private mutating func reserve(vertexCount: Int, indexCount: Int, texture tex: TextureID) -> Int32 {
        if let last = commands.last, last.texture == tex, last.clip == clip {
            commands[commands.count - 1].indexCount += indexCount
        } else {
            commands.append(DrawCommand(indexOffset: indices.count, indexCount: indexCount, texture: tex, clip: clip))
        }
        return Int32(vertices.count)
    }

    /// Adds a textured, axis-aligned quad (e.g. a glyph): `rect` in screen points, `uv` in 0...1.
    public mutating func addImage(_ texture: TextureID, rect: Rect, uv: Rect, color: Color = .white) {
        let c = PackedColor(color)
        let base = reserve(vertexCount: 4, indexCount: 6, texture: texture)
        let x0 = Float(rect.minX), y0 = Float(rect.minY), x1 = Float(rect.maxX), y1 = Float(rect.maxY)
        let u0 = Float(uv.minX), v0 = Float(uv.minY), u1 = Float(uv.maxX), v1 = Float(uv.maxY)
        vertices.append(DrawVertex(x: x0, y: y0, color: c, u: u0, v: v0))
        vertices.append(DrawVertex(x: x1, y: y0, color: c, u: u1, v: v0))
        vertices.append(DrawVertex(x: x1, y: y1, color: c, u: u1, v: v1))
        vertices.append(DrawVertex(x: x0, y: y1, color: c, u: u0, v: v1))
        indices.append(contentsOf: [base, base + 1, base + 2, base, base + 2, base + 3])
    }

    /// Fills a convex polygon (screen points, either winding) with an anti-aliased edge.
    public mutating func addConvexFill(_ points: [Point], color: Color) {
        let n = points.count
        guard n >= 3, color.opacity > 0 else { return }
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
        for i in 2..<n { indices.append(contentsOf: [base, base + Int32(2 * (i - 1)), base + Int32(2 * i)]) }
        for i in 0..<n {
            let j = (i + 1) % n
            let ii = base + Int32(2 * i), jj = base + Int32(2 * j)
            indices.append(contentsOf: [ii, jj, jj + 1, ii, jj + 1, ii + 1])
        }
    }

    /// Strokes a polyline (screen points) of `thickness` points with anti-aliased sides.
    /// Lines thinner than one pixel are drawn one pixel wide with proportionally less opacity.
    public mutating func addPolyline(_ points: [Point], color: Color, thickness: Double, closed: Bool = false) {
        let n = points.count
        guard n >= 2, color.opacity > 0, thickness > 0 else { return }
        let f = Double(fringe)
        let width = max(thickness, f)
        let c = PackedColor(thickness < f ? color.opacity(thickness / f) : color), t = c.transparent
        let core = (width - f) * 0.5, outer = core + f
        let segments = closed ? n : n - 1
        let base = reserve(vertexCount: 4 * n, indexCount: 18 * segments, texture: .none)
        for i in 0..<n {
            let prev = i > 0 ? points[i - 1] : (closed ? points[n - 1] : nil)
            let next = i < n - 1 ? points[i + 1] : (closed ? points[0] : nil)
            let m = DrawList.miterNormal(prev: prev, at: points[i], next: next)
            let p = points[i]
            for (offset, col) in [(outer, t), (core, c), (-core, c), (-outer, t)] {
                vertices.append(DrawVertex(x: Float(p.x + m.x * offset), y: Float(p.y + m.y * offset), color: col))
            }
        }
        for s in 0..<segments {
            let a = base + Int32(4 * s), b = base + Int32(4 * ((s + 1) % n))
            for k: Int32 in 0..<3 {
                indices.append(contentsOf: [a + k, b + k, b + k + 1, a + k, b + k + 1, a + k + 1])
            }
        }
    }

    /// Fills a circle (centre and radius in screen points).
    public mutating func addCircleFill(center: Point, radius: Double, color: Color) {
        guard radius > 0 else { return }
        addConvexFill(DrawList.circlePoints(center: center, radius: radius), color: color)
    }

    /// Strokes a circle (centre and radius in screen points).
    public mutating func addCircleStroke(center: Point, radius: Double, color: Color, thickness: Double) {
        guard radius > 0 else { return }
        addPolyline(DrawList.circlePoints(center: center, radius: radius), color: color, thickness: thickness, closed: true)
    }

    /// Fills a rectangle with rounded corners (screen points; `cornerRadius` clamped to half the shorter side).
    public mutating func addRectFill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        addConvexFill(DrawList.roundedRectPoints(rect, radius: cornerRadius), color: color)
    }

    /// Strokes a rectangle with rounded corners, the stroke centred on the border.
    public mutating func addRectStroke(_ rect: Rect, color: Color, thickness: Double, cornerRadius: Double = 0) {
        addPolyline(DrawList.roundedRectPoints(rect, radius: cornerRadius), color: color, thickness: thickness, closed: true)
    }

    /// Points around a circle; the segment count grows with the radius (about one per 3 points
    /// of arc), from 6 for specks to 96.
    static func circlePoints(center: Point, radius: Double) -> [Point] {
        let n = min(max(Int(radius * 2), radius < 2 ? 6 : 10), 96)
        return (0..<n).map { i in
            let a = Double(i) / Double(n) * 2 * Double.pi
            return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
        }
    }

    /// Points around a rounded rectangle, clockwise on screen from the top-left corner's arc.
    static func roundedRectPoints(_ r: Rect, radius: Double) -> [Point] {
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        if rad < 0.5 {
            return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        }
        let steps = min(max(Int(rad / 2), 2), 8)
        var pts: [Point] = []
        pts.reserveCapacity(4 * (steps + 1))
        let corners = [(Point(x: r.minX + rad, y: r.minY + rad), Double.pi),
                       (Point(x: r.maxX - rad, y: r.minY + rad), 1.5 * Double.pi),
                       (Point(x: r.maxX - rad, y: r.maxY - rad), 0),
                       (Point(x: r.minX + rad, y: r.maxY - rad), 0.5 * Double.pi)]
        for (c, start) in corners {
            for s in 0...steps {
                let a = start + Double(s) / Double(steps) * (Double.pi / 2)
                pts.append(Point(x: c.x + rad * cos(a), y: c.y + rad * sin(a)))
            }
        }
        return pts
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
