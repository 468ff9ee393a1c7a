import Foundation

/// Imports ComfyUI / LiteGraph workflow files (version 0.4 and 1) as a `FlowDocument`
/// (`format` `.comfyUI`; `ComfyUIExport` saves it back).
///
/// Mapping (flow units are LiteGraph canvas units):
/// - Each node → `Node` with id `String(node.id)`, type "comfyui", position `(pos.x, pos.y − 30)`
///   and size `(size.w, size.h + 30)`, so LiteGraph's 30-unit title bar (drawn above `pos`) is
///   inside the node; a collapsed node (`flags.collapsed`) is 30 high and as wide as its title
///   (estimated, as LiteGraph draws it), at most its saved width; a pinned node
///   (`flags.pinned`) has `draggable` false. A `Reroute` node is a
///   `rerouteSize` dot centred on LiteGraph's box, with its one input and one output at its centre
///   line.
/// - Handles: input slot `i` → target handle `"in\(i)"` on `.left` at x 0; output slot `j` → source
///   handle `"out\(j)"` on `.right` at x = width; both at y = 30 + (row + 0.7)·20 (LiteGraph's slot
///   spacing; the row is the slot's index, less the rowless widget inputs before an input), or 15
///   when collapsed. Colour by slot type (`ComfyUIPalette`). Nodes without slots
///   get an empty `handles` list.
/// - `data`: `label` (title, else the subgraph definition's `name` when the type is a subgraph id,
///   else the type), `comfyType`, `subgraph` (the definition id, for subgraph instances), `inputs`/
///   `outputs` (`[{name, type}]`, name = the slot's label when set), `color`/`bgcolor` (when
///   present), `mode` (0 always, 2 muted, 4 bypassed), `collapsed`, `widgets` (one
///   `ComfyUIWidget.json` per widget: name, index, kind, choices, bounds, seed control, slot,
///   linked; see `widgets(of:objectInfo:isSubgraphInstance:)`), `widgets_values` (a copy of the
///   file's, which the node view's controls edit and `ComfyUIExport` saves) and the original node
///   object under `comfyui`. An unlinked typed widget input (`inputs[i].widget`, no `link`) takes
///   no slot row: its handle sits on its widget's row (`ComfyUIWidgetLayout`), and its `inputs`
///   entry has `widget: true`; other inputs take the rows in order.
/// - Group `k` → node id `"group-\(k)"`, type "group", from `bounding [x, y, w, h]`, data
///   `{label: title, color, comfyui: original}`, zIndex −1, no handles. Group nodes come first in
///   `nodes` (parents before children, as React Flow wants). Members are found by bounding box as
///   ComfyUI's frontend does (a node whose centre lies inside the group's bounding; a group lying
///   wholly inside another): each gets the smallest such group as `parentId`, with its position
///   made relative to it, so that moving a group moves its members.
/// - Link → `Edge` with id `String(link id)`, sourceHandle `"out\(originSlot)"`, targetHandle
///   `"in\(targetSlot)"`, style stroke = the type's colour, strokeWidth 2, data `{type, comfyui:
///   original link}`. Links to missing nodes or slots are kept, with a `FlowDiagnostic.fileWarning`;
///   null entries are skipped with a warning.
/// - `extra.ds {scale, offset}` → viewport `(offset.x·scale, offset.y·scale, zoom: scale)`
///   (LiteGraph draws screen = (flow + offset)·scale); a product beyond ±1e15 leaves the
///   viewport nil, with a warning.
/// - `pos`, `size`, `bounding` and `extra.ds.offset` numbers must lie within ±1e15
///   (`FlowFileError.invalidValue` otherwise).
/// - Every other top-level member (`version`, `extra`, `definitions`, `last_node_id`, …) is kept in
///   `FlowDocument.extra`.
public enum ComfyUIImport {
    /// Height of LiteGraph's node title bar, flow units: 30.
    public static let titleHeight = 30.0
    /// Vertical distance between slots, flow units: 20.
    public static let slotHeight = 20.0
    /// Diameter of a Reroute node's dot, flow units: 16.
    public static let rerouteSize = 16.0
    /// The `type` given to imported workflow nodes: "comfyui".
    public static let nodeType = "comfyui"

    /// True for a top-level object with a `links` array and a `nodes` array whose entries have `pos`.
    public static func isWorkflow(_ json: JSONValue) -> Bool {
        guard json["links"]?.arrayValue != nil, let nodes = json["nodes"]?.arrayValue else { return false }
        return nodes.isEmpty || nodes.contains { $0["pos"] != nil }
    }

    /// Decodes workflow JSON text; `objectInfo` (a ComfyUI server's node types) names and types
    /// the widgets the file does not describe itself. Throws `FlowFileError.malformedJSON` or
    /// `.invalidValue`.
    public static func decode(_ bytes: [UInt8], file: String, objectInfo: ComfyUIObjectInfo? = nil) throws -> FlowDocument {
        try decode(FlowFile.parseJSON(bytes, file: file), file: file, objectInfo: objectInfo)
    }

    /// Decodes a parsed workflow (see the type's documentation for the mapping), with widget
    /// names and kinds from `objectInfo` where the file does not give them.
    /// Throws `FlowFileError.invalidValue` naming the path, e.g. `nodes[2].pos`.
    public static func decode(_ json: JSONValue, file: String, objectInfo: ComfyUIObjectInfo? = nil) throws -> FlowDocument {
        let root = try JSONCursor(json, file: file).asObject()
        var doc = try decodeGraph(root, subgraphNames: subgraphNames(root), extraNodes: [], objectInfo: objectInfo)
        if let ds = try root.optionalObject("extra")?.optionalObject("ds") {
            if let viewport = try viewport(ds: ds) {
                doc.viewport = viewport
            } else {
                doc.diagnostics.append(.fileWarning("\(file): \(ds.path): offset × scale is beyond ±1e15; the view is fitted instead"))
            }
        }
        return doc
    }

    /// The viewport of `extra.ds` `{scale, offset}` (see the type's documentation), or nil when
    /// offset × scale lies beyond ±1e15. Throws `FlowFileError.invalidValue` for a malformed `ds`.
    static func viewport(ds: JSONCursor) throws -> Viewport? {
        let scale = try ds.double("scale")
        guard scale > 0 else { throw ds.mismatch("a positive number", key: "scale") }
        let offset = try numbers(try ds.member("offset", expected: "[x, y]"), count: 2)
        let viewport = Viewport(x: offset[0] * scale, y: offset[1] * scale, zoom: scale)
        return abs(viewport.x) <= JSONCursor.maxCoordinate && abs(viewport.y) <= JSONCursor.maxCoordinate ? viewport : nil
    }

    /// Subgraph definition ids → names, from `definitions.subgraphs`.
    static func subgraphNames(_ root: JSONCursor) throws -> [String: String] {
        var names: [String: String] = [:]
        for sg in try root.optionalObject("definitions")?.optionalArray("subgraphs") ?? [] {
            if let id = try sg.optionalString("id"), let name = try sg.optionalString("name") { names[id] = name }
        }
        return names
    }

    /// The nodes, groups and links of a workflow or subgraph object `graph`; `extraNodes` (a
    /// subgraph's input and output nodes) are added before the links are checked. Members other
    /// than `nodes`, `links` and `groups` go to `extra`.
    static func decodeGraph(_ graph: JSONCursor, subgraphNames: [String: String], extraNodes: [Node<JSONValue>],
                            objectInfo: ComfyUIObjectInfo?) throws -> FlowDocument {
        var doc = FlowDocument(format: .comfyUI)
        var members: [Node<JSONValue>] = []
        var slotCounts: [String: (inputs: Int, outputs: Int)] = [:]
        for c in try graph.array("nodes") { members.append(try decodeNode(c, subgraphNames: subgraphNames, objectInfo: objectInfo)) }
        members += extraNodes
        for node in members where slotCounts[node.id] == nil {
            slotCounts[node.id] = (node.data["inputs"]?.arrayValue?.count ?? 0, node.data["outputs"]?.arrayValue?.count ?? 0)
        }
        let groups = try (graph.optionalArray("groups") ?? []).enumerated().map { try decodeGroup($1, index: $0) }
        doc.nodes = ComfyUIGroups.nest(groups: groups, members: members)
        for c in try graph.array("links") {
            if c.value == .null {
                doc.diagnostics.append(.fileWarning("\(c.file): \(c.path) is null; skipped"))
                continue
            }
            let link = try decodeLink(c)
            if let problem = link.problem(slotCounts) {
                doc.diagnostics.append(.fileWarning("\(c.file): \(c.path): link \(link.id.messageExcerpt()): \(problem)"))
            }
            doc.edges.append(link.edge(original: c.value))
        }
        for (key, value) in graph.value.objectValue!.members where !["nodes", "links", "groups"].contains(key) {
            doc.extra[key] = value
        }
        return doc
    }

    // MARK: Nodes

    /// Where LiteGraph's node box (`pos`, `size`) is drawn as a SwiftFlow node: top-left (flow
    /// units, absolute) and size, per the type's documentation. `ComfyUIExport` uses it to find
    /// how far a node was moved or resized; collapsing a node (`ComfyUIMenus`) to find its new frame.
    public static func frame(type: String, pos: [Double], size: [Double], collapsed: Bool, label: String) -> Rect {
        if type == "Reroute" {
            return Rect(x: pos[0] + size[0] / 2 - rerouteSize / 2, y: pos[1] + size[1] / 2 - rerouteSize / 2,
                        width: rerouteSize, height: rerouteSize)
        }
        // LiteGraph draws a collapsed node as wide as its title plus two title heights; the
        // title width is estimated at 8.4 units per character (its 14-unit font).
        let width = collapsed ? min(size[0], Double(label.count) * 8.4 + 2 * titleHeight) : size[0]
        return Rect(x: pos[0], y: pos[1] - titleHeight, width: width, height: collapsed ? titleHeight : size[1] + titleHeight)
    }

    /// The frame of an original LiteGraph node object as imported (see `frame(type:pos:size:collapsed:label:)`).
    static func frame(ofOriginal c: JSONCursor, subgraphNames: [String: String]) throws -> Rect {
        let type = try c.optionalString("type") ?? ""
        let pos = try numbers(try c.member("pos", expected: "[x, y]"), count: 2)
        let size = try numbers(try c.member("size", expected: "[width, height]"), count: 2)
        let collapsed = try c.optionalObject("flags")?.optionalBool("collapsed") ?? false
        let label = try c.optionalString("title") ?? subgraphNames[type] ?? type
        return frame(type: type, pos: pos, size: size, collapsed: collapsed, label: label)
    }

    private static func decodeNode(_ c: JSONCursor, subgraphNames: [String: String], objectInfo: ComfyUIObjectInfo?) throws -> Node<JSONValue> {
        let id = try nodeId(try c.member("id", expected: "a node id"))
        let type = try c.optionalString("type") ?? ""
        let box = try frame(ofOriginal: c, subgraphNames: subgraphNames)
        let collapsed = try c.optionalObject("flags")?.optionalBool("collapsed") ?? false
        let inputs = try slots(c, "inputs"), outputs = try slots(c, "outputs")
        let label = try c.optionalString("title") ?? subgraphNames[type] ?? type
        var data = JSONObject()
        data["label"] = .string(label)
        data["comfyType"] = .string(type)
        if subgraphNames[type] != nil { data["subgraph"] = .string(type) }
        data["color"] = try c.optionalString("color").map(JSONValue.string)
        data["bgcolor"] = try c.optionalString("bgcolor").map(JSONValue.string)
        data["mode"] = .number(Double(try c.optionalInt("mode") ?? 0))
        data["collapsed"] = .bool(collapsed)
        let found = widgets(of: c.value, objectInfo: objectInfo, isSubgraphInstance: subgraphNames[type] != nil)
        data["widgets"] = .array(found.map(\.json))
        if let values = c.value["widgets_values"], values != .null { data["widgets_values"] = values }
        data["comfyui"] = c.value
        // An unlinked typed widget input has no slot row: its handle sits on its widget's row.
        let rowless = Dictionary(found.enumerated().compactMap { k, w in w.isShown ? w.slot.map { ($0, k) } : nil },
                                 uniquingKeysWith: { a, _ in a })
        let rows = max(inputs.count - rowless.count, outputs.count)
        let layout = ComfyUIWidgetLayout.rows(found, slotRows: rows, nodeHeight: box.height)
        let widgetY = inputs.indices.map { i in rowless[i].flatMap { layout[$0] }.map { $0.y + ComfyUIWidgetLayout.rowHeight / 2 } }
        var node = slotNode(id: id, frame: box, inputs: inputs, outputs: outputs, collapsed: collapsed || type == "Reroute", data: data,
                            widgetY: widgetY)
        // A pinned node (`flags.pinned`) does not move, as in ComfyUI.
        if try c.optionalObject("flags")?.optionalBool("pinned") == true { node.draggable = false }
        return node
    }

    /// A "comfyui" node at `frame` with handles for its slots and `inputs`/`outputs` in its data.
    /// Slots sit on LiteGraph's rows, or all on the centre line when `compact` (collapsed, Reroute);
    /// an input with a `widgetY` sits there instead, takes no row and is marked `widget: true`.
    /// `data` gets `inputs`/`outputs` (`[{name, type}]`); `label`, `comfyType`, `subgraph`,
    /// `inputs` and `outputs` lead its members, the others follow in their order. How node
    /// templates (`ComfyUINodeCatalog`) make new workflow nodes as the importer would.
    public static func slotNode(id: String, frame: Rect, inputs: [(name: String, type: String)], outputs: [(name: String, type: String)],
                                collapsed compact: Bool, data: JSONObject, widgetY: [Double?] = []) -> Node<JSONValue> {
        func slotY(_ i: Int) -> Double { compact ? min(titleHeight, frame.height) / 2 : titleHeight + (Double(i) + 0.7) * slotHeight }
        var row = 0
        var handles = inputs.enumerated().map { i, slot in
            var y = slotY(row)
            if i < widgetY.count, let w = widgetY[i] { y = compact ? slotY(0) : w } else { row += 1 }
            return NodeHandle(id: "in\(i)", type: .target, position: .left, x: 0, y: y, color: ComfyUIPalette.color(type: slot.type))
        }
        handles += outputs.enumerated().map { j, slot in
            NodeHandle(id: "out\(j)", type: .source, position: .right, x: frame.width, y: slotY(j),
                       color: ComfyUIPalette.color(type: slot.type))
        }
        var data = data
        func list(_ slots: [(name: String, type: String)], rowless: (Int) -> Bool = { _ in false }) -> JSONValue {
            .array(slots.enumerated().map { i, slot in
                var o = JSONObject([("name", .string(slot.name)), ("type", .string(slot.type))])
                if rowless(i) { o["widget"] = .bool(true) }
                return .object(o)
            })
        }
        data["inputs"] = list(inputs, rowless: { $0 < widgetY.count && widgetY[$0] != nil })
        data["outputs"] = list(outputs)
        let ordered = JSONObject(["label", "comfyType", "subgraph", "inputs", "outputs"].compactMap { k in data[k].map { (k, $0) } }
                                 + data.members.filter { !["label", "comfyType", "subgraph", "inputs", "outputs"].contains($0.key) })
        return Node(id: id, position: frame.origin, data: .object(ordered), type: nodeType,
                    width: frame.width, height: frame.height, handles: handles)
    }

    /// The slots of `key` ("inputs" / "outputs"): display name (label, else name) and type ("*" when not a string).
    static func slots(_ c: JSONCursor, _ key: String) throws -> [(name: String, type: String)] {
        try (c.optionalArray(key) ?? []).map { slot in
            let name = try slot.optionalString("label") ?? slot.optionalString("name") ?? ""
            return (name, slot.value["type"]?.stringValue ?? "*")
        }
    }

    private static func decodeGroup(_ c: JSONCursor, index: Int) throws -> Node<JSONValue> {
        let b = try numbers(try c.member("bounding", expected: "[x, y, width, height]"), count: 4)
        var data = JSONObject([("label", .string(try c.optionalString("title") ?? "Group"))])
        data["color"] = try c.optionalString("color").map(JSONValue.string)
        data["comfyui"] = c.value
        return Node(id: "group-\(index)", position: Point(x: b[0], y: b[1]), data: .object(data), type: "group",
                    width: b[2], height: b[3], zIndex: -1)
    }

    // MARK: Links

    /// A LiteGraph link: `[id, originId, originSlot, targetId, targetSlot, type]`.
    struct Link {
        var id: String, origin: String, originSlot: Int, target: String, targetSlot: Int, type: String

        /// The edge; `original` (the link as in the file) is kept in its data.
        func edge(original: JSONValue) -> Edge<JSONValue> {
            Edge(id: id, source: origin, target: target, sourceHandle: "out\(originSlot)", targetHandle: "in\(targetSlot)",
                 data: .object(JSONObject([("type", .string(type)), ("comfyui", original)])),
                 style: EdgeStyle(stroke: ComfyUIPalette.color(type: type), strokeWidth: 2))
        }

        /// Why the link's endpoints do not exist, or nil when they do.
        func problem(_ counts: [String: (inputs: Int, outputs: Int)]) -> String? {
            let originName = origin.messageExcerpt(), targetName = target.messageExcerpt()
            guard let o = counts[origin] else { return "origin node \(originName) does not exist" }
            guard let t = counts[target] else { return "target node \(targetName) does not exist" }
            if originSlot < 0 || originSlot >= o.outputs { return "origin node \(originName) has no output slot \(originSlot)" }
            if targetSlot < 0 || targetSlot >= t.inputs { return "target node \(targetName) has no input slot \(targetSlot)" }
            return nil
        }
    }

    /// Reads a link from its array form or its object form (`id`, `origin_id`, `origin_slot`, …).
    static func decodeLink(_ c: JSONCursor) throws -> Link {
        let fields: [JSONCursor]
        if c.value.arrayValue != nil {
            fields = try c.elements()
            guard fields.count >= 5 else { throw c.mismatch("[id, originId, originSlot, targetId, targetSlot, type]") }
        } else {
            fields = try ["id", "origin_id", "origin_slot", "target_id", "target_slot"].map {
                try c.member($0, expected: $0.hasSuffix("slot") ? "an integer" : "an id")
            }
        }
        let type = (fields.count > 5 ? fields[5].value : c.value["type"])?.stringValue ?? "*"
        return Link(id: try nodeId(fields[0]), origin: try nodeId(fields[1]), originSlot: try fields[2].asInt(),
                    target: try nodeId(fields[3]), targetSlot: try fields[4].asInt(), type: type)
    }

    // MARK: Values

    /// A node or link id: an integer (written in decimal) or a string.
    static func nodeId(_ c: JSONCursor) throws -> String {
        if let s = c.value.stringValue { return s }
        guard c.value.doubleValue != nil else { throw c.mismatch("an id (integer or string)") }
        return String(try c.asInt())
    }

    /// `count` coordinates (numbers within ±1e15) from an array (`[x, y, …]`) or LiteGraph's
    /// typed-array object (`{"0": x, "1": y, …}`).
    static func numbers(_ c: JSONCursor, count: Int) throws -> [Double] {
        let expected = count == 2 ? "[x, y]" : "an array of \(count) numbers"
        if c.value.arrayValue != nil {
            let elements = try c.elements()
            guard elements.count >= count else { throw c.mismatch(expected) }
            return try elements.prefix(count).map { try $0.asCoordinate() }
        }
        guard c.value.objectValue != nil else { throw c.mismatch(expected) }
        return try (0..<count).map { try c.coordinate(String($0)) }
    }
}
