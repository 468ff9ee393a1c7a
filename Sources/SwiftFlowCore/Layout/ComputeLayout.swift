/// The direction layers run in a layered or tree layout.
public enum LayoutDirection: String, Hashable, Sendable {
    /// Layers are columns, edges point right (dagre's `rankdir: "LR"`).
    case leftToRight = "LR"
    /// Layers are rows, edges point down (dagre's `"TB"`).
    case topToBottom = "TB"
}

/// An automatic layout algorithm for `computeLayout`. Spacings are flow units.
public enum LayoutAlgorithm: Hashable, Sendable {
    /// Sugiyama-style layered drawing: cycles broken by reversing DFS back edges, longest-path
    /// layering, dummy nodes on long edges, barycenter crossing reduction (up and down sweeps,
    /// the ordering with the fewest crossings kept), and coordinates pulled toward the
    /// neighbours' mean under minimum separation. `layerSpacing` between layers,
    /// `nodeSpacing` between nodes of a layer.
    case layered(direction: LayoutDirection = .leftToRight, layerSpacing: Double = 80, nodeSpacing: Double = 40)
    /// A tidy tree: a spanning forest found breadth-first from the nodes without incoming edges
    /// (in node order; a node first reached from several parents keeps the first), children sit in a layer below (or right of)
    /// their parent and every parent is centred over its subtree.
    case tree(direction: LayoutDirection = .topToBottom, layerSpacing: Double = 80, nodeSpacing: Double = 40)
    /// Nodes in node order, row by row, in cells as large as the largest node plus `spacing`;
    /// `columns` nil gives ⌈√n⌉.
    case grid(columns: Int? = nil, spacing: Double = 40)
    /// Force-directed (Fruchterman & Reingold 1991): edges attract, all pairs repel, with a
    /// linearly cooling step, from positions drawn from `SplitMix64(seed)`; then the drawing is
    /// scaled about its centre just enough that no two nodes are closer than `spacing`.
    /// Deterministic for the same input and seed. O(iterations · n²): meant for graphs up to a
    /// few thousand nodes.
    case force(seed: UInt64 = 1, iterations: Int = 300, spacing: Double = 40)
}

/// Why `computeLayout` refused its input.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two laid-out nodes share this id.
    case duplicateNodeId(String)
    /// A node's size is negative, NaN or infinite.
    case invalidSize(nodeId: String)
    /// A spacing is negative or not finite, a column count below 1, or iterations below 0.
    case invalidParameter(String)

    public var description: String {
        switch self {
        case .duplicateNodeId(let id): return "duplicate node id '\(id)'"
        case .invalidSize(let id): return "node '\(id)' has a negative or non-finite size"
        case .invalidParameter(let p): return "invalid layout parameter: \(p)"
        }
    }
}

/// Computes new positions (top-left corners, flow units) for the top-level nodes of a graph.
///
/// Nodes with a `parentId` keep their position relative to their parent and are not in the
/// result; hidden nodes are laid out like the others. Edges naming a node that is missing (or
/// a child node), self loops and repeated source→target pairs are ignored. The result starts at
/// (0, 0) (the smallest x and y over all nodes) and is the same for the same input.
///
/// - Parameters:
///   - nodeSize: each node's size in flow units; default its fixed `width`/`height`, else 150x40
///     (pass the canvas' measured sizes for nodes sized by their view).
/// - Returns: node id → new top-left position; empty for an empty graph.
/// - Throws: `LayoutError` for duplicate ids, bad sizes or bad parameters.
public func computeLayout<N, E>(nodes: [Node<N>], edges: [Edge<E>], algorithm: LayoutAlgorithm,
                                nodeSize: (Node<N>) -> Size = { $0.fixedSize ?? Size(width: 150, height: 40) }) throws -> [String: Point] {
    var graph = LayoutGraph()
    for node in nodes where node.parentId == nil {
        let s = nodeSize(node)
        guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else { throw LayoutError.invalidSize(nodeId: node.id) }
        guard graph.index[node.id] == nil else { throw LayoutError.duplicateNodeId(node.id) }
        graph.index[node.id] = graph.ids.count
        graph.ids.append(node.id)
        graph.sizes.append(s)
    }
    graph.successors = Array(repeating: [], count: graph.ids.count)
    var seen = Set<Int>()
    for e in edges {
        guard let u = graph.index[e.source], let v = graph.index[e.target], u != v,
              seen.insert(u * graph.ids.count + v).inserted else { continue }
        graph.successors[u].append(v)
        graph.edgeList.append((u, v))
    }
    guard !graph.ids.isEmpty else { return [:] }
    func check(_ name: String, _ value: Double) throws {
        guard value.isFinite, value >= 0 else { throw LayoutError.invalidParameter("\(name) = \(value)") }
    }
    let centres: [Point]
    switch algorithm {
    case .layered(let direction, let layerSpacing, let nodeSpacing):
        try check("layerSpacing", layerSpacing); try check("nodeSpacing", nodeSpacing)
        var layered = LayeredLayout(graph: graph, direction: direction, layerSpacing: layerSpacing, nodeSpacing: nodeSpacing)
        centres = layered.run()
    case .tree(let direction, let layerSpacing, let nodeSpacing):
        try check("layerSpacing", layerSpacing); try check("nodeSpacing", nodeSpacing)
        centres = TreeLayout.run(graph, direction: direction, layerSpacing: layerSpacing, nodeSpacing: nodeSpacing)
    case .grid(let columns, let spacing):
        try check("spacing", spacing)
        if let c = columns, c < 1 { throw LayoutError.invalidParameter("columns = \(c)") }
        centres = GridLayout.run(graph, columns: columns, spacing: spacing)
    case .force(let seed, let iterations, let spacing):
        try check("spacing", spacing)
        guard iterations >= 0 else { throw LayoutError.invalidParameter("iterations = \(iterations)") }
        centres = ForceLayout.run(graph, seed: seed, iterations: iterations, spacing: spacing)
    }
    // Top-left corners, shifted so that the drawing starts at (0, 0).
    var corners = zip(centres, graph.sizes).map { Point(x: $0.x - $1.width / 2, y: $0.y - $1.height / 2) }
    let minX = corners.map(\.x).min()!, minY = corners.map(\.y).min()!
    corners = corners.map { Point(x: $0.x - minX, y: $0.y - minY) }
    return Dictionary(uniqueKeysWithValues: zip(graph.ids, corners))
}

/// The graph as the layout algorithms see it: nodes by index, sizes, deduplicated edges.
struct LayoutGraph {
    var ids: [String] = []
    var index: [String: Int] = [:]
    var sizes: [Size] = []
    var successors: [[Int]] = []
    /// Edges in input order (after dropping self loops, repeats and unknown ends).
    var edgeList: [(Int, Int)] = []
    var count: Int { ids.count }
}

/// Places items of the given extents along one axis in order, centres returned: each item's
/// centre is pulled to `desired` but consecutive items stay `gap` apart (edge to edge). The
/// result is the mean of a left-to-right and a right-to-left sweep, both of which keep the
/// separation, so their mean keeps it too and is not biased to one side.
func separatedCentres(desired: [Double], extents: [Double], gap: Double) -> [Double] {
    let n = desired.count
    guard n > 1 else { return desired }
    func sep(_ i: Int) -> Double { (extents[i] + extents[i + 1]) / 2 + gap }
    var forward = desired, backward = desired
    for i in 1..<n { forward[i] = max(desired[i], forward[i - 1] + sep(i - 1)) }
    for i in stride(from: n - 2, through: 0, by: -1) { backward[i] = min(desired[i], backward[i + 1] - sep(i)) }
    return (0..<n).map { (forward[$0] + backward[$0]) / 2 }
}
