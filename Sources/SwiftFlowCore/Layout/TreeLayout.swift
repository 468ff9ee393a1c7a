/// `LayoutAlgorithm.tree`: a tidy tree. Subtree breadths are summed bottom-up; each parent is
/// centred between its first and last child; depths become layers. O(n + e), no recursion (deep
/// chains are fine).
enum TreeLayout {
    static func run(_ g: LayoutGraph, direction: LayoutDirection, layerSpacing: Double, nodeSpacing: Double) -> [Point] {
        let n = g.count
        let horizontal = direction == .leftToRight
        func breadth(_ i: Int) -> Double { horizontal ? g.sizes[i].height : g.sizes[i].width }
        func length(_ i: Int) -> Double { horizontal ? g.sizes[i].width : g.sizes[i].height }
        // A spanning forest by breadth-first walks: from the nodes without incoming edges (in
        // node order), then from the first node not reached yet (nodes on cycles).
        var reached = [Bool](repeating: false, count: n)
        var children = [[Int]](repeating: [], count: n)
        var hasIncoming = [Bool](repeating: false, count: n)
        for (_, v) in g.edgeList { hasIncoming[v] = true }
        var roots: [Int] = []
        func walk(from r: Int) {
            roots.append(r); reached[r] = true
            var queue = [r], head = 0
            while head < queue.count {
                let u = queue[head]; head += 1
                for v in g.successors[u] where !reached[v] {
                    reached[v] = true; children[u].append(v); queue.append(v)
                }
            }
        }
        for r in 0..<n where !hasIncoming[r] && !reached[r] { walk(from: r) }
        for r in 0..<n where !reached[r] { walk(from: r) }
        // Pre-order (parents before children), then breadths bottom-up in reverse.
        var order: [Int] = [], stack = Array(roots.reversed())
        var depth = [Int](repeating: 0, count: n)
        while let v = stack.popLast() {
            order.append(v)
            for c in children[v].reversed() { depth[c] = depth[v] + 1; stack.append(c) }
        }
        var span = [Double](repeating: 0, count: n)
        for v in order.reversed() {
            let kids = children[v].reduce(0) { $0 + span[$1] } + nodeSpacing * Double(max(children[v].count - 1, 0))
            span[v] = max(breadth(v), kids)
        }
        // Cross axis: each subtree gets [start, start + span) top-down, children centred in it;
        // then bottom-up each parent sits midway between its first and last child, kept
        // inside its own span (so that it cannot reach into a neighbouring subtree).
        var cross = [Double](repeating: 0, count: n), start = [Double](repeating: 0, count: n)
        var next = 0.0
        for r in roots { start[r] = next; next += span[r] + nodeSpacing }
        for v in order {
            let kids = children[v].reduce(0) { $0 + span[$1] } + nodeSpacing * Double(max(children[v].count - 1, 0))
            var s = start[v] + (span[v] - kids) / 2
            for c in children[v] { start[c] = s; s += span[c] + nodeSpacing }
        }
        for v in order.reversed() {
            let half = breadth(v) / 2
            guard let first = children[v].first, let last = children[v].last else { cross[v] = start[v] + span[v] / 2; continue }
            cross[v] = min(max((cross[first] + cross[last]) / 2, start[v] + half), start[v] + span[v] - half)
        }
        // Main axis: one layer per depth, as thick as its longest node.
        let layers = (depth.max() ?? 0) + 1
        var thickness = [Double](repeating: 0, count: layers)
        for v in 0..<n { thickness[depth[v]] = max(thickness[depth[v]], length(v)) }
        var layerCentre = [Double](repeating: 0, count: layers), at = 0.0
        for k in 0..<layers { layerCentre[k] = at + thickness[k] / 2; at += thickness[k] + layerSpacing }
        return (0..<n).map { v in
            horizontal ? Point(x: layerCentre[depth[v]], y: cross[v]) : Point(x: cross[v], y: layerCentre[depth[v]])
        }
    }
}
