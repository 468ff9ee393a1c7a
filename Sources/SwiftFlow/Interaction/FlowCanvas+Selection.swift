import SwiftFlowCore

/// Editing state that outlives one gesture: the selection as last reported, keyboard focus,
/// paste counters and the nudges of the current frame.
struct EditingState {
    /// Ids of the selected nodes and edges of this frame's arrays, in array order (kept by
    /// `notifySelectionChange` at the start of every frame, which reports their changes), and
    /// their indices in the arrays last scanned.
    var selectedNodeIds: [String] = []
    var selectedEdgeIds: [String] = []
    var selectedNodeIndices: [Int] = []
    var selectedEdgeIndices: [Int] = []
    /// The node with keyboard focus (Tab / Shift+Tab), by id.
    var focusedNodeId: String?
    /// Pastes so far: the suffix of the next paste's ids.
    var pasteCount = 0
    /// Every id a paste has issued (so ids never collide, even before the app applied a paste).
    var issuedIds = Set<String>()
    /// Positions this frame's nudges already emitted (several nudges in one frame add up).
    var nudged: [String: Point] = [:]
    var nudgedFrame = -1
}

/// A selection box being drawn (screen points).
struct BoxSelection {
    var start: Point
    var current: Point
    /// True once the pointer moved beyond the drag threshold (before that a release is a pane click).
    var active = false
    /// The edge under the press, if any, and whether Shift/Ctrl was held: a box released
    /// without moving is a click on that edge.
    var pressedEdge: String? = nil
    var additive = false
    /// The selection before the box (Escape restores it).
    var beforeNodes: [String]
    var beforeEdges: [String]
    /// What the box selects, as last emitted.
    var nodes = Set<String>()
    var edges = Set<String>()
}

extension FlowCanvas {
    /// The selection box in progress, flow units (nil when none is drawn).
    public var selectionRect: Rect? {
        guard case .boxSelecting(let b) = interaction.gesture, b.active else { return nil }
        return Rect(corner: viewportController.current.screenToFlow(b.start), corner: viewportController.current.screenToFlow(b.current))
    }

    /// Whether node `i` of this frame can be selected by the user.
    func isSelectable(_ i: Int) -> Bool {
        elementsSelectable && nodeCache.states[i].drawable && (frameInput.nodes[i].selectable ?? true)
    }

    /// A press on node `i`: Shift/Ctrl toggles it; otherwise an unselected node becomes the only
    /// selected element (at once with `selectNodesOnDrag`, else on release without a drag).
    /// Returns whether the release is to select it.
    func selectOnPress(_ i: Int, additive: Bool) -> Bool {
        let nodes = frameInput.nodes
        guard isSelectable(i) else { return false }
        if additive {
            onNodesChange?([.select(id: nodes[i].id, selected: !nodes[i].selected)])
        } else if !nodes[i].selected {
            if !selectNodesOnDrag { return true }
            select(nodes: [nodes[i].id], edges: [])
        }
        return false
    }

    /// Makes exactly `nodeIds` and `edgeIds` selected, emitting changes (in array order) only
    /// for elements whose state differs in this frame's graph. O(selected + named nodes) through
    /// the selection this frame reported and the node id index when no edge is named and they
    /// describe this frame's arrays (`selectionDelta`); else O(nodes + edges).
    func select(nodes nodeIds: Set<String>, edges edgeIds: Set<String>) {
        var nodeChanges: [NodeChange<NodeData>] = [], edgeChanges: [EdgeChange<EdgeData>] = []
        if let delta = selectionDelta(nodes: nodeIds, edges: edgeIds) {
            (nodeChanges, edgeChanges) = delta
        } else {
            for n in frameInput.nodes where n.selected != nodeIds.contains(n.id) { nodeChanges.append(.select(id: n.id, selected: !n.selected)) }
            for e in frameInput.edges where e.selected != edgeIds.contains(e.id) { edgeChanges.append(.select(id: e.id, selected: !e.selected)) }
        }
        if !nodeChanges.isEmpty { onNodesChange?(nodeChanges) }
        if !edgeChanges.isEmpty { onEdgesChange?(edgeChanges) }
    }

    /// The changes `select` emits, found from the selected elements `editing` lists and the
    /// named nodes (through the node id index), when those describe this frame's arrays: no edge
    /// named, no duplicate node id, arrays not changed in place since the frame, and every listed
    /// element selected under its listed id. nil otherwise (the arrays are scanned).
    /// O(selected + named nodes).
    private func selectionDelta(nodes nodeIds: Set<String>, edges edgeIds: Set<String>)
        -> ([NodeChange<NodeData>], [EdgeChange<EdgeData>])? {
        let nodes = frameInput.nodes, edges = frameInput.edges
        guard edgeIds.isEmpty, nodeCache.duplicates == 0, !frameInput.nodesMutatedInPlace, !frameInput.edgesMutatedInPlace,
              nodeCache.ids.count == nodes.count, editing.selectedNodeIndices.count == editing.selectedNodeIds.count,
              editing.selectedEdgeIndices.count == editing.selectedEdgeIds.count else { return nil }
        var nodeChanges: [(index: Int, change: NodeChange<NodeData>)] = []
        for (k, i) in editing.selectedNodeIndices.enumerated() {
            guard i < nodes.count, nodes[i].selected, nodes[i].id == editing.selectedNodeIds[k] else { return nil }
            if !nodeIds.contains(nodes[i].id) { nodeChanges.append((i, .select(id: nodes[i].id, selected: false))) }
        }
        for id in nodeIds {
            guard let i = nodeCache.index(of: id) else { continue }
            guard i < nodes.count, nodes[i].id == id else { return nil }
            if !nodes[i].selected { nodeChanges.append((i, .select(id: id, selected: true))) }
        }
        var edgeChanges: [EdgeChange<EdgeData>] = []
        for (k, i) in editing.selectedEdgeIndices.enumerated() {
            guard i < edges.count, edges[i].selected, edges[i].id == editing.selectedEdgeIds[k] else { return nil }
            edgeChanges.append(.select(id: edges[i].id, selected: false))
        }
        return (nodeChanges.sorted { $0.index < $1.index }.map(\.change), edgeChanges)
    }

    func clearSelection() { select(nodes: [], edges: []) }

    /// Ctrl+A: every selectable node and every selectable, non-hidden edge.
    func selectAll() {
        guard elementsSelectable else { return }
        let nodes = Set(frameInput.nodes.indices.filter(isSelectable).map { frameInput.nodes[$0].id })
        select(nodes: nodes, edges: Set(frameInput.edges.lazy.filter { !$0.hidden && $0.selectable != false }.map(\.id)))
    }

    // MARK: Box selection

    /// Starts a selection box at `p` (Shift held, or `selectionOnDrag`), pressed on the edge
    /// `onEdge` if any (with Shift/Ctrl: `additive`).
    func beginBox(at p: Point, onEdge: String? = nil, additive: Bool = false) {
        interaction.gesture = .boxSelecting(BoxSelection(start: p, current: p, pressedEdge: onEdge, additive: additive, beforeNodes: editing.selectedNodeIds,
                                             beforeEdges: editing.selectedEdgeIds))
    }

    /// Grows the box to `p`; once active, the selection becomes the nodes the box picks
    /// (`selectionMode`) plus the edges with an end on one of them.
    func updateBox(_ box: BoxSelection, to p: Point) {
        var box = box
        box.current = p
        let activating = !box.active
        if activating {
            guard p.distance(to: box.start) > Self.dragThreshold else { interaction.gesture = .boxSelecting(box); return }
            box.active = true
        }
        let rect = Rect(corner: viewportController.current.screenToFlow(box.start), corner: viewportController.current.screenToFlow(p))
        var picked = Set<String>()
        // The node index gives the drawn, laid-out nodes the box meets (every node the box can
        // pick): only they are tested, and only those it picks are read.
        var met: [Int32] = []
        nodeCache.bounds.query(rect, into: &met)
        for k in met {
            let i = Int(k)
            if rectPicks(rect, nodeRect(i), mode: selectionMode) && isSelectable(i) { picked.insert(nodeCache.ids[i]) }
        }
        if activating || picked != box.nodes {
            let edges = Set(frameInput.edges.lazy.filter { e in
                !e.hidden && (e.selectable ?? self.elementsSelectable) && (picked.contains(e.source) || picked.contains(e.target))
            }.map(\.id))
            if activating { select(nodes: picked, edges: edges) } else { emitSelectionDelta(from: (box.nodes, box.edges), to: (picked, edges)) }
            box.nodes = picked
            box.edges = edges
        }
        interaction.gesture = .boxSelecting(box)
    }

    /// Emits the select changes between two box states.
    private func emitSelectionDelta(from old: (Set<String>, Set<String>), to new: (Set<String>, Set<String>)) {
        let nodeChanges: [NodeChange<NodeData>] = old.0.subtracting(new.0).sorted().map { .select(id: $0, selected: false) }
            + new.0.subtracting(old.0).sorted().map { .select(id: $0, selected: true) }
        let edgeChanges: [EdgeChange<EdgeData>] = old.1.subtracting(new.1).sorted().map { .select(id: $0, selected: false) }
            + new.1.subtracting(old.1).sorted().map { .select(id: $0, selected: true) }
        if !nodeChanges.isEmpty { onNodesChange?(nodeChanges) }
        if !edgeChanges.isEmpty { onEdgesChange?(edgeChanges) }
    }

    /// Release: a box that never moved is a click on the edge it started on, else a pane click.
    func endBox(_ box: BoxSelection, at p: Point) {
        guard !box.active else { return }
        if let edge = box.pressedEdge { clickEdge(edge, additive: box.additive) } else { paneClick(at: p) }
    }

    /// Escape during a box: the selection from before it comes back.
    func cancelBox(_ box: BoxSelection) {
        guard box.active else { return }
        emitSelectionDelta(from: (box.nodes, box.edges), to: (Set(box.beforeNodes), Set(box.beforeEdges)))
    }

    /// A click on empty canvas: clears the selection and the keyboard focus, and reports `onPaneClick`.
    func paneClick(at p: Point) {
        clearSelection()
        editing.focusedNodeId = nil
        onPaneClick?(viewportController.current.screenToFlow(p))
    }

    // MARK: Change notification

    /// Fires `onSelectionChange` when the selected ids of this frame's graph differ from the
    /// last reported ones. Runs only when the node or edge array changed; when it changed only at
    /// known indices (`ArrayChanges.elements`), only those are read.
    func notifySelectionChange() {
        // Each array is scanned only when it changed (a node drag leaves the edges alone); by
        // index, so only the selected elements are copied out.
        let nodes = frameInput.nodes, edges = frameInput.edges
        var changed = false
        if let indices = frameInput.changedNodes {
            var ids = editing.selectedNodeIds, selected = editing.selectedNodeIndices
            editing.selectedNodeIds = []; editing.selectedNodeIndices = []   // unshared: changed in place
            if let kept = frameInput.appendedNodesFrom { changed = Self.dropSelection(from: kept, ids: &ids, indices: &selected) }
            if let removed = frameInput.removedNodes { changed = Self.closeSelectionGaps(removed, ids: &ids, indices: &selected) }
            changed = Self.followSelection(nodes, at: indices, ids: &ids, indices: &selected) || changed
            editing.selectedNodeIds = ids; editing.selectedNodeIndices = selected
        } else if !frameInput.nodesUnchanged {
            let selected = Self.selectedIndices(of: nodes)
            let ids = selected.map { nodes[$0].id }
            if ids != editing.selectedNodeIds { editing.selectedNodeIds = ids; changed = true }
            editing.selectedNodeIndices = selected
        }
        if let from = frameInput.appendedEdgesFrom {
            var ids = editing.selectedEdgeIds, selected = editing.selectedEdgeIndices
            editing.selectedEdgeIds = []; editing.selectedEdgeIndices = []
            changed = Self.dropSelection(from: from, ids: &ids, indices: &selected) || changed
            changed = Self.followSelection(edges, at: frameInput.changedEdges ?? [], ids: &ids, indices: &selected) || changed
            for k in from..<edges.count where edges[k].selected { selected.append(k); ids.append(edges[k].id); changed = true }
            editing.selectedEdgeIds = ids; editing.selectedEdgeIndices = selected
        } else if let indices = frameInput.changedEdges {
            var ids = editing.selectedEdgeIds, selected = editing.selectedEdgeIndices
            editing.selectedEdgeIds = []; editing.selectedEdgeIndices = []
            if let removed = frameInput.removedEdges { changed = Self.closeSelectionGaps(removed, ids: &ids, indices: &selected) || changed }
            changed = Self.followSelection(edges, at: indices, ids: &ids, indices: &selected) || changed
            editing.selectedEdgeIds = ids; editing.selectedEdgeIndices = selected
        } else if !frameInput.edgesUnchanged {
            let selected = Self.selectedIndices(of: edges)
            let ids = selected.map { edges[$0].id }
            if ids != editing.selectedEdgeIds { editing.selectedEdgeIds = ids; changed = true }
            editing.selectedEdgeIndices = selected
        }
        guard changed else { return }
        onSelectionChange?(FlowElements(nodes: editing.selectedNodeIndices.map { nodes[$0] },
                                        edges: editing.selectedEdgeIndices.map { edges[$0] }))
    }

    /// The indices of the selected elements of `elements`, ascending. Each element is read in
    /// place (`SelectableElement.isSelected(at:)`), in parallel chunks (`ParallelChunks`) whose
    /// lists are joined in chunk order. O(elements).
    @_specialize(where NodeData == JSONValue, EdgeData == JSONValue, E == Node<JSONValue>)
    @_specialize(where NodeData == JSONValue, EdgeData == JSONValue, E == Edge<JSONValue>)
    static func selectedIndices<E: SelectableElement>(of elements: [E]) -> [Int] {
        let minimumChunk = 16_384
        var lists = [[Int]](repeating: [], count: ParallelChunks.chunkCount(elements.count, minimumChunk: minimumChunk))
        elements.withUnsafeBufferPointer { buffer in
            lists.withUnsafeMutableBufferPointer { lists in
                nonisolated(unsafe) let buffer = buffer, lists = lists
                ParallelChunks.run(buffer.count, minimumChunk: minimumChunk) { chunk, range in
                    guard let base = buffer.baseAddress else { return }
                    lists[chunk] = range.filter { E.isSelected(at: base + $0) }
                }
            }
        }
        return lists.count == 1 ? lists[0] : Array(lists.joined())
    }

    /// Drops the selected elements at `from` and after (removed from the end of the array) from
    /// `ids` and `indices` (ascending, parallel). Returns whether it dropped one. O(dropped).
    private static func dropSelection(from: Int, ids: inout [String], indices: inout [Int]) -> Bool {
        var dropped = false
        while let last = indices.last, last >= from {
            indices.removeLast()
            ids.removeLast()
            dropped = true
        }
        return dropped
    }

    /// Drops the selected elements at `removed` (ascending; removed from anywhere in the array)
    /// from `ids` and `indices` (ascending, parallel) and moves the others' indices down over
    /// the gaps. Returns whether it dropped one. O(selected × log removed).
    private static func closeSelectionGaps(_ removed: [Int], ids: inout [String], indices: inout [Int]) -> Bool {
        let gaps = IndexGaps(removed), before = indices.count
        var w = 0
        for k in indices.indices {
            let i = indices[k], shifted = gaps.shifted(i)
            // A kept index keeps its rank among the removed ones; a removed one equals one.
            if gaps.shifted(i + 1) == shifted { continue }
            indices[w] = shifted
            ids.swapAt(w, k)
            w += 1
        }
        indices.removeLast(before - w)
        ids.removeLast(before - w)
        return w < before
    }

    /// Brings the selected `ids` and `indices` (ascending, parallel) up to date with the
    /// elements at `changed` of `elements`, whose other elements are as last scanned. Returns
    /// whether the selection changed. O(changed × log selected + the selected elements moved).
    private static func followSelection<E: SelectableElement>(_ elements: [E], at changed: [Int], ids: inout [String],
                                                              indices: inout [Int]) -> Bool {
        var changedSelection = false
        for i in changed {
            var lo = 0, hi = indices.count
            while lo < hi { let mid = (lo + hi) / 2; if indices[mid] < i { lo = mid + 1 } else { hi = mid } }
            let listed = lo < indices.count && indices[lo] == i
            let selected = elements[i].selected
            if selected && !listed { indices.insert(i, at: lo); ids.insert(elements[i].id, at: lo); changedSelection = true }
            if !selected && listed { indices.remove(at: lo); ids.remove(at: lo); changedSelection = true }
        }
        return changedSelection
    }
}

/// A node or an edge, as the selection report reads it.
protocol SelectableElement: HasId {
    var selected: Bool { get }
    /// The `selected` of the element at `element`, read in place: code not specialized for the
    /// element type copies a whole element through a subscript to read one flag (as for
    /// `HasId.id(at:)`).
    static func isSelected(at element: UnsafePointer<Self>) -> Bool
}

extension Node: SelectableElement {
    static func isSelected(at element: UnsafePointer<Node>) -> Bool { element.pointee.selected }
}

extension Edge: SelectableElement {
    static func isSelected(at element: UnsafePointer<Edge>) -> Bool { element.pointee.selected }
}
