/// A set of nodes and edges: what a deletion removes, what a clipboard holds.
public struct FlowElements<NodeData, EdgeData> {
    public var nodes: [Node<NodeData>]
    public var edges: [Edge<EdgeData>]

    /// Creates a set of elements.
    public init(nodes: [Node<NodeData>] = [], edges: [Edge<EdgeData>] = []) { self.nodes = nodes; self.edges = edges }

    /// True when there are neither nodes nor edges.
    public var isEmpty: Bool { nodes.isEmpty && edges.isEmpty }
}

extension FlowElements: Equatable where NodeData: Equatable, EdgeData: Equatable {}

/// What deleting the nodes `nodeIds` and edges `edgeIds` removes from `nodes` and `edges`
/// (canvas.md §5; React Flow's `getElementsToRemove`, without its orphan edges):
///
/// - the named nodes, except those with `deletable == false` when `requireDeletable` is set
///   (`deletable` protects from direct deletion only);
/// - every descendant (through `parentId`) of a removed node, deletable or not;
/// - the named edges, except non-deletable ones when `requireDeletable` is set;
/// - every edge with an end on a removed node, deletable or not — so no edge is ever left
///   pointing at a missing node.
///
/// Both lists keep `nodes` / `edges` order; unknown ids are ignored. Complexity: O(nodes + edges).
public func getElementsToRemove<N, E>(nodeIds: Set<String>, edgeIds: Set<String>, nodes: [Node<N>], edges: [Edge<E>],
                                      requireDeletable: Bool = true) -> FlowElements<N, E> {
    let removed = withDescendants(Set(nodes.lazy.filter { nodeIds.contains($0.id) && ($0.deletable || !requireDeletable) }.map(\.id)),
                                  in: nodes)
    return FlowElements(
        nodes: nodes.filter { removed.contains($0.id) },
        edges: edges.filter { e in
            removed.contains(e.source) || removed.contains(e.target)
                || (edgeIds.contains(e.id) && (e.deletable || !requireDeletable))
        })
}

/// `ids` plus the ids of every node below them through `parentId`, at any depth.
/// Complexity: O(nodes).
public func withDescendants<N>(_ ids: Set<String>, in nodes: [Node<N>]) -> Set<String> {
    var result = ids
    var children: [String: [String]] = [:]
    for n in nodes { if let p = n.parentId { children[p, default: []].append(n.id) } }
    var queue = Array(ids)
    while let id = queue.popLast() {
        for child in children[id] ?? [] where result.insert(child).inserted { queue.append(child) }
    }
    return result
}
