import SwiftFlowCore

/// A scanline rasteriser of the two things an overview tile holds: axis-aligned rectangles
/// (far-out nodes) and one-pixel lines (edges), into a square RGBA buffer (straight alpha,
/// "over" blending). Written here rather than borrowed: the backends rasterise on the GPU or
/// in SDL's renderer, which draws into a window, not into a buffer the canvas keeps between
/// frames, and these two primitives without anti-aliasing are all a tile needs.
///
/// Coordinates are the tile's pixels: (0, 0) its top-left corner, `side` pixels a side.
struct TileRasterizer {
    let side: Int

    /// Clears `rgba` to `side²` transparent pixels (growing it once to that size).
    func clear(_ rgba: inout [UInt8]) {
        let n = side * side * 4
        if rgba.count != n { rgba = [UInt8](repeating: 0, count: n) } else {
            rgba.withUnsafeMutableBufferPointer { p in p.update(repeating: 0) }
        }
    }

    /// Fills the pixels whose centres lie in `r` with `color`; a rectangle covering no pixel
    /// centre on an axis takes the one pixel its centre is in, so that no node vanishes.
    /// `rgba`: the tile's `side²` pixels (taken once per tile, not once per call).
    func fill(_ r: Rect, _ color: PackedColor, into rgba: UnsafeMutableBufferPointer<UInt8>) {
        guard color.a > 0, let xs = span(r.minX, r.maxX), let ys = span(r.minY, r.maxY) else { return }
        for y in ys { for x in xs { blend(rgba, (y * side + x) * 4, color, coverage: 255) } }
    }

    /// Draws the line from `a` to `b` one pixel wide (a DDA over its longer axis, clipped to
    /// the tile first), each pixel blended at `coverage` (0...255) of `color`'s opacity.
    func line(_ a: Point, _ b: Point, _ color: PackedColor, coverage: Int, into rgba: UnsafeMutableBufferPointer<UInt8>) {
        guard coverage > 0, color.a > 0, let (p, q) = clip(a, b) else { return }
        let dx = q.x - p.x, dy = q.y - p.y
        let steps = max(Int(max(abs(dx), abs(dy)).rounded(.up)), 1)
        let sx = dx / Double(steps), sy = dy / Double(steps)
        var x = p.x, y = p.y
        for _ in 0...steps {
            let px = Self.floor(x), py = Self.floor(y)
            if px >= 0 && px < side && py >= 0 && py < side { blend(rgba, (py * side + px) * 4, color, coverage: coverage) }
            x += sx; y += sy
        }
    }

    /// `Int(v.rounded(.down))` for a `v` within a few tiles of the tile, without the library
    /// call `rounded(.down)` makes per pixel on x86-64's baseline.
    @inline(__always)
    private static func floor(_ v: Double) -> Int {
        let t = Int(v)   // toward zero
        return Double(t) > v ? t - 1 : t
    }

    /// The pixel columns (or rows) whose centres lie in `lo...hi`, clamped to the tile; the one
    /// holding the middle when none does; nil when outside or not finite.
    private func span(_ lo: Double, _ hi: Double) -> ClosedRange<Int>? {
        guard lo.isFinite, hi.isFinite, hi >= lo else { return nil }
        var a = (lo - 0.5).rounded(.up), b = (hi - 0.5).rounded(.down)
        if b < a { a = ((lo + hi) / 2).rounded(.down); b = a }
        let s = Double(side)
        guard b >= 0, a < s else { return nil }
        return Int(max(a, 0))...Int(min(b, s - 1))
    }

    /// The part of segment `a`–`b` inside the tile (Liang–Barsky), nil when none or not finite.
    private func clip(_ a: Point, _ b: Point) -> (Point, Point)? {
        guard a.isFinite, b.isFinite else { return nil }
        var t0 = 0.0, t1 = 1.0
        let d = b - a, s = Double(side)
        // One boundary: false when the segment lies wholly outside it. (Four calls, not a loop
        // over an array of the four: that array was a heap allocation per line.)
        func keep(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { if t > t1 { return false }; t0 = max(t0, t) } else { if t < t0 { return false }; t1 = min(t1, t) }
            return true
        }
        guard keep(-d.x, a.x), keep(d.x, s - a.x), keep(-d.y, a.y), keep(d.y, s - a.y) else { return nil }
        return (a + d * t0, a + d * t1)
    }

    /// Blends `color` at `coverage`/255 of its opacity over the pixel at byte `i` (straight alpha).
    /// Over a transparent pixel, or one of `color`'s own red, green and blue (an edge crossing
    /// another of its colour), the blend keeps `color`'s channels exactly, so only the general
    /// case divides.
    @inline(__always)
    private func blend(_ p: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ color: PackedColor, coverage: Int) {
        let a = Int(color.a) * coverage / 255
        if a >= 255 { p[i] = color.r; p[i + 1] = color.g; p[i + 2] = color.b; p[i + 3] = 255; return }
        guard a > 0 else { return }
        let below = Int(p[i + 3])
        if below == 0 { p[i] = color.r; p[i + 1] = color.g; p[i + 2] = color.b; p[i + 3] = UInt8(a); return }
        let da = below * (255 - a) / 255, oa = a + da
        if p[i] == color.r && p[i + 1] == color.g && p[i + 2] == color.b { p[i + 3] = UInt8(oa); return }
        func mix(_ c: UInt8, _ d: UInt8) -> UInt8 { UInt8((Int(c) * a + Int(d) * da) / oa) }
        p[i] = mix(color.r, p[i]); p[i + 1] = mix(color.g, p[i + 1]); p[i + 2] = mix(color.b, p[i + 2])
        p[i + 3] = UInt8(oa)
    }
}
