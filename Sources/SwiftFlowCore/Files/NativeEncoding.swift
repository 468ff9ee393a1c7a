extension NativeFormat {
    /// The document as native JSON: `nodes`, `edges` and (when set) `viewport`; diagnostics are not saved.
    ///
    /// Edges always carry `sourceHandle`/`targetHandle` (null when nil); other fields are written
    /// when set or not their default. Unknown fields kept in `data[extraFieldsKey]` are written back
    /// as the node's or edge's own fields. `decode(encode(doc))` equals `doc` (diagnostics aside)
    /// when colours are CSS hex values (8 bits per channel).
    public static func encode(_ document: FlowDocument) -> JSONValue {
        var root = JSONObject()
        root["nodes"] = .array(document.nodes.map(encodeNode))
        root["edges"] = .array(document.edges.map(encodeEdge))
        if let v = document.viewport {
            root["viewport"] = .object(JSONObject([("x", .number(v.x)), ("y", .number(v.y)), ("zoom", .number(v.zoom))]))
        }
        return .object(root)
    }

    /// The document as native JSON text (pretty: 2-space indent, trailing newline).
    public static func text(_ document: FlowDocument, pretty: Bool = true) -> String {
        JSONWriter.string(encode(document), pretty: pretty)
    }

    private static func encodeNode(_ node: Node<JSONValue>) -> JSONValue {
        let (data, extras) = splitExtras(node.data)
        var o = JSONObject()
        o["id"] = .string(node.id)
        if node.type != "default" { o["type"] = .string(node.type) }
        o["position"] = point(node.position)
        o["data"] = data == .null && !(extras?.members.isEmpty ?? true) ? .object(JSONObject()) : data
        o["width"] = node.width.map(JSONValue.number)
        o["height"] = node.height.map(JSONValue.number)
        if node.selected { o["selected"] = .bool(true) }
        if node.hidden { o["hidden"] = .bool(true) }
        o["draggable"] = node.draggable.map(JSONValue.bool)
        o["selectable"] = node.selectable.map(JSONValue.bool)
        o["connectable"] = node.connectable.map(JSONValue.bool)
        if !node.deletable { o["deletable"] = .bool(false) }
        if node.zIndex != 0 { o["zIndex"] = .number(Double(node.zIndex)) }
        o["parentId"] = node.parentId.map(JSONValue.string)
        switch node.extent {
        case .parent?: o["extent"] = .string("parent")
        case .rect(let r)?: o["extent"] = .array([point(r.origin, asArray: true), point(Point(x: r.maxX, y: r.maxY), asArray: true)])
        case nil: break
        }
        if node.sourcePosition != .right { o["sourcePosition"] = .string(node.sourcePosition.rawValue) }
        if node.targetPosition != .left { o["targetPosition"] = .string(node.targetPosition.rawValue) }
        o["handles"] = node.handles.map { .array($0.map(encodeHandle)) }
        appendExtras(extras, to: &o)
        return .object(o)
    }

    private static func encodeHandle(_ h: NodeHandle) -> JSONValue {
        var o = JSONObject([("id", .string(h.id)), ("type", .string(h.type.rawValue)), ("position", .string(h.position.rawValue))])
        o["x"] = h.x.map(JSONValue.number)
        o["y"] = h.y.map(JSONValue.number)
        if !h.isConnectable { o["isConnectable"] = .bool(false) }
        o["color"] = h.color.map { .string($0.cssHex) }
        return .object(o)
    }

    private static func encodeEdge(_ edge: Edge<JSONValue>) -> JSONValue {
        var (data, extras) = splitExtras(edge.data)
        var o = JSONObject()
        o["id"] = .string(edge.id)
        o["source"] = .string(edge.source)
        o["target"] = .string(edge.target)
        o["sourceHandle"] = edge.sourceHandle.map(JSONValue.string) ?? .null
        o["targetHandle"] = edge.targetHandle.map(JSONValue.string) ?? .null
        // An unknown type read from the file is kept while the edge is still drawn as bezier.
        let unknownType = extras?["type"]
        extras?["type"] = nil
        if edge.type != .bezier { o["type"] = .string(edge.type.rawValue) } else { o["type"] = unknownType }
        o["label"] = edge.label.map(JSONValue.string)
        if edge.animated { o["animated"] = .bool(true) }
        o["markerStart"] = edge.markerStart.map(encodeMarker)
        o["markerEnd"] = edge.markerEnd.map(encodeMarker)
        if edge.selected { o["selected"] = .bool(true) }
        if edge.hidden { o["hidden"] = .bool(true) }
        if !edge.deletable { o["deletable"] = .bool(false) }
        if !edge.reconnectable { o["reconnectable"] = .bool(false) }
        if edge.zIndex != 0 { o["zIndex"] = .number(Double(edge.zIndex)) }
        if edge.interactionWidth != 20 { o["interactionWidth"] = .number(edge.interactionWidth) }
        var style = JSONObject()
        style["stroke"] = edge.style.stroke.map { .string($0.cssHex) }
        if edge.style.strokeWidth != 1 { style["strokeWidth"] = .number(edge.style.strokeWidth) }
        for (key, value) in extras?["style"]?.objectValue?.members ?? [] where style[key] == nil { style[key] = value }
        extras?["style"] = nil
        if !style.members.isEmpty { o["style"] = .object(style) }
        if data != .null { o["data"] = data }
        appendExtras(extras, to: &o)
        return .object(o)
    }

    private static func encodeMarker(_ m: EdgeMarker) -> JSONValue {
        if m.color == nil && m.width == 12.5 && m.height == 12.5 { return .string(m.type.rawValue) }
        var o = JSONObject([("type", .string(m.type.rawValue))])
        o["color"] = m.color.map { .string($0.cssHex) }
        o["width"] = .number(m.width)
        o["height"] = .number(m.height)
        return .object(o)
    }

    private static func point(_ p: Point, asArray: Bool = false) -> JSONValue {
        asArray ? .array([.number(p.x), .number(p.y)]) : .object(JSONObject([("x", .number(p.x)), ("y", .number(p.y))]))
    }

    /// `data` without its `extraFieldsKey` member, and that member's object. Data that held only
    /// the extras becomes null.
    private static func splitExtras(_ data: JSONValue) -> (JSONValue, JSONObject?) {
        guard case .object(var object) = data, let extras = object[extraFieldsKey]?.objectValue else { return (data, nil) }
        object[extraFieldsKey] = nil
        return (object.members.isEmpty ? .null : .object(object), extras)
    }

    /// Writes kept unknown fields after the known ones; a known field already written wins.
    private static func appendExtras(_ extras: JSONObject?, to o: inout JSONObject) {
        for (key, value) in extras?.members ?? [] where o[key] == nil { o[key] = value }
    }
}
