import SwiftFlow

/// One thing a `FlowCanvas` told the app, as `EmbeddedCanvas` records it: a change batch or a
/// callback, with the callback's arguments. Cases are named after the callbacks without `on`
/// (`onNodesChange` → `.nodesChange`); positions are in flow units, `viewportChange` carries
/// the new screen transform.
public enum FlowOutbound<NodeData, EdgeData> {
    /// `onNodesChange`: one batch of node changes, in the order the canvas emitted them.
    case nodesChange([NodeChange<NodeData>])
    /// `onEdgesChange`: one batch of edge changes.
    case edgesChange([EdgeChange<EdgeData>])
    /// `onConnect`: a connection was made.
    case connect(Connection)
    /// `onConnectStart`: a connection drag began at this handle.
    case connectStart(nodeId: String, handleId: String, handleType: HandleType)
    /// `onConnectEnd`: a connection drag ended with this connection, or nil (dropped, cancelled).
    case connectEnd(Connection?)
    /// `onReconnect`: `edge` was dropped on a valid handle, making `connection`.
    case reconnect(edge: Edge<EdgeData>, connection: Connection)
    /// `onReconnectStart`: a reconnect drag began; `fixed` is the role of the end that stays.
    case reconnectStart(edge: Edge<EdgeData>, fixed: HandleType)
    /// `onReconnectEnd`: a reconnect drag ended with this connection, or nil.
    case reconnectEnd(edge: Edge<EdgeData>, fixed: HandleType, connection: Connection?)
    /// `onSelectionChange`: the selected nodes and edges now.
    case selectionChange(FlowElements<NodeData, EdgeData>)
    /// `onPaneClick`: a click on empty canvas at this flow point.
    case paneClick(Point)
    /// `onNodeDragStart`: the node under the pointer and every dragged node.
    case nodeDragStart(Node<NodeData>, [Node<NodeData>])
    /// `onNodeDrag`.
    case nodeDrag(Node<NodeData>, [Node<NodeData>])
    /// `onNodeDragStop`.
    case nodeDragStop(Node<NodeData>, [Node<NodeData>])
    /// `onSelectionDragStart`: several selected nodes began moving.
    case selectionDragStart([Node<NodeData>])
    /// `onSelectionDrag`.
    case selectionDrag([Node<NodeData>])
    /// `onSelectionDragStop`.
    case selectionDragStop([Node<NodeData>])
    /// `onNodesDelete`: the nodes a deletion removed.
    case nodesDelete([Node<NodeData>])
    /// `onEdgesDelete`: the edges a deletion removed.
    case edgesDelete([Edge<EdgeData>])
    /// `onDelete`: everything a deletion removed.
    case delete(FlowElements<NodeData, EdgeData>)
    /// `onViewportChange`: the view moved (pan, zoom, or an animation step).
    case viewportChange(Viewport)
    /// `onNodeClick`: this node was clicked (as the canvas' frame had it).
    case nodeClick(Node<NodeData>)
    /// `onEdgeClick`: this edge was clicked.
    case edgeClick(Edge<EdgeData>)
    /// `onNodeDoubleClick`: the node with this id was double-clicked.
    case nodeDoubleClick(String)
    /// `onEdgeDoubleClick`: the edge with this id was double-clicked.
    case edgeDoubleClick(String)
}

extension FlowOutbound: Equatable where NodeData: Equatable, EdgeData: Equatable {}
