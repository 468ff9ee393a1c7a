import SwiftFlowCore

extension FlowCanvas {
    /// Flow units between a duplicate (Ctrl+D) and its original, on both axes.
    static var duplicateOffset: Double { 20 }

    /// The selection as clipboard content: the selected nodes with all their descendants, and the
    /// edges between two of them, data encoded by `clipboardCoding`. A node whose parent is not
    /// copied becomes top-level at its absolute position (and loses `extent: .parent`). Nil when
    /// nothing is selected.
    func copiedElements() -> FlowElements<JSONValue, JSONValue>? {
        let nodes = frameInput.nodes
        guard !editing.selectedNodeIds.isEmpty else { return nil }
        let ids = withDescendants(Set(editing.selectedNodeIds), in: nodes)
        var copied: [Node<JSONValue>] = []
        for (i, n) in nodes.enumerated() where ids.contains(n.id) {
            var c = n.mapData(clipboardCoding.encodeNodeData)
            c.selected = false
            if let p = n.parentId, !ids.contains(p) {
                c.position = nodeCache.parentChains.links[i].origin
                c.parentId = nil
                if c.extent == .parent { c.extent = nil }
            }
            copied.append(c)
        }
        let edges = frameInput.edges.filter { ids.contains($0.source) && ids.contains($0.target) }.map { e in
            var c = e.mapData(clipboardCoding.encodeEdgeData)
            c.selected = false
            return c
        }
        return FlowElements(nodes: copied, edges: edges)
    }

    /// Ctrl+C (an Edit menu's Copy): puts the selection on `clipboard` as native JSON
    /// (NativeFormat). Nothing selected leaves the clipboard as it is.
    public func copySelection() {
        guard let elements = copiedElements() else { return }
        clipboard.setText(NativeFormat.text(FlowDocument(nodes: elements.nodes, edges: elements.edges)))
    }

    /// Ctrl+X (Cut): copies the selection, then deletes it (`deleteElements`, with its rules; one
    /// undo step).
    public func cutSelection() {
        copySelection()
        deleteSelection()
    }

    /// Ctrl+D (Duplicate): pastes a copy of the selection `duplicateOffset` (20 flow units) right
    /// of and below it, without touching the clipboard; one undo step.
    public func duplicateSelection() {
        guard let elements = copiedElements() else { return }
        let topLeft = getNodesBounds(elements.nodes.filter { $0.parentId == nil }).origin
        insert(elements, at: topLeft + Point(x: Self.duplicateOffset, y: Self.duplicateOffset))
    }

    /// Ctrl+V (Paste): pastes the clipboard's graph with its top-left at the pointer (at the canvas centre
    /// when the pointer is outside). Text that is not a native graph with at least one node
    /// pastes nothing and is reported through `onError` (`.pasteRejected`), each time.
    @discardableResult
    public func paste() -> FlowElements<NodeData, EdgeData> {
        guard let text = clipboard.text(), !text.isEmpty else { return rejectPaste("the clipboard holds no text") }
        let document: FlowDocument
        do { document = try NativeFormat.decode(Array(text.utf8), file: "clipboard") } catch {
            return rejectPaste("not a SwiftFlow graph (\(error))")
        }
        guard !document.nodes.isEmpty else { return rejectPaste("the clipboard's graph has no nodes") }
        let at = viewportController.current.screenToFlow(pointer ?? Point(x: size.width / 2, y: size.height / 2))
        return insert(FlowElements(nodes: document.nodes, edges: document.edges), at: at)
    }

    private func rejectPaste(_ why: String) -> FlowElements<NodeData, EdgeData> {
        onError?(.pasteRejected(why))
        return FlowElements()
    }

    /// Adds `elements` as new, selected nodes and edges (the old selection is cleared) with the
    /// top-left of their top-level nodes at `at` (flow units). Ids are fresh: `<id>-<paste
    /// number>`, suffixed further until no node or edge id of the graph or of an earlier paste
    /// has it. Parents are remapped to the new ids (a parent outside the paste is dropped, the
    /// node keeping its position as absolute); edges are kept when both their ends are pasted.
    /// One undo step.
    @discardableResult
    func insert(_ elements: FlowElements<JSONValue, JSONValue>, at: Point) -> FlowElements<NodeData, EdgeData> {
        editing.pasteCount += 1
        var taken = editing.issuedIds.union(nodeCache.ids).union(frameInput.edges.lazy.map(\.id))
        func fresh(_ id: String) -> String {
            var candidate = "\(id)-\(editing.pasteCount)", n = 1
            while taken.contains(candidate) { n += 1; candidate = "\(id)-\(editing.pasteCount)-\(n)" }
            taken.insert(candidate)
            editing.issuedIds.insert(candidate)
            return candidate
        }
        // Every pasted node gets an id of its own (even one repeating an id of the paste); parents
        // and edges name the first node with an id.
        let assigned = elements.nodes.map { fresh($0.id) }
        var newIds: [String: String] = [:]
        for (n, id) in zip(elements.nodes, assigned) where newIds[n.id] == nil { newIds[n.id] = id }
        let pasted = Set(elements.nodes.map(\.id))
        let offset = at - getNodesBounds(elements.nodes.filter { $0.parentId.map { !pasted.contains($0) } ?? true }).origin
        var result = FlowElements<NodeData, EdgeData>()
        for (var n, id) in zip(elements.nodes, assigned) {
            guard let data = clipboardCoding.decodeNodeData(n.data) else { return rejectPaste("node '\(n.id)': its data cannot be decoded") }
            n.id = id
            if let p = n.parentId, let q = newIds[p] { n.parentId = q } else {
                n.parentId = nil
                n.position += offset
                if n.extent == .parent { n.extent = nil }
            }
            n.selected = true
            result.nodes.append(n.mapData { _ in data })
        }
        for var e in elements.edges {
            guard let s = newIds[e.source], let t = newIds[e.target] else { continue }
            guard let data = clipboardCoding.decodeEdgeData(e.data) else { return rejectPaste("edge '\(e.id)': its data cannot be decoded") }
            e.id = fresh(e.id); e.source = s; e.target = t; e.selected = true
            result.edges.append(e.mapData { _ in data })
        }
        commitHistoryStep()
        clearSelection()
        onNodesChange?(result.nodes.map { .add($0) })
        if !result.edges.isEmpty { onEdgesChange?(result.edges.map { .add($0) }) }
        return result
    }
}
