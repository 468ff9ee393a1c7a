import SwiftFlowCore

extension FlowCanvas {
    /// Full rebuilds and re-bins so far of the handle hash, the node index and the edge index
    /// (`FrameStats.indexRebuilds` / `indexRebins` are their growth in one frame).
    var indexWork: (rebuilds: Int, rebins: Int) {
        (registry.index.rebuildCount + nodeBounds.rebuildCount + edgeIndex.rebuildCount,
         registry.index.rebinCount + nodeBounds.rebinCount + edgeIndex.rebinCount)
    }

    /// Flow units added on every side of an edge's path bounds before culling, so that the
    /// stroke, markers and the curve's antialiasing never pop in at the view's border.
    static var edgeCullMargin: Double { 20 }

    /// Brings the edge index (each drawn edge's bezier hull bounds, grown by `edgeCullMargin`),
    /// the edges' anchors and looks up to date: a full rebuild when the edges, their resolution
    /// or any node's size changed;
    /// otherwise only the edges of the nodes that moved this frame are re-binned (a drag of a
    /// few nodes never rebuilds the index).
    func updateEdgeBounds() {
        let key = EdgeBoundsKey(resolution: resolutions, sizes: sizesVersion, edgeCount: edgeEnds.count)
        guard edgesUnchanged && key == edgeBoundsKey else {
            edgeBoundsKey = key
            rebuildEdgeAdjacency()
            edgeAnchors = edgeEnds.indices.map(resolvedAnchors)
            edgeLooks = edgesSnapshot.map(EdgeLook.init)
            edgeIndex.rebuild(edgeAnchors.map(edgeCullBounds))
            return
        }
        for n in movedNodes where Int(n) + 1 < edgesByNodeStart.count {
            for k in edgesByNode[Int(edgesByNodeStart[Int(n)])..<Int(edgesByNodeStart[Int(n) + 1])] {
                edgeAnchors[Int(k)] = resolvedAnchors(Int(k))
                let r = edgeCullBounds(edgeAnchors[Int(k)])
                if edgeIndex.rect(of: Int(k)) != r { edgeIndex.update(Int(k), to: r) }
            }
        }
    }

    /// Edge `k`'s two ends from the registry and node states, or nil when one is not drawable.
    private func resolvedAnchors(_ k: Int) -> EdgeAnchors? {
        guard let (s, sp) = endpoint(edgeEnds[k].source, type: .source, nodesSnapshot),
              let (t, tp) = endpoint(edgeEnds[k].target, type: .target, nodesSnapshot) else { return nil }
        return EdgeAnchors(source: s, sourcePosition: sp, target: t, targetPosition: tp)
    }

    /// The bezier hull bounds of an edge between `ends`, grown by `edgeCullMargin` (flow units).
    private func edgeCullBounds(_ ends: EdgeAnchors?) -> Rect? {
        ends.map { BezierPath(source: $0.source, sourcePosition: $0.sourcePosition, target: $0.target, targetPosition: $0.targetPosition)
            .bounds.insetBy(-Self.edgeCullMargin) }
    }

    /// Lists every node's edges (through the nodes their ends resolve to) for `updateEdgeBounds`.
    private func rebuildEdgeAdjacency() {
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
}
