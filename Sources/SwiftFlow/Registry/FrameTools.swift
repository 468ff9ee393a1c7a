import SwiftFlowCore

/// A `NodeResizer` placed by a node view this frame.
struct FrameResizer {
    /// Index of the node in the frame's node array.
    var node: Int32
    var spec: ResizerSpec
}

/// A `NodeToolbar` placed by a node view this frame, with its content's draw ops.
struct FrameToolbar {
    var node: Int32
    var spec: ToolbarSpec
    /// Content size, screen points.
    var size: Size
    /// The content's ops in `FrameTools.ops`, toolbar-local screen points.
    var opsStart: Int
    var opsCount: Int
}

/// A `Button` placed this frame: in its node's space (`toolbar` < 0, rectangle in node-local
/// flow units) or in a toolbar's (`toolbar` = index in `FrameTools.toolbars`, rectangle in
/// toolbar-local screen points).
struct FrameButton {
    var node: Int32
    var toolbar: Int32
    var rect: Rect
    var action: () -> Void
    /// The click of a multi-click that runs it (`.onTapGesture(count:)`); 1 for a `Button`.
    var count = 1
    /// A `Button` (the pointer cursor), not a tap gesture.
    var isButton = true
    /// A `DragGesture` (`.gesture`) instead of a tap.
    var drag: DragGesture?
}

/// The resizers, toolbars, buttons and controls of the nodes laid out this frame: the per-frame
/// collection beside the `HandleRegistry`. Emptied at the start of every frame (keeping its
/// storage); nodes without these views add nothing.
struct FrameTools {
    var resizers: [FrameResizer] = []
    var toolbars: [FrameToolbar] = []
    var buttons: [FrameButton] = []
    var controls: [FrameControl] = []
    var contextMenus: [FrameContextMenu] = []
    var hovers: [FrameHover] = []
    var ops: [NodeDrawOp] = []
    /// Resizer index by node index, for the nodes that have one.
    var resizerOfNode: [Int32: Int] = [:]

    mutating func reset() {
        guard !(resizers.isEmpty && toolbars.isEmpty && buttons.isEmpty && controls.isEmpty && contextMenus.isEmpty && hovers.isEmpty) else { return }
        hovers.removeAll(keepingCapacity: true)
        controls.removeAll(keepingCapacity: true)
        contextMenus.removeAll(keepingCapacity: true)
        resizers.removeAll(keepingCapacity: true)
        toolbars.removeAll(keepingCapacity: true)
        buttons.removeAll(keepingCapacity: true)
        ops.removeAll(keepingCapacity: true)
        resizerOfNode.removeAll(keepingCapacity: true)
    }
}
