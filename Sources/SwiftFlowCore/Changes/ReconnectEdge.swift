/// Moves `oldEdge`'s ends to `newConnection` and returns the edges (React Flow's `reconnectEdge`).
///
/// Every other field of the edge (type, label, markers, style, selection, data, …) is kept. As in
/// React Flow (`shouldReplaceId` defaults to true) the edge gets the id `addEdge` would give the
/// new connection, `xy-edge__{source}{sourceHandle}-{target}{targetHandle}`, suffixed `-2`, `-3`, …
/// when another edge holds it; pass `shouldReplaceId: false` to keep the old id. Unlike React
/// Flow, which removes the edge and appends the new one, the edge keeps its place in the array,
/// so its drawing order does not change.
///
/// When no edge has `oldEdge.id`, `edges` is returned unchanged. Complexity: O(edges).
public func reconnectEdge<Data>(oldEdge: Edge<Data>, newConnection: Connection, edges: [Edge<Data>],
                                shouldReplaceId: Bool = true) -> [Edge<Data>] {
    guard let i = edges.firstIndex(where: { $0.id == oldEdge.id }) else { return edges }
    var result = edges
    var edge = result[i]
    edge.source = newConnection.source
    edge.target = newConnection.target
    edge.sourceHandle = newConnection.sourceHandle
    edge.targetHandle = newConnection.targetHandle
    if shouldReplaceId {
        var others = Set(edges.map(\.id))
        others.remove(oldEdge.id)
        edge.id = edgeId(for: newConnection, avoiding: others)
    }
    result[i] = edge
    return result
}
