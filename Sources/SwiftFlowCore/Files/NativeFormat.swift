/// SwiftFlow's native file format: React Flow's `toObject()` shape `{nodes, edges, viewport}`.
///
/// Node fields: `id` (string, required), `position {x, y}` (required, finite), `data` (any JSON,
/// default `{}`), `type` (default "default"), `width`/`height` (else React Flow's `measured`),
/// `selected`, `hidden`, `draggable`, `selectable`, `connectable`, `deletable`, `zIndex`, `parentId`
/// (or v11's `parentNode`), `extent` ("parent" or `[[x0, y0], [x1, y1]]`),
/// `sourcePosition`/`targetPosition` ("left", "top", "right", "bottom") and `handles`
/// (`[{id, type: "source"|"target", position, x?, y?, isConnectable?, color?}]`).
/// Edge fields: `id`, `source`, `target` (required), `sourceHandle`/`targetHandle` (string or null),
/// `type` ("default"/"bezier", "simplebezier", "straight", "step", "smoothstep"; anything else
/// loads as bezier with a warning), `label`, `animated`, `markerStart`/`markerEnd` ("arrow",
/// "arrowclosed" or `{type, color, width, height}`), `selected`, `hidden`, `deletable`,
/// `reconnectable`, `zIndex`, `interactionWidth`, `style {stroke, strokeWidth}`, `data` (default null).
/// `edges` may be missing; `viewport {x, y, zoom}` is optional (zoom > 0). Colours are CSS hex;
/// other colour syntax loads as nil with a warning.
///
/// Nothing is dropped: duplicate ids and edges naming missing nodes or handles load as they are
/// (the canvas reports them), and fields SwiftFlow does not know (a node's `style`, `className`, …)
/// are kept in `data[extraFieldsKey]` and written back on save — as are an unknown edge type and
/// style members other than `stroke`/`strokeWidth`.
public enum NativeFormat {
    /// The member of an object `data` that keeps a node's or edge's unknown fields: `"_extra"`.
    public static let extraFieldsKey = "_extra"

    /// Decodes a document from UTF-8 JSON text. Throws `FlowFileError.malformedJSON` or `.invalidValue`;
    /// `file` names the file in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws -> FlowDocument {
        try decode(FlowFile.parseJSON(bytes, file: file), file: file)
    }

    /// Decodes a parsed document. Throws `FlowFileError.invalidValue` naming the path of the bad value.
    public static func decode(_ json: JSONValue, file: String) throws -> FlowDocument {
        let root = try JSONCursor(json, file: file).asObject()
        var doc = FlowDocument()
        for node in try root.array("nodes") { doc.nodes.append(try decodeNode(node, diagnostics: &doc.diagnostics)) }
        for edge in try root.optionalArray("edges") ?? [] { doc.edges.append(try decodeEdge(edge, diagnostics: &doc.diagnostics)) }
        if let v = try root.optionalObject("viewport") {
            doc.viewport = Viewport(x: try v.double("x"), y: try v.double("y"), zoom: try positive(v, "zoom"))
        }
        return doc
    }

    static let nodeKeys: Set<String> = ["id", "position", "data", "type", "width", "height", "measured", "selected",
        "hidden", "draggable", "selectable", "connectable", "deletable", "zIndex", "parentId", "parentNode", "extent",
        "sourcePosition", "targetPosition", "handles"]
    static let edgeKeys: Set<String> = ["id", "source", "target", "sourceHandle", "targetHandle", "type", "label",
        "animated", "markerStart", "markerEnd", "selected", "hidden", "deletable", "reconnectable", "zIndex",
        "interactionWidth", "style", "data"]

    private static func decodeNode(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> Node<JSONValue> {
        let id = try c.string("id")
        let p = try c.object("position")
        let measured = try c.optionalObject("measured")
        var node = Node(id: id, position: Point(x: try p.double("x"), y: try p.double("y")),
                        data: c.value["data"] ?? .object(JSONObject()),
                        type: try c.optionalString("type") ?? "default")
        node.width = try c.optionalDouble("width") ?? measured?.optionalDouble("width")
        node.height = try c.optionalDouble("height") ?? measured?.optionalDouble("height")
        node.selected = try c.optionalBool("selected") ?? false
        node.hidden = try c.optionalBool("hidden") ?? false
        node.draggable = try c.optionalBool("draggable")
        node.selectable = try c.optionalBool("selectable")
        node.connectable = try c.optionalBool("connectable")
        node.deletable = try c.optionalBool("deletable") ?? true
        node.zIndex = try c.optionalInt("zIndex") ?? 0
        node.parentId = try c.optionalString("parentId") ?? c.optionalString("parentNode")
        node.extent = try c.optionalMember("extent").map(decodeExtent)
        node.sourcePosition = try c.optionalEnum("sourcePosition", Position.self) ?? .right
        node.targetPosition = try c.optionalEnum("targetPosition", Position.self) ?? .left
        node.handles = try c.optionalArray("handles")?.map { try decodeHandle($0, nodeId: id, diagnostics: &diagnostics) }
        node.data = attach(unknownMembers(of: c, known: nodeKeys), to: node.data, at: c, diagnostics: &diagnostics)
        return node
    }

    private static func decodeExtent(_ c: JSONCursor) throws -> NodeExtent {
        if c.value == .string("parent") { return .parent }
        guard let corners = c.value.arrayValue, corners.count == 2 else { throw c.mismatch("\"parent\" or [[x0, y0], [x1, y1]]") }
        let points = try c.elements().map { corner -> Point in
            let xy = try corner.elements()
            guard xy.count == 2 else { throw corner.mismatch("[x, y]") }
            return Point(x: try xy[0].asDouble(), y: try xy[1].asDouble())
        }
        return .rect(Rect(corner: points[0], corner: points[1]))
    }

    private static func decodeHandle(_ c: JSONCursor, nodeId: String,
                                     diagnostics: inout [FlowDiagnostic]) throws -> NodeHandle {
        guard let type = try c.optionalEnum("type", HandleType.self) else { throw c.mismatch("\"source\" or \"target\"", key: "type") }
        return NodeHandle(id: try c.optionalString("id") ?? "", type: type,
                          position: try c.optionalEnum("position", Position.self) ?? (type == .source ? .right : .left),
                          x: try c.optionalDouble("x"), y: try c.optionalDouble("y"),
                          color: try color(c, "color", diagnostics: &diagnostics),
                          isConnectable: try c.optionalBool("isConnectable") ?? true)
    }

    private static func decodeEdge(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> Edge<JSONValue> {
        let id = try c.string("id")
        var extras = unknownMembers(of: c, known: edgeKeys)
        var edge = Edge(id: id, source: try c.string("source"), target: try c.string("target"),
                        sourceHandle: try c.optionalString("sourceHandle"), targetHandle: try c.optionalString("targetHandle"),
                        data: c.value["data"] ?? .null)
        if let type = try c.optionalString("type") {
            if let known = type == "bezier" ? .bezier : EdgeType(rawValue: type) {
                edge.type = known
            } else {
                extras["type"] = .string(type)
                diagnostics.append(.fileWarning("\(c.file): \(c.path(of: "type")): unknown edge type '\(type)'; drawn as bezier"))
            }
        }
        edge.label = try c.optionalString("label")
        edge.animated = try c.optionalBool("animated") ?? false
        edge.markerStart = try c.optionalMember("markerStart").map { try decodeMarker($0, diagnostics: &diagnostics) }
        edge.markerEnd = try c.optionalMember("markerEnd").map { try decodeMarker($0, diagnostics: &diagnostics) }
        edge.selected = try c.optionalBool("selected") ?? false
        edge.hidden = try c.optionalBool("hidden") ?? false
        edge.deletable = try c.optionalBool("deletable") ?? true
        edge.reconnectable = try c.optionalBool("reconnectable") ?? true
        edge.zIndex = try c.optionalInt("zIndex") ?? 0
        edge.interactionWidth = try c.optionalDouble("interactionWidth") ?? 20
        if let style = try c.optionalObject("style") {
            edge.style.stroke = try color(style, "stroke", diagnostics: &diagnostics)
            edge.style.strokeWidth = try style.optionalDouble("strokeWidth") ?? 1
            var rest = style.value.objectValue!
            rest["strokeWidth"] = nil
            if edge.style.stroke != nil { rest["stroke"] = nil }
            if !rest.members.isEmpty { extras["style"] = .object(rest) }
        }
        edge.data = attach(extras, to: edge.data, at: c, diagnostics: &diagnostics)
        return edge
    }

    private static func decodeMarker(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> EdgeMarker {
        let expected = "\"arrow\", \"arrowclosed\" or {type, color, width, height}"
        if let s = c.value.stringValue {
            guard let type = MarkerType(rawValue: s) else { throw c.mismatch(expected) }
            return EdgeMarker(type: type)
        }
        guard c.value.objectValue != nil else { throw c.mismatch(expected) }
        let typeName = try c.string("type")
        guard let type = MarkerType(rawValue: typeName) else { throw c.mismatch("\"arrow\" or \"arrowclosed\"", key: "type") }
        return EdgeMarker(type: type, color: try color(c, "color", diagnostics: &diagnostics),
                          width: try c.optionalDouble("width") ?? 12.5, height: try c.optionalDouble("height") ?? 12.5)
    }

    /// A CSS hex colour member; other colour syntax gives nil and a warning.
    private static func color(_ c: JSONCursor, _ key: String, diagnostics: inout [FlowDiagnostic]) throws -> Color? {
        guard let text = try c.optionalString(key) else { return nil }
        guard let color = Color(css: text) else {
            diagnostics.append(.fileWarning("\(c.file): \(c.path(of: key)): colour '\(text)' is not CSS hex; using the theme colour"))
            return nil
        }
        return color
    }

    private static func positive(_ c: JSONCursor, _ key: String) throws -> Double {
        let value = try c.double(key)
        guard value > 0 else { throw c.mismatch("a positive number", key: key) }
        return value
    }

    /// The members of object `c` whose keys are not in `known`, in order.
    private static func unknownMembers(of c: JSONCursor, known: Set<String>) -> JSONObject {
        JSONObject(c.value.objectValue!.members.filter { !known.contains($0.key) })
    }

    /// `data` with `extras` merged into its `extraFieldsKey` member (null data becomes an object);
    /// when `data` is another kind of value the extras are not kept and a warning says so.
    private static func attach(_ extras: JSONObject, to data: JSONValue, at c: JSONCursor,
                               diagnostics: inout [FlowDiagnostic]) -> JSONValue {
        guard !extras.members.isEmpty else { return data }
        var object: JSONObject
        switch data {
        case .null: object = JSONObject()
        case .object(let o): object = o
        default:
            let names = extras.keys.joined(separator: ", ")
            diagnostics.append(.fileWarning("\(c.file): \(c.path): fields \(names) not kept (data is not an object)"))
            return data
        }
        var merged = object[extraFieldsKey]?.objectValue ?? JSONObject()
        for (key, value) in extras.members { merged[key] = value }
        object[extraFieldsKey] = .object(merged)
        return .object(object)
    }
}
