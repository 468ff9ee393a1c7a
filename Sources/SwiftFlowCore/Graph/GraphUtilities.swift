// React Flow's graph utilities over the app's nodes and edges.
//
// Positions and rectangles are flow units. Where a node's size matters it comes from `size`
// (default: the node's fixed `width`/`height`, else zero — pass the canvas' measured sizes when
// nodes are sized by their views). Nodes with a `parentId` are placed at their absolute
// position: their own plus every ancestor's (a missing parent counts as none; a chain longer
// than 64, which every cycle is, counts as no parent at all).

/// The default size of a node for the graph utilities: its fixed `width` x `height`, else zero.
public func fixedNodeSize<Data>(_ node: Node<Data>) -> Size { node.fixedSize ?? .zero }

/// The nodes with an edge into `nodeId` (React Flow's `getIncomers`), in `nodes` order, each once.
/// Complexity: O(nodes + edges).
public func getIncomers<N, E>(_ nodeId: String, nodes: [Node<N>], edges: [Edge<E>]) -> [Node<N>] {
    let ids = Set(edges.lazy.filter { $0.target == nodeId }.map(\.source))
    return nodes.filter { ids.contains($0.id) }
}

/// The nodes an edge from `nodeId` leads to (React Flow's `getOutgoers`), in `nodes` order, each once.
/// Complexity: O(nodes + edges).
public func getOutgoers<N, E>(_ nodeId: String, nodes: [Node<N>], edges: [Edge<E>]) -> [Node<N>] {
    let ids = Set(edges.lazy.filter { $0.source == nodeId }.map(\.target))
    return nodes.filter { ids.contains($0.id) }
}

/// The edges with an end on any of `nodes` (React Flow's `getConnectedEdges`), in `edges` order.
/// Complexity: O(nodes + edges).
public func getConnectedEdges<N, E>(_ nodes: [Node<N>], edges: [Edge<E>]) -> [Edge<E>] {
    let ids = Set(nodes.map(\.id))
    return edges.filter { ids.contains($0.source) || ids.contains($0.target) }
}

/// Absolute top-left positions of nodes with parents, looked up by id.
public struct NodeLookup<Data> {
    private var index: [String: Int] = [:]
    private let nodes: [Node<Data>]
    /// Every node's ancestors, resolved once.
    private var chains = ParentChains()

    /// Indexes `nodes` by id (the first of duplicate ids wins) and resolves their parent chains.
    /// Complexity: O(nodes), however deep the chains.
    public init(_ nodes: [Node<Data>]) {
        self.nodes = nodes
        index.reserveCapacity(nodes.count)
        for (i, n) in nodes.enumerated() where index[n.id] == nil { index[n.id] = i }
        let index = index
        chains.resolve(nodes) { index[$0] }
    }

    /// The node with `id`, if any.
    public subscript(id: String) -> Node<Data>? { index[id].map { nodes[$0] } }

    /// `node`'s absolute top-left (flow units): its position plus its ancestors' positions (its
    /// own position when its parent is missing or its chain runs into a cycle). Complexity: O(1).
    public func absolutePosition(of node: Node<Data>) -> Point {
        guard let pid = node.parentId, let j = index[pid], chains.links[j].state == .placed else { return node.position }
        return chains.links[j].origin + node.position
    }

    /// `node`'s absolute rectangle with the size `size(node)`.
    public func absoluteRect(of node: Node<Data>, size: (Node<Data>) -> Size) -> Rect {
        Rect(origin: absolutePosition(of: node), size: size(node))
    }
}

/// The smallest rectangle holding every node of `nodes` at its absolute position (React Flow's
/// `getNodesBounds`); parents are looked up in `allNodes` (default: `nodes`). Hidden nodes
/// count, as in React Flow. An empty list gives the zero rectangle; non-finite positions or
/// sizes are skipped, so the result is always finite. Complexity: O(nodes + allNodes).
public func getNodesBounds<Data>(_ nodes: [Node<Data>], allNodes: [Node<Data>]? = nil,
                                 size: (Node<Data>) -> Size = fixedNodeSize) -> Rect {
    let lookup = NodeLookup(allNodes ?? nodes)
    var bounds: Rect?
    for n in nodes {
        let r = lookup.absoluteRect(of: n, size: size)
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { continue }
        bounds = bounds.map { $0.union(r) } ?? r
    }
    return bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
}

/// The area two rectangles share (0 when they only touch or are apart).
public func overlappingArea(_ a: Rect, _ b: Rect) -> Double {
    let w = max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX))
    let h = max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    return w * h
}

/// Which nodes a rectangle picks: any overlap, or only nodes wholly inside it.
public enum SelectionMode: Hashable, Sendable {
    /// A node is picked when it shares a positive area with the rectangle (React Flow's default).
    case partial
    /// A node is picked when it lies entirely inside the rectangle.
    case full
}

/// Whether a node rectangle `node` is picked by the rectangle `box` in `mode`. A node of zero
/// area is picked when its top-left lies inside `box` (React Flow would pick it anywhere).
public func rectPicks(_ box: Rect, _ node: Rect, mode: SelectionMode) -> Bool {
    let area = node.width * node.height
    guard area > 0 else { return box.contains(node.origin) }
    let overlap = overlappingArea(box, node)
    return mode == .partial ? overlap > 0 : overlap >= area
}

/// The non-hidden nodes that `rect` (flow units) picks in `mode` (React Flow's `getNodesInside`,
/// which takes a screen rectangle and the transform: convert with `Viewport.screenToFlow`
/// first), in `nodes` order. With `excludeNonSelectable`, nodes whose `selectable` is false are
/// left out. Complexity: O(nodes).
public func getNodesInside<Data>(_ nodes: [Node<Data>], rect: Rect, mode: SelectionMode = .partial,
                                 excludeNonSelectable: Bool = false, size: (Node<Data>) -> Size = fixedNodeSize) -> [Node<Data>] {
    let lookup = NodeLookup(nodes)
    return nodes.filter { n in
        !n.hidden && !(excludeNonSelectable && n.selectable == false)
            && rectPicks(rect, lookup.absoluteRect(of: n, size: size), mode: mode)
    }
}

/// The nodes of `nodes` other than `node` that intersect it (React Flow's `getIntersectingNodes`):
/// with `partially` those sharing any area with it; without, those `node` lies wholly inside.
/// Hidden nodes are left out. Complexity: O(nodes).
public func getIntersectingNodes<Data>(_ node: Node<Data>, nodes: [Node<Data>], partially: Bool = true,
                                       size: (Node<Data>) -> Size = fixedNodeSize) -> [Node<Data>] {
    let r = NodeLookup(nodes).absoluteRect(of: node, size: size)
    return getIntersectingNodes(r, nodes: nodes, partially: partially, size: size).filter { $0.id != node.id }
}

/// The non-hidden nodes that intersect the rectangle `rect` (flow units), React Flow's
/// `getIntersectingNodes` with a rectangle: with `partially` those sharing any area with it;
/// without, those that hold `rect` wholly inside them. A zero-area `rect` intersects the nodes
/// that contain its origin (React Flow would match every node). Complexity: O(nodes).
public func getIntersectingNodes<Data>(_ rect: Rect, nodes: [Node<Data>], partially: Bool = true,
                                       size: (Node<Data>) -> Size = fixedNodeSize) -> [Node<Data>] {
    let lookup = NodeLookup(nodes)
    // The node's rectangle picks `rect`: the same test as a selection box picking a node.
    return nodes.filter { n in
        !n.hidden && rectPicks(lookup.absoluteRect(of: n, size: size), rect, mode: partially ? .partial : .full)
    }
}

/// The viewport that shows `bounds` (flow units) centred in a canvas of `width` x `height` screen
/// points (React Flow's `getViewportForBounds`): zoom = min(width / (bounds.width·(1 + padding)),
/// height / (bounds.height·(1 + padding))), clamped to `minZoom...maxZoom`; translation so that
/// the bounds' centre lands on the canvas centre.
///
/// Never NaN or infinite: a zero-width or zero-height side does not limit the zoom (a point
/// gets `maxZoom`), a negative or non-finite padding counts as 0, and non-finite bounds or a
/// canvas without area give the identity viewport.
public func getViewportForBounds(_ bounds: Rect, width: Double, height: Double, minZoom: Double = 0.1,
                                 maxZoom: Double = 4, padding: Double = 0.1) -> Viewport {
    guard bounds.origin.isFinite, bounds.width.isFinite, bounds.height.isFinite,
          width.isFinite, height.isFinite, width > 0, height > 0,
          minZoom.isFinite, maxZoom.isFinite, minZoom > 0, maxZoom >= minZoom else { return Viewport() }
    let pad = padding.isFinite ? max(padding, 0) : 0
    let zx = bounds.width > 0 ? width / (bounds.width * (1 + pad)) : .infinity
    let zy = bounds.height > 0 ? height / (bounds.height * (1 + pad)) : .infinity
    let zoom = min(max(min(zx, zy), minZoom), maxZoom)
    let c = bounds.center
    return Viewport(x: width / 2 - c.x * zoom, y: height / 2 - c.y * zoom, zoom: zoom)
}
