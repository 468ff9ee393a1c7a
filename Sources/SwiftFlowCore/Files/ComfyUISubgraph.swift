extension ComfyUIImport {
    /// The id of the input node of a subgraph's canvas ("-10", LiteGraph's `SUBGRAPH_INPUT_ID`).
    public static let subgraphInputNodeId = "-10"
    /// The id of the output node of a subgraph's canvas ("-20", LiteGraph's `SUBGRAPH_OUTPUT_ID`).
    public static let subgraphOutputNodeId = "-20"

    /// The ids of the subgraph definitions (`definitions.subgraphs[].id`) of a loaded workflow, in
    /// file order; empty for other documents.
    public static func subgraphIds(of document: FlowDocument) -> [String] {
        (document.extra["definitions"]?["subgraphs"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// The canvas of subgraph definition `id` of a loaded workflow (`document.extra["definitions"]`),
    /// decoded like a workflow (same node, group and link mapping): its nodes and links, plus its
    /// input node (id "-10", label "Inputs", one output handle `"out\(i)"` per subgraph input) and
    /// output node (id "-20", label "Outputs", one input handle `"in\(j)"` per subgraph output),
    /// placed at their saved `bounding` like other nodes, so that the links from and to them
    /// (`origin_id` −10, `target_id` −20) draw to the right slots. `objectInfo` names and types
    /// widgets as in `decode(_:file:objectInfo:)`. Viewport from the definition's
    /// `extra.ds` when present.
    ///
    /// Throws `FlowFileError.invalidValue` with the path inside the document (e.g.
    /// `definitions.subgraphs[2].nodes[0].pos`), or `.invalidValue` with path `definitions.subgraphs`
    /// when no definition has that id.
    public static func subgraph(id: String, of document: FlowDocument, file: String, objectInfo: ComfyUIObjectInfo? = nil) throws -> FlowDocument {
        let root = JSONCursor(.object(JSONObject([("definitions", document.extra["definitions"] ?? .null)])), file: file)
        let names = try subgraphNames(root)
        guard let definitions = try root.optionalObject("definitions")?.optionalArray("subgraphs"),
              let sg = try definitions.first(where: { try $0.asObject().optionalString("id") == id }) else {
            throw FlowFileError.invalidValue(file: file, path: "definitions.subgraphs", expected: "a subgraph with id \(id)", found: "none")
        }
        func io(_ key: String, id nodeId: String, label: String, slotsKey: String, asOutputs: Bool) throws -> Node<JSONValue>? {
            guard let c = try sg.optionalObject(key) else { return nil }
            let b = try numbers(try c.member("bounding", expected: "[x, y, width, height]"), count: 4)
            let list = try slots(sg, slotsKey)
            var data = JSONObject([("label", .string(label)), ("comfyType", .string(key))])
            data["mode"] = .number(0)
            data["collapsed"] = .bool(false)
            data["widgets"] = .array([])
            return slotNode(id: nodeId, frame: Rect(x: b[0], y: b[1] - titleHeight, width: b[2], height: b[3] + titleHeight),
                            inputs: asOutputs ? [] : list, outputs: asOutputs ? list : [], collapsed: false, data: data)
        }
        let ioNodes = [try io("inputNode", id: subgraphInputNodeId, label: "Inputs", slotsKey: "inputs", asOutputs: true),
                       try io("outputNode", id: subgraphOutputNodeId, label: "Outputs", slotsKey: "outputs", asOutputs: false)]
        var doc = try decodeGraph(sg, subgraphNames: names, extraNodes: ioNodes.compactMap { $0 }, objectInfo: objectInfo)
        if let ds = try sg.optionalObject("extra")?.optionalObject("ds"), let scale = try ds.optionalDouble("scale"), scale > 0,
           let offset = try? numbers(try ds.member("offset", expected: "[x, y]"), count: 2) {
            let viewport = Viewport(x: offset[0] * scale, y: offset[1] * scale, zoom: scale)
            if abs(viewport.x) <= JSONCursor.maxCoordinate && abs(viewport.y) <= JSONCursor.maxCoordinate { doc.viewport = viewport }
        }
        return doc
    }
}
