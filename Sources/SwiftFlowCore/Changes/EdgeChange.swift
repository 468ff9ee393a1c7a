/// A change the canvas asks the app to make to its edges (React Flow's `EdgeChange`).
public enum EdgeChange<Data> {
    case select(id: String, selected: Bool)
    case remove(id: String)
    /// Append an edge.
    case add(Edge<Data>)
    /// Replace the edge with the same id.
    case replace(Edge<Data>)

    /// The id of the edge the change is about.
    public var id: String {
        switch self {
        case .select(let id, _), .remove(let id): return id
        case .add(let e), .replace(let e): return e.id
        }
    }
}

extension EdgeChange: Equatable where Data: Equatable {}

/// Applies `changes` to `edges` in order and returns the result (React Flow's `applyEdgeChanges`).
///
/// Changes naming an unknown id are ignored. Complexity: O(edges + changes).
public func applyEdgeChanges<Data>(_ changes: [EdgeChange<Data>], to edges: [Edge<Data>]) -> [Edge<Data>] {
    var result = edges
    var index = [String: Int](minimumCapacity: result.count)
    for (i, e) in result.enumerated() where index[e.id] == nil { index[e.id] = i }
    var removedIds = Set<String>()
    for change in changes {
        if case .add(let e) = change {
            if index[e.id] == nil { index[e.id] = result.count }
            result.append(e)
            continue
        }
        guard let i = index[change.id] else { continue }
        switch change {
        case .select(_, let s): result[i].selected = s
        case .replace(let e): result[i] = e
        case .remove(let id): removedIds.insert(id); index[id] = nil
        case .add: break
        }
    }
    if removedIds.isEmpty { return result }
    // Keep an edge added again after its removal (its index was re-registered past the old slot).
    return result.enumerated().filter { i, e in !removedIds.contains(e.id) || index[e.id] == i }.map(\.element)
}

/// Adds an edge for `connection` unless an edge with the same source, target, sourceHandle and
/// targetHandle exists (nil equals nil). React Flow's `addEdge`.
///
/// The new edge's id is `xy-edge__{source}{sourceHandle}-{target}{targetHandle}` as in React Flow,
/// suffixed with `-2`, `-3`, … until it collides with no existing id; its other fields are
/// `options`' (by default `Edge`'s defaults). Complexity: O(edges).
public func addEdge<Data>(_ connection: Connection, to edges: [Edge<Data>], data: Data,
                          options: DefaultEdgeOptions = DefaultEdgeOptions()) -> [Edge<Data>] {
    if edges.contains(where: { $0.connection == connection }) { return edges }
    let id = edgeId(for: connection, avoiding: Set(edges.map(\.id)))
    return edges + [options.edge(id: id, connection: connection, data: data)]
}

/// React Flow's `getEdgeId`, `xy-edge__{source}{sourceHandle}-{target}{targetHandle}`, suffixed
/// with `-2`, `-3`, … until it is not in `ids`.
func edgeId(for connection: Connection, avoiding ids: Set<String>) -> String {
    let base = "xy-edge__\(connection.source)\(connection.sourceHandle ?? "")-\(connection.target)\(connection.targetHandle ?? "")"
    var id = base, n = 1
    while ids.contains(id) { n += 1; id = "\(base)-\(n)" }
    return id
}
