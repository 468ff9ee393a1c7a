import SwiftFlow

/// A pointer gesture still open when `EmbeddedCanvas.finish()` ran.
public enum OpenGesture: Hashable, Sendable {
    /// A connection (or reconnect) drag is in progress (`FlowCanvas.connection` is set).
    case connection
    /// A node drag began (`onNodeDragStart`) and has not stopped.
    case nodeDrag
    /// Any other gesture: a press not yet released (on a node, a handle, the pane, an edge…),
    /// a pan, a selection box or a resize.
    case pointerDown
}
