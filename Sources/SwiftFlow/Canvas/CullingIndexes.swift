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
    private static func node(_ r: EdgeEndResolution, _ packed: UnsafeBufferPointer<PackedHandle>) -> Int? {
        switch r {
        case .handle(let e): return Int(packed[Int(e)].nodeIndex)
        case .side(let n): return Int(n)
        case .missing: return nil
        }
    }

    /// Calls `body` with each distinct node an edge ends on.
    func forEachNode(of ends: EdgeEnds, _ body: (Int) -> Void) {
        registry.packed.withUnsafeBufferPointer { Self.forEachNode(of: ends, $0, body) }
    }

    /// `forEachNode(of:_:)` through the registry's `packed` handles, taken once for a pass over
    /// many edges (a read of the registry's property per end was an exclusivity check).
    private static func forEachNode(of ends: EdgeEnds, _ packed: UnsafeBufferPointer<PackedHandle>, _ body: (Int) -> Void) {
        let s = node(ends.source, packed), t = node(ends.target, packed)
        if let s { body(s) }
        if let t, t != s { body(t) }
    }

    /// Rebuilds the edge index over every resolved edge's bounds (`edgeBounds`, in edge order)
    /// and lists every node's edges (through the nodes their ends resolve to, `edgesByNode`) for
    /// `updateBoundsOfMovedNodes`. The bounds are computed into the index's own array from the
    /// facts, the ends and the end reader taken once (not read from the canvas per edge), and
    /// both the bounds and the lists on every core (`ParallelChunks`, `minimumChunk` edges at
    /// least per chunk), with the same result on any number of chunks. O(edges).
    func rebuildEdgeIndex(minimumChunk: Int = 16_384) {
        let info = edgeIndex.cache.info, reader = edgeEndReader
        edgeIndex.rects.rebuild(count: min(reader.ends.count, info.count), minimumChunk: minimumChunk) { k in
            let facts = info[k]
            return facts.hidden ? nil : facts.bounds(reader.anchors(ofEdge: k))
        }
        nodeCache.changes.movedNodes.removeAll(keepingCapacity: true)
        edgeIndex.byNodeAdded.removeAll()
        edgeIndex.byNodeStart = []
        edgeIndex.byNode = []
        // Built from locals and stored at the end: one exclusivity check of `edgeIndex` per
        // pass, not one per edge end.
        let lists = Self.edgesByNode(edgeIndex.ends, registry.packed, nodeCount: nodeCache.states.count, minimumChunk: minimumChunk)
        edgeIndex.byNodeStart = lists.starts
        edgeIndex.byNode = lists.edges
    }

    /// Every node's edges in CSR form (`EdgeIndex.byNodeStart`, `byNode`): the edges of node `n`
    /// at `edges[starts[n]..<starts[n + 1]]`, ascending, each edge once per distinct node of its
    /// ends. A counting sort on every core (`ParallelChunks`): each chunk of edges counts its
    /// ends per node, a serial pass turns the counts into each chunk's first slot per node (the
    /// chunks in order), then each chunk files its edges there, so the lists are the same on any
    /// number of chunks. `minimumChunk`: the fewest edges a chunk takes. O(edges + nodes × chunks).
    static func edgesByNode(_ ends: [EdgeEnds], _ packed: [PackedHandle], nodeCount: Int,
                            minimumChunk: Int) -> (starts: [Int32], edges: [Int32]) {
        let chunks = ParallelChunks.chunkCount(ends.count, minimumChunk: minimumChunk)
        // Chunk c's count, then next slot, of node n at `slots[c * nodeCount + n]`.
        var slots = [Int32](repeating: 0, count: chunks * nodeCount)
        var starts = [Int32](repeating: 0, count: nodeCount + 1)
        ends.withUnsafeBufferPointer { ends in
            packed.withUnsafeBufferPointer { packed in
                slots.withUnsafeMutableBufferPointer { slots in
                    nonisolated(unsafe) let slots = slots
                    ParallelChunks.run(ends.count, minimumChunk: minimumChunk) { c, range in
                        // No slots: no node, so no end to count.
                        guard let mine = slots.baseAddress.map({ $0 + c * nodeCount }) else { return }
                        for k in range { forEachNode(of: ends[k], packed) { mine[$0] += 1 } }
                    }
                    var next: Int32 = 0
                    for n in 0..<nodeCount {
                        starts[n] = next
                        for c in 0..<chunks {
                            let count = slots[c * nodeCount + n]
                            slots[c * nodeCount + n] = next
                            next += count
                        }
                    }
                    starts[nodeCount] = next
                }
            }
        }
        let total = Int(starts[nodeCount])
        let filed = [Int32](unsafeUninitializedCapacity: total) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            ends.withUnsafeBufferPointer { ends in
                packed.withUnsafeBufferPointer { packed in
                    slots.withUnsafeMutableBufferPointer { slots in
                        nonisolated(unsafe) let slots = slots
                        ParallelChunks.run(ends.count, minimumChunk: minimumChunk) { c, range in
                            guard let mine = slots.baseAddress.map({ $0 + c * nodeCount }) else { return }
                            for k in range {
                                forEachNode(of: ends[k], packed) { n in
                                    (out.baseAddress! + Int(mine[n])).initialize(to: Int32(k))
                                    mine[n] += 1
                                }
                            }
                        }
                    }
                }
            }
            initialized = total
        }
        return (starts, filed)
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
