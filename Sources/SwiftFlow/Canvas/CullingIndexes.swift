import SwiftFlowCore

// The edge index (`edgeIndex`, over `edgeCache.bounds`) and how it follows moved nodes; the node
// index (`nodeBounds`) is kept by `layoutVisible` and `layoutNode`.

extension FlowCanvas {
    /// Full rebuilds and re-bins so far of the handle hash, the node index and the edge index
    /// (`FrameStats.indexRebuilds` / `indexRebins` are their growth in one frame).
    var indexWork: (rebuilds: Int, rebins: Int) {
        (registry.index.rebuildCount + nodeBounds.rebuildCount + edgeIndex.rebuildCount,
         registry.index.rebinCount + nodeBounds.rebinCount + edgeIndex.rebinCount)
    }

    /// Rebuilds the edge index from `edgeCache.bounds` and lists every node's edges (through the
    /// nodes their ends resolve to) for `updateBoundsOfMovedNodes`. O(edges).
    func rebuildEdgeIndex() {
        edgeIndex.rebuild(edgeCache.bounds)
        layoutChanges.movedNodes.removeAll(keepingCapacity: true)
        func node(_ r: EdgeEndResolution) -> Int? {
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
        edgesByNodeStart = Array(repeating: 0, count: states.count + 1)
        for ends in edgeEnds { forEachNode(of: ends) { edgesByNodeStart[$0 + 1] += 1 } }
        for n in 0..<states.count { edgesByNodeStart[n + 1] += edgesByNodeStart[n] }
        var fill = edgesByNodeStart
        edgesByNode = Array(repeating: 0, count: Int(edgesByNodeStart[states.count]))
        for (k, ends) in edgeEnds.enumerated() {
            forEachNode(of: ends) { n in
                edgesByNode[Int(fill[n])] = Int32(k)
                fill[n] += 1
            }
        }
    }

    /// Recomputes the ends and bounds of the edges of the nodes layout moved since the index last
    /// ran (`layoutChanges.movedNodes`, emptied here) and re-bins those that changed cells.
    /// O(edges of moved nodes).
    func updateBoundsOfMovedNodes(_ nodes: [Node<NodeData>]) {
        guard !layoutChanges.movedNodes.isEmpty else { return }
        let count = min(edgeCache.bounds.count, edgeIndex.count)
        for n in layoutChanges.movedNodes where Int(n) + 1 < edgesByNodeStart.count {
            for k in edgesByNode[Int(edgesByNodeStart[Int(n)])..<Int(edgesByNodeStart[Int(n) + 1])] where Int(k) < count {
                let ends = edgeCache.info[Int(k)].hidden ? nil : resolvedEnds(Int(k), nodes)
                let r = edgeBounds(Int(k), ends)
                edgeCache.anchors[Int(k)] = ends
                edgeCache.bounds[Int(k)] = r
                if edgeIndex.rect(of: Int(k)) != r { edgeIndex.update(Int(k), to: r) }
            }
        }
        layoutChanges.movedNodes.removeAll(keepingCapacity: true)
    }
}
