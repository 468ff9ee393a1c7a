/// `LayoutAlgorithm.layered`: a Sugiyama-style layered drawing (Sugiyama, Tagawa & Toda 1981;
/// the phases of dagre / Graphviz dot, simplified).
///
/// 1. Cycle removal: a depth-first search in node order reverses the edges that point back to
///    a node on the current path.
/// 2. Layering: longest path from the sources (each node one layer after its latest predecessor).
/// 3. Edges spanning several layers get a chain of zero-size dummy nodes, one per layer.
/// 4. Crossing reduction: 16 alternating down/up sweeps sorting each layer by the barycenter
///    of its neighbours in the layer just fixed; the ordering with the fewest crossings wins.
/// 5. Coordinates: layers are as thick as their longest node, `layerSpacing` apart; within a
///    layer, 8 alternating sweeps pull each node toward the mean of its neighbours in the
///    previous layer, keeping `nodeSpacing` between neighbours (`separatedCentres`).
struct LayeredLayout {
    let graph: LayoutGraph
    let direction: LayoutDirection
    let layerSpacing: Double
    let nodeSpacing: Double

    /// Nodes of the augmented graph (real nodes first, then dummies), their layers and edges.
    private var layer: [Int] = []
    private var down: [[Int]] = []
    private var up: [[Int]] = []

    init(graph: LayoutGraph, direction: LayoutDirection, layerSpacing: Double, nodeSpacing: Double) {
        self.graph = graph; self.direction = direction; self.layerSpacing = layerSpacing; self.nodeSpacing = nodeSpacing
    }

    /// Centres of the real nodes, flow units.
    mutating func run() -> [Point] {
        let n = graph.count
        let dag = acyclicEdges()
        assignLayers(dag)
        addDummies(dag)
        let layers = orderLayers()
        let total = layer.count
        let horizontal = direction == .leftToRight
        func breadth(_ v: Int) -> Double { v < n ? (horizontal ? graph.sizes[v].height : graph.sizes[v].width) : 0 }
        func length(_ v: Int) -> Double { v < n ? (horizontal ? graph.sizes[v].width : graph.sizes[v].height) : 0 }

        // Cross axis: packed first, then pulled toward neighbours.
        var cross = [Double](repeating: 0, count: total)
        for row in layers {
            var at = 0.0
            for v in row { cross[v] = at + breadth(v) / 2; at += breadth(v) + nodeSpacing }
        }
        for sweep in 0..<8 {
            let downward = sweep % 2 == 0
            let sequence = downward ? Array(layers.indices.dropFirst()) : Array(layers.indices.dropLast().reversed())
            for k in sequence {
                let row = layers[k]
                let desired = row.map { v -> Double in
                    let nb = downward ? up[v] : down[v]
                    return nb.isEmpty ? cross[v] : nb.reduce(0) { $0 + cross[$1] } / Double(nb.count)
                }
                let placed = separatedCentres(desired: desired, extents: row.map(breadth), gap: nodeSpacing)
                for (v, c) in zip(row, placed) { cross[v] = c }
            }
        }
        // Main axis: each layer as thick as its longest node, centred in it.
        var centre = [Double](repeating: 0, count: layers.count), at = 0.0
        for (k, row) in layers.enumerated() {
            let thickness = row.map(length).max() ?? 0
            centre[k] = at + thickness / 2
            at += thickness + layerSpacing
        }
        return (0..<n).map { v in
            horizontal ? Point(x: centre[layer[v]], y: cross[v]) : Point(x: cross[v], y: centre[layer[v]])
        }
    }

    /// Phase 1: the edges with DFS back edges reversed (iterative DFS in node order).
    private func acyclicEdges() -> [(Int, Int)] {
        let n = graph.count
        var state = [UInt8](repeating: 0, count: n)   // 0 new, 1 on the path, 2 done
        var reversed = Set<Int>()
        for root in 0..<n where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                let succ = graph.successors[top.node]
                if top.next < succ.count {
                    stack[stack.count - 1].next += 1
                    let v = succ[top.next]
                    if state[v] == 1 { reversed.insert(top.node * n + v) }
                    else if state[v] == 0 { state[v] = 1; stack.append((v, 0)) }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return graph.edgeList.map { reversed.contains($0.0 * n + $0.1) ? ($0.1, $0.0) : $0 }
    }

    /// Phase 2: longest-path layering in topological order (Kahn, smallest index first).
    private mutating func assignLayers(_ dag: [(Int, Int)]) {
        let n = graph.count
        var indegree = [Int](repeating: 0, count: n), succ = [[Int]](repeating: [], count: n)
        for (u, v) in dag { indegree[v] += 1; succ[u].append(v) }
        layer = [Int](repeating: 0, count: n)
        var ready = (0..<n).filter { indegree[$0] == 0 }, head = 0
        while head < ready.count {
            let u = ready[head]; head += 1
            for v in succ[u] {
                layer[v] = max(layer[v], layer[u] + 1)
                indegree[v] -= 1
                if indegree[v] == 0 { ready.append(v) }
            }
        }
    }

    /// Phase 3: every edge joins adjacent layers, through dummies where it spans more.
    private mutating func addDummies(_ dag: [(Int, Int)]) {
        down = [[Int]](repeating: [], count: graph.count)
        up = [[Int]](repeating: [], count: graph.count)
        for (u, v) in dag {
            var a = u
            for l in stride(from: layer[u] + 1, to: layer[v], by: 1) {
                let d = layer.count
                layer.append(l); down.append([]); up.append([])
                down[a].append(d); up[d].append(a)
                a = d
            }
            down[a].append(v); up[v].append(a)
        }
    }

    /// Phase 4: the ordering of each layer with the fewest crossings found by barycenter sweeps.
    private func orderLayers() -> [[Int]] {
        let count = (layer.max() ?? 0) + 1
        var layers = [[Int]](repeating: [], count: count)
        for v in layer.indices { layers[layer[v]].append(v) }
        var pos = [Double](repeating: 0, count: layer.count)
        func index(_ ls: [[Int]]) { for row in ls { for (k, v) in row.enumerated() { pos[v] = Double(k) } } }
        index(layers)
        var best = layers, bestCrossings = crossings(layers, &pos)
        index(layers)
        for sweep in 0..<16 where bestCrossings > 0 {
            let downward = sweep % 2 == 0
            let sequence = downward ? Array(layers.indices.dropFirst()) : Array(layers.indices.dropLast().reversed())
            for k in sequence {
                let keyed = layers[k].map { v -> (Double, Double, Int) in
                    let nb = downward ? up[v] : down[v]
                    let b = nb.isEmpty ? pos[v] : nb.reduce(0) { $0 + pos[$1] } / Double(nb.count)
                    return (b, pos[v], v)
                }
                layers[k] = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
                for (i, v) in layers[k].enumerated() { pos[v] = Double(i) }
            }
            let c = crossings(layers, &pos)
            if c < bestCrossings { bestCrossings = c; best = layers }
        }
        return best
    }

    /// Edge crossings between consecutive layers (pairs of edges whose ends are in opposite
    /// orders); `pos` must hold each node's index in its layer.
    private func crossings(_ layers: [[Int]], _ pos: inout [Double]) -> Int {
        for row in layers { for (k, v) in row.enumerated() { pos[v] = Double(k) } }
        var total = 0
        for k in layers.indices.dropLast() {
            let row = layers[k]
            var ends: [(Int, Int)] = []
            for u in row { for v in down[u] { ends.append((Int(pos[u]), Int(pos[v]))) } }
            ends.sort { $0 < $1 }
            // Crossings = inversions of the target order once sorted by source (equal sources
            // are sorted by target, so they add none), counted with a Fenwick tree.
            var tree = [Int](repeating: 0, count: layers[k + 1].count + 2), seen = 0
            for (_, t) in ends {
                var i = t + 1, notAbove = 0
                while i > 0 { notAbove += tree[i]; i -= i & -i }
                total += seen - notAbove
                i = t + 1
                while i < tree.count { tree[i] += 1; i += i & -i }
                seen += 1
            }
        }
        return total
    }
}
