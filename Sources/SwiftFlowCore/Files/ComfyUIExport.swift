/// Saves a `FlowDocument` as a ComfyUI / LiteGraph workflow, keeping every field the importer did
/// not use, so that ComfyUI can open the result.
///
/// Rules (the inverse of `ComfyUIImport`):
/// - Top level: `nodes`, `links`, `groups`, then `document.extra` in its order (`definitions`,
///   `extra`, `version`, …). `extra.ds` is rewritten only when the viewport changed, and
///   `last_link_id` / `last_node_id` only when new links or nodes get ids above every id in use,
///   or a new node (one without `data.comfyui`) has an integer id above `last_node_id`.
/// - A node loaded from the workflow (its `data.comfyui` holds the original object) is written as
///   that object; `pos` is moved by as much as the node moved (absolute flow units, group parents
///   included), `size` changes only when the node was resized (not for collapsed or Reroute
///   nodes), `mode` and `flags.collapsed` take the values in `data` when the app changed them, as
///   do `flags.pinned`, `color` and `bgcolor` (from `data.pinned`, `data.color`, `data.bgcolor`),
///   and `widgets_values` those of `data.widgets_values` when they were edited (numbers written
///   as the importer read them: integral ones without a fraction; a `widgets_values_named` member
///   mirroring an edited entry follows it). A copy of such a node under another id (pasted,
///   duplicated) is written the same way with an id of its own (its id when it is an integer,
///   else a new one above every id in use, which its links name) and only its own links in its
///   slots.
///   Other nodes are written as new LiteGraph nodes (`id` an integer when the id is one, else a
///   new one above every id in use, which their links name; `type`
///   from `data.comfyType` or the node type, `pos`, `size` (a collapsed node's `data.expandedSize`),
///   `inputs`/`outputs` from its handles, `widgets_values` from `data.widgets_values` when it has them).
/// - Slot links: for the inputs and outputs whose links were removed, added or reconnected,
///   `inputs[i].link` and `outputs[j].links` are updated; untouched slots keep their values. A slot
///   naming a link the workflow does not have (a broken reference; 3 corpus files have one) is let
///   go too, since nothing tells it from a deleted link.
/// - A link whose edge still joins the same slots is written as it was (array or object form);
///   others (new or reconnected edges) as `[id, originId, originSlot, targetId, targetSlot, type]`
///   with a new integer id above every existing one (ComfyUI needs integer link ids) and the type
///   of the edge's `data.type`, else of its origin slot (`data.outputs`). Slots come from handle ids
///   `"out<j>"` / `"in<i>"`; an edge with other handles is left out with a warning.
/// - Groups (type "group" nodes) are written as their original object, `bounding` moved and
///   resized with the node; new group nodes as `{title, bounding, color}`.
/// - Subgraph canvases (`ComfyUIImport.subgraph(id:of:file:)`) edited by the app are written into
///   their definitions with the same per-graph rules by `writeSubgraph(id:graph:into:file:)`
///   before `encode` (`ComfyUISubgraphNavigator.writeSubgraphs(into:)` does it for the subgraphs
///   opened in a canvas).
public enum ComfyUIExport {
    /// The workflow JSON of `document` and warnings about edges that could not be written.
    /// Complexity O(nodes + edges).
    public static func encode(_ document: FlowDocument) -> (json: JSONValue, warnings: [FlowDiagnostic]) {
        var warnings: [FlowDiagnostic] = []
        let names = (try? ComfyUIImport.subgraphNames(JSONCursor(.object(document.extra), file: ""))) ?? [:]
        // New ids go above every id in use; `last_*_id` change only when a new id passes them.
        let savedLastNode = exactInt(document.extra["last_node_id"]), savedLastLink = exactInt(document.extra["last_link_id"])
        let graph = encodeGraph(nodes: document.nodes, edges: document.edges, subgraphNames: names,
                                lastNode: savedLastNode ?? 0, lastLink: savedLastLink ?? 0, objectLinks: false, warnings: &warnings)
        let lastNode = graph.lastNode, lastLink = graph.lastLink, usedNode = graph.usedNode, usedLink = graph.usedLink

        var root = JSONObject([("nodes", .array(graph.nodes)), ("links", .array(graph.links)), ("groups", .array(graph.groups))])
        for (key, value) in document.extra.members where root[key] == nil { root[key] = value }
        if lastNode > usedNode || graph.newNodeAbove || (savedLastNode == nil && lastNode > 0) { root["last_node_id"] = .number(Double(lastNode)) }
        if lastLink > usedLink || (savedLastLink == nil && lastLink > 0) { root["last_link_id"] = .number(Double(lastLink)) }
        if let v = document.viewport, v.isValid {
            let ds = JSONObject([("scale", .number(v.zoom)), ("offset", .array([.number(v.x / v.zoom), .number(v.y / v.zoom)]))])
            let old = root["extra"]?["ds"]
            let unchanged = old.flatMap { try? ComfyUIImport.viewport(ds: JSONCursor($0, file: "")) } == v
            if !unchanged {
                var extra = root["extra"]?.objectValue ?? JSONObject()
                var merged = extra["ds"]?.objectValue ?? JSONObject()
                for (k, value) in ds.members { merged[k] = value }
                extra["ds"] = .object(merged)
                root["extra"] = .object(extra)
            }
        }
        return (.object(root), warnings)
    }

    /// One graph's `nodes`, `links` and `groups` as written (the workflow's, or a subgraph
    /// definition's), the highest node and link ids after the new ones (`lastNode`, `lastLink`)
    /// and before them (`usedNode`, `usedLink`), and what the slots need: the link ids written
    /// as they were (`kept`) and the links written anew (`added`).
    struct EncodedGraph {
        var nodes: [JSONValue], links: [JSONValue], groups: [JSONValue]
        var lastNode: Int, lastLink: Int, usedNode: Int, usedLink: Int
        /// A new node (no original object) keeps an integer id above the saved last node id.
        var newNodeAbove: Bool
        var kept: Set<Double>, added: [Added]
    }

    /// Encodes the nodes and edges of one graph (the rules of the type's documentation); new ids
    /// go above `lastNode` / `lastLink` and every id in use; new links are written as objects
    /// (`{id, origin_id, origin_slot, target_id, target_slot, type}`, as subgraph definitions
    /// hold them) when `objectLinks`, else as arrays. Slots naming one of `orphans` (ids the
    /// graph's links never had) keep it. O(nodes + edges).
    static func encodeGraph(nodes graphNodes: [Node<JSONValue>], edges: [Edge<JSONValue>], subgraphNames names: [String: String],
                            lastNode startNode: Int, lastLink startLink: Int, objectLinks: Bool, orphans: Set<Double> = [],
                            warnings: inout [FlowDiagnostic]) -> EncodedGraph {
        let lookup = NodeLookup(graphNodes)
        var lastNode = startNode, lastLink = startLink
        for n in graphNodes { if let i = exactInt(Int(n.id).map { .number(Double($0)) }) { lastNode = max(lastNode, i) } }
        for e in edges { if let i = exactInt(Int(e.id).map { .number(Double($0)) }) { lastLink = max(lastLink, i) } }
        let usedNode = lastNode, usedLink = lastLink
        // A new node (no original object) keeping an integer id above `last_node_id` raises it.
        let newNodeAbove = graphNodes.contains { n in
            n.type != "group" && n.data["comfyui"] == nil && (exactInt(Int(n.id).map { .number(Double($0)) }) ?? .min) > startNode
        }
        let outputTypes = Dictionary(graphNodes.map { ($0.id, $0.data["outputs"]?.arrayValue ?? []) }, uniquingKeysWith: { a, _ in a })
        // The id a node is written with when it is not its own: a new node's whose id is not an
        // integer, and a copy of a node of the file under another id (pasted, duplicated: it
        // carries the original's object, id included) get one above every id in use (an
        // integer id of its own, when it has one); its links name that id too.
        var written: [String: JSONValue] = [:]
        for n in graphNodes where n.type != "group" && written[n.id] == nil {
            if let original = n.data["comfyui"]?.objectValue,
               (try? ComfyUIImport.nodeId(JSONCursor(original["id"] ?? .null, file: ""))) == n.id { continue }
            if let i = Int(n.id) {
                if n.data["comfyui"]?.objectValue != nil { written[n.id] = .number(Double(i)) }
                continue
            }
            lastNode += 1
            written[n.id] = .number(Double(lastNode))
        }
        func nodeId(_ id: String) -> JSONValue { written[id] ?? Self.nodeId(id) }

        // Links: kept as they were, or rebuilt (and then `added`, for the slots).
        var links: [JSONValue] = []
        var added: [Added] = []
        var unchanged = Set<String>()
        for e in edges {
            guard let originSlot = slot(e.sourceHandle, "out"), let targetSlot = slot(e.targetHandle, "in") else {
                warnings.append(.fileWarning("edge \(e.id): handles \(e.sourceHandle ?? "nil") → \(e.targetHandle ?? "nil") are not ComfyUI slots (out<j> → in<i>); not saved"))
                continue
            }
            if let original = e.data["comfyui"], let o = try? ComfyUIImport.decodeLink(JSONCursor(original, file: "")),
               o.id == e.id, o.origin == e.source, o.target == e.target, o.originSlot == originSlot, o.targetSlot == targetSlot,
               !unchanged.contains(e.id) {
                links.append(original)
                unchanged.insert(e.id)
                continue
            }
            lastLink += 1
            let id = JSONValue.number(Double(lastLink))
            // The link's type: the edge's, else its origin slot's (an edge the user just drew).
            let origin = outputTypes[e.source].flatMap { $0.indices.contains(originSlot) ? $0[originSlot]["type"]?.stringValue : nil }
            let fields: [JSONValue] = [id, nodeId(e.source), .number(Double(originSlot)), nodeId(e.target), .number(Double(targetSlot)),
                                       .string(e.data["type"]?.stringValue ?? origin ?? "*")]
            links.append(objectLinks ? .object(JSONObject(zip(linkKeys, fields).map { ($0, $1) })) : .array(fields))
            added.append(Added(link: id, origin: e.source, originSlot: originSlot, target: e.target, targetSlot: targetSlot))
        }
        // A slot naming a link that is not written as it was (removed or reconnected) lets go of it.
        let kept = Set(links.compactMap { ($0.arrayValue?.first ?? $0["id"])?.doubleValue }).union(orphans)

        // Nodes and groups.
        var nodes: [JSONValue] = [], groups: [JSONValue] = []
        for n in graphNodes {
            let origin = lookup.absolutePosition(of: n)
            if n.type == "group" {
                groups.append(group(n, origin: origin))
                continue
            }
            var object = n.data["comfyui"]?.objectValue ?? newNode(n, id: nodeId(n.id))
            if let id = written[n.id] { object["id"] = id }
            let imported = try? ComfyUIImport.frame(ofOriginal: JSONCursor(.object(object), file: ""), subgraphNames: names)
            if let imported, let pos = object["pos"].flatMap({ numbers($0, count: 2) }) {
                // Unmoved within rounding (relative positions under a group add up with an ulp of error).
                if abs(origin.x - imported.minX) > 1e-6 || abs(origin.y - imported.minY) > 1e-6 {
                    object["pos"] = .array([.number(pos[0] + origin.x - imported.minX), .number(pos[1] + origin.y - imported.minY)])
                }
                let compact = n.data["collapsed"]?.boolValue == true || object["type"]?.stringValue == "Reroute"
                if !compact, let w = n.width, let h = n.height, w != imported.width || h != imported.height {
                    object["size"] = .array([.number(w), .number(h - ComfyUIImport.titleHeight)])
                }
            } else {
                object["pos"] = .array([.number(origin.x), .number(origin.y + ComfyUIImport.titleHeight)])
            }
            if let mode = n.data["mode"], mode != (object["mode"] ?? .number(0)) { object["mode"] = mode }
            if let collapsed = n.data["collapsed"]?.boolValue, collapsed != (object["flags"]?["collapsed"]?.boolValue ?? false) {
                var flags = object["flags"]?.objectValue ?? JSONObject()
                flags["collapsed"] = collapsed ? .bool(true) : nil
                object["flags"] = .object(flags)
            }
            writeWidgetValues(&object, data: n.data)
            writeMenuEdits(n, into: &object)
            // A copy's slots name the original's links: none of them is the copy's.
            let copied = written[n.id] != nil && n.data["comfyui"]?.objectValue != nil
            updateSlots(&object, id: n.id, kept: copied ? [] : kept, added: added)
            nodes.append(.object(object))
        }

        return EncodedGraph(nodes: nodes, links: links, groups: groups, lastNode: lastNode, lastLink: lastLink,
                            usedNode: usedNode, usedLink: usedLink, newNodeAbove: newNodeAbove, kept: kept, added: added)
    }

    /// The members of a link's object form, in LiteGraph's order.
    private static let linkKeys = ["id", "origin_id", "origin_slot", "target_id", "target_slot", "type"]

    /// `flags.pinned`, `color` and `bgcolor` from `data.pinned`, `data.color`, `data.bgcolor` when
    /// they differ from the object's (`ComfyUIMenus` edits them; an absent value removes the member).
    private static func writeMenuEdits(_ n: Node<JSONValue>, into object: inout JSONObject) {
        if let pinned = n.data["pinned"]?.boolValue, pinned != (object["flags"]?["pinned"]?.boolValue ?? false) {
            var flags = object["flags"]?.objectValue ?? JSONObject()
            flags["pinned"] = pinned ? .bool(true) : nil
            object["flags"] = .object(flags)
        }
        for key in ["color", "bgcolor"] where n.data[key]?.stringValue != object[key]?.stringValue { object[key] = n.data[key] }
    }

    /// An integer JSON number of magnitude below 2^53 (so that `+ 1` stays exact), else nil.
    static func exactInt(_ v: JSONValue?) -> Int? {
        guard let d = v?.doubleValue, d == d.rounded(), abs(d) < 9_007_199_254_740_992 else { return nil }
        return Int(d)
    }

    /// The slot index in a handle id `"<prefix><index>"`.
    private static func slot(_ handle: String?, _ prefix: String) -> Int? {
        guard let h = handle, h.hasPrefix(prefix) else { return nil }
        return Int(h.dropFirst(prefix.count)).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A node id as LiteGraph writes it: an integer when it is one, else the string.
    private static func nodeId(_ id: String) -> JSONValue { Int(id).map { .number(Double($0)) } ?? .string(id) }

    /// The first `count` numbers of a LiteGraph array or typed-array object, read as the importer reads them.
    static func numbers(_ v: JSONValue, count: Int) -> [Double]? {
        try? ComfyUIImport.numbers(JSONCursor(v, file: ""), count: count)
    }

    /// A LiteGraph node for a node the workflow did not have.
    private static func newNode(_ n: Node<JSONValue>, id: JSONValue) -> JSONObject {
        // A collapsed node keeps the size it had before (`ComfyUIMenus.collapsing`).
        let kept = n.data["collapsed"]?.boolValue == true ? n.data["expandedSize"].flatMap { numbers($0, count: 2) } : nil
        let size = kept.map { Size(width: $0[0], height: $0[1]) } ?? n.fixedSize ?? Size(width: 200, height: 100)
        func slots(_ type: HandleType, _ key: String) -> JSONValue {
            let names = n.data[key]?.arrayValue ?? []
            return .array((n.handles ?? []).filter { $0.type == type }.enumerated().map { i, h in
                var o = JSONObject([("name", .string(names.indices.contains(i) ? names[i]["name"]?.stringValue ?? h.id : h.id))])
                o["type"] = .string(names.indices.contains(i) ? names[i]["type"]?.stringValue ?? "*" : "*")
                o[type == .target ? "link" : "links"] = type == .target ? .null : .array([])
                return .object(o)
            })
        }
        var o = JSONObject([("id", id), ("type", .string(n.data["comfyType"]?.stringValue ?? n.type))])
        o["pos"] = .array([.number(0), .number(0)])
        o["size"] = .array([.number(size.width), .number(max(size.height - ComfyUIImport.titleHeight, 0))])
        o["flags"] = .object(JSONObject())
        o["mode"] = .number(0)
        o["inputs"] = slots(.target, "inputs")
        o["outputs"] = slots(.source, "outputs")
        if let label = n.data["label"]?.stringValue { o["title"] = .string(label) }
        if let values = n.data["widgets_values"] { o["widgets_values"] = values }
        return o
    }

    private static func group(_ n: Node<JSONValue>, origin: Point) -> JSONValue {
        var o = n.data["comfyui"]?.objectValue ?? JSONObject([("title", .string(n.data["label"]?.stringValue ?? "Group"))])
        let size = n.fixedSize ?? Size(width: 140, height: 80)
        let bounding: [Double] = [origin.x, origin.y, size.width, size.height]
        if o["bounding"].flatMap({ numbers($0, count: 4) }) != bounding {
            o["bounding"] = .array(bounding.map(JSONValue.number))
        }
        if o["color"] == nil, let c = n.data["color"] { o["color"] = c }
        return .object(o)
    }

    /// Writes `data.widgets_values` (the values the node's controls edit) over the node's
    /// `widgets_values` when they differ; entries nobody edited are equal, so only edited ones
    /// change. A `widgets_values_named` member that mirrored an edited entry (by the widget's
    /// name, or "control_after_generate" for a seed's control) follows it.
    private static func writeWidgetValues(_ object: inout JSONObject, data: JSONValue) {
        guard let edited = data["widgets_values"], edited != (object["widgets_values"] ?? .null) else { return }
        let old = object["widgets_values"]
        object["widgets_values"] = edited
        guard var named = object["widgets_values_named"]?.objectValue, let before = old?.arrayValue, let after = edited.arrayValue,
              before.count == after.count else { return }
        let widgets = (data["widgets"]?.arrayValue ?? []).compactMap(ComfyUIWidget.init(json:))
        for i in before.indices where before[i] != after[i] {
            let name = widgets.first { $0.index == i }?.name ?? (widgets.contains { $0.control == i } ? "control_after_generate" : nil)
            if let name, named[name] == before[i] { named[name] = after[i] }
        }
        object["widgets_values_named"] = .object(named)
    }

    /// A link written anew, for the slots it joins.
    struct Added { var link: JSONValue, origin: String, originSlot: Int, target: String, targetSlot: Int }

    /// Updates `inputs[i].link` / `outputs[j].links` of node `id`: links not `kept` are let go,
    /// `added` ones joined; slots with nothing to change keep their values.
    private static func updateSlots(_ object: inout JSONObject, id: String, kept: Set<Double>, added: [Added]) {
        func stale(_ v: JSONValue) -> Bool { v.doubleValue.map { !kept.contains($0) } ?? false }
        if var inputs = object["inputs"]?.arrayValue {
            var changed = false
            for (i, input) in inputs.enumerated() {
                guard case .object(var o) = input else { continue }
                var link = o["link"] ?? .null
                if stale(link) { link = .null }
                for a in added where a.target == id && a.targetSlot == i { link = a.link }
                if link != (o["link"] ?? .null) { o["link"] = link; inputs[i] = .object(o); changed = true }
            }
            if changed { object["inputs"] = .array(inputs) }
        }
        if var outputs = object["outputs"]?.arrayValue {
            var changed = false
            for (j, output) in outputs.enumerated() {
                guard case .object(var o) = output else { continue }
                var list = o["links"]?.arrayValue ?? []
                let before = list
                list.removeAll(where: stale)
                for a in added where a.origin == id && a.originSlot == j { list.append(a.link) }
                if list != before { o["links"] = .array(list); outputs[j] = .object(o); changed = true }
            }
            if changed { object["outputs"] = .array(outputs) }
        }
    }
}
