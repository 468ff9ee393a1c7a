import SwiftFlowCore

/// The pointer gesture in progress (the interaction state machine's state). Each case carries
/// everything its gesture needs — the connection line, the graph before a drag or resize (its
/// undo baseline), whether a press selects on release — so ending or cancelling a gesture is
/// setting `.idle`, with nothing left elsewhere to clear.
enum Gesture<NodeData, EdgeData> {
    case idle
    /// Primary press on empty canvas; becomes `.panning` after 1 point of movement.
    case pressPane(start: Point)
    /// Panning; `last` is the pointer position already applied to the viewport.
    case panning(last: Point)
    /// Secondary press while a canvas menu is set (`onNodeContextMenu`, `onPaneContextMenu`):
    /// becomes `.panning` after 1 point of movement; released before, it opens the menu.
    case pressSecondary(start: Point)
    /// Press on a node body (by id, so a changed node list cannot redirect it); becomes
    /// `.dragging` after 1 point of movement. `selectOnRelease`: a press with `selectNodesOnDrag`
    /// off selects the node on release unless it was dragged; a release before the drag is a
    /// click (`onNodeClick`).
    case pressNode(id: String, start: Point, selectOnRelease: Bool)
    /// A node drag; `baseline` is the graph at its start (one undo step at the release).
    case dragging(NodeDrag, baseline: GraphSnapshot<NodeData, EdgeData>)
    /// Press on a handle's hit target (registry index, re-found by `HandleRef` when the
    /// registry is rebuilt); becomes a connection after 1 point of movement.
    case pressHandle(entry: Int, ref: HandleRef, start: Point)
    /// A connection drag and its line (`FlowCanvas.connection`).
    case connecting(ConnectionInProgress)
    /// A selection box (Shift+drag on empty canvas, or any drag with `selectionOnDrag`).
    case boxSelecting(BoxSelection)
    /// Press on an edge (by id) with Shift/Ctrl (`additive`) or not: a click selects it (and
    /// reports `onEdgeClick`), a drag pans.
    case pressEdge(id: String, start: Point, additive: Bool)
    /// Press on a reconnect grip; becomes `.reconnecting` after 1 point of movement.
    case pressGrip(ReconnectDrag, start: Point)
    /// Dragging a reconnect grip, with its connection line (`FlowCanvas.connection`).
    case reconnecting(ReconnectDrag, ConnectionInProgress)
    /// Dragging a `NodeResizer` grip; `baseline` is the graph at its start (one undo step).
    case resizing(ResizeDrag, baseline: GraphSnapshot<NodeData, EdgeData>)
    /// Press on a `Button`; its action runs when the release is over it too.
    case pressButton(ButtonPress)
    /// A press or drag on a control inside a node, or in an open popup.
    case control(ControlGesture)
}

extension FlowCanvas {
    /// True while a pointer gesture is open: a press not yet released (on a node, handle, edge,
    /// grip, button or the pane), a pan, a node drag, a connection or reconnect drag, a selection
    /// box or a resize.
    public var isGestureInProgress: Bool {
        if case .idle = interaction.gesture { return false }
        return true
    }
}

/// A reconnect gesture: which edge, which of its ends moves, and the handle of the end that stays.
struct ReconnectDrag {
    var edgeId: String
    var moving: HandleType
    var fixed: HandleRef
}

/// Identifies a handle across registry rebuilds: its node id and handle id.
struct HandleRef: Hashable {
    var nodeId: String
    var id: String
}

/// A node drag: which nodes (the one under the pointer first), where they started, and the flow
/// point under the pointer at the press.
struct NodeDrag {
    var ids: [String]
    var startPositions: [Point]
    var startFlow: Point
    /// Absolute top-left of the node under the pointer at the start (snapToGrid snaps it).
    var primaryStart: Point
    /// The drag delta (flow units) that keeps every dragged node inside its extents.
    var limits: DeltaLimits
}

/// The range a drag or nudge delta may take (flow units); always contains zero.
struct DeltaLimits {
    var min = Point(x: -Double.infinity, y: -Double.infinity)
    var max = Point(x: Double.infinity, y: Double.infinity)

    func clamp(_ d: Point) -> Point {
        Point(x: Swift.min(Swift.max(d.x, min.x), max.x), y: Swift.min(Swift.max(d.y, min.y), max.y))
    }
}

/// The connection being dragged (handles.md §5).
public struct ConnectionInProgress: Hashable {
    /// The handle the drag started from.
    public var from: HandleEntry
    /// Registry index of `from`.
    public var fromIndex: Int
    /// The pointer, flow units.
    public var pointer: Point
    /// The valid handle the line snaps to, if any.
    public var snapped: HandleEntry?
    /// The normalised connection a drop would make now (nil when not snapped).
    public var proposed: Connection?
    /// True when the pointer is over a handle that is not a valid end (the line shows the invalid style).
    public var overInvalidHandle: Bool
}
