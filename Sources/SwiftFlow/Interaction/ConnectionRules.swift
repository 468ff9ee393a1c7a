import SwiftFlowCore

extension FlowCanvas {
    /// Whether registry entry `e` has a hit target: the handle, its node and the canvas are all
    /// connectable, and the node is drawn (handles.md §1).
    func hasHitTarget(_ e: Int) -> Bool {
        let n = registry.nodeIndex(of: e)
        guard nodesConnectable, registry.style(of: e).isConnectable, n < frameInput.nodes.count, nodeCache.states[n].drawable else { return false }
        return frameInput.nodes[n].connectable ?? true
    }

    /// The connection from start `s` to end `h`, read source → target (handles.md §5
    /// normalisation): the start keeps the role of its type, the other end takes the other role.
    func normalisedConnection(from s: HandleEntry, to h: HandleEntry) -> Connection {
        s.type == .source
            ? Connection(source: s.nodeId, target: h.nodeId, sourceHandle: s.id, targetHandle: h.id)
            : Connection(source: h.nodeId, target: s.nodeId, sourceHandle: h.id, targetHandle: s.id)
    }

    /// Whether entry `h` is a valid end for connection `c` (handles.md §5 validity). The start's
    /// role is `c.from.type` (for a reconnect, the fixed end's role in the edge).
    func isValidEnd(_ h: Int, for c: ConnectionInProgress) -> Bool {
        guard h != c.fromIndex, hasHitTarget(h) else { return false }
        let end = registry[h]
        if connectionMode == .strict && c.from.type == end.type { return false }
        return isValidConnection?(normalisedConnection(from: c.from, to: end)) ?? true
    }

    /// The registry entry of the handle `ref` names this frame, if it still exists.
    func handleEntry(_ ref: HandleRef) -> Int? {
        nodeCache.index(of: ref.nodeId).flatMap { registry.find(nodeIndex: $0, id: ref.id) }
    }

    /// Radius of a handle's hit target, flow units.
    var hitRadius: Double { theme.handleHitSize / 2 }

    /// The entry under or nearest the flow point `p` that can start a connection, if any.
    func handleHit(at p: Point) -> Int? {
        registry.index.nearest(to: p, within: hitRadius) { hasHitTarget($0) }
    }

    /// Re-snaps the connection in progress to the pointer at screen point `screen`: the nearest
    /// valid handle whose hit target contains the pointer, else the nearest valid anchor within
    /// `connectionRadius`; an invalid handle never blocks a valid one.
    func updateConnection(pointer screen: Point) {
        guard var c = connection else { return }
        let p = viewportController.current.screenToFlow(screen)
        c.pointer = p
        let radius = max(hitRadius, connectionRadius)
        if let best = registry.index.nearest(to: p, within: radius, where: { isValidEnd($0, for: c) }) {
            c.snapped = registry[best]
            c.proposed = normalisedConnection(from: c.from, to: registry[best])
            c.overInvalidHandle = false
        } else {
            c.snapped = nil
            c.proposed = nil
            c.overInvalidHandle = registry.index.nearest(to: p, within: hitRadius, where: { $0 != c.fromIndex }) != nil
        }
        interaction.connection = c
    }
}
