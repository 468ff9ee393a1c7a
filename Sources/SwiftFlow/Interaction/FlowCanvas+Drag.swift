import Foundation
import SwiftFlowCore

extension FlowCanvas {
    /// The indices of `indices` that move by themselves: those with no ancestor among them (a
    /// child moves with its parent).
    /// O(indices × depth), following `nodeCache.parentChains` (no cycles, no lookups by id).
    func movableRoots(_ indices: [Int]) -> [Int] {
        let moving = Set(indices)
        return indices.filter { k in
            var parent = Int(nodeCache.parentChains.links[k].parent)
            while parent >= 0 {
                if moving.contains(parent) { return false }
                parent = Int(nodeCache.parentChains.links[parent].parent)
            }
            return true
        }
    }

    /// The delta range that keeps every node of `indices` inside its `extent` (`.parent`: the
    /// parent's rectangle; a rectangle: relative to the parent when there is one, else absolute)
    /// and inside `coordinateExtent`. A node already outside may stay where it is but not move
    /// further out, so the range always contains zero. Sizes are the nodes' laid-out sizes; a
    /// rectangle with non-finite values is ignored.
    func deltaLimits(_ indices: [Int]) -> DeltaLimits {
        var limits = DeltaLimits()
        for i in indices {
            let node = frameInput.nodes[i]
            let origin = nodeCache.states[i].origin, size = nodeCache.states[i].size
            var areas: [Rect] = coordinateExtent.map { [$0] } ?? []
            let parent = node.parentId.flatMap { nodeCache.index(of: $0) }
            switch node.extent {
            case .parent?: if let p = parent { areas.append(nodeRect(p)) }
            case .rect(let r)?: areas.append(Rect(origin: r.origin + (parent.map { nodeCache.states[$0].origin } ?? .zero), size: r.size))
            case nil: break
            }
            for a in areas where a.origin.isFinite && a.width.isFinite && a.height.isFinite {
                limits.min.x = max(limits.min.x, min(a.minX - origin.x, 0))
                limits.min.y = max(limits.min.y, min(a.minY - origin.y, 0))
                limits.max.x = min(limits.max.x, max(a.maxX - size.width - origin.x, 0))
                limits.max.y = min(limits.max.y, max(a.maxY - size.height - origin.y, 0))
            }
        }
        return limits
    }

    /// Starts dragging node `id` — with the other selected draggable nodes when it is selected,
    /// leaving out nodes whose ancestor is dragged too (they move with it). Fires the drag-start
    /// callbacks.
    func beginDrag(node id: String, pressedAt start: Point) {
        let nodes = frameInput.nodes
        guard let i = nodeCache.index(of: id), i < nodes.count, nodeCache.states[i].drawable, nodes[i].draggable ?? nodesDraggable else {
            interaction.gesture = .idle
            return
        }
        var indices = [i]
        if nodes[i].selected {
            indices += editing.selectedNodeIndices.filter { $0 != i && (nodes[$0].draggable ?? nodesDraggable) && nodeCache.states[$0].drawable }
        }
        indices = movableRoots(indices)
        let drag = NodeDrag(ids: indices.map { nodes[$0].id }, startPositions: indices.map { nodes[$0].position },
                            startFlow: viewportController.current.screenToFlow(start), primaryStart: nodeCache.states[i].origin,
                            limits: deltaLimits(indices))
        // Only the dragged nodes change (their children move with them, positions relative).
        interaction.gesture = .dragging(drag, baseline: touchedSnapshot(nodes: indices))
        let dragged = draggedNodes(drag, delta: .zero)
        onNodeDragStart?(dragged[0], dragged)
        if dragged.count > 1 { onSelectionDragStart?(dragged) }
    }

    /// The drag delta for the pointer now: snapped so the node under the pointer has its absolute
    /// top-left on the grid (`snapToGrid`), then clamped to the extents.
    private func dragDelta(_ drag: NodeDrag, pointer p: Point) -> Point {
        var delta = viewportController.current.screenToFlow(p) - drag.startFlow
        if let snapped = snappedToGrid(drag.primaryStart + delta) { delta = snapped - drag.primaryStart }
        return drag.limits.clamp(delta)
    }

    /// `p` (flow units) moved to the nearest `snapGrid` point when `snapToGrid` is on with a
    /// usable grid, else nil. A coordinate the grid cannot snap (an infinite spacing, or one so
    /// small that the quotient overflows) stays as it is rather than becoming NaN or infinite.
    func snappedToGrid(_ p: Point) -> Point? {
        guard snapToGrid, snapGrid.width > 0, snapGrid.height > 0 else { return nil }
        func snapped(_ v: Double, _ g: Double) -> Double {
            let s = (v / g).rounded() * g
            return s.isFinite ? s : v
        }
        return Point(x: snapped(p.x, snapGrid.width), y: snapped(p.y, snapGrid.height))
    }

    /// The dragged nodes moved by `delta`, as the callbacks report them.
    private func draggedNodes(_ drag: NodeDrag, delta: Point) -> [Node<NodeData>] {
        zip(drag.ids, drag.startPositions).compactMap { id, start in
            nodeCache.index(of: id).map { var n = frameInput.nodes[$0]; n.position = start + delta; return n }
        }
    }

    /// Emits the drag's position changes for the pointer now and fires the drag callbacks; with
    /// `baseline` (the graph at the drag's start) it is the last one (`dragging` false), which
    /// commits the drag as one undo step.
    func emitDrag(_ drag: NodeDrag, finishing baseline: GraphSnapshot<NodeData, EdgeData>?) {
        let dragging = baseline == nil
        guard let p = pointer else { return }
        let delta = dragDelta(drag, pointer: p)
        onNodesChange?(zip(drag.ids, drag.startPositions).map { .position(id: $0, position: $1 + delta, dragging: dragging) })
        // The moved nodes are copied out only for a callback that reports them.
        if dragging && onNodeDrag == nil && onSelectionDrag == nil { return }
        let dragged = draggedNodes(drag, delta: delta)
        guard let primary = dragged.first else { return }
        if dragging {
            onNodeDrag?(primary, dragged)
            if dragged.count > 1 { onSelectionDrag?(dragged) }
        } else {
            commitHistoryStep(before: baseline)
            onNodeDragStop?(primary, dragged)
            if dragged.count > 1 { onSelectionDragStop?(dragged) }
        }
    }

    /// Escape during a drag: every dragged node goes back to where it started (the stop callbacks
    /// report the start positions); nothing is recorded.
    func cancelDrag(_ drag: NodeDrag) {
        onNodesChange?(zip(drag.ids, drag.startPositions).map { .position(id: $0, position: $1, dragging: false) })
        let dragged = draggedNodes(drag, delta: .zero)
        guard let primary = dragged.first else { return }
        onNodeDragStop?(primary, dragged)
        if dragged.count > 1 { onSelectionDragStop?(dragged) }
    }

    /// Arrow keys: moves the selected draggable nodes by `(dx, dy)` flow units, within their
    /// extents (canvas.md §4). Consecutive nudges form one undo step.
    func nudgeSelection(dx: Double, dy: Double) {
        let nodes = frameInput.nodes
        let indices = movableRoots(editing.selectedNodeIndices.filter { (nodes[$0].draggable ?? nodesDraggable) && nodeCache.states[$0].drawable })
        guard !indices.isEmpty else { return }
        if editing.nudgedFrame != frameInput.number { editing.nudged = [:]; editing.nudgedFrame = frameInput.number }
        // Earlier nudges of this frame are not in the node array yet: start from where they put the nodes.
        let offsets = indices.map { (editing.nudged[nodes[$0].id] ?? nodes[$0].position) - nodes[$0].position }
        var limits = deltaLimits(indices)
        if let first = offsets.first {
            limits.min = limits.min - first
            limits.max = limits.max - first
        }
        let delta = limits.clamp(Point(x: dx, y: dy))
        guard delta != .zero else { return }
        var changes: [NodeChange<NodeData>] = []
        for (k, i) in indices.enumerated() {
            let p = nodes[i].position + offsets[k] + delta
            editing.nudged[nodes[i].id] = p
            changes.append(.position(id: nodes[i].id, position: p, dragging: false))
        }
        recordStep(before: touchedSnapshot(nodes: indices), isNudge: true)
        onNodesChange?(changes)
    }
}
