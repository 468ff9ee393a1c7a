import SwiftFlowCore

// React Flow's setNodes, addNodes, updateNode, … on a `FlowStore`.
extension FlowStore {
    /// Replaces every node. Duplicate ids are not checked here: the canvas reports them
    /// (`FlowDiagnostic.duplicateNodeId`) and draws the first.
    public func setNodes(_ nodes: [Node<NodeData>]) { self.nodes = nodes }

    /// Replaces the nodes with `update(nodes)`.
    public func setNodes(_ update: ([Node<NodeData>]) -> [Node<NodeData>]) { nodes = update(nodes) }

    /// Replaces every edge (edges naming missing nodes are reported by the canvas, not here).
    public func setEdges(_ edges: [Edge<EdgeData>]) { self.edges = edges }

    /// Replaces the edges with `update(edges)`.
    public func setEdges(_ update: ([Edge<EdgeData>]) -> [Edge<EdgeData>]) { edges = update(edges) }

    /// Appends `newNodes`, all or none. O(nodes + new nodes).
    /// - Throws: `FlowStoreError.duplicateNodeId` when an id is already used (by a stored node
    ///   or earlier in `newNodes`); nothing is added then.
    public func addNodes(_ newNodes: [Node<NodeData>]) throws {
        var ids = Set(nodes.map(\.id))
        for n in newNodes where !ids.insert(n.id).inserted { throw FlowStoreError.duplicateNodeId(n.id) }
        nodes += newNodes
    }

    /// Appends `newEdges`, all or none. O(nodes + edges + new edges).
    /// - Throws: `FlowStoreError.duplicateEdgeId` when an id is already used, or
    ///   `.missingNode` when an edge's source or target names no stored node; nothing is added then.
    public func addEdges(_ newEdges: [Edge<EdgeData>]) throws {
        let nodeIds = Set(nodes.map(\.id))
        var ids = Set(edges.map(\.id))
        for e in newEdges {
            guard ids.insert(e.id).inserted else { throw FlowStoreError.duplicateEdgeId(e.id) }
            for end in [e.source, e.target] where !nodeIds.contains(end) { throw FlowStoreError.missingNode(edgeId: e.id, nodeId: end) }
        }
        edges += newEdges
    }

    /// The node with id `id`, or nil. O(1) (through the id map; O(nodes) while two nodes share an id).
    public func node(_ id: String) -> Node<NodeData>? {
        applyPending()
        guard let index = nodeIds() else { return storedNodes.first { $0.id == id } }
        return index.index(of: id, in: storedNodes).map { storedNodes[$0] }
    }

    /// The edge with id `id`, or nil. O(1) (O(edges) while two edges share an id).
    public func edge(_ id: String) -> Edge<EdgeData>? {
        applyPending()
        guard let index = edgeIds() else { return storedEdges.first { $0.id == id } }
        return index.index(of: id, in: storedEdges).map { storedEdges[$0] }
    }

    /// Changes the node `id` in place with `update`. O(1) (found through the id map).
    /// - Throws: `FlowStoreError.unknownNode` when no node has `id`; `.duplicateNodeId` when
    ///   `update` renamed it to another node's id (the node is then left unchanged).
    public func updateNode(_ id: String, _ update: (inout Node<NodeData>) -> Void) throws {
        applyPending()
        guard let index = nodeIds() else {
            guard let i = storedNodes.firstIndex(where: { $0.id == id }) else { throw FlowStoreError.unknownNode(id) }
            var node = storedNodes[i]
            update(&node)
            if node.id != id, storedNodes.contains(where: { $0.id == node.id }) { throw FlowStoreError.duplicateNodeId(node.id) }
            storedNodes[i] = node
            nodeJournal.reset(unknown: true)
            return
        }
        guard let i = index.index(of: id, in: storedNodes) else { throw FlowStoreError.unknownNode(id) }
        var node = storedNodes[i]
        update(&node)
        if node.id != id {
            if index.index(of: node.id, in: storedNodes) != nil { throw FlowStoreError.duplicateNodeId(node.id) }
            storedNodes[i] = node
            nodeIndex = nil
            nodeJournal.reset(unknown: true)
            return
        }
        withCanvasLetGo(nodes: true) { storedNodes[i] = node }
        // Replaced whole: the update may have changed its handles or the data its view reads.
        nodeJournal.record(i, count: storedNodes.count, replaced: true)
        noteReplaced(id)
    }

    /// Changes the data of the node `id` in place with `update`. O(1).
    /// - Throws: `FlowStoreError.unknownNode` when no node has `id`.
    public func updateNodeData(_ id: String, _ update: (inout NodeData) -> Void) throws {
        try updateNode(id) { update(&$0.data) }
    }

    /// Replaces the data of the node `id`. O(1).
    /// - Throws: `FlowStoreError.unknownNode` when no node has `id`.
    public func updateNodeData(_ id: String, _ data: NodeData) throws {
        try updateNode(id) { $0.data = data }
    }
}
