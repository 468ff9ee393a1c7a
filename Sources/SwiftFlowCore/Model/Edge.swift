/// How an edge's path is drawn (React Flow's edge types).
public enum EdgeType: String, Hashable, Sendable, Codable, CaseIterable {
    /// Cubic bezier leaving and entering along the handles' sides (React Flow `default`).
    case bezier = "default"
    case simpleBezier = "simplebezier"
    case straight
    case step
    case smoothStep = "smoothstep"
}

/// The shape of an edge-end marker.
public enum MarkerType: String, Hashable, Sendable, Codable {
    /// Two strokes meeting at the tip.
    case arrow
    /// A filled triangle.
    case arrowClosed = "arrowclosed"
}

/// A marker at one end of an edge (React Flow's `EdgeMarker`).
public struct EdgeMarker: Hashable, Sendable {
    public var type: MarkerType
    /// nil uses the edge's stroke colour.
    public var color: Color?
    /// Length along the path, flow units. Default 12.5 (React Flow's 12.5 at strokeWidth 1).
    public var width: Double
    /// Width across the path, flow units. Default 12.5.
    public var height: Double

    /// Creates a marker; sizes in flow units.
    public init(type: MarkerType, color: Color? = nil, width: Double = 12.5, height: Double = 12.5) {
        self.type = type; self.color = color; self.width = width; self.height = height
    }
}

/// Stroke style of an edge.
public struct EdgeStyle: Hashable, Sendable {
    /// nil uses the theme's edge colour.
    public var stroke: Color?
    /// Stroke width in flow units. Default 1.
    public var strokeWidth: Double

    /// Creates a style.
    public init(stroke: Color? = nil, strokeWidth: Double = 1) { self.stroke = stroke; self.strokeWidth = strokeWidth }
}

/// Text style of an edge label (React Flow's `labelStyle`).
public struct EdgeLabelStyle: Hashable, Sendable {
    /// Text colour (React Flow's `fill`); nil uses the theme's node text colour.
    public var color: Color?
    /// Font size, flow units. Default 10 (React Flow's `.react-flow__edge-text`).
    public var fontSize: Double

    /// Creates a label style.
    public init(color: Color? = nil, fontSize: Double = 10) { self.color = color; self.fontSize = fontSize }
}

/// Style of an edge label's background rectangle (React Flow's `labelBgStyle`).
public struct EdgeLabelBgStyle: Hashable, Sendable {
    /// Fill colour (React Flow's `fill`); nil uses the theme's node background.
    public var fill: Color?

    /// Creates a background style.
    public init(fill: Color? = nil) { self.fill = fill }
}

/// An edge from a source node's handle to a target node's handle, owned by the app (React Flow's `Edge`).
public struct Edge<Data> {
    public var id: String
    public var source: String
    public var target: String
    /// nil attaches to the source node's first source handle (handles.md §3).
    public var sourceHandle: String?
    /// nil attaches to the target node's first target handle.
    public var targetHandle: String?
    public var type: EdgeType
    /// Text drawn at the path's label point.
    public var label: String?
    /// Text colour and size of the label (React Flow's `labelStyle`).
    public var labelStyle: EdgeLabelStyle
    /// Draw a rounded rectangle behind the label. Default true (React Flow's `labelShowBg`).
    public var labelShowBg: Bool
    /// Fill of the label background (React Flow's `labelBgStyle`).
    public var labelBgStyle: EdgeLabelBgStyle
    /// Padding around the label text: width horizontal, height vertical, flow units. Default
    /// (2, 4) (React Flow's `labelBgPadding` `[2, 4]`).
    public var labelBgPadding: Size
    /// Corner radius of the label background, flow units. Default 2 (React Flow's `labelBgBorderRadius`).
    public var labelBgBorderRadius: Double
    public var animated: Bool
    public var markerStart: EdgeMarker?
    public var markerEnd: EdgeMarker?
    public var selected: Bool
    /// Whether a click can select the edge; nil follows the canvas' `elementsSelectable`.
    public var selectable: Bool?
    public var hidden: Bool
    public var deletable: Bool
    public var reconnectable: Bool
    public var zIndex: Int
    /// Width of the invisible hit area around the path, flow units. Default 20.
    public var interactionWidth: Double
    public var style: EdgeStyle
    public var data: Data

    /// Creates an edge; every field but the endpoints and `data` has React Flow's default.
    public init(id: String, source: String, target: String, sourceHandle: String? = nil, targetHandle: String? = nil,
                data: Data, type: EdgeType = .bezier, label: String? = nil, animated: Bool = false,
                markerStart: EdgeMarker? = nil, markerEnd: EdgeMarker? = nil, selected: Bool = false,
                selectable: Bool? = nil, hidden: Bool = false, deletable: Bool = true, reconnectable: Bool = true, zIndex: Int = 0,
                interactionWidth: Double = 20, style: EdgeStyle = EdgeStyle(), labelStyle: EdgeLabelStyle = EdgeLabelStyle(),
                labelShowBg: Bool = true, labelBgStyle: EdgeLabelBgStyle = EdgeLabelBgStyle(), labelBgPadding: Size = Size(width: 2, height: 4),
                labelBgBorderRadius: Double = 2) {
        self.id = id; self.source = source; self.target = target
        self.sourceHandle = sourceHandle; self.targetHandle = targetHandle; self.data = data
        self.type = type; self.label = label; self.animated = animated
        self.markerStart = markerStart; self.markerEnd = markerEnd; self.selected = selected; self.selectable = selectable
        self.hidden = hidden; self.deletable = deletable; self.reconnectable = reconnectable
        self.zIndex = zIndex; self.interactionWidth = interactionWidth; self.style = style
        self.labelStyle = labelStyle; self.labelShowBg = labelShowBg; self.labelBgStyle = labelBgStyle
        self.labelBgPadding = labelBgPadding; self.labelBgBorderRadius = labelBgBorderRadius
    }

    /// The edge's endpoints as a connection.
    public var connection: Connection {
        Connection(source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle)
    }
}

extension Edge: Equatable where Data: Equatable {}
extension Edge: Sendable where Data: Sendable {}
