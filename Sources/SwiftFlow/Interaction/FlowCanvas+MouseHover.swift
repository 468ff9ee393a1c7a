import SwiftFlowCore

/// A node or edge the pointer is over: its index in the frame's array when it was found and its
/// id, which tells whether that index still holds it after the arrays changed.
struct HoveredElement: Equatable {
    var index: Int
    var id: String
}

/// The node and edge under the pointer as of the last interact stage, for React Flow's
/// `onNodeMouseEnter` / `Move` / `Leave` and `onEdgeMouseEnter` / `Move` / `Leave`; part of
/// `HoverState`, written by `updateMouseHover`.
struct MouseHover {
    var node: HoveredElement?
    var edge: HoveredElement?
    /// The pointer (screen points) at the last interact stage: a move callback fires only when
    /// it changed, as a DOM `mousemove` needs the mouse to move.
    var pointer: Point?
}

extension FlowCanvas {
    /// Whether `updateHover` finds the node and edge under the pointer for the mouse callbacks:
    /// one of them is set, or an element is still marked hovered (to report leaving it). A
    /// handful of loads when none is set, so a frame without them costs what it did.
    var tracksMouseHover: Bool {
        onNodeMouseEnter != nil || onNodeMouseMove != nil || onNodeMouseLeave != nil || tracksEdgeHover
            || hoverState.mouse.node != nil || hoverState.mouse.edge != nil
    }

    /// Whether the edge under the pointer is looked for (only where no node is): an edge mouse
    /// callback is set, or an edge is still marked hovered.
    var tracksEdgeHover: Bool {
        onEdgeMouseEnter != nil || onEdgeMouseMove != nil || onEdgeMouseLeave != nil || hoverState.mouse.edge != nil
    }

    /// Reports the mouse callbacks from the frame's one hover hit (`updateHover`): `node` and
    /// `edge` are the indices found under the pointer (an edge only where no node is). Leaving
    /// comes before entering, nodes before edges, then the move of the element under a pointer
    /// that moved since the last interact stage. During a pan nothing is reported and the marks
    /// stay (the frame that ends it reports what changed). Leaving a node or edge that is no
    /// longer drawn (removed, hidden) is not reported: React Flow unmounts its element, which
    /// gets no `mouseleave`. O(1), plus O(edges) to find a marked edge whose index moved.
    func updateMouseHover(node: Int?, edge: Int?) {
        let moved = pointer != hoverState.mouse.pointer
        hoverState.mouse.pointer = pointer
        if case .panning = interaction.gesture { return }
        let nodeNow = node.map { HoveredElement(index: $0, id: nodeCache.ids[$0]) }
        let edgeNow = edge.map { HoveredElement(index: $0, id: frameInput.edges[$0].id) }
        let nodeBefore = hoverState.mouse.node, edgeBefore = hoverState.mouse.edge
        hoverState.mouse.node = nodeNow
        hoverState.mouse.edge = edgeNow
        if let old = nodeBefore, old.id != nodeNow?.id, let i = drawnNode(old) { onNodeMouseLeave?(frameInput.nodes[i]) }
        if let old = edgeBefore, old.id != edgeNow?.id, let k = drawnEdge(old) { onEdgeMouseLeave?(frameInput.edges[k]) }
        if let new = nodeNow, new.id != nodeBefore?.id { onNodeMouseEnter?(frameInput.nodes[new.index]) }
        if let new = edgeNow, new.id != edgeBefore?.id { onEdgeMouseEnter?(frameInput.edges[new.index]) }
        guard moved, pointer != nil else { return }
        if let i = node { onNodeMouseMove?(frameInput.nodes[i]) }
        if let k = edge { onEdgeMouseMove?(frameInput.edges[k]) }
    }

    /// The index of the marked node `h` in this frame's array when it is still there and drawn.
    private func drawnNode(_ h: HoveredElement) -> Int? {
        let i = h.index < nodeCache.ids.count && nodeCache.ids[h.index] == h.id ? h.index : nodeCache.index(of: h.id)
        guard let i, i < frameInput.nodes.count, nodeCache.states[i].drawable else { return nil }
        return i
    }

    /// The index of the marked edge `h` in this frame's array when it is still there and not
    /// hidden (nor are its nodes).
    private func drawnEdge(_ h: HoveredElement) -> Int? {
        let edges = frameInput.edges
        let k = h.index < edges.count && edges[h.index].id == h.id ? h.index : edges.firstIndex { $0.id == h.id }
        guard let k, !edges[k].hidden, resolvedEnds(k, frameInput.nodes) != nil else { return nil }
        return k
    }
}
