import SwiftFlowCore

extension FlowCanvas {
    /// Whether `edge` has reconnect grips when selected: `edgesReconnectable`, the edge's
    /// `reconnectable`, and an `onReconnect` to report to.
    func isReconnectable(_ edge: Edge<EdgeData>) -> Bool {
        edgesReconnectable && edge.reconnectable && onReconnect != nil
    }

    /// The handle that stays fixed when the `moving` end of edge `k` is dragged, or nil when
    /// that end is not attached to a handle (a node without handles of its type): a reconnect
    /// is a connection dragged from the fixed handle, so such an edge has no grip at the other end.
    func reconnectFixedEnd(of k: Int, moving: HandleType) -> HandleRef? {
        guard k < edgeIndex.ends.count, case .handle(let e) = moving == .target ? edgeIndex.ends[k].source : edgeIndex.ends[k].target
        else { return nil }
        let entry = registry[Int(e)]
        return HandleRef(nodeId: entry.nodeId, id: entry.id)
    }

    /// The reconnect grip of a selected reconnectable edge under the flow point `flow` (a grip
    /// within `reconnectRadius` of its centre; grips lie above handles and nodes).
    func gripHit(at flow: Point) -> ReconnectDrag? {
        guard edgesReconnectable, onReconnect != nil else { return nil }
        for s in edgeIndex.cache.selected.reversed() where Int(s) < frameInput.edges.count {
            let k = Int(s), edge = frameInput.edges[k]
            guard !edge.hidden, isReconnectable(edge), let ends = resolvedEnds(k, frameInput.nodes) else { continue }
            for end in [HandleType.target, .source] {
                guard let fixed = reconnectFixedEnd(of: k, moving: end),
                      ends.grip(end, radius: reconnectRadius).distance(to: flow) < reconnectRadius else { continue }
                return ReconnectDrag(edgeId: edge.id, moving: end, fixed: fixed)
            }
        }
        return nil
    }

    /// Starts dragging the grip: a connection from the fixed handle, in the role that end has in
    /// the edge, with the pointer at the screen point `p` (handles.md §5 rules apply unchanged).
    func beginReconnect(_ r: ReconnectDrag, pointer p: Point) {
        guard let edge = frameInput.edges.first(where: { $0.id == r.edgeId }), let e = handleEntry(r.fixed) else {
            interaction.gesture = .idle
            return
        }
        var from = registry[e]
        from.type = r.moving.opposite
        interaction.gesture = .reconnecting(r, ConnectionInProgress(from: from, fromIndex: e, pointer: viewportController.current.screenToFlow(p),
                                                                    snapped: nil, proposed: nil, overInvalidHandle: false))
        onReconnectStart?(edge, r.moving.opposite)
        updateConnection(pointer: p)
    }

    /// Ends a reconnect: with `made`, `onReconnect(oldEdge, made)`; then `onReconnectEnd`. A drop
    /// on empty space or an invalid handle (`made == nil`) and Escape leave the edge untouched.
    func endReconnect(_ r: ReconnectDrag, made: Connection?) {
        interaction.gesture = .idle
        guard let edge = frameInput.edges.first(where: { $0.id == r.edgeId }) else { return }
        if let made { commitHistoryStep(); onReconnect?(edge, made) }
        onReconnectEnd?(edge, r.moving.opposite, made)
    }

    /// After the registry was rebuilt: re-finds the fixed handle, or cancels the reconnect when it
    /// is gone.
    func revalidateReconnect(_ r: ReconnectDrag) {
        guard let e = handleEntry(r.fixed) else { return endReconnect(r, made: nil) }
        interaction.connection?.fromIndex = e
        var from = registry[e]
        from.type = r.moving.opposite
        interaction.connection?.from = from
        if let p = pointer { updateConnection(pointer: p) }
    }
}
