import SwiftFlowCore

/// How one end of an edge attaches, resolved when the edge list or the registry's structure changes
/// (8 bytes: 32-bit indices, as the registry's).
enum EdgeEndResolution: Hashable {
    /// A registry entry (`HandleRegistry[_:]`).
    case handle(Int32)
    /// The node has no handle of the end's type: the centre of the node's side (handles.md §3.3).
    case side(node: Int32)
    /// The named handle or the node is missing: the edge is not drawn.
    case missing
}

/// The resolved ends of one edge.
struct EdgeEnds {
    var source: EdgeEndResolution
    var target: EdgeEndResolution
}

/// The fields of an edge that its resolution depends on, to notice changes cheaply, in 16
/// bytes: each end's node as its index in the node array it was resolved against
/// (`NodeCache.ids`), or `-1 - k` for an id no node had, `k` its place in `EdgeIndex.names`;
/// each handle id's place in `names`, -1 for none.
struct EdgeKey: Equatable {
    var source: Int32, target: Int32, sourceHandle: Int32, targetHandle: Int32
}

extension FlowCanvas {
    /// Re-resolves every edge's ends when `force` (the registry's structure or the node array
    /// changed), the connection mode changed or the edges' ends changed; `keysUnchanged` (the
    /// same edge array as last frame) skips comparing the edges; `changed` (the edges changed only
    /// at these indices) compares only those. Reports duplicate edge ids once.
    /// Returns whether it resolved. O(edges) when it does.
    ///
    /// `appendedFrom`: the edges from this index on were appended (`ArrayChanges.appended`,
    /// with `changed` the changed ones before it); when nothing else forces a resolution only
    /// they are resolved (their ids are taken as new) and false is returned. O(appended edges).
    func resolveEdges(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], force: Bool, keysUnchanged: Bool, changed: [Int]? = nil,
                      appendedFrom: Int? = nil) -> Bool {
        if let from = appendedFrom, !force, edgeIndex.connectionMode == connectionMode, edgeIndex.keys.count == from,
           edgeIndex.ends.count == from, (changed ?? []).allSatisfy({ keyMatches($0, edges[$0]) }) {
            resolve(edges, from: from)
            stats.resolvedEdges = edges.count - from
            return false
        }
        var same = !force && edgeIndex.connectionMode == connectionMode && edges.count == edgeIndex.keys.count
        if same && !keysUnchanged {
            if let changed {
                for i in changed where !keyMatches(i, edges[i]) { same = false; break }
            } else {
                for i in edges.indices where !keyMatches(i, edges[i]) { same = false; break }
            }
        }
        if same { return false }
        stats.resolvedEdges = edges.count
        // The store's id map, when it holds these edges, exists only for unique ids.
        if frameInput.store?.edgeIds(ifHolding: edges) == nil {
            var ids = Set<String>(minimumCapacity: edges.count)
            for e in edges where !ids.insert(e.id).inserted { report(.duplicateEdgeId(e.id)) }
        }
        edgeIndex.names.removeAll()
        edgeIndex.nameIndex.removeAll()
        edgeIndex.keys = []
        edgeIndex.ends = []
        edgeIndex.missingEnds = 0
        resolveAll(edges)
        edgeIndex.connectionMode = connectionMode
        return true
    }

    /// Resolves the ends of the edges from `from` on and appends them and their keys to the
    /// edge index (`EdgeResolver`), then reports the problems found. Reads the edges' fields in
    /// place: the array's subscript copies a whole (generic) edge, its strings retained and
    /// released, to read one field. O(edges from `from`).
    private func resolve(_ edges: [Edge<EdgeData>], from: Int) {
        var resolver = EdgeResolver(nodes: nodeCache, registry: registry, connectionMode: connectionMode)
        Self.resolve(edges, from: from, &resolver, into: &edgeIndex)
        for p in resolver.problems { report(p.diagnostic(edgeId: edges[p.edge].id)) }
    }

    /// The resolution loop, given only its parts: one exclusivity check of the edge index for
    /// the pass, not one per edge.
    private static func resolve(_ edges: [Edge<EdgeData>], from: Int, _ resolver: inout EdgeResolver, into index: inout EdgeIndex) {
        edges.withUnsafeBufferPointer { edges in
            for k in from..<edges.count {
                resolver.append(edge: k, source: edges[k].source, target: edges[k].target, sourceHandle: edges[k].sourceHandle,
                                targetHandle: edges[k].targetHandle, to: &index)
            }
        }
    }

    /// Whether edge `e` (at index `i`) names the nodes and handles its key recorded.
    private func keyMatches(_ i: Int, _ e: Edge<EdgeData>) -> Bool {
        let k = edgeIndex.keys[i]
        return matches(k.source, node: e.source) && matches(k.target, node: e.target)
            && matches(k.sourceHandle, name: e.sourceHandle) && matches(k.targetHandle, name: e.targetHandle)
    }

    private func matches(_ key: Int32, node id: String) -> Bool {
        key >= 0 ? Int(key) < nodeCache.ids.count && nodeCache.ids[Int(key)] == id : edgeIndex.names[Int(-1 - key)] == id
    }

    private func matches(_ key: Int32, name: String?) -> Bool {
        guard let name else { return key < 0 }
        return key >= 0 && edgeIndex.names[Int(key)] == name
    }

    /// The anchor (flow units) and side of one resolved end, or nil when it is not drawable.
    func endpoint(_ r: EdgeEndResolution, type: HandleType, _ nodes: [Node<NodeData>]) -> (Point, Position)? {
        switch r {
        case .handle(let h):
            let e = Int(h)
            guard nodeCache.states[registry.nodeIndex(of: e)].drawable else { return nil }
            return (registry.anchor(of: e), registry.side(of: e))
        case .side(let s):
            let n = Int(s)
            guard nodeCache.states[n].drawable, nodeCache.states[n].laidOut else { return nil }
            let side = type == .source ? nodeCache.states[n].sourcePosition : nodeCache.states[n].targetPosition
            return (nodeRect(n).midpoint(of: side), side)
        case .missing:
            return nil
        }
    }
}

/// The nodes one edge resolution pass found last, by id, so that most ends are found without
/// hashing their id: a node's edges are usually listed together, an edge's target is often a
/// later edge's source (the stress graph's edges find half their ends here), and another end is
/// often the node after one of these in the array (`following(_:in:)`: the stress graph's
/// other ends). Valid for one pass over the edges, while the node cache's index does not change.
/// O(1) per lookup.
struct RecentNodes {
    private var ids = ["", "", "", ""]
    private var indices = [-1, -1, -1, -1]
    private var next = 0

    /// The index noted for `id`, or nil.
    func index(of id: String) -> Int? {
        for k in 0..<4 where indices[k] >= 0 && ids[k] == id { return indices[k] }
        return nil
    }

    /// The index after a noted one whose id in `ids` (the ids the noted indices refer to) is
    /// `id`, or nil; that index may hold a later copy of a duplicated id. O(1).
    func following(_ id: String, in ids: [String]) -> Int? {
        for k in 0..<4 where indices[k] >= 0 && indices[k] + 1 < ids.count && ids[indices[k] + 1] == id { return indices[k] + 1 }
        return nil
    }

    /// Notes `index` (when there is one) for `id`, replacing the oldest entry; returns `index`.
    mutating func noting(_ id: String, _ index: Int?) -> Int? {
        guard let index else { return nil }
        ids[next] = id
        indices[next] = index
        next = (next + 1) & 3
        return index
    }
}

extension FlowCanvas {
    /// The path (flow units) the last frame resolved for the edge at `index` of the edges it was
    /// given, by the edge's type, or nil when that edge is not drawn (hidden, or a node or named
    /// handle is missing) or when elements were removed from the arrays since (`FlowStore`
    /// removed them in place: the next frame resolves the moved edges' indices).
    public func edgePath(at index: Int) -> EdgePath? {
        guard !frameInput.removedInPlace, index >= 0, index < frameInput.edges.count, !frameInput.edges[index].hidden,
              let ends = resolvedEnds(index, frameInput.nodes) else { return nil }
        return ends.path(frameInput.edges[index].type)
    }
}
