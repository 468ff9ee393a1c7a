/// Fields given to every edge a connection makes (React Flow's and SwiftFlow's `defaultEdgeOptions`),
/// e.g. `FlowStore.defaultEdgeOptions`. Each default is `Edge`'s own.
public struct DefaultEdgeOptions: Hashable, Sendable {
    public var type: EdgeType
    public var animated: Bool
    public var style: EdgeStyle
    public var markerStart: EdgeMarker?
    public var markerEnd: EdgeMarker?
    public var label: String?
    public var zIndex: Int
    public var interactionWidth: Double
    public var deletable: Bool
    public var reconnectable: Bool
    /// nil follows the canvas' `elementsSelectable`.
    public var selectable: Bool?
    public var hidden: Bool

    /// Creates options; every field defaults to `Edge`'s default.
    public init(type: EdgeType = .bezier, animated: Bool = false, style: EdgeStyle = EdgeStyle(),
                markerStart: EdgeMarker? = nil, markerEnd: EdgeMarker? = nil, label: String? = nil, zIndex: Int = 0,
                interactionWidth: Double = 20, deletable: Bool = true, reconnectable: Bool = true,
                selectable: Bool? = nil, hidden: Bool = false) {
        self.type = type; self.animated = animated; self.style = style; self.markerStart = markerStart
        self.markerEnd = markerEnd; self.label = label; self.zIndex = zIndex; self.interactionWidth = interactionWidth
        self.deletable = deletable; self.reconnectable = reconnectable; self.selectable = selectable; self.hidden = hidden
    }

    /// An edge from `connection` with id `id`, `data` and these options.
    public func edge<Data>(id: String, connection: Connection, data: Data) -> Edge<Data> {
        Edge(id: id, source: connection.source, target: connection.target, sourceHandle: connection.sourceHandle,
             targetHandle: connection.targetHandle, data: data, type: type, label: label, animated: animated,
             markerStart: markerStart, markerEnd: markerEnd, selectable: selectable, hidden: hidden, deletable: deletable,
             reconnectable: reconnectable, zIndex: zIndex, interactionWidth: interactionWidth, style: style)
    }
}
