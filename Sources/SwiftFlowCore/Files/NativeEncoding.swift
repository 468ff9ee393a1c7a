extension NativeFormat {
    /// The document as native JSON: `nodes`, `edges`, (when set) `viewport`, then the kept top-level
    /// members of `extra` in their order; diagnostics are not saved.
    ///
    /// Edges always carry `sourceHandle`/`targetHandle` (null when nil); other fields are written
    /// when set or not their default. The stash in `data[extraFieldsKey]` (see the type's
    /// documentation) is written back: unknown fields as the node's or edge's own fields;
    /// `_extra.data` as `data` when `data` holds nothing else; and each known field kept from the
    /// file in place of the value written for the model, whenever decoding it gives the same model.
    /// When the whole field does not (the app changed it), its kept objects and arrays are merged
    /// member by member (array elements by index): a handle's unknown keys, a style's
    /// `strokeDasharray` or a marker's `orient` stay while changed members take their new values.
    ///
    /// So `encode(decode(file))` holds every key and value of `file` (plus defaults such as
    /// `"sourceHandle": null`), `decode(encode(decode(file)))` equals `decode(file)`, and
    /// `decode(encode(doc))` equals `doc` (diagnostics aside) when colours are CSS hex values
    /// (8 bits per channel).
    ///
    /// `FlowFile.save` writes the same text without building this tree (`NativeStreamEncoder`).
    public static func encode(_ document: FlowDocument) -> JSONValue {
        .object(JSONObject([("nodes", .array(document.nodes.map(encodeNode))), ("edges", .array(document.edges.map(encodeEdge)))]
                           + membersAfterEdges(document)))
    }

    /// The top-level members `encode` writes after `nodes` and `edges`: `viewport` when set (with
    /// the unknown members of the file's viewport kept in `extra`), then the other members of
    /// `extra` in order. O(members of `extra` × members written).
    static func membersAfterEdges(_ document: FlowDocument) -> [(String, JSONValue)] {
        var root = JSONObject([("nodes", .null), ("edges", .null)])
        if let v = document.viewport {
            var o = JSONObject([("x", .number(v.x)), ("y", .number(v.y)), ("zoom", .number(v.zoom))])
            for (key, value) in document.extra["viewport"]?.objectValue?.members ?? [] where o[key] == nil { o[key] = value }
            root["viewport"] = .object(o)
        }
        for (key, value) in document.extra.members where root[key] == nil && key != "viewport" { root[key] = value }
        return root.members.dropFirst(2).map { ($0.key, $0.value) }
    }

    /// The document as native JSON text (pretty: 2-space indent, trailing newline).
    public static func text(_ document: FlowDocument, pretty: Bool = true) -> String {
        JSONWriter.string(encode(document), pretty: pretty)
    }

    static func encodeNode(_ node: Node<JSONValue>) -> JSONValue {
        let (data, extras) = unstash(node.data, isNode: true)
        var o = encodeNodeFields(node, data: data)
        restore(extras, into: &o, order: nodeKeyOrder) { object -> Node<JSONValue>? in
            var ignored: [FlowDiagnostic] = []
            return try? decodeNodeFields(JSONCursor(.object(object), file: ""), diagnostics: &ignored)
        }
        return .object(o)
    }

    /// The node's modelled fields as written for it (no stash), with `data` in its place when given.
    static func encodeNodeFields(_ node: Node<JSONValue>, data: JSONValue?) -> JSONObject {
        var o = JSONObject()
        o["id"] = .string(node.id)
        if node.type != "default" { o["type"] = .string(node.type) }
        o["position"] = point(node.position)
        o["data"] = data
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
        return o
    }

    static func encodeHandle(_ h: NodeHandle) -> JSONValue {
        var o = JSONObject([("id", .string(h.id)), ("type", .string(h.type.rawValue)), ("position", .string(h.position.rawValue))])
        o["x"] = h.x.map(JSONValue.number)
        o["y"] = h.y.map(JSONValue.number)
        if !h.isConnectable { o["isConnectable"] = .bool(false) }
        o["color"] = h.color.map { .string($0.cssHex) }
        return .object(o)
    }

    static func encodeEdge(_ edge: Edge<JSONValue>) -> JSONValue {
        let (data, extras) = unstash(edge.data, isNode: false)
        var o = encodeEdgeFields(edge, data: data)
        restore(extras, into: &o, order: edgeKeyOrder) { object -> Edge<JSONValue>? in
            var ignored: [FlowDiagnostic] = []
            return try? decodeEdgeFields(JSONCursor(.object(object), file: ""), diagnostics: &ignored)
        }
        return .object(o)
    }

    /// The edge's modelled fields as written for it (no stash), with `data` last when given.
    static func encodeEdgeFields(_ edge: Edge<JSONValue>, data: JSONValue?) -> JSONObject {
        var o = JSONObject()
        o["id"] = .string(edge.id)
        o["source"] = .string(edge.source)
        o["target"] = .string(edge.target)
        o["sourceHandle"] = edge.sourceHandle.map(JSONValue.string) ?? .null
        o["targetHandle"] = edge.targetHandle.map(JSONValue.string) ?? .null
        if edge.type != .bezier { o["type"] = .string(edge.type.rawValue) }
        o["label"] = edge.label.map(JSONValue.string)
        var labelStyle = JSONObject()
        labelStyle["fill"] = edge.labelStyle.color.map { .string($0.cssHex) }
        if edge.labelStyle.fontSize != 10 { labelStyle["fontSize"] = .number(edge.labelStyle.fontSize) }
        if !labelStyle.members.isEmpty { o["labelStyle"] = .object(labelStyle) }
        if !edge.labelShowBg { o["labelShowBg"] = .bool(false) }
        if let fill = edge.labelBgStyle.fill { o["labelBgStyle"] = .object(JSONObject([("fill", .string(fill.cssHex))])) }
        if edge.labelBgPadding != Size(width: 2, height: 4) {
            o["labelBgPadding"] = .array([.number(edge.labelBgPadding.width), .number(edge.labelBgPadding.height)])
        }
        if edge.labelBgBorderRadius != 2 { o["labelBgBorderRadius"] = .number(edge.labelBgBorderRadius) }
        if edge.animated { o["animated"] = .bool(true) }
        o["markerStart"] = edge.markerStart.map(encodeMarker)
        o["markerEnd"] = edge.markerEnd.map(encodeMarker)
        if edge.selected { o["selected"] = .bool(true) }
        o["selectable"] = edge.selectable.map(JSONValue.bool)
        if edge.hidden { o["hidden"] = .bool(true) }
        if !edge.deletable { o["deletable"] = .bool(false) }
        if !edge.reconnectable { o["reconnectable"] = .bool(false) }
        if edge.zIndex != 0 { o["zIndex"] = .number(Double(edge.zIndex)) }
        if edge.interactionWidth != 20 { o["interactionWidth"] = .number(edge.interactionWidth) }
        let style = encodeStyle(edge.style)
        if !style.members.isEmpty { o["style"] = .object(style) }
        o["data"] = data
        return o
    }

    /// An edge's `style`: the members that are set or not their default.
    static func encodeStyle(_ style: EdgeStyle) -> JSONObject {
        var o = JSONObject()
        o["stroke"] = style.stroke.map { .string($0.cssHex) }
        if style.strokeWidth != 1 { o["strokeWidth"] = .number(style.strokeWidth) }
        return o
    }

    static func encodeMarker(_ m: EdgeMarker) -> JSONValue {
        if m.color == nil && m.width == 12.5 && m.height == 12.5 { return .string(m.type.rawValue) }
        var o = JSONObject([("type", .string(m.type.rawValue))])
        o["color"] = m.color.map { .string($0.cssHex) }
        o["width"] = .number(m.width)
        o["height"] = .number(m.height)
        return .object(o)
    }

    static func point(_ p: Point, asArray: Bool = false) -> JSONValue {
        asArray ? .array([.number(p.x), .number(p.y)]) : .object(JSONObject([("x", .number(p.x)), ("y", .number(p.y))]))
    }

    /// The `data` to write (nil: none — an edge's null or emptied stash holder) and the stash.
    private static func unstash(_ data: JSONValue, isNode: Bool) -> (JSONValue?, JSONObject?) {
        guard case .object(var object) = data, let extras = object[extraFieldsKey]?.objectValue else {
            return (isNode || data != .null ? data : nil, nil)
        }
        object[extraFieldsKey] = nil
        if object.members.isEmpty {
            if let original = extras["data"] { return (original, extras) }
            return (isNode ? .object(object) : nil, extras)
        }
        return (.object(object), extras)
    }

    /// Writes the stash `extras` back into `o`, the object written for the model. Unknown fields
    /// are added (a field already written wins); each known field's kept value replaces the written
    /// one when `meaning` (the fields decoded from an object, nil when they do not decode) stays
    /// the same, else its objects and arrays are merged member by member under the same rule.
    /// Fields are retried while any more can be restored, since one may depend on another
    /// (`"parentId": null` beside `parentNode`). Known fields end up in `order`, unknown ones after.
    private static func restore<Model: Equatable>(_ extras: JSONObject?, into o: inout JSONObject, order: [String],
                                                  meaning: (JSONObject) -> Model?) {
        guard let extras else { return }
        let known = Set(order)
        defer {
            var ordered = JSONObject(order.compactMap { key in o[key].map { (key, $0) } })
            for (key, value) in o.members where !known.contains(key) { ordered[key] = value }
            o = ordered
        }
        var pending: [(key: String, value: JSONValue)] = []
        for (key, value) in extras.members where key != "data" {
            if !known.contains(key) {
                if o[key] == nil { o[key] = value }
            } else if o[key] != value {
                pending.append((key, value))
            }
        }
        guard !pending.isEmpty, let target = meaning(o) else { return }
        func same(_ candidate: JSONValue) -> Bool { candidate.objectValue.flatMap(meaning) == target }
        // Usual case, nothing changed since loading: every kept field goes back whole at once.
        var all = o
        for (key, value) in pending { all[key] = value }
        if same(.object(all)) { o = all; return }
        var current = JSONValue.object(o)
        var progress = true
        while progress && !pending.isEmpty {
            progress = false
            pending = pending.filter { member in
                let done = merge(member.value, at: [.key(member.key)], into: &current, same: same)
                progress = progress || done
                return !done
            }
        }
        // Partial merges of fields never restored whole are in `current` too.
        o = current.objectValue!
    }

    private enum PathStep { case key(String), index(Int) }

    /// Puts `original` at `path` in `value` if `same` still holds; else merges its members (objects)
    /// or elements (arrays, by index) one by one. Returns whether `original` is there whole.
    private static func merge(_ original: JSONValue, at path: [PathStep], into value: inout JSONValue,
                              same: (JSONValue) -> Bool) -> Bool {
        let present = get(value, path)
        if present == original { return true }
        var candidate = value
        set(&candidate, path, original)
        if same(candidate) { value = candidate; return true }
        switch (original, present) {
        case (.object(let members), _):
            // Merge into the written object; a marker written as a string is shorthand for {type}.
            var trial = value
            switch present {
            case .object?: break
            case .string(let s)?: set(&trial, path, .object(JSONObject([("type", .string(s))])))
            default: set(&trial, path, .object(JSONObject()))
            }
            let start = trial
            for (key, member) in members.members { _ = merge(member, at: path + [.key(key)], into: &trial, same: same) }
            if trial != start && same(trial) { value = trial }
        case (.array(let elements), .array(let written)?):
            for i in 0..<min(elements.count, written.count) { _ = merge(elements[i], at: path + [.index(i)], into: &value, same: same) }
        default: break
        }
        return false
    }

    private static func get(_ value: JSONValue, _ path: ArraySlice<PathStep>) -> JSONValue? {
        guard let step = path.first else { return value }
        switch step {
        case .key(let k): return value[k].flatMap { get($0, path.dropFirst()) }
        case .index(let i):
            guard let a = value.arrayValue, a.indices.contains(i) else { return nil }
            return get(a[i], path.dropFirst())
        }
    }

    private static func get(_ value: JSONValue, _ path: [PathStep]) -> JSONValue? { get(value, path[...]) }

    /// Sets the member at `path` (whose parents exist: objects for keys, arrays holding the index).
    private static func set(_ value: inout JSONValue, _ path: [PathStep], _ newValue: JSONValue) { set(&value, path[...], newValue) }

    private static func set(_ value: inout JSONValue, _ path: ArraySlice<PathStep>, _ newValue: JSONValue) {
        guard let step = path.first else { value = newValue; return }
        switch (step, value) {
        case (.key(let k), .object(var o)):
            var member = o[k] ?? .null
            set(&member, path.dropFirst(), newValue)
            o[k] = member
            value = .object(o)
        case (.index(let i), .array(var a)) where a.indices.contains(i):
            set(&a[i], path.dropFirst(), newValue)
            value = .array(a)
        default: break
        }
    }
}
