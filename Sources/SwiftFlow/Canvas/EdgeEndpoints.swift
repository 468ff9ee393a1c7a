import SwiftFlowCore

/// How one end of an edge attaches, resolved when the edge list or the registry's structure changes.
enum EdgeEndResolution: Hashable {
    /// A registry entry (index into `HandleRegistry.entries`).
    case handle(Int)
    /// The node has no handle of the end's type: the centre of the node's side (handles.md §3.3).
    case side(node: Int)
    /// The named handle or the node is missing: the edge is not drawn.
    case missing
}

/// The resolved ends of one edge.
struct EdgeEnds {
    var source: EdgeEndResolution
    var target: EdgeEndResolution
}

/// The fields of an edge that its resolution depends on, to notice changes cheaply.
struct EdgeKey: Equatable {
    var source: String, target: String, sourceHandle: String?, targetHandle: String?
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
           edgeIndex.ends.count == from, !(changed ?? []).contains(where: { i in
               let k = edgeIndex.keys[i]
               return k.source != edges[i].source || k.target != edges[i].target
                   || k.sourceHandle != edges[i].sourceHandle || k.targetHandle != edges[i].targetHandle
           }) {
            for e in edges[from...] {
                edgeIndex.keys.append(EdgeKey(source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle))
                let ends = EdgeEnds(source: resolve(edge: e, node: e.source, handle: e.sourceHandle, type: .source, nodes),
                                    target: resolve(edge: e, node: e.target, handle: e.targetHandle, type: .target, nodes))
                edgeIndex.ends.append(ends)
                edgeIndex.missingEnds += EdgeIndex.missingCount(ends)
            }
            stats.resolvedEdges = edges.count - from
            return false
        }
        var same = !force && edgeIndex.connectionMode == connectionMode && edges.count == edgeIndex.keys.count
        func keyChanged(_ i: Int) -> Bool {
            let k = edgeIndex.keys[i]
            return k.source != edges[i].source || k.target != edges[i].target
                || k.sourceHandle != edges[i].sourceHandle || k.targetHandle != edges[i].targetHandle
        }
        if same && !keysUnchanged {
            if let changed {
                for i in changed where keyChanged(i) { same = false; break }
            } else {
                for i in edges.indices where keyChanged(i) { same = false; break }
            }
        }
        if same { return false }
        stats.resolvedEdges = edges.count
        // The store's id map, when it holds these edges, exists only for unique ids.
        if frameInput.store?.edgeIds(ifHolding: edges) == nil {
            var ids = Set<String>(minimumCapacity: edges.count)
            for e in edges where !ids.insert(e.id).inserted { report(.duplicateEdgeId(e.id)) }
        }
        // One pass over the edges, into arrays with room for appended edges: the first one must
        // not copy every edge's ends.
        let capacity = edges.count + edges.count / 8 + 16
        edgeIndex.keys = []
        edgeIndex.ends = []
        edgeIndex.keys.reserveCapacity(capacity)
        edgeIndex.ends.reserveCapacity(capacity)
        var missing = 0
        for e in edges {
            edgeIndex.keys.append(EdgeKey(source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle))
            let ends = EdgeEnds(source: resolve(edge: e, node: e.source, handle: e.sourceHandle, type: .source, nodes),
                                target: resolve(edge: e, node: e.target, handle: e.targetHandle, type: .target, nodes))
            edgeIndex.ends.append(ends)
            missing += EdgeIndex.missingCount(ends)
        }
        edgeIndex.missingEnds = missing
        edgeIndex.connectionMode = connectionMode
        return true
    }

    /// handles.md §3 for one end. In loose mode a named handle of either type may end an edge
    /// (React Flow does the same).
    private func resolve(edge: Edge<EdgeData>, node id: String, handle: String?, type: HandleType,
                         _ nodes: [Node<NodeData>]) -> EdgeEndResolution {
        guard let n = nodeCache.index[id] else {
            report(type == .source ? .edgeSourceMissing(edgeId: edge.id, nodeId: id) : .edgeTargetMissing(edgeId: edge.id, nodeId: id))
            return .missing
        }
        if let handle {
            if let e = registry.find(nodeIndex: n, id: handle, type: type)
                ?? (connectionMode == .loose ? registry.find(nodeIndex: n, id: handle) : nil) {
                return .handle(e)
            }
            if nodeCache.states[n].drawable {
                report(.edgeHandleMissing(edgeId: edge.id, nodeId: id, handleId: handle, type: type))
            }
            return .missing
        }
        if let e = registry.first(nodeIndex: n, type: type) { return .handle(e) }
        return .side(node: n)
    }

    /// The anchor (flow units) and side of one resolved end, or nil when it is not drawable.
    func endpoint(_ r: EdgeEndResolution, type: HandleType, _ nodes: [Node<NodeData>]) -> (Point, Position)? {
        switch r {
        case .handle(let e):
            guard nodeCache.states[Int(registry.entries[e].nodeIndex)].drawable else { return nil }
            return (registry.entries[e].anchor, registry.entries[e].position)
        case .side(let n):
            guard nodeCache.states[n].drawable, nodeCache.states[n].laidOut else { return nil }
            let side = type == .source ? nodeCache.states[n].sourcePosition : nodeCache.states[n].targetPosition
            let r = nodeRect(n)
            switch side {
            case .left: return (Point(x: r.minX, y: r.center.y), side)
            case .right: return (Point(x: r.maxX, y: r.center.y), side)
            case .top: return (Point(x: r.center.x, y: r.minY), side)
            case .bottom: return (Point(x: r.center.x, y: r.maxY), side)
            }
        case .missing:
            return nil
        }
    }
}

extension FlowCanvas {
    /// The path (flow units) the last frame resolved for the edge at `index` of the edges it was
    /// given, by the edge's type, or nil when that edge is not drawn (hidden, or a node or named
    /// handle is missing).
    public func edgePath(at index: Int) -> EdgePath? {
        guard index >= 0, index < frameInput.edges.count, !frameInput.edges[index].hidden,
              let ends = resolvedEnds(index, frameInput.nodes) else { return nil }
        return ends.path(frameInput.edges[index].type)
    }
}
