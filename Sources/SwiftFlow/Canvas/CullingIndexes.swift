import SwiftFlowCore

// The edge index (`edgeIndex.rects`: the edges' bounds) and how it follows moved nodes; the node
// index (`nodeCache.bounds`) is kept by `layoutVisible` and `layoutNode`.

extension FlowCanvas {
    /// Full rebuilds and re-bins so far of the handle hash, the node index and the edge index
    /// (`FrameStats.indexRebuilds` / `indexRebins` are their growth in one frame).
    var indexWork: (rebuilds: Int, rebins: Int) {
        (registry.index.rebuildCount + nodeCache.bounds.rebuildCount + edgeIndex.rects.rebuildCount,
         registry.index.rebinCount + nodeCache.bounds.rebinCount + edgeIndex.rects.rebinCount)
    }

    /// The node an edge end resolves to, if any, through the registry's `packed` handles.
    private static func node(_ r: EdgeEndResolution, _ packed: [PackedHandle]) -> Int? {
        switch r {
        case .handle(let e): return Int(packed[Int(e)].nodeIndex)
        case .side(let n): return Int(n)
        case .missing: return nil
        }
    }

    /// Calls `body` with each distinct node an edge ends on.
    func forEachNode(of ends: EdgeEnds, _ body: (Int) -> Void) { Self.forEachNode(of: ends, registry.packed, body) }

    /// `forEachNode(of:_:)` through the registry's `packed` handles, taken once for a pass over
    /// many edges (a read of the registry's property per end was an exclusivity check).
    private static func forEachNode(of ends: EdgeEnds, _ packed: [PackedHandle], _ body: (Int) -> Void) {
        let s = node(ends.source, packed), t = node(ends.target, packed)
        if let s { body(s) }
        if let t, t != s { body(t) }
    }

    /// Rebuilds the edge index over `bounds` (one per edge) and lists every node's edges (through
    /// the nodes their ends resolve to) for `updateBoundsOfMovedNodes`. O(edges).
    func rebuildEdgeIndex(_ bounds: [Rect?]) {
        edgeIndex.rects.rebuild(bounds)
        nodeCache.changes.movedNodes.removeAll(keepingCapacity: true)
        edgeIndex.byNodeAdded.removeAll()
        edgeIndex.byNodeStart = []
        edgeIndex.byNode = []
        // Counted and filled as locals, stored at the end: one exclusivity check of `edgeIndex`
        // per pass, not one per edge end.
        let nodeCount = nodeCache.states.count, ends = edgeIndex.ends, packed = registry.packed
        var starts = [Int32](repeating: 0, count: nodeCount + 1)
        for e in ends { Self.forEachNode(of: e, packed) { starts[$0 + 1] += 1 } }
        for n in 0..<nodeCount { starts[n + 1] += starts[n] }
        var fill = starts
        var byNode = [Int32](repeating: 0, count: Int(starts[nodeCount]))
        for (k, e) in ends.enumerated() {
            Self.forEachNode(of: e, packed) { n in
                byNode[Int(fill[n])] = Int32(k)
                fill[n] += 1
            }
        }
        edgeIndex.byNodeStart = starts
        edgeIndex.byNode = byNode
    }

    /// Drops the edges from `from` on (the last ones of last frame's array, removed from it) from
    /// the edge index: their ends, facts, bounds, indexed rectangles, selection entries and node
    /// lists. Returns false, changing nothing, when the index does not hold one entry per edge of
    /// last frame resolved against the registry as it is, keeps a drawing order (an edge has a
    /// `zIndex`) or the gesture holds indices: every edge is resolved again then. O(removed edges + edges of their nodes).
    func truncateEdgeIndex(to from: Int) -> Bool {
        let count = edgeIndex.ends.count
        guard !gestureHoldsIndices, edgeIndex.cache.order.isEmpty, edgeIndex.keys.count == count, edgeIndex.cache.info.count == count,
              edgeIndex.rects.count == count,
              edgeIndex.registryStructure == registry.structureVersion else { return false }
        for k in stride(from: count - 1, through: from, by: -1) {
            forEachNode(of: edgeIndex.ends[k]) { unlist(edge: k, node: $0) }
            edgeIndex.missingEnds -= EdgeIndex.missingCount(edgeIndex.ends[k])
            edgeIndex.rects.removeLast()
        }
        edgeIndex.ends.removeLast(count - from)
        edgeIndex.keys.removeLast(count - from)
        edgeIndex.cache.info.removeLast(count - from)
        while let last = edgeIndex.cache.selected.last, Int(last) >= from { edgeIndex.cache.selected.removeLast() }
        return true
    }

    /// Takes edge `k` out of node `n`'s edge lists.
    func unlist(edge k: Int, node n: Int) {
        if n + 1 < edgeIndex.byNodeStart.count {
            for j in Int(edgeIndex.byNodeStart[n])..<Int(edgeIndex.byNodeStart[n + 1]) where edgeIndex.byNode[j] == Int32(k) {
                edgeIndex.byNode[j] = Int32.max
            }
        }
        let node = Int32(n)
        guard edgeIndex.byNodeAdded[node] != nil else { return }
        edgeIndex.byNodeAdded[node]!.removeAll { $0 == Int32(k) }
        if edgeIndex.byNodeAdded[node]!.isEmpty { edgeIndex.byNodeAdded[node] = nil }
    }

    /// Calls `body` with each edge (below `edgeCount`) that node `n`'s edge lists hold: the
    /// edges whose ends resolved to it. O(its edges).
    func forEachEdge(ofNode n: Int, edgeCount: Int, _ body: (Int) -> Void) {
        if n + 1 < edgeIndex.byNodeStart.count {
            for k in edgeIndex.byNode[Int(edgeIndex.byNodeStart[n])..<Int(edgeIndex.byNodeStart[n + 1])] where Int(k) < edgeCount { body(Int(k)) }
        }
        for k in edgeIndex.byNodeAdded[Int32(n)] ?? [] where Int(k) < edgeCount { body(Int(k)) }
    }

    /// Whether an edge of the index (below `edgeCount`) ends on node `n`, as its lists say.
    func hasEdges(node n: Int, edgeCount: Int) -> Bool {
        var found = false
        forEachEdge(ofNode: n, edgeCount: edgeCount) { _ in found = true }
        return found
    }

    /// Recomputes the ends and bounds of the edges of the nodes layout moved since the index last
    /// ran (`layoutChanges.movedNodes`, emptied here) and re-bins those that changed cells.
    /// O(edges of moved nodes).
    func updateBoundsOfMovedNodes(_ nodes: [Node<NodeData>]) {
        guard !nodeCache.changes.movedNodes.isEmpty else { return }
        let count = edgeIndex.rects.count
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
