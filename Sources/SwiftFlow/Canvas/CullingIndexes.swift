import SwiftFlowCore

// The edge index (`edgeIndex.rects`, over `edgeCache.bounds`) and how it follows moved nodes; the node
// index (`nodeCache.bounds`) is kept by `layoutVisible` and `layoutNode`.

extension FlowCanvas {
    /// Full rebuilds and re-bins so far of the handle hash, the node index and the edge index
    /// (`FrameStats.indexRebuilds` / `indexRebins` are their growth in one frame).
    var indexWork: (rebuilds: Int, rebins: Int) {
        (registry.index.rebuildCount + nodeCache.bounds.rebuildCount + edgeIndex.rects.rebuildCount,
         registry.index.rebinCount + nodeCache.bounds.rebinCount + edgeIndex.rects.rebinCount)
    }

    /// The node an edge end resolves to, if any.
    private func node(_ r: EdgeEndResolution) -> Int? {
        switch r {
        case .handle(let e): return Int(registry.entries[e].nodeIndex)
        case .side(let n): return n
        case .missing: return nil
        }
    }

    /// Calls `body` with each distinct node an edge ends on.
    func forEachNode(of ends: EdgeEnds, _ body: (Int) -> Void) {
        let s = node(ends.source), t = node(ends.target)
        if let s { body(s) }
        if let t, t != s { body(t) }
    }

    /// Rebuilds the edge index from `edgeCache.bounds` and lists every node's edges (through the
    /// nodes their ends resolve to) for `updateBoundsOfMovedNodes`. O(edges).
    func rebuildEdgeIndex() {
        edgeIndex.rects.rebuild(edgeIndex.cache.bounds)
        nodeCache.changes.movedNodes.removeAll(keepingCapacity: true)
        edgeIndex.byNodeAdded.removeAll()
        edgeIndex.byNodeStart = Array(repeating: 0, count: nodeCache.states.count + 1)
        for ends in edgeIndex.ends { forEachNode(of: ends) { edgeIndex.byNodeStart[$0 + 1] += 1 } }
        for n in 0..<nodeCache.states.count { edgeIndex.byNodeStart[n + 1] += edgeIndex.byNodeStart[n] }
        var fill = edgeIndex.byNodeStart
        edgeIndex.byNode = Array(repeating: 0, count: Int(edgeIndex.byNodeStart[nodeCache.states.count]))
        for (k, ends) in edgeIndex.ends.enumerated() {
            forEachNode(of: ends) { n in
                edgeIndex.byNode[Int(fill[n])] = Int32(k)
                fill[n] += 1
            }
        }
    }

    /// Recomputes the ends and bounds of the edges of the nodes layout moved since the index last
    /// ran (`layoutChanges.movedNodes`, emptied here) and re-bins those that changed cells.
    /// O(edges of moved nodes).
    func updateBoundsOfMovedNodes(_ nodes: [Node<NodeData>]) {
        guard !nodeCache.changes.movedNodes.isEmpty else { return }
        let count = min(edgeIndex.cache.bounds.count, edgeIndex.rects.count)
        for n in nodeCache.changes.movedNodes {
            if Int(n) + 1 < edgeIndex.byNodeStart.count {
                for k in edgeIndex.byNode[Int(edgeIndex.byNodeStart[Int(n)])..<Int(edgeIndex.byNodeStart[Int(n) + 1])] where Int(k) < count {
                    updateBounds(ofEdge: Int(k), nodes)
                }
            }
            if !edgeIndex.byNodeAdded.isEmpty, let added = edgeIndex.byNodeAdded[n] {
                for k in added where Int(k) < count { updateBounds(ofEdge: Int(k), nodes) }
            }
        }
        nodeCache.changes.movedNodes.removeAll(keepingCapacity: true)
    }
}
