import SwiftFlowCore

/// Owns a graph's nodes and edges and applies the canvas' changes to them, so an app need not
/// write the `onNodesChange` / `onEdgesChange` / `onConnect` / `onReconnect` plumbing itself.
public final class FlowStore<NodeData, EdgeData> {
    public var nodes: [Node<NodeData>]
    public var edges: [Edge<EdgeData>]
    /// The data given to edges made by `onConnect`.
    public var makeEdgeData: (Connection) -> EdgeData
    /// The fields of edges made by `onConnect` (React Flow's `defaultEdgeOptions`).
    public var defaultEdgeOptions = DefaultEdgeOptions()

    /// Creates a store holding `nodes` and `edges`.
    public init(nodes: [Node<NodeData>] = [], edges: [Edge<EdgeData>] = [], makeEdgeData: @escaping (Connection) -> EdgeData) {
        self.nodes = nodes; self.edges = edges; self.makeEdgeData = makeEdgeData
    }

    /// Points the canvas' change callbacks at this store (replacing any set before); reconnected
    /// edges take `reconnectEdge`'s new id. The canvas holds the store weakly: once the store is
    /// gone, the canvas' changes are dropped.
    public func attach(to canvas: FlowCanvas<NodeData, EdgeData>) {
        canvas.onNodesChange = { [weak self] in guard let self else { return }; nodes = applyNodeChanges($0, to: nodes) }
        canvas.onEdgesChange = { [weak self] in guard let self else { return }; edges = applyEdgeChanges($0, to: edges) }
        canvas.onConnect = { [weak self] in
            guard let self else { return }
            edges = addEdge($0, to: edges, data: makeEdgeData($0), options: defaultEdgeOptions)
        }
        canvas.onReconnect = { [weak self] in
            guard let self else { return }
            edges = reconnectEdge(oldEdge: $0, newConnection: $1, edges: edges)
        }
    }

    // MARK: Conveniences (React Flow's setNodes, addNodes, updateNode, …)

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

    /// Changes the node `id` in place with `update`. O(nodes).
    /// - Throws: `FlowStoreError.unknownNode` when no node has `id`; `.duplicateNodeId` when
    ///   `update` renamed it to another node's id (the node is then left unchanged).
    public func updateNode(_ id: String, _ update: (inout Node<NodeData>) -> Void) throws {
        guard let i = nodes.firstIndex(where: { $0.id == id }) else { throw FlowStoreError.unknownNode(id) }
        var node = nodes[i]
        update(&node)
        if node.id != id, nodes.contains(where: { $0.id == node.id }) { throw FlowStoreError.duplicateNodeId(node.id) }
        nodes[i] = node
    }

    /// Changes the data of the node `id` in place with `update`. O(nodes).
    /// - Throws: `FlowStoreError.unknownNode` when no node has `id`.
    public func updateNodeData(_ id: String, _ update: (inout NodeData) -> Void) throws {
        try updateNode(id) { update(&$0.data) }
    }

    /// Replaces the data of the node `id`. O(nodes).
    /// - Throws: `FlowStoreError.unknownNode` when no node has `id`.
    public func updateNodeData(_ id: String, _ data: NodeData) throws {
        try updateNode(id) { $0.data = data }
    }

    /// Runs one canvas frame on the store's nodes and edges.
    public func frame(_ canvas: FlowCanvas<NodeData, EdgeData>, events: [InputEvent] = [], time: Double = 0, into list: inout DrawList) {
        canvas.frame(nodes: nodes, edges: edges, events: events, time: time, into: &list)
    }
}

/// Why a `FlowStore` convenience refused a change.
public enum FlowStoreError: Error, Hashable, CustomStringConvertible {
    case duplicateNodeId(String)
    case duplicateEdgeId(String)
    /// Edge `edgeId`'s source or target `nodeId` names no node in the store.
    case missingNode(edgeId: String, nodeId: String)
    case unknownNode(String)

    public var description: String {
        switch self {
        case .duplicateNodeId(let id): return "a node with id '\(id)' already exists"
        case .duplicateEdgeId(let id): return "an edge with id '\(id)' already exists"
        case .missingNode(let e, let n): return "edge '\(e)' names node '\(n)', which does not exist"
        case .unknownNode(let id): return "no node has id '\(id)'"
        }
    }
}
