import SwiftFlowCore

// How the canvas follows elements removed from anywhere in its arrays (`ArrayChanges.removed`:
// a delete of the first node, say) without re-reading them: what it keeps per element moves
// down over the gaps, and what refers to elements by index is renumbered, in flat passes over
// plain arrays; nothing is resolved, laid out or measured again. The culling indexes and the
// handle hash renumber their filings in place (`remove(atSorted:)`), filing nothing again.

extension FlowCanvas {
    /// Follows the removal of last frame's edges at `removed` (ascending): their ends, keys,
    /// facts, indexed rectangles and node-list entries go, the other edges' move down, and the
    /// edge indices in the node lists and the selected-edge cache are renumbered. Returns false,
    /// changing nothing, when the edge index does not hold one entry per edge resolved against
    /// the registry as it is, keeps a drawing order, or the gesture holds indices (every edge
    /// is then resolved again). O(edges + the edge index's filings) in flat passes.
    func followEdgeRemoval(_ removed: [Int]) -> Bool {
        let count = edgeIndex.ends.count
        guard !gestureHoldsIndices, edgeIndex.cache.order.isEmpty, edgeIndex.keys.count == count, edgeIndex.cache.info.count == count,
              edgeIndex.rects.count == count, let last = removed.last, last < count,
              edgeIndex.registryStructure == registry.structureVersion else { return false }
        let gaps = IndexGaps(removed), first = Int32(removed[0])
        for k in removed {
            forEachNode(of: edgeIndex.ends[k]) { unlist(edge: k, node: $0) }
            edgeIndex.missingEnds -= EdgeIndex.missingCount(edgeIndex.ends[k])
        }
        edgeIndex.ends.remove(atSorted: removed)
        edgeIndex.keys.remove(atSorted: removed)
        edgeIndex.cache.info.remove(atSorted: removed)
        edgeIndex.rects.remove(atSorted: removed)
        edgeIndex.byNode.withUnsafeMutableBufferPointer { list in
            for j in list.indices where list[j] > first && list[j] != Int32.max { list[j] = gaps.shifted(list[j]) }
        }
        for key in edgeIndex.byNodeAdded.keys {
            edgeIndex.byNodeAdded[key] = edgeIndex.byNodeAdded[key]!.map { gaps.shifted($0) }
        }
        edgeIndex.cache.selected = edgeIndex.cache.selected.compactMap { k in
            removed.contains(Int(k)) ? nil : gaps.shifted(k)
        }
        return true
    }

    /// Follows the removal of last frame's nodes at `removed` (ascending), once the edges ending
    /// on them are gone: their ids, states, index rectangles, parent links, handles and edge
    /// lists go, the other nodes' move down, and what refers to nodes or handle entries by index
    /// (the id index, the registry, edge ends and keys) is renumbered. Returns false, changing
    /// nothing, when that is not enough and the array must be re-interned: a removed node's id
    /// was duplicated or an edge still ends on it, an edge end is missing, a node has a parent,
    /// the registry has uncommitted handle sets, the gesture holds indices, or the edge changes
    /// are unknown. O(nodes + handles + edges + the node index's filings) in flat passes.
    func followNodeRemoval(_ nodes: [Node<NodeData>], removed: [Int]) -> Bool {
        let old = nodeCache.ids.count
        guard let last = removed.last, last < old, nodeCache.states.count == old, nodeCache.bounds.count == old,
              nodeCache.parentChains.links.count == old, nodeCache.parentChains.lookups == 0,
              frameInput.edgesUnchanged || frameInput.changedEdges != nil || frameInput.appendedEdgesFrom != nil,
              !gestureHoldsIndices, edgeIndex.missingEnds == 0, nodeCache.changes.movedNodes.isEmpty, registry.isCommitted,
              edgeIndex.registryStructure == registry.structureVersion else { return false }
        let edgeCount = edgeIndex.ends.count
        for r in removed {
            guard !nodeCache.states[r].duplicate, nodeCache.index(of: nodeCache.ids[r]) == r, !hasEdges(node: r, edgeCount: edgeCount) else { return false }
        }
        let gaps = IndexGaps(removed)
        guard nodeCache.parentChains.remove(atSorted: removed), let entries = registry.removeNodes(gaps) else { return false }
        nodeCache.remove(gaps)
        renumberEdgeEnds(nodes: gaps, entries: IndexGaps(entries))
        nodeCache.sizesVersion += 1
        nodeCache.largestSide = nil
        leaveRemovedNodes()
        return true
    }

    /// Renumbers what the edge index holds by node or handle entry after nodes moved down over
    /// `nodes`' gaps and entries over `entries`': the edges' ends and keys, and the node lists
    /// (a removed node's list, which holds only removed edges, joins the next node's list).
    private func renumberEdgeEnds(nodes: IndexGaps, entries: IndexGaps) {
        func renumbered(_ r: EdgeEndResolution) -> EdgeEndResolution {
            switch r {
            case .handle(let e): return .handle(entries.shifted(e))
            case .side(let n): return .side(node: nodes.shifted(n))
            case .missing: return .missing
            }
        }
        edgeIndex.ends.withUnsafeMutableBufferPointer { ends in
            for k in ends.indices { ends[k] = EdgeEnds(source: renumbered(ends[k].source), target: renumbered(ends[k].target)) }
        }
        edgeIndex.keys.withUnsafeMutableBufferPointer { keys in
            for k in keys.indices {
                if keys[k].source >= 0 { keys[k].source = nodes.shifted(keys[k].source) }
                if keys[k].target >= 0 { keys[k].target = nodes.shifted(keys[k].target) }
            }
        }
        if edgeIndex.byNodeStart.count > 1 {
            edgeIndex.byNodeStart.remove(atSorted: nodes.removed.filter { $0 + 1 < edgeIndex.byNodeStart.count }.map { $0 + 1 })
        }
        let added = edgeIndex.byNodeAdded
        edgeIndex.byNodeAdded.removeAll()
        for (n, list) in added { edgeIndex.byNodeAdded[nodes.shifted(n)] = list }
    }
}
