/// A change the canvas asks the app to make to its nodes (React Flow's `NodeChange`).
public enum NodeChange<Data> {
    /// Move a node: `position` is the new top-left (flow units, relative to the parent when it has
    /// one); `dragging` is true while a drag is in progress and false on its last change.
    case position(id: String, position: Point, dragging: Bool)
    /// The node's size changed (flow units): measured, or set by a `NodeResizer`, in which case
    /// `resizing` is true while the resize is in progress and false on its last change.
    case dimensions(id: String, size: Size, resizing: Bool = false)
    case select(id: String, selected: Bool)
    case remove(id: String)
    /// Append a node.
    case add(Node<Data>)
    /// Replace the node with the same id.
    case replace(Node<Data>)

    /// The id of the node the change is about.
    public var id: String {
        switch self {
        case .position(let id, _, _), .dimensions(let id, _, _), .select(let id, _), .remove(let id): return id
        case .add(let n), .replace(let n): return n.id
        }
    }
}

extension NodeChange: Equatable where Data: Equatable {}

/// Applies `changes` to `nodes` in order and returns the result (React Flow's `applyNodeChanges`).
///
/// Changes naming an unknown id are ignored. `.dimensions` sets `width`/`height`.
/// Complexity: O(nodes + changes) — ids are looked up through one dictionary built per call.
public func applyNodeChanges<Data>(_ changes: [NodeChange<Data>], to nodes: [Node<Data>]) -> [Node<Data>] {
    var result = nodes
    var index = [String: Int](minimumCapacity: result.count)
    for (i, n) in result.enumerated() where index[n.id] == nil { index[n.id] = i }
    var removedIds = Set<String>()
    for change in changes {
        if case .add(let node) = change {
            if index[node.id] == nil { index[node.id] = result.count }
            result.append(node)
            continue
        }
        guard let i = index[change.id] else { continue }
        switch change {
        case .position(_, let p, _): result[i].position = p
        case .dimensions(_, let s, _): result[i].width = s.width; result[i].height = s.height
        case .select(_, let s): result[i].selected = s
        case .replace(let n): result[i] = n
        case .remove(let id): removedIds.insert(id); index[id] = nil
        case .add: break
        }
    }
    if removedIds.isEmpty { return result }
    // Keep a node added again after its removal (its id was re-registered at its new slot).
    return result.enumerated().filter { i, n in !removedIds.contains(n.id) || index[n.id] == i }.map(\.element)
}
