/// Where a node may be dragged: inside its parent, or inside a rectangle (flow units).
public enum NodeExtent: Hashable, Sendable {
    case parent
    case rect(Rect)
}

/// A node of the graph, owned by the app (React Flow's `Node`).
///
/// Positions are flow units: `position` is the top-left corner, relative to the parent when
/// `parentId` is set. `width`/`height` fix the size when both are set; otherwise the node view
/// is measured each time it is laid out.
public struct Node<Data> {
    public var id: String
    /// Top-left corner, flow units (relative to the parent node when `parentId` is set).
    public var position: Point
    public var data: Data
    /// Key into the canvas' `nodeTypes`; built in: "default", "input", "output", "group".
    public var type: String
    /// Fixed width in flow units (used when `height` is set too).
    public var width: Double?
    /// Fixed height in flow units (used when `width` is set too).
    public var height: Double?
    public var selected: Bool
    public var hidden: Bool
    /// nil follows the canvas' `nodesDraggable`.
    public var draggable: Bool?
    /// nil follows the canvas' `elementsSelectable`.
    public var selectable: Bool?
    /// nil follows the canvas' `nodesConnectable`; false removes all of the node's hit targets.
    public var connectable: Bool?
    public var deletable: Bool
    public var zIndex: Int
    public var parentId: String?
    public var extent: NodeExtent?
    /// Side used for the source end when the node has no source handle. Default `.right`.
    public var sourcePosition: Position
    /// Side used for the target end when the node has no target handle. Default `.left`.
    public var targetPosition: Position
    /// Handles declared in data (React Flow's `node.handles`), drawn by the built-in node types.
    public var handles: [NodeHandle]?

    /// Creates a node; every field but `id`, `position` and `data` has React Flow's default.
    public init(id: String, position: Point, data: Data, type: String = "default",
                width: Double? = nil, height: Double? = nil, selected: Bool = false, hidden: Bool = false,
                draggable: Bool? = nil, selectable: Bool? = nil, connectable: Bool? = nil, deletable: Bool = true,
                zIndex: Int = 0, parentId: String? = nil, extent: NodeExtent? = nil,
                sourcePosition: Position = .right, targetPosition: Position = .left, handles: [NodeHandle]? = nil) {
        self.id = id; self.position = position; self.data = data; self.type = type
        self.width = width; self.height = height; self.selected = selected; self.hidden = hidden
        self.draggable = draggable; self.selectable = selectable; self.connectable = connectable
        self.deletable = deletable; self.zIndex = zIndex; self.parentId = parentId; self.extent = extent
        self.sourcePosition = sourcePosition; self.targetPosition = targetPosition; self.handles = handles
    }

    /// The fixed size when both `width` and `height` are set.
    public var fixedSize: Size? {
        guard let w = width, let h = height else { return nil }
        return Size(width: w, height: h)
    }
}

extension Node: Equatable where Data: Equatable {}
extension Node: Sendable where Data: Sendable {}
