import SwiftFlowCore

/// A connection point on a node's border (handles.md §1).
///
/// Laid out like any view (it occupies `theme.handleSize` square in its stack); after layout its
/// centre moves onto the node's border on its `position` side: the coordinate along that border
/// comes from the layout, the one across it is the border line. That centre is the anchor where
/// edges attach and snapping measures from. It is recorded in the frame's `HandleRegistry`.
public struct Handle: View, PrimitiveView {
    /// Id of the node whose view contains the handle, as given to `init(nodeId:id:…)`; empty when
    /// made by `init(id:…)`. The canvas registers a handle with the node whose view places it,
    /// whatever this says.
    public let nodeId: String
    /// Unique within the node; a second handle with the same id is ignored with a diagnostic.
    public let id: String
    public let type: HandleType
    public let position: Position
    /// Fill colour; nil uses `theme.handleColor`.
    public let color: Color?
    /// False removes the hit target: the handle neither starts nor ends connections.
    public let isConnectable: Bool

    /// Creates a handle. `type` defaults to `.source`, `isConnectable` to true.
    public init(nodeId: String, id: String, type: HandleType = .source, position: Position,
                color: Color? = nil, isConnectable: Bool = true) {
        self.nodeId = nodeId; self.id = id; self.type = type; self.position = position
        self.color = color; self.isConnectable = isConnectable
    }

    /// Creates a handle of the node whose view places it, as React Flow's `<Handle>` takes its node
    /// from the custom node around it. `type` defaults to `.source`, `isConnectable` to true.
    public init(id: String, type: HandleType = .source, position: Position, color: Color? = nil, isConnectable: Bool = true) {
        self.init(nodeId: "", id: id, type: type, position: position, color: color, isConnectable: isConnectable)
    }

    public func _build(into builder: inout LayoutBuilder) {
        builder.append(handle: HandleSpec(id: id, type: type, position: position, color: color, isConnectable: isConnectable))
    }
}
