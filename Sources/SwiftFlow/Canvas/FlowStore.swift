import SwiftFlowCore

/// Owns a graph's nodes and edges and applies the canvas' changes to them, so an app need not
/// write the `onNodesChange` / `onEdgesChange` / `onConnect` / `onReconnect` plumbing itself.
public final class FlowStore<NodeData, EdgeData> {
    public var nodes: [Node<NodeData>]
    public var edges: [Edge<EdgeData>]
    /// The data given to edges made by `onConnect`.
    public var makeEdgeData: (Connection) -> EdgeData

    /// Creates a store holding `nodes` and `edges`.
    public init(nodes: [Node<NodeData>] = [], edges: [Edge<EdgeData>] = [], makeEdgeData: @escaping (Connection) -> EdgeData) {
        self.nodes = nodes; self.edges = edges; self.makeEdgeData = makeEdgeData
    }

    /// Points the canvas' change callbacks at this store (replacing any set before); reconnected
    /// edges take `reconnectEdge`'s new id.
    public func attach(to canvas: FlowCanvas<NodeData, EdgeData>) {
        canvas.onNodesChange = { [unowned self] in nodes = applyNodeChanges($0, to: nodes) }
        canvas.onEdgesChange = { [unowned self] in edges = applyEdgeChanges($0, to: edges) }
        canvas.onConnect = { [unowned self] in edges = addEdge($0, to: edges, data: makeEdgeData($0)) }
        canvas.onReconnect = { [unowned self] in edges = reconnectEdge(oldEdge: $0, newConnection: $1, edges: edges) }
    }

    /// Runs one canvas frame on the store's nodes and edges.
    public func frame(_ canvas: FlowCanvas<NodeData, EdgeData>, events: [InputEvent] = [], time: Double = 0, into list: inout DrawList) {
        canvas.frame(nodes: nodes, edges: edges, events: events, time: time, into: &list)
    }
}
