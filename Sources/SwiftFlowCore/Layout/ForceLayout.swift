/// `LayoutAlgorithm.force`: Fruchterman & Reingold (1991) on node centres, then an exact
/// overlap removal by scaling.
///
/// Ideal edge length k = mean node diagonal + spacing; attraction d²/k along edges, repulsion
/// k²/d between all pairs; the step is capped by a temperature cooling linearly from k·√n / 2
/// to 0. Start positions come from `SplitMix64(seed)` in a square of side k·√n. Afterwards the
/// drawing is scaled about its centre by the smallest factor ≥ 1 that leaves every pair of
/// boxes at least `spacing` apart on some axis (O(n²)).
enum ForceLayout {
    static func run(_ g: LayoutGraph, seed: UInt64, iterations: Int, spacing: Double) -> [Point] {
        let n = g.count
        let diagonal = g.sizes.reduce(0) { $0 + ($1.width * $1.width + $1.height * $1.height).squareRoot() } / Double(n)
        let k = max(diagonal + spacing, 1)
        var rng = SplitMix64(seed: seed)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let side = k * Double(n).squareRoot()
        var p = (0..<n).map { _ in Point(x: unit() * side, y: unit() * side) }
        var disp = [Point](repeating: .zero, count: n)
        for it in 0..<iterations {
            let temperature = side / 2 * (1 - Double(it) / Double(iterations))
            for i in 0..<n { disp[i] = .zero }
            for i in 0..<n {
                for j in (i + 1)..<max(n, i + 1) {
                    var d = p[i] - p[j]
                    var len = d.length
                    if len < 1e-6 { d = Point(x: 1e-3 * Double(i - j), y: 1e-3); len = d.length }
                    let f = d * ((k * k / len) / len)
                    disp[i] += f; disp[j] -= f
                }
            }
            for (u, v) in g.edgeList {
                let d = p[u] - p[v], len = d.length
                guard len > 1e-9 else { continue }
                let f = d * (len / k)   // (len² / k) along the unit vector
                disp[u] -= f; disp[v] += f
            }
            for i in 0..<n {
                let len = disp[i].length
                guard len > 1e-12 else { continue }
                p[i] += disp[i] * (min(len, temperature) / len)
            }
        }
        return separated(p, g.sizes, spacing: spacing, rng: &rng)
    }

    /// Scales the centres about their mean by the least factor ≥ 1 after which every pair of
    /// boxes is `spacing` apart along x or y. Coincident centres are first nudged apart.
    static func separated(_ centres: [Point], _ sizes: [Size], spacing: Double, rng: inout SplitMix64) -> [Point] {
        let n = centres.count
        var p = centres
        for i in 0..<n {
            for j in (i + 1)..<max(n, i + 1) where abs(p[i].x - p[j].x) < 1e-9 && abs(p[i].y - p[j].y) < 1e-9 {
                p[j].x += 1 + Double(rng.next() % 1000) / 1000
            }
        }
        var scale = 1.0
        for i in 0..<n {
            for j in (i + 1)..<max(n, i + 1) {
                let dx = abs(p[i].x - p[j].x), dy = abs(p[i].y - p[j].y)
                let needX = (sizes[i].width + sizes[j].width) / 2 + spacing
                let needY = (sizes[i].height + sizes[j].height) / 2 + spacing
                if dx >= needX || dy >= needY { continue }
                let sx = dx > 1e-9 ? needX / dx : .infinity, sy = dy > 1e-9 ? needY / dy : .infinity
                scale = max(scale, min(sx, sy))
            }
        }
        scale *= 1 + 1e-9   // so that rounding cannot leave a pair a hair short
        let cx = p.reduce(0) { $0 + $1.x } / Double(n), cy = p.reduce(0) { $0 + $1.y } / Double(n)
        return p.map { Point(x: cx + ($0.x - cx) * scale, y: cy + ($0.y - cy) * scale) }
    }
}
