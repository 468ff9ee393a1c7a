import SwiftFlowCore

// Stores whose edges carry no data of their own need no `makeEdgeData` closure: an edge made by
// `onConnect` holds `EmptyEdgeData()` or `JSONValue.null` (React Flow's edge without `data`), as
// the `SwiftFlow` view does for `EmptyEdgeData`.
extension FlowStore where EdgeData == EmptyEdgeData {
    /// Creates a store holding `nodes` and `edges`; edges made by `onConnect` hold `EmptyEdgeData()`.
    public convenience init(nodes: [Node<NodeData>] = [], edges: [Edge<EdgeData>] = []) {
        self.init(nodes: nodes, edges: edges, makeEdgeData: { _ in EmptyEdgeData() })
    }
}

extension FlowStore where EdgeData == JSONValue {
    /// Creates a store holding `nodes` and `edges`; edges made by `onConnect` hold `.null`.
    public convenience init(nodes: [Node<NodeData>] = [], edges: [Edge<EdgeData>] = []) {
        self.init(nodes: nodes, edges: edges, makeEdgeData: { _ in .null })
    }
}
