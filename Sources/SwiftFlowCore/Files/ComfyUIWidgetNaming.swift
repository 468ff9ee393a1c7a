extension ComfyUIImport {
    /// The widgets of a workflow node object (see `ComfyUIWidget`), one per `widgets_values`
    /// entry but for seed controls (a seed's `control` index) and upload buttons (kind `.upload`).
    ///
    /// Names and kinds come from the first source that accounts for the values, entry by entry with
    /// matching JSON types: the node's typed widget inputs (`inputs[i].widget.name` with `type`;
    /// only when they cover every value — older files list just the widgets converted to inputs),
    /// else `objectInfo`'s widget inputs for the node's type (values past them are inferred), else
    /// the keys of `widgets_values` (an object) or `widgets_values_named` (as many as the values),
    /// else the index. object_info adds choices, bounds and `multiline` by name whatever the
    /// source. An INT followed by one of `controlChoices` takes it as its `control` when
    /// object_info says `control_after_generate`, or without object_info when its name contains
    /// "seed" or it is named by its index (`widgets_values_named` lists the control as
    /// "control_after_generate"). Kinds not declared are inferred from the value: a number an INT
    /// when integral, else a FLOAT; a Bool a BOOLEAN; a string a STRING; anything else `.other`. A
    /// STRING is multi-line when object_info says so, when its value holds a newline, for a Note's
    /// text, and (when object_info does not describe it) when it is named "text" or ends in
    /// "prompt", or holds more than 80 characters. A subgraph instance's widget inputs are promoted
    /// from inside it and are not used for names. O(inputs + values).
    static func widgets(of node: JSONValue, objectInfo: ComfyUIObjectInfo?, isSubgraphInstance: Bool) -> [ComfyUIWidget] {
        let raw = node["widgets_values"]
        let values: [JSONValue], keys: [String]?
        if let a = raw?.arrayValue {
            values = a; keys = nil
        } else if let o = raw?.objectValue {
            values = o.members.map(\.value); keys = o.keys
        } else {
            return []
        }
        let type = node["type"]?.stringValue ?? ""
        let info = objectInfo?[type]
        let infoByName = Dictionary((info?.inputs ?? []).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // The typed widget inputs: slot, name, declared kind, driven by a link.
        let inputs = node["inputs"]?.arrayValue ?? []
        let fileWidgets: [(slot: Int, name: String, kind: ComfyUIWidget.Kind?, linked: Bool)] = inputs.enumerated().compactMap { i, input in
            guard let name = input["widget"]?["name"]?.stringValue else { return nil }
            let linked = input["link"].map { $0 != .null } ?? false
            return (i, name, input["type"]?.stringValue.flatMap(declaredKind), linked)
        }
        var declared: [Declared]? = nil
        if let keys {
            declared = keys.map { k in Declared(name: k, kind: infoByName[k].flatMap { declaredKind($0.type) }) }
        }
        if declared == nil, !isSubgraphInstance, !fileWidgets.isEmpty {
            let list = fileWidgets.map { w in
                Declared(name: w.name, kind: w.kind ?? infoByName[w.name].flatMap { declaredKind($0.type) },
                         control: info == nil ? w.name.lowercased().contains("seed") : infoByName[w.name]?.controlAfterGenerate ?? false,
                         upload: infoByName[w.name]?.hasUpload ?? false)
            }
            if let widgets = assign(list, values: values, keys: keys, requireAll: true) { return finish(widgets) }
        }
        if declared == nil, let info {
            let list = info.widgets.map { Declared(name: $0.name, kind: declaredKind($0.type), control: $0.controlAfterGenerate, upload: $0.hasUpload) }
            if let widgets = assign(list, values: values, keys: keys, requireAll: false) { return finish(widgets) }
        }
        if declared == nil, let named = node["widgets_values_named"]?.objectValue, named.members.count == values.count {
            declared = named.keys.map { Declared(name: $0, kind: nil) }
        }
        // Named by index: an integer followed by a control choice is taken for a seed and its control.
        let list = declared ?? values.indices.map { _ in Declared(name: nil, kind: nil, control: true) }
        var widgets = assign(list, values: values, keys: keys, requireAll: false)
            ?? assign(list.map { Declared(name: $0.name, kind: nil) }, values: values, keys: keys, requireAll: false) ?? []
        if type == "Note" || type == "MarkdownNote", !widgets.isEmpty, widgets[0].kind == .string { widgets[0].multiline = true }
        return finish(widgets)

        /// Adds object_info's choices and bounds, and the typed widget inputs' slots, by name.
        func finish(_ list: [ComfyUIWidget]) -> [ComfyUIWidget] {
            list.map { w in
                var w = w
                if let i = infoByName[w.name], i.isWidget, declaredKind(i.type) == w.kind {
                    w.options = i.options; w.min = i.min; w.max = i.max; w.step = i.step; w.round = i.round
                    w.multiline = w.multiline || i.multiline
                } else if w.kind == .string {
                    // Without object_info: a prompt by its name ("text", "…prompt") or its length.
                    let name = w.name.lowercased()
                    w.multiline = w.multiline || name == "text" || name.hasSuffix("prompt") || (values[w.index].stringValue?.count ?? 0) > 80
                }
                if let input = fileWidgets.first(where: { $0.name == w.name }), w.kind != .upload {
                    w.slot = input.slot
                    w.linked = input.linked
                }
                return w
            }
        }
    }

    /// A widget as a source declares it: name (nil: its value's index), kind (nil: infer from the
    /// value), and whether a seed control or an upload value may follow it.
    private struct Declared {
        var name: String?
        var kind: ComfyUIWidget.Kind?
        var control = false
        var upload = false
    }

    /// The kind a type string declares: INT, FLOAT, STRING, BOOLEAN, COMBO; nil for others.
    private static func declaredKind(_ type: String) -> ComfyUIWidget.Kind? {
        switch type {
        case "INT": return .int
        case "FLOAT": return .float
        case "STRING": return .string
        case "BOOLEAN": return .boolean
        case "COMBO": return .combo
        default: return nil
        }
    }

    /// Walks `values` with `declared`; nil when a value's JSON type does not fit its declared
    /// kind, or (`requireAll`) when values are left over. Values past `declared` are inferred
    /// and named by index.
    private static func assign(_ declared: [Declared], values: [JSONValue], keys: [String]?, requireAll: Bool) -> [ComfyUIWidget]? {
        var widgets: [ComfyUIWidget] = []
        var v = 0
        func isControl(_ value: JSONValue) -> Bool { value.stringValue.map(ComfyUIWidget.controlChoices.contains) ?? false }
        for d in declared {
            guard v < values.count else { break }
            let value = values[v]
            if d.name == "control_after_generate", let last = widgets.last, last.kind == .int, last.control == nil, isControl(value) {
                widgets[widgets.count - 1].control = v   // widgets_values_named lists the seed's control by this name
                v += 1
                continue
            }
            if let kind = d.kind, !fits(value, kind) { return nil }
            var w = ComfyUIWidget(name: d.name ?? keys?[v] ?? String(v), index: v, key: keys?[v], kind: d.kind ?? inferredKind(value),
                                  multiline: value.stringValue?.contains("\n") ?? false)
            v += 1
            if d.control, w.kind == .int, v < values.count, isControl(values[v]) { w.control = v; v += 1 }
            widgets.append(w)
            if d.upload, v < values.count, values[v].stringValue != nil {
                widgets.append(ComfyUIWidget(name: "upload", index: v, key: keys?[v], kind: .upload))
                v += 1
            }
        }
        if requireAll && v < values.count { return nil }
        for i in v..<max(v, values.count) {
            widgets.append(ComfyUIWidget(name: keys?[i] ?? String(i), index: i, key: keys?[i], kind: inferredKind(values[i]),
                                         multiline: values[i].stringValue?.contains("\n") ?? false))
        }
        return widgets
    }

    /// Whether `value` can be the value of a widget of `kind` (null fits every kind).
    private static func fits(_ value: JSONValue, _ kind: ComfyUIWidget.Kind) -> Bool {
        switch (kind, value) {
        case (_, .null): return true
        case (.int, .number), (.float, .number), (.boolean, .bool), (.string, .string), (.upload, .string): return true
        case (.combo, .string), (.combo, .number), (.combo, .bool): return true
        case (.other, _): return true
        default: return false
        }
    }

    /// The kind a value suggests (see `widgets(of:objectInfo:isSubgraphInstance:)`).
    private static func inferredKind(_ value: JSONValue) -> ComfyUIWidget.Kind {
        switch value {
        case .number(let d): return d == d.rounded() && abs(d) < 9.0e15 ? .int : .float
        case .bool: return .boolean
        case .string: return .string
        default: return .other
        }
    }
}
