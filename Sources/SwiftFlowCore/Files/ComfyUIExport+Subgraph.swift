extension ComfyUIExport {
    /// Writes `graph` — the canvas of subgraph definition `id` as `ComfyUIImport.subgraph(id:of:file:)`
    /// gave it, edited — back into that definition in `document.extra["definitions"]["subgraphs"]`,
    /// with the same per-graph encoding as the workflow's own graph (`encode`):
    /// - `nodes`, `links` and `groups` as `encode` writes them (nodes as their original objects with
    ///   moves, resizes, modes and slot links applied; new links in the object form subgraph
    ///   definitions use, with ids above the definition's `state.lastLinkId` and every id in it;
    ///   `groups` written when the definition had them or the graph has some);
    /// - the input node (id "-10") and output node (id "-20"): `inputNode.bounding` /
    ///   `outputNode.bounding` when they were moved or resized, and the `linkIds` of the
    ///   definition's `inputs[i]` / `outputs[j]` for links from input slot `i` / to output slot `j`
    ///   that were removed or added;
    /// - `state.lastNodeId` / `state.lastLinkId` when a new id passes them.
    /// Every other member of the definition stays as it was. Returns warnings about edges that
    /// could not be written.
    ///
    /// Throws `FlowFileError.invalidValue` (path `definitions.subgraphs`) when the document has no
    /// definition `id`. O(nodes + edges) of the graph, plus O(definitions) to find it.
    @discardableResult
    public static func writeSubgraph(id: String, graph: FlowDocument, into document: inout FlowDocument, file: String = "") throws -> [FlowDiagnostic] {
        guard var definitions = document.extra["definitions"]?.objectValue, var list = definitions["subgraphs"]?.arrayValue,
              let k = list.firstIndex(where: { $0["id"]?.stringValue == id }), var sg = list[k].objectValue else {
            throw FlowFileError.invalidValue(file: file, path: "definitions.subgraphs", expected: "a subgraph with id \(id)", found: "none")
        }
        var warnings: [FlowDiagnostic] = []
        let names = (try? ComfyUIImport.subgraphNames(JSONCursor(.object(document.extra), file: ""))) ?? [:]
        let io: Set<String> = [ComfyUIImport.subgraphInputNodeId, ComfyUIImport.subgraphOutputNodeId]
        func isIO(_ n: Node<JSONValue>) -> Bool { io.contains(n.id) && n.data["comfyui"] == nil }
        var state = sg["state"]?.objectValue
        let orphans = orphanLinkIds(sg)
        let encoded = encodeGraph(nodes: graph.nodes.filter { !isIO($0) }, edges: graph.edges, subgraphNames: names,
                                  lastNode: exactInt(state?["lastNodeId"]) ?? 0,
                                  lastLink: max(exactInt(state?["lastLinkId"]) ?? 0, orphans.compactMap { exactInt(.number($0)) }.max() ?? 0),
                                  objectLinks: true, orphans: orphans, warnings: &warnings)
        sg["nodes"] = .array(encoded.nodes)
        sg["links"] = .array(encoded.links)
        if sg["groups"] != nil || !encoded.groups.isEmpty { sg["groups"] = .array(encoded.groups) }
        for n in graph.nodes where isIO(n) {
            let key = n.id == ComfyUIImport.subgraphInputNodeId ? "inputNode" : "outputNode"
            guard var box = sg[key]?.objectValue, let size = n.fixedSize else { continue }
            let bounding = [n.position.x, n.position.y + ComfyUIImport.titleHeight, size.width, size.height - ComfyUIImport.titleHeight]
            // Unchanged within rounding (the import added and took away the title height).
            let old = box["bounding"].flatMap { numbers($0, count: 4) }
            if old == nil || zip(old!, bounding).contains(where: { abs($0 - $1) > 1e-6 }) {
                box["bounding"] = .array(bounding.map(JSONValue.number))
                sg[key] = .object(box)
            }
        }
        updateLinkIds(&sg, "inputs", kept: encoded.kept, added: encoded.added) { a, i in a.origin == ComfyUIImport.subgraphInputNodeId && a.originSlot == i }
        updateLinkIds(&sg, "outputs", kept: encoded.kept, added: encoded.added) { a, j in a.target == ComfyUIImport.subgraphOutputNodeId && a.targetSlot == j }
        for (key, last, raised) in [("lastNodeId", encoded.lastNode, encoded.lastNode > encoded.usedNode || encoded.newNodeAbove),
                                    ("lastLinkId", encoded.lastLink, encoded.lastLink > encoded.usedLink)] where raised {
            state = state ?? JSONObject()
            state?[key] = .number(Double(last))
        }
        if let state { sg["state"] = .object(state) }
        list[k] = .object(sg)
        definitions["subgraphs"] = .array(list)
        document.extra["definitions"] = .object(definitions)
        return warnings
    }

    /// The link ids that the definition's slots name (node `inputs[i].link`, `outputs[j].links`,
    /// its own `inputs` / `outputs` `linkIds`) but its `links` do not have: broken references
    /// the file came with, which the slots keep (nothing deleted them).
    private static func orphanLinkIds(_ sg: JSONObject) -> Set<Double> {
        let links = Set((sg["links"]?.arrayValue ?? []).compactMap { ($0.arrayValue?.first ?? $0["id"])?.doubleValue })
        var named: [JSONValue] = []
        for node in sg["nodes"]?.arrayValue ?? [] {
            named += (node["inputs"]?.arrayValue ?? []).compactMap { $0["link"] }
            named += (node["outputs"]?.arrayValue ?? []).flatMap { $0["links"]?.arrayValue ?? [] }
        }
        for key in ["inputs", "outputs"] { named += (sg[key]?.arrayValue ?? []).flatMap { $0["linkIds"]?.arrayValue ?? [] } }
        return Set(named.compactMap(\.doubleValue)).subtracting(links)
    }

    /// Updates the `linkIds` of the definition's `inputs` or `outputs` (`key`): ids not `kept`
    /// are let go, the `added` links that `joins` slot `i` are added; slots with nothing to change keep their
    /// values.
    private static func updateLinkIds(_ sg: inout JSONObject, _ key: String, kept: Set<Double>, added: [Added],
                                      joins: (Added, Int) -> Bool) {
        guard var slots = sg[key]?.arrayValue else { return }
        var changed = false
        for (i, slot) in slots.enumerated() {
            guard case .object(var o) = slot else { continue }
            var ids = o["linkIds"]?.arrayValue ?? []
            let before = ids
            ids.removeAll { $0.doubleValue.map { !kept.contains($0) } ?? false }
            ids += added.filter { joins($0, i) }.map(\.link)
            if ids != before { o["linkIds"] = .array(ids); slots[i] = .object(o); changed = true }
        }
        if changed { sg[key] = .array(slots) }
    }
}
