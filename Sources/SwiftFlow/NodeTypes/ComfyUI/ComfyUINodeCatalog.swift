import SwiftFlowCore

/// Node catalogues (`NodeCatalog`, for the node search box) for imported ComfyUI workflows.
///
/// A template makes a "comfyui" node as `ComfyUIImport` would (`ComfyUIImport.slotNode`): handles
/// `in<i>` / `out<j>` on LiteGraph's slot rows, data `label` (the title), `comfyType`,
/// `subgraph` (for a subgraph instance), `inputs`, `outputs`, `mode` 0, `collapsed` false,
/// `widgets` and `widgets_values` (a workflow type's: those of its first node, whose values the new
/// node starts with; object_info's: their defaults), and no `comfyui` original, so
/// `ComfyUIExport` writes it as a new LiteGraph node with those `widgets_values`.
public enum ComfyUINodeCatalog {
    /// The catalogue of the node types in `document` (an imported workflow): one template per
    /// `comfyType`, from its first node: its title is the type (a subgraph's name for a subgraph
    /// instance, category "subgraph"), its inputs the node's input slots that are not widgets
    /// converted to inputs (no `widget` in the original slot), its outputs the node's output
    /// slots, its size the node's LiteGraph `size` (title bar added). Ordered by title, ignoring case.
    ///
    /// `slotType` reads a "comfyui" node's `inputs` / `outputs` data; `newNodeId` gives one more
    /// than the largest of the document's `last_node_id` and every integer node id, so that a new
    /// node's id lies above `last_node_id` as ComfyUI expects. With `objectInfo`, each type it
    /// lists is a template too (its display name, category and slots), making nodes with their
    /// widgets at their default values (`ComfyUIImport.node(of:id:at:)`); a type both list is
    /// object_info's. Complexity O(nodes + object_info types).
    public static func make(from document: FlowDocument, objectInfo: ComfyUIObjectInfo? = nil) -> NodeCatalog<JSONValue> {
        var seen = Set<String>()
        var templates: [NodeTemplate<JSONValue>] = []
        for type in objectInfo?.nodeTypes ?? [] where seen.insert(type.name).inserted {
            templates.append(NodeTemplate(type: type.name, title: type.displayName, category: type.category,
                                          inputs: type.inputs.filter { !$0.isWidget }.enumerated().map { NodeSlot(handle: "in\($0)", name: $1.name, type: $1.type) },
                                          outputs: type.outputs.enumerated().map { NodeSlot(handle: "out\($0)", name: $1.name, type: $1.type) }) { id, at in
                ComfyUIImport.node(of: type, id: id, at: at)
            })
        }
        for n in document.nodes where n.type == ComfyUIImport.nodeType {
            guard let type = n.data["comfyType"]?.stringValue, !type.isEmpty, seen.insert(type).inserted else { continue }
            let originalInputs = n.data["comfyui"]?["inputs"]?.arrayValue ?? []
            let inputs = slots(n.data["inputs"]).enumerated()
                .filter { i, _ in !(originalInputs.indices.contains(i) && originalInputs[i]["widget"] != nil) }.map(\.element)
            let size = originalSize(n) ?? n.fixedSize ?? Size(width: 200, height: 100)
            let subgraph = n.data["subgraph"]?.stringValue
            templates.append(template(type: type, title: subgraph != nil ? n.data["label"]?.stringValue : nil, category: subgraph != nil ? "subgraph" : "",
                                      inputs: inputs, outputs: slots(n.data["outputs"]), size: size, subgraph: subgraph,
                                      widgets: widgets(of: n)))
        }
        templates.sort { ($0.title.lowercased(), $0.title) < ($1.title.lowercased(), $1.title) }
        var catalog = NodeCatalog(templates)
        catalog.slotType = { slotType(of: $0, handle: $1) }
        let last = document.extra["last_node_id"]?.doubleValue.flatMap { $0.isFinite && abs($0) < 9e15 ? Int($0) : nil } ?? 0
        catalog.newNodeId = { NodeCatalog.nextIntegerId(after: last, in: $0) }
        return catalog
    }

    /// A template of ComfyUI node type `type` with slots `inputs` and `outputs` (name, type) on
    /// handles `in<i>` / `out<j>`, making nodes of `size` (flow units, title bar included; a
    /// Reroute is `ComfyUIImport.rerouteSize` square). `title` defaults to the type. How an
    /// `object_info` listing becomes a catalogue.
    public static func template(type: String, title: String? = nil, category: String = "", inputs: [(name: String, type: String)],
                                outputs: [(name: String, type: String)], size: Size, subgraph: String? = nil,
                                widgets: (widgets: [ComfyUIWidget], values: [JSONValue]) = ([], [])) -> NodeTemplate<JSONValue> {
        let label = title ?? type
        let reroute = type == "Reroute"
        return NodeTemplate(type: type, title: label, category: category,
                            inputs: inputs.enumerated().map { NodeSlot(handle: "in\($0)", name: $1.name, type: $1.type) },
                            outputs: outputs.enumerated().map { NodeSlot(handle: "out\($0)", name: $1.name, type: $1.type) }) { id, at in
            var data = JSONObject([("label", .string(label)), ("comfyType", .string(type))])
            data["subgraph"] = subgraph.map(JSONValue.string)
            data["mode"] = .number(0)
            data["collapsed"] = .bool(false)
            data["widgets"] = .array(widgets.widgets.map(\.json))
            if !widgets.values.isEmpty { data["widgets_values"] = .array(widgets.values) }
            let s = reroute ? Size(width: ComfyUIImport.rerouteSize, height: ComfyUIImport.rerouteSize) : size
            return ComfyUIImport.slotNode(id: id, frame: Rect(origin: at, size: s), inputs: inputs, outputs: outputs, collapsed: reroute, data: data)
        }
    }

    /// The widgets of a workflow node, for a new node of its type: their names, kinds and current
    /// values (`data.widgets_values`, an array), none bound to an input slot; none when the
    /// node's values are not an array (`widgets_values` as an object).
    static func widgets(of node: Node<JSONValue>) -> (widgets: [ComfyUIWidget], values: [JSONValue]) {
        guard let values = node.data["widgets_values"]?.arrayValue else { return ([], []) }
        let widgets = (node.data["widgets"]?.arrayValue ?? []).compactMap(ComfyUIWidget.init(json:)).map { w in
            var w = w
            w.slot = nil; w.linked = false; w.key = nil
            return w
        }
        return (widgets, values)
    }

    /// The value type of handle `in<i>` / `out<j>` of a "comfyui" node, from its `inputs` /
    /// `outputs` data; "*" for other handles.
    public static func slotType(of node: Node<JSONValue>, handle: String) -> String {
        for (prefix, key) in [("in", "inputs"), ("out", "outputs")] where handle.hasPrefix(prefix) {
            guard let i = Int(handle.dropFirst(prefix.count)), let list = node.data[key]?.arrayValue, list.indices.contains(i) else { continue }
            return list[i]["type"]?.stringValue ?? "*"
        }
        return "*"
    }

    /// The LiteGraph `size` (`[w, h]`, or a typed-array object `{"0": w, "1": h}`) of a node's
    /// original object (`data.comfyui`) with the title bar added, flow units; nil when it has none
    /// or it is not two numbers in 0..<1e6.
    static func originalSize(_ node: Node<JSONValue>) -> Size? {
        let raw = node.data["comfyui"]?["size"]
        let box = [0, 1].compactMap { k in (raw?.arrayValue.map { $0.indices.contains(k) ? $0[k] : .null } ?? raw?[String(k)])?.doubleValue }
        guard box.count == 2, box.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 1e6 }) else { return nil }
        return Size(width: box[0], height: box[1] + ComfyUIImport.titleHeight)
    }

    /// The (name, type) pairs of a node's `inputs` / `outputs` data.
    static func slots(_ list: JSONValue?) -> [(name: String, type: String)] {
        (list?.arrayValue ?? []).map { ($0["name"]?.stringValue ?? "", $0["type"]?.stringValue ?? "*") }
    }
}
