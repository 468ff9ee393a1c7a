import SwiftFlowCore

extension FlowCanvas {
    /// The graph of the current frame (shared arrays, no copy): what a gesture that changes the
    /// graph over several frames keeps at its start to pass to `commitHistoryStep(before:)`.
    public var graphSnapshot: GraphSnapshot<NodeData, EdgeData> { GraphSnapshot(nodes: frameInput.nodes, edges: frameInput.edges) }

    /// Records one undo step: the hook every gesture that changes the graph calls once, when it
    /// commits (drag end, connect, reconnect, delete, paste, resize).
    ///
    /// - Parameter before: the graph before the action; nil means this frame's graph (right for
    ///   actions that happen within one frame: connect, reconnect, delete, paste). A gesture that
    ///   already emitted changes over earlier frames (a drag, a resize) passes the
    ///   `graphSnapshot` it kept at its start.
    ///
    /// Call it before or after emitting the action's changes, in the same frame. The step is
    /// completed at the next frame from the arrays the app then passes (whatever the app applied
    /// of the changes), as the nodes and edges that differ in any field but `data` and
    /// `selected`. An action that changed nothing records nothing. Recording clears the redo
    /// stack; beyond `historyLimit` steps the oldest is dropped. Several commits in one frame
    /// make one step. Complexity: O(nodes + edges) once, at the next frame.
    public func commitHistoryStep(before: GraphSnapshot<NodeData, EdgeData>? = nil) {
        recordStep(before: before, isNudge: false)
    }

    /// `commitHistoryStep`, telling nudges apart: consecutive nudges (no other input between
    /// them) make one step.
    func recordStep(before: GraphSnapshot<NodeData, EdgeData>?, isNudge: Bool) {
        let continues = isNudge && history.nudgeRunOpen
        history.nudgeRunOpen = isNudge
        if var p = history.pending {
            p.isNudge = p.isNudge && isNudge
            // Several commits in one frame make one step from the earliest state of each element.
            let later = before ?? graphSnapshot
            switch (p.before.partial, later.partial) {
            case (true, true):
                p.before = GraphSnapshot(nodes: p.before.nodes + later.nodes, edges: p.before.edges + later.edges, partial: true,
                                         addedNodeIds: p.before.addedNodeIds + later.addedNodeIds,
                                         addedEdgeIds: p.before.addedEdgeIds + later.addedEdgeIds,
                                         edgeHints: p.before.edgeHints + later.edgeHints)
            case (true, false):
                p.before = GraphSnapshot(nodes: later.nodes, edges: later.edges, overrides: p.before.nodes + later.overrides)
            case (false, true):
                p.before = GraphSnapshot(nodes: p.before.nodes, edges: p.before.edges, overrides: p.before.overrides + later.nodes)
            case (false, false):
                break
            }
            history.pending = p
        } else {
            history.pending = (before ?? graphSnapshot, isNudge, continues)
        }
    }

    /// This frame's nodes at `indices`, as a partial snapshot (`GraphSnapshot.partial`): the
    /// undo baseline of an action that changes only them (a drag, a nudge).
    func touchedSnapshot(nodes indices: [Int]) -> GraphSnapshot<NodeData, EdgeData> {
        GraphSnapshot(nodes: indices.map { frameInput.nodes[$0] }, edges: [], partial: true)
    }

    /// Completes the step committed in the previous frame against this frame's graph.
    func resolveHistory() {
        guard let pending = history.pending else { return }
        let hints = pending.before.edgeHints
        let edgeIds = frameInput.store?.edgeIds(ifHolding: frameInput.edges)
        history.resolve(with: graphSnapshot, limit: historyLimit,
                        node: { id in nodeCache.index(of: id).flatMap { $0 < frameInput.nodes.count ? frameInput.nodes[$0] : nil } },
                        edge: { id in
                            let edges = frameInput.edges
                            if let edgeIds { return edgeIds[id].map { edges[$0] } }
                            for i in hints where i < edges.count && edges[i].id == id { return edges[i] }
                            return edges.first { $0.id == id }
                        })
    }

    /// True when `undo()` has a step to undo.
    public var canUndo: Bool { !history.undo.isEmpty }
    /// True when `redo()` has a step to redo.
    public var canRedo: Bool { !history.redo.isEmpty }
    /// True when a step was committed (`commitHistoryStep`) that the next frame completes.
    public var hasPendingHistoryStep: Bool { history.pending != nil }

    /// Ctrl+Z: emits the node and edge changes that put back the graph from before the last step
    /// (through `onNodesChange` / `onEdgesChange`: the app applies them as any other change).
    /// Restored nodes and edges keep their current `data` and `selected`, except in a step of
    /// data edits made through controls (`NodeType` with a data binding), which puts back the
    /// data; a removed one comes back as it was, appended to the arrays. Does nothing while a step is still being
    /// recorded (its commit was in this frame).
    public func undo() {
        guard history.pending == nil, let step = history.undo.popLast() else { return }
        history.nudgeRunOpen = false
        emit(step, forward: false)
        history.redo.append(step)
    }

    /// Forgets every undo and redo step, and a step still being recorded: for when the app replaces
    /// the graph (opens a file, starts a new one). The old steps name elements of the graph they
    /// were recorded on and, kept, would put its nodes, edges and data into the new graph's
    /// elements of the same ids. O(steps).
    public func clearHistory() {
        history = History()
    }

    /// Ctrl+Shift+Z / Ctrl+Y: emits the changes that redo the last undone step.
    public func redo() {
        guard history.pending == nil, let step = history.redo.popLast() else { return }
        history.nudgeRunOpen = false
        emit(step, forward: true)
        history.undo.append(step)
    }

    private func emit(_ step: HistoryStep<NodeData, EdgeData>, forward: Bool) {
        history.restoredFrame = frameInput.number
        var nodeChanges: [NodeChange<NodeData>] = []
        for e in step.data where !step.nodes.contains(where: { $0.id == e.id }) {
            // A data edit: the node as it is now, with the data from before (after) the step.
            guard let i = nodeCache.index(of: e.id), i < frameInput.nodes.count else { continue }
            var node = frameInput.nodes[i]
            node.data = forward ? e.after : e.before
            nodeChanges.append(.replace(node))
        }
        for e in step.nodes {
            guard var target = forward ? e.after : e.before else { nodeChanges.append(.remove(id: e.id)); continue }
            if let i = nodeCache.index(of: e.id), i < frameInput.nodes.count {
                // A whole-node edit (`updateNode`) puts its data back too.
                target.data = step.data.first { $0.id == e.id }.map { forward ? $0.after : $0.before } ?? frameInput.nodes[i].data
                target.selected = frameInput.nodes[i].selected
                nodeChanges.append(.replace(target))
            } else {
                nodeChanges.append(.add(target))
            }
        }
        // The live index of each edge the step touches (nodes have `nodeCache.index(of:)`): through
        // the store's id map, else by a scan of the edges.
        var live: [String: Int] = [:]
        if !step.edges.isEmpty, let ids = frameInput.store?.edgeIds(ifHolding: frameInput.edges) {
            for e in step.edges { if let i = ids[e.id] { live[e.id] = i } }
        } else if !step.edges.isEmpty {
            let wanted = Set(step.edges.map(\.id))
            for i in frameInput.edges.indices {
                let id = frameInput.edges[i].id
                if live[id] == nil && wanted.contains(id) { live[id] = i }
            }
        }
        var edgeChanges: [EdgeChange<EdgeData>] = []
        for e in step.edges {
            guard var target = forward ? e.after : e.before else { edgeChanges.append(.remove(id: e.id)); continue }
            if let i = live[e.id] {
                target.data = frameInput.edges[i].data
                target.selected = frameInput.edges[i].selected
                edgeChanges.append(.replace(target))
            } else {
                edgeChanges.append(.add(target))
            }
        }
        if !nodeChanges.isEmpty { onNodesChange?(nodeChanges) }
        if !edgeChanges.isEmpty { onEdgesChange?(edgeChanges) }
    }
}
