/// SwiftFlow's native file format: React Flow's `toObject()` shape `{nodes, edges, viewport}`.
///
/// Coordinates and sizes (positions, `width`/`height`, `extent`, handle `x`/`y`, the viewport's
/// `x`/`y`) must lie within ±1e15 flow units (`FlowFileError.invalidValue` otherwise).
///
/// Node fields: `id` (string, required), `position {x, y}` (required, finite), `data` (any JSON,
/// default `{}`), `type` (default "default"), `width`/`height` (a fixed size; a negative one is
/// dropped with a warning, as the canvas sizes such a node by its view, and is not saved back;
/// React Flow's `measured` is not a size SwiftFlow uses and is kept as an unknown field), `selected`, `hidden`,
/// `draggable`, `selectable`, `connectable`, `deletable`, `zIndex`, `parentId` (or v11's
/// `parentNode`), `extent` ("parent" or `[[x0, y0], [x1, y1]]`), `sourcePosition`/`targetPosition`
/// ("left", "top", "right", "bottom") and `handles`
/// (`[{id, type: "source"|"target", position, x?, y?, isConnectable?, color?}]`).
/// Edge fields: `id`, `source`, `target` (required), `sourceHandle`/`targetHandle` (string or null),
/// `type` ("default"/"bezier", "simplebezier", "straight", "step", "smoothstep"; anything else
/// loads as bezier with a warning), `label`, `labelStyle {fill, fontSize}`, `labelShowBg`,
/// `labelBgStyle {fill}`, `labelBgPadding [x, y]`, `labelBgBorderRadius`, `animated`, `markerStart`/`markerEnd` ("arrow",
/// "arrowclosed" or `{type, color, width, height}`), `selected`, `selectable`, `hidden`, `deletable`,
/// `reconnectable`, `zIndex`, `interactionWidth`, `style {stroke, strokeWidth}`, `data` (default null).
/// `edges` may be missing; `viewport {x, y, zoom}` is optional (zoom > 0). Colours are CSS hex;
/// other colour syntax loads as nil with a warning. Top-level members other than `nodes`, `edges`
/// and `viewport` are kept in `FlowDocument.extra` and written back after them; a `viewport` with
/// members other than `x`, `y` and `zoom` is kept there whole, under `"viewport"`, and its unknown
/// members are written back beside the saved viewport.
///
/// A `parentId` cycle is broken with a warning: the node whose `parentId` closes it becomes a
/// top-level node (`breakParentCycles`).
///
/// Otherwise nothing of a node or edge is dropped: duplicate ids and edges naming missing nodes or handles
/// load as they are (the canvas reports them), and whatever the model cannot hold verbatim is kept
/// in the node's or edge's `data`, under `extraFieldsKey` ("the stash", a JSON object listing
/// known fields first in a fixed order, then unknown ones in file order, then `data`):
///
/// - `_extra.<name>` for a field SwiftFlow does not know (`className`, `style` of a node,
///   `measured`, `dragging`, `focusable`, …): the value as it was.
/// - `_extra.<name>` for a known field whose value in the file is not what `encode` would write
///   for the loaded model: the field as it was in the file. This covers values equal to the default
///   (`"selected": false`, `"type": "default"`), `null`s, `parentNode`, colours that are not
///   lowercase 6-digit hex (`"red"`, `"#FFF"`), an unknown edge `type`, and objects or arrays with
///   members SwiftFlow ignores: `_extra.style` (e.g. `strokeDasharray`), `_extra.markerStart` /
///   `_extra.markerEnd` (e.g. `orient`, `strokeWidth`), `_extra.handles` (the whole `handles`
///   array, e.g. with a handle's `className`), `_extra.position`.
/// - `_extra.data` for the file's `data` itself when it cannot carry the stash: when it is not an
///   object (a string, number, array or `null`), has its own `_extra` member, or is an edge's `{}`.
///   The node's or edge's `data` is then `{"_extra": {…, "data": original}}`. An edge's explicit
///   `"data": null` is kept this way even without other extras.
///
/// Nodes and edges with nothing to keep get exactly the file's `data` (no stash). On save
/// (`encode`), unknown fields are written back beside the known ones, `_extra.data` (when `data`
/// holds nothing else) is written as `data`, and each kept known field is written back as it was
/// wherever that does not change what the field means — so an unchanged node or edge saves every
/// key and value of the file, and one the app changed saves its new values with the untouched
/// parts (a handle's `className`, a style's `strokeDasharray`) kept; see `encode(_:)`.
public enum NativeFormat {
    /// The member of a node's or edge's `data` object that keeps what the model cannot hold
    /// (see the type's documentation): `"_extra"`.
    public static let extraFieldsKey = "_extra"

    /// Decodes a document from UTF-8 JSON text. Throws `FlowFileError.malformedJSON` or `.invalidValue`;
    /// `file` names the file in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws -> FlowDocument {
        if let document = NativeStreamDecoder.decode(bytes, file: file) { return document }
        return try decode(FlowFile.parseJSON(bytes, file: file), file: file)
    }

    /// Decodes a parsed document. Throws `FlowFileError.invalidValue` naming the path of the bad value.
    public static func decode(_ json: JSONValue, file: String) throws -> FlowDocument {
        let root = try JSONCursor(json, file: file).asObject()
        var doc = FlowDocument()
        let nodes = try root.array("nodes"), edges = try root.optionalArray("edges") ?? []
        doc.nodes.reserveCapacity(nodes.count)   // no copies of a growing array of a million nodes
        doc.edges.reserveCapacity(edges.count)
        for node in nodes { doc.nodes.append(try decodeNode(node, diagnostics: &doc.diagnostics)) }
        doc.diagnostics += breakParentCycles(&doc.nodes, file: file)
        for edge in edges { doc.edges.append(try decodeEdge(edge, diagnostics: &doc.diagnostics)) }
        try decodeViewportAndExtra(root, into: &doc)
        return doc
    }

    /// Reads the `viewport` of document object `root` and keeps its other top-level members
    /// (`nodes` and `edges` aside) in `doc.extra`, in order.
    static func decodeViewportAndExtra(_ root: JSONCursor, into doc: inout FlowDocument) throws {
        if let v = try root.optionalObject("viewport") {
            doc.viewport = Viewport(x: try v.coordinate("x"), y: try v.coordinate("y"), zoom: try positive(v, "zoom"))
            if let object = v.value.objectValue, object.keys.contains(where: { !["x", "y", "zoom"].contains($0) }) {
                doc.extra["viewport"] = v.value
            }
        }
        for (key, value) in root.value.objectValue!.members where !["nodes", "edges", "viewport"].contains(key) {
            doc.extra[key] = value
        }
    }

    /// The node fields SwiftFlow interprets, in the order `encode` writes them and the stash keeps
    /// them; any other member is an unknown field.
    static let nodeKeyOrder = ["id", "type", "position", "data", "width", "height", "selected", "hidden", "draggable",
        "selectable", "connectable", "deletable", "zIndex", "parentId", "parentNode", "extent", "sourcePosition",
        "targetPosition", "handles"]
    static let nodeKeys = Set(nodeKeyOrder)
    /// The edge fields SwiftFlow interprets, in the order `encode` writes them and the stash keeps
    /// them; any other member is an unknown field.
    static let edgeKeyOrder = ["id", "source", "target", "sourceHandle", "targetHandle", "type", "label",
        "labelStyle", "labelShowBg", "labelBgStyle", "labelBgPadding", "labelBgBorderRadius", "animated",
        "markerStart", "markerEnd", "selected", "selectable", "hidden", "deletable", "reconnectable", "zIndex",
        "interactionWidth", "style", "data"]
    static let edgeKeys = Set(edgeKeyOrder)

    static func decodeNode(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> Node<JSONValue> {
        var node = try decodeNodeFields(c, diagnostics: &diagnostics)
        let fields = node
        node.data = stashed(c, known: nodeKeyOrder, isNode: true, writtenAsIs: nodeMemberIsWrittenAsIs) {
            encodeNodeFields(fields, data: nil)
        }
        // After the stash, which then keeps nothing of it: the dropped size is not saved back.
        for (key, size) in [("width", \Node<JSONValue>.width), ("height", \.height)] {
            guard let value = node[keyPath: size], value < 0 else { continue }
            diagnostics.append(.fileWarning("\(c.file): \(c.path(of: key)): negative size \(JSONWriter.numberText(value)); "
                + "ignored, the node is sized by its view"))
            node[keyPath: size] = nil
        }
        return node
    }

    /// The node's modelled fields; `data` is null (`decodeNode` fills it in).
    static func decodeNodeFields(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> Node<JSONValue> {
        let id = try c.string("id")
        let p = try c.object("position")
        var node = Node(id: id, position: Point(x: try p.coordinate("x"), y: try p.coordinate("y")), data: JSONValue.null,
                        type: try c.optionalString("type") ?? "default")
        node.width = try c.optionalCoordinate("width")
        node.height = try c.optionalCoordinate("height")
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
        node.handles = try c.optionalArray("handles")?.map { try decodeHandle($0, diagnostics: &diagnostics) }
        return node
    }

    private static func decodeExtent(_ c: JSONCursor) throws -> NodeExtent {
        if c.value == .string("parent") { return .parent }
        guard let corners = c.value.arrayValue, corners.count == 2 else { throw c.mismatch("\"parent\" or [[x0, y0], [x1, y1]]") }
        let points = try c.elements().map { corner -> Point in
            let xy = try corner.elements()
            guard xy.count == 2 else { throw corner.mismatch("[x, y]") }
            return Point(x: try xy[0].asCoordinate(), y: try xy[1].asCoordinate())
        }
        return .rect(Rect(corner: points[0], corner: points[1]))
    }

    static func decodeHandle(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> NodeHandle {
        guard let type = try c.optionalEnum("type", HandleType.self) else { throw c.mismatch("\"source\" or \"target\"", key: "type") }
        return NodeHandle(id: try c.optionalString("id") ?? "", type: type,
                          position: try c.optionalEnum("position", Position.self) ?? (type == .source ? .right : .left),
                          x: try c.optionalCoordinate("x"), y: try c.optionalCoordinate("y"),
                          color: try color(c, "color", diagnostics: &diagnostics),
                          isConnectable: try c.optionalBool("isConnectable") ?? true)
    }

    static func decodeEdge(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> Edge<JSONValue> {
        var edge = try decodeEdgeFields(c, diagnostics: &diagnostics)
        let fields = edge
        edge.data = stashed(c, known: edgeKeyOrder, isNode: false, writtenAsIs: edgeMemberIsWrittenAsIs) {
            encodeEdgeFields(fields, data: nil)
        }
        return edge
    }

    /// The edge's modelled fields; `data` is null (`decodeEdge` fills it in).
    static func decodeEdgeFields(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> Edge<JSONValue> {
        var edge = Edge(id: try c.string("id"), source: try c.string("source"), target: try c.string("target"),
                        sourceHandle: try c.optionalString("sourceHandle"), targetHandle: try c.optionalString("targetHandle"),
                        data: JSONValue.null)
        if let type = try c.optionalString("type") {
            if let known = type == "bezier" ? .bezier : EdgeType(rawValue: type) {
                edge.type = known
            } else {
                diagnostics.append(.fileWarning("\(c.file): \(c.path(of: "type")): unknown edge type '\(type.messageExcerpt())'; drawn as bezier"))
            }
        }
        edge.label = try c.optionalString("label")
        if let style = try c.optionalObject("labelStyle") {
            edge.labelStyle.color = try color(style, "fill", diagnostics: &diagnostics)
            edge.labelStyle.fontSize = try style.optionalDouble("fontSize") ?? 10
        }
        edge.labelShowBg = try c.optionalBool("labelShowBg") ?? true
        if let bg = try c.optionalObject("labelBgStyle") { edge.labelBgStyle.fill = try color(bg, "fill", diagnostics: &diagnostics) }
        if let padding = try c.optionalArray("labelBgPadding") {
            guard padding.count == 2 else { throw c.mismatch("[horizontal, vertical]", key: "labelBgPadding") }
            edge.labelBgPadding = Size(width: try padding[0].asDouble(), height: try padding[1].asDouble())
        }
        edge.labelBgBorderRadius = try c.optionalDouble("labelBgBorderRadius") ?? 2
        edge.animated = try c.optionalBool("animated") ?? false
        edge.markerStart = try c.optionalMember("markerStart").map { try decodeMarker($0, diagnostics: &diagnostics) }
        edge.markerEnd = try c.optionalMember("markerEnd").map { try decodeMarker($0, diagnostics: &diagnostics) }
        edge.selected = try c.optionalBool("selected") ?? false
        edge.selectable = try c.optionalBool("selectable")
        edge.hidden = try c.optionalBool("hidden") ?? false
        edge.deletable = try c.optionalBool("deletable") ?? true
        edge.reconnectable = try c.optionalBool("reconnectable") ?? true
        edge.zIndex = try c.optionalInt("zIndex") ?? 0
        edge.interactionWidth = try c.optionalDouble("interactionWidth") ?? 20
        if let style = try c.optionalObject("style") { edge.style = try decodeStyle(style, diagnostics: &diagnostics) }
        return edge
    }

    /// An edge's `style {stroke, strokeWidth}`.
    static func decodeStyle(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> EdgeStyle {
        EdgeStyle(stroke: try color(c, "stroke", diagnostics: &diagnostics), strokeWidth: try c.optionalDouble("strokeWidth") ?? 1)
    }

    static func decodeMarker(_ c: JSONCursor, diagnostics: inout [FlowDiagnostic]) throws -> EdgeMarker {
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
    static func color(_ c: JSONCursor, _ key: String, diagnostics: inout [FlowDiagnostic]) throws -> Color? {
        guard let text = try c.optionalString(key) else { return nil }
        guard let color = Color(css: text) else {
            diagnostics.append(.fileWarning("\(c.file): \(c.path(of: key)): colour '\(text.messageExcerpt())' is not CSS hex; using the theme colour"))
            return nil
        }
        return color
    }

    private static func positive(_ c: JSONCursor, _ key: String) throws -> Double {
        let value = try c.double(key)
        guard value > 0 else { throw c.mismatch("a positive number", key: key) }
        return value
    }

    /// The `data` to store for node or edge object `c`: the file's `data` (or the default), with
    /// the stash (see the type's documentation) when anything must be kept. `canonical` is what
    /// `encode` writes for the decoded fields; a known member that differs from it (member order
    /// of objects aside, which `JSONEncoder` does not keep) is kept. `canonical` is called only
    /// when a known member is not one that `writtenAsIs` says `encode` writes back unchanged (an
    /// unchanged file of the app's own saving re-encodes nothing). O(members).
    /// The stash has known fields first, in `known`'s order, then unknown fields in file order, then
    /// `data`, so that saving and loading again gives an equal stash.
    private static func stashed(_ c: JSONCursor, known: [String], isNode: Bool, writtenAsIs: (String, JSONValue) -> Bool,
                                canonical: () -> JSONObject) -> JSONValue {
        let object = c.value.objectValue!
        let knownSet = isNode ? nodeKeys : edgeKeys
        var unknown: [(String, JSONValue)] = [], knownToCompare = false
        for (key, value) in object.members where key != "data" && !writtenAsIs(key, value) {
            if knownSet.contains(key) { knownToCompare = true } else { unknown.append((key, value)) }
        }
        var extras = JSONObject()
        if knownToCompare {
            let encoded = canonical()
            for key in known where key != "data" {
                if let value = object[key], !(encoded[key].map { $0.hasSameMembers(as: value) } ?? false) { extras[key] = value }
            }
        }
        for (key, value) in unknown { extras[key] = value }
        let data = object["data"]
        let hasOwnStash = data?[extraFieldsKey] != nil
        guard !extras.members.isEmpty || hasOwnStash || (!isNode && data == .null) else {
            return data ?? (isNode ? .object(JSONObject()) : .null)
        }
        if case .object(var members)? = data, !hasOwnStash, isNode || !members.members.isEmpty {
            members[extraFieldsKey] = .object(extras)
            return .object(members)
        }
        if let data { extras["data"] = data }
        return .object(JSONObject([(extraFieldsKey, .object(extras))]))
    }

    /// Whether node member `key` holding `value`, which `decodeNodeFields` accepted, is certainly
    /// what `encodeNodeFields` writes for it (false: compare with the encoding). O(1), or O(handles).
    private static func nodeMemberIsWrittenAsIs(_ key: String, _ value: JSONValue) -> Bool {
        switch (key, value) {
        case ("id", .string), ("width", .number), ("height", .number), ("draggable", .bool), ("selectable", .bool),
             ("connectable", .bool), ("parentId", .string): return true
        case ("type", .string(let s)): return s != "default"
        case ("selected", .bool(let b)), ("hidden", .bool(let b)): return b
        case ("deletable", .bool(let b)): return !b
        case ("zIndex", .number(let d)): return d != 0
        case ("sourcePosition", .string(let s)): return s != Position.right.rawValue
        case ("targetPosition", .string(let s)): return s != Position.left.rawValue
        case ("extent", .string): return true   // only "parent" decodes
        case ("position", .object(let p)): return p.members.count == 2 && p["x"]?.doubleValue != nil && p["y"]?.doubleValue != nil
        case ("handles", .array(let handles)): return handles.allSatisfy(handleIsWrittenAsIs)
        default: return false
        }
    }

    /// Whether a handle `decodeHandle` accepted is certainly what `encodeHandle` writes for it.
    private static func handleIsWrittenAsIs(_ handle: JSONValue) -> Bool {
        guard case .object(let o) = handle, o["id"]?.stringValue != nil, o["type"]?.stringValue != nil,
              o["position"]?.stringValue != nil else { return false }
        return o.members.allSatisfy { member in
            switch (member.key, member.value) {
            case ("id", .string), ("type", .string), ("position", .string), ("x", .number), ("y", .number): return true
            case ("isConnectable", .bool(let b)): return !b
            default: return false
            }
        }
    }

    /// Whether edge member `key` holding `value`, which `decodeEdgeFields` accepted, is certainly
    /// what `encodeEdgeFields` writes for it (false: compare with the encoding). O(1).
    private static func edgeMemberIsWrittenAsIs(_ key: String, _ value: JSONValue) -> Bool {
        switch (key, value) {
        case ("id", .string), ("source", .string), ("target", .string), ("sourceHandle", .string), ("sourceHandle", .null),
             ("targetHandle", .string), ("targetHandle", .null), ("label", .string), ("selectable", .bool): return true
        case ("type", .string(let s)): return EdgeType(rawValue: s).map { $0 != .bezier } ?? false
        case ("labelShowBg", .bool(let b)), ("deletable", .bool(let b)), ("reconnectable", .bool(let b)): return !b
        case ("animated", .bool(let b)), ("selected", .bool(let b)), ("hidden", .bool(let b)): return b
        case ("zIndex", .number(let d)): return d != 0
        case ("interactionWidth", .number(let d)): return d != 20
        case ("labelBgBorderRadius", .number(let d)): return d != 2
        case ("markerStart", .string(let s)), ("markerEnd", .string(let s)): return MarkerType(rawValue: s) != nil
        default: return false
        }
    }
}
