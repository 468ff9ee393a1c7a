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
    /// Complexity: O(named nodes + their edges) when no node has a parent, no edge is named and
    /// every edge's ends resolved to nodes (`elementsToRemove`); else O(nodes + edges).
    @discardableResult
    public func deleteElements(nodes nodeIds: [String] = [], edges edgeIds: [String] = []) -> FlowElements<NodeData, EdgeData> {
        guard history.restoredFrame != frameInput.number else { return FlowElements() }
        var removal = elementsToRemove(nodeIds: Set(nodeIds), edgeIds: Set(edgeIds))
        guard !removal.isEmpty else { return removal }
        if let ask = onBeforeDelete {
            guard let kept = ask(removal) else { return FlowElements() }
            let proposedNodes = Set(removal.nodes.map(\.id)), proposedEdges = Set(removal.edges.map(\.id))
            removal = elementsToRemove(nodeIds: Set(kept.nodes.map(\.id)).intersection(proposedNodes),
                                       edgeIds: Set(kept.edges.map(\.id)).intersection(proposedEdges), requireDeletable: false)
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

    /// `getElementsToRemove` over this frame's graph, through the canvas' indexes when they can
    /// tell: the named nodes found by id, the edges attached to them from their edge lists. That
    /// needs no parent anywhere (no descendants), no duplicate node id, no named edge (the canvas
    /// has no edge id map), every edge end resolved to a node (each edge is then listed under its
    /// nodes) and indexes of this frame's arrays. O(named nodes + their edges) then, else
    /// O(nodes + edges).
    private func elementsToRemove(nodeIds: Set<String>, edgeIds: Set<String>, requireDeletable: Bool = true) -> FlowElements<NodeData, EdgeData> {
        let nodes = frameInput.nodes, edges = frameInput.edges
        guard edgeIds.isEmpty, nodeCache.parentChains.lookups == 0, nodeCache.parentChains.links.count == nodes.count,
              nodeCache.duplicates == 0, edgeIndex.missingEnds == 0, !frameInput.nodesMutatedInPlace, !frameInput.edgesMutatedInPlace,
              nodeCache.ids.count == nodes.count, edgeIndex.ends.count == edges.count,
              edgeIndex.registryStructure == registry.structureVersion else {
            return getElementsToRemove(nodeIds: nodeIds, edgeIds: edgeIds, nodes: nodes, edges: edges, requireDeletable: requireDeletable)
        }
        let removed = nodeIds.compactMap { nodeCache.index(of: $0) }.filter { nodes[$0].deletable || !requireDeletable }.sorted()
        var attached = Set<Int>()
        for i in removed { forEachEdge(ofNode: i, edgeCount: edges.count) { attached.insert($0) } }
        return FlowElements(nodes: removed.map { nodes[$0] }, edges: attached.sorted().map { edges[$0] })
    }

    /// Backspace / Delete: deletes the selected nodes and edges.
    func deleteSelection() {
        deleteElements(nodes: editing.selectedNodeIds, edges: editing.selectedEdgeIds)
    }
}
