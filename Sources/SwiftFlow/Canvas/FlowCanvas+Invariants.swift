import SwiftFlowCore

extension FlowCanvas {
    /// The canvas' invariants after a frame, as the problems found (empty when all hold), in the
    /// style of swift-collections' `_checkInvariants()`. `frame` asserts them in debug builds
    /// (so every test checks them every frame); O(nodes + edges + handles).
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        func check(_ ok: Bool, _ message: @autoclosure () -> String) { if !ok { problems.append(message()) } }
        // Node cache: one state per node of the frame's array, ids interned, ops of this frame.
        check(states.count == nodesSnapshot.count && nodeIds.count == nodesSnapshot.count,
              "node cache: \(states.count) states and \(nodeIds.count) ids for \(nodesSnapshot.count) nodes")
        for (id, i) in nodeIndex where i >= nodeIds.count || nodeIds[i] != id { check(false, "node cache: index of \(id) is \(i)") }
        for v in visibleNodes {
            let i = Int(v)
            check(i < states.count && states[i].drawable && states[i].laidOut, "node cache: visible node \(i) is not drawable and laid out")
            if i < states.count && states[i].opsFrame == frameNumber {
                check(states[i].opsStart + states[i].opsCount <= frameOps.count, "node cache: ops of node \(i) beyond the frame's")
            }
        }
        // Handle registry and its hash: every entry on a drawable node of the array, hashed.
        check(registry.index.count == registry.entries.count, "registry: \(registry.index.count) hashed of \(registry.entries.count) entries")
        for e in registry.entries where Int(e.nodeIndex) >= states.count || !states[Int(e.nodeIndex)].drawable {
            check(false, "registry: \(e.nodeId).\(e.id) on node \(e.nodeIndex), not a drawable node")
        }
        // Edge index: ends and bounds for every edge, nothing left for the next index stage.
        check(edgeEnds.count == edgesSnapshot.count, "edge index: \(edgeEnds.count) resolved ends for \(edgesSnapshot.count) edges")
        check(edgeCache.bounds.count == edgesSnapshot.count && edgeIndex.count == edgesSnapshot.count,
              "edge index: \(edgeCache.bounds.count) bounds, \(edgeIndex.count) indexed for \(edgesSnapshot.count) edges")
        check(layoutChanges.movedNodes.isEmpty && !layoutChanges.nodesReindexed, "index stage: layout changes left unread")
        check(indexedStructure == registry.structureVersion, "index stage: registry structure \(registry.structureVersion) not indexed")
        // Interaction: the gesture and the connection agree.
        switch gesture {
        case .connecting, .reconnecting: check(connection != nil, "interaction: a connection gesture without a connection")
        default: check(connection == nil, "interaction: a connection outside a connection gesture")
        }
        if case .pressHandle(let entry, let ref, _) = gesture {
            check(entry < registry.entries.count && registry.entries[entry].nodeId == ref.nodeId && registry.entries[entry].id == ref.id,
                  "interaction: pressed handle \(ref.nodeId).\(ref.id) is not entry \(entry)")
        }
        // Viewport: finite, positive zoom (the limits may change under it).
        check(currentViewport.isValid, "viewport: \(currentViewport)")
        return problems
    }
}
