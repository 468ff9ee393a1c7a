import SwiftFlowCore

extension FlowCanvas {
    /// The canvas' invariants after a frame, as the problems found (empty when all hold): each
    /// part's `_checkInvariants()` (in the style of swift-collections) and what ties the parts
    /// together — the registry's hash and entries, and the layout changes the index stage must
    /// have consumed. `frame` asserts it at the end of every frame in debug builds (so every
    /// test checks it every frame). O(nodes + edges + handles).
    public func checkInvariants() -> [String] {
        var problems = nodeCache._checkInvariants(nodeCount: frameInput.nodes.count, frame: frameInput.number)
        problems += edgeIndex._checkInvariants(edgeCount: frameInput.edges.count, structure: registry.structureVersion)
        problems += interaction._checkInvariants(registry: registry)
        problems += viewportController._checkInvariants()
        problems += controlState._checkInvariants()
        if registry.index.count != registry.count {
            problems.append("registry: \(registry.index.count) hashed of \(registry.count) entries")
        }
        for e in 0..<registry.count where registry.nodeIndex(of: e) >= nodeCache.states.count || !nodeCache.states[registry.nodeIndex(of: e)].drawable {
            let entry = registry[e]
            problems.append("registry: \(entry.nodeId).\(entry.id) on node \(entry.nodeIndex), not a drawable node")
        }
        if !nodeCache.changes.movedNodes.isEmpty || nodeCache.changes.nodesReindexed {
            problems.append("index stage: layout changes left unread")
        }
        return problems
    }
}
