import SwiftFlowCore

extension FlowCanvas {
    /// Deletes nodes and edges by id (canvas.md §5; React Flow's `deleteElements`) from the graph
    /// of the current frame, and returns what was removed.
    ///
    /// Named nodes and edges with `deletable == false` are kept; every descendant of a deleted
    /// node and every edge attached to a deleted node goes too, deletable or not (see
    /// `getElementsToRemove`). `onBeforeDelete` then sees the proposal and may veto it (nil) or
    /// narrow it; what it keeps is closed again under the same cascade, so no edge is ever left
    /// pointing at a missing node and no child at a missing parent. The removal is emitted as
    /// `.remove` changes (edges first, then nodes), recorded as one undo step, and reported through
    /// `onEdgesDelete`, `onNodesDelete` and `onDelete`. Unknown ids are ignored. Does nothing in
    /// a frame in which `undo()` or `redo()` changed the graph (the cascade would run over a graph
    /// the app no longer holds, leaving restored edges on deleted nodes).
    /// Complexity: O(nodes + edges).
    @discardableResult
    public func deleteElements(nodes nodeIds: [String] = [], edges edgeIds: [String] = []) -> FlowElements<NodeData, EdgeData> {
        guard history.restoredFrame != frameInput.number else { return FlowElements() }
        let nodes = frameInput.nodes, edges = frameInput.edges
        var removal = getElementsToRemove(nodeIds: Set(nodeIds), edgeIds: Set(edgeIds), nodes: nodes, edges: edges)
        guard !removal.isEmpty else { return removal }
        if let ask = onBeforeDelete {
            guard let kept = ask(removal) else { return FlowElements() }
            let proposedNodes = Set(removal.nodes.map(\.id)), proposedEdges = Set(removal.edges.map(\.id))
            removal = getElementsToRemove(nodeIds: Set(kept.nodes.map(\.id)).intersection(proposedNodes),
                                          edgeIds: Set(kept.edges.map(\.id)).intersection(proposedEdges),
                                          nodes: nodes, edges: edges, requireDeletable: false)
            guard !removal.isEmpty else { return removal }
        }
        commitHistoryStep()
        if !removal.edges.isEmpty { onEdgesChange?(removal.edges.map { .remove(id: $0.id) }) }
        if !removal.nodes.isEmpty { onNodesChange?(removal.nodes.map { .remove(id: $0.id) }) }
        if !removal.edges.isEmpty { onEdgesDelete?(removal.edges) }
        if !removal.nodes.isEmpty { onNodesDelete?(removal.nodes) }
        onDelete?(removal)
        return removal
    }

    /// Backspace / Delete: deletes the selected nodes and edges.
    func deleteSelection() {
        deleteElements(nodes: editing.selectedNodeIds, edges: editing.selectedEdgeIds)
    }
}
