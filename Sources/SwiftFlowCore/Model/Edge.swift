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
///
/// Storage is compact (a graph may hold millions of edges): the flags share one byte, and the
/// styling fields most edges leave at their defaults (the label and its styles, the markers,
/// `style`, `zIndex`, `interactionWidth`) live in one shared, immutable box (`EdgeRareFields`) that
/// is absent while they all are; setting one of them makes a new box (O(1), one allocation).
/// Edges copied from one edge share its box. `MemoryLayout<Edge<JSONValue>>.stride` is 112 bytes.
public struct Edge<Data> {
    public var id: String
    public var source: String
    public var target: String
    /// nil attaches to the source node's first source handle (handles.md §3).
    public var sourceHandle: String?
    /// nil attaches to the target node's first target handle.
    public var targetHandle: String?
    public var data: Data
    public var type: EdgeType
    /// `selected`, `hidden`, `deletable`, `reconnectable`, `animated` and `selectable` (`EdgeFlags`).
    private var flags: EdgeFlags
    private var rare: Box<EdgeRareFields>?


    /// Text drawn at the path's label point.
    public var label: String? {
        get { rare?.value.label }
        set { updateRare { $0.label = newValue } }
    }
    /// Text colour and size of the label (React Flow's `labelStyle`).
    public var labelStyle: EdgeLabelStyle {
        get { rare?.value.labelStyle ?? EdgeLabelStyle() }
        set { updateRare { $0.labelStyle = newValue } }
    }
    /// Draw a rounded rectangle behind the label. Default true (React Flow's `labelShowBg`).
    public var labelShowBg: Bool {
        get { rare?.value.labelShowBg ?? true }
        set { updateRare { $0.labelShowBg = newValue } }
    }
    /// Fill of the label background (React Flow's `labelBgStyle`).
    public var labelBgStyle: EdgeLabelBgStyle {
        get { rare?.value.labelBgStyle ?? EdgeLabelBgStyle() }
        set { updateRare { $0.labelBgStyle = newValue } }
    }
    /// Padding around the label text: width horizontal, height vertical, flow units. Default
    /// (2, 4) (React Flow's `labelBgPadding` `[2, 4]`).
    public var labelBgPadding: Size {
        get { rare?.value.labelBgPadding ?? Size(width: 2, height: 4) }
        set { updateRare { $0.labelBgPadding = newValue } }
    }
    /// Corner radius of the label background, flow units. Default 2 (React Flow's `labelBgBorderRadius`).
    public var labelBgBorderRadius: Double {
        get { rare?.value.labelBgBorderRadius ?? 2 }
        set { updateRare { $0.labelBgBorderRadius = newValue } }
    }
    public var animated: Bool {
        get { flags.contains(.animated) }
        set { flags.set(.animated, newValue) }
    }
    public var markerStart: EdgeMarker? {
        get { rare?.value.markerStart }
        set { updateRare { $0.markerStart = newValue } }
    }
    public var markerEnd: EdgeMarker? {
        get { rare?.value.markerEnd }
        set { updateRare { $0.markerEnd = newValue } }
    }
    public var selected: Bool {
        get { flags.contains(.selected) }
        set { flags.set(.selected, newValue) }
    }
    /// Whether a click can select the edge; nil follows the canvas' `elementsSelectable`.
    public var selectable: Bool? {
        get { OptionalBool.decode(flags.rawValue >> EdgeFlags.selectableShift & 3) }
        set { flags.rawValue = flags.rawValue & ~(3 << EdgeFlags.selectableShift) | OptionalBool.encode(newValue) << EdgeFlags.selectableShift }
    }
    public var hidden: Bool {
        get { flags.contains(.hidden) }
        set { flags.set(.hidden, newValue) }
    }
    public var deletable: Bool {
        get { !flags.contains(.notDeletable) }
        set { flags.set(.notDeletable, !newValue) }
    }
    public var reconnectable: Bool {
        get { !flags.contains(.notReconnectable) }
        set { flags.set(.notReconnectable, !newValue) }
    }
    public var zIndex: Int {
        get { rare?.value.zIndex ?? 0 }
        set { updateRare { $0.zIndex = newValue } }
    }
    /// Width of the invisible hit area around the path, flow units. Default 20.
    public var interactionWidth: Double {
        get { rare?.value.interactionWidth ?? 20 }
        set { updateRare { $0.interactionWidth = newValue } }
    }
    public var style: EdgeStyle {
        get { rare?.value.style ?? EdgeStyle() }
        set { updateRare { $0.style = newValue } }
    }

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
        self.type = type; self.flags = []
        let rare = EdgeRareFields(label: label, labelStyle: labelStyle, labelShowBg: labelShowBg, labelBgStyle: labelBgStyle,
                              labelBgPadding: labelBgPadding, labelBgBorderRadius: labelBgBorderRadius,
                              markerStart: markerStart, markerEnd: markerEnd, zIndex: zIndex,
                              interactionWidth: interactionWidth, style: style)
        self.rare = rare == EdgeRareFields() ? nil : Box(rare)
        self.animated = animated; self.selected = selected; self.selectable = selectable
        self.hidden = hidden; self.deletable = deletable; self.reconnectable = reconnectable
    }

    /// This edge's fields with `data` in place of its data (the box of rare fields shared). O(1).
    func replacingData<T>(_ data: T) -> Edge<T> {
        Edge<T>(id: id, source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle,
                data: data, type: type, flags: flags, rare: rare)
    }

    private init(id: String, source: String, target: String, sourceHandle: String?, targetHandle: String?,
                 data: Data, type: EdgeType, flags: EdgeFlags, rare: Box<EdgeRareFields>?) {
        self.id = id; self.source = source; self.target = target; self.sourceHandle = sourceHandle
        self.targetHandle = targetHandle; self.data = data; self.type = type; self.flags = flags; self.rare = rare
    }

    /// Changes the rare fields: a new box, or none when they are all back at their defaults.
    private mutating func updateRare(_ change: (inout EdgeRareFields) -> Void) {
        var fields = rare?.value ?? EdgeRareFields()
        change(&fields)
        rare = fields == EdgeRareFields() ? nil : Box(fields)
    }

    /// The edge's endpoints as a connection.
    public var connection: Connection {
        Connection(source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle)
    }
}

extension Edge: Equatable where Data: Equatable {
    /// Field by field, as a synthesised `==` would compare the public fields.
    public static func == (a: Edge, b: Edge) -> Bool {
        a.id == b.id && a.source == b.source && a.target == b.target && a.sourceHandle == b.sourceHandle
            && a.targetHandle == b.targetHandle && a.data == b.data && a.type == b.type && a.flags == b.flags
            && Box.equal(a.rare, b.rare)
    }
}

extension Edge: Sendable where Data: Sendable {}

/// The Bool and optional-Bool fields of an edge in one byte.
struct EdgeFlags: OptionSet, Hashable, Sendable {
    var rawValue: UInt8

    static let selected = EdgeFlags(rawValue: 1 << 0)
    static let hidden = EdgeFlags(rawValue: 1 << 1)
    static let notDeletable = EdgeFlags(rawValue: 1 << 2)
    static let notReconnectable = EdgeFlags(rawValue: 1 << 3)
    static let animated = EdgeFlags(rawValue: 1 << 4)
    /// Two bits for `selectable` (`OptionalBool`).
    static let selectableShift: UInt8 = 5

    mutating func set(_ flag: EdgeFlags, _ on: Bool) { if on { insert(flag) } else { remove(flag) } }
}

/// The fields most edges leave at their defaults.
struct EdgeRareFields: Hashable, Sendable {
    var label: String?
    var labelStyle = EdgeLabelStyle()
    var labelShowBg = true
    var labelBgStyle = EdgeLabelBgStyle()
    var labelBgPadding = Size(width: 2, height: 4)
    var labelBgBorderRadius = 2.0
    var markerStart: EdgeMarker?
    var markerEnd: EdgeMarker?
    var zIndex = 0
    var interactionWidth = 20.0
    var style = EdgeStyle()
}
