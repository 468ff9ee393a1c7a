extension ComfyUIImport {
    /// A new "comfyui" node of the object_info node type `type`, with id `id` and its top-left at
    /// `position` (flow units), as the importer makes a loaded one (handles on LiteGraph's slot
    /// rows, `label` the display name, `comfyType`, `inputs`/`outputs`, `mode` 0, `widgets`) but
    /// without an original object, so `ComfyUIExport` writes it as a new LiteGraph node.
    ///
    /// Its inputs are the type's slot inputs (not its widgets, which ComfyUI adds as inputs
    /// itself); `widgets_values` holds each widget's `default` (else a combo's first choice, a
    /// number's `min` or 0, "" or false), "randomize" after a seed with `control_after_generate`.
    /// Size: 300 wide; as high as the title, slot rows and widget rows (a multi-line string 80)
    /// need, as `ComfyUIWidgetLayout` places them. O(inputs + outputs).
    public static func node(of type: ComfyUIObjectInfo.NodeType, id: String, at position: Point) -> Node<JSONValue> {
        var values: [JSONValue] = []
        for input in type.widgets {
            values.append(input.defaultValue ?? {
                switch input.type {
                case "INT", "FLOAT": return .number(input.min ?? 0)
                case "BOOLEAN": return .bool(false)
                case "COMBO": return input.options?.first.map(JSONValue.string) ?? .string("")
                default: return .string("")
                }
            }())
            if input.controlAfterGenerate && input.type == "INT" { values.append(.string("randomize")) }
        }
        let object = JSONValue.object(JSONObject([("type", .string(type.name)), ("widgets_values", .array(values))]))
        let widgets = widgets(of: object, objectInfo: ComfyUIObjectInfo(nodeTypes: [type]), isSubgraphInstance: false)
        let inputs = type.inputs.filter { !$0.isWidget }.map { (name: $0.name, type: $0.type) }
        let outputs = type.outputs.map { (name: $0.name, type: $0.type) }
        let rows = max(inputs.count, outputs.count)
        let widgetHeight = widgets.filter(\.isShown).reduce(0.0) { sum, w in
            sum + (w.kind == .string && w.multiline ? 80 : ComfyUIWidgetLayout.rowHeight) + ComfyUIWidgetLayout.rowGap
        }
        let height = titleHeight + 4 + Double(rows) * slotHeight + 2 + widgetHeight + 6
        var data = JSONObject([("label", .string(type.displayName)), ("comfyType", .string(type.name))])
        data["mode"] = .number(0)
        data["collapsed"] = .bool(false)
        data["widgets"] = .array(widgets.map(\.json))
        data["widgets_values"] = .array(values)
        return slotNode(id: id, frame: Rect(x: position.x, y: position.y, width: 300, height: height),
                        inputs: inputs, outputs: outputs, collapsed: false, data: data)
    }
}
