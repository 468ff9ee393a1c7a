import SwiftFlowCore

extension FlowCanvas {
    /// The topmost drawn edge whose real path passes within `interactionWidth / 2` flow units of
    /// the flow point `p` (React Flow's invisible interaction path, which scales with the zoom),
    /// or whose label box contains `p`. Only edges whose cached bounds contain `p` are measured:
    /// found through the edge index, as drawing culls (a scan in `zIndex` order when some edge
    /// has a `zIndex`).
    func edgeHit(at p: Point) -> Int? {
        let count = min(frameInput.edges.count, edgeIndex.rects.count)
        let candidates: [Int32]
        if edgeIndex.cache.order.count == count {
            candidates = edgeIndex.cache.order
        } else {
            // Into the frame's reused scratch: no allocation per press.
            edgeIndex.rects.query(Rect(origin: p, size: .zero), into: &visibleScratch)
            candidates = visibleScratch
        }
        for k in candidates.reversed().lazy.map(Int.init) where k < count {
            guard let b = edgeIndex.rects.rect(of: k), b.contains(p), let ends = resolvedEnds(k, frameInput.nodes) else { continue }
            let e = frameInput.edges[k]
            let path = ends.path(e.type)
            if path.distance(to: p) <= e.interactionWidth / 2 { return k }
            if let label = e.label, !label.isEmpty, labelRect(label, of: e, at: path.labelPoint).contains(p) { return k }
        }
        return nil
    }

    /// Pointer movement during an edge press or a reconnect: a press turns into panning (with
    /// `panOnDrag`) beyond the drag threshold, a grip press into a reconnect.
    func edgePointerMoved(to p: Point) {
        switch interaction.gesture {
        case .pressEdge(_, let start, _):
            guard panOnDrag, p.distance(to: start) > Self.dragThreshold else { return }
            viewportController.current.x += p.x - start.x
            viewportController.current.y += p.y - start.y
            interaction.gesture = .panning(last: p)
        case .pressGrip(let r, let start):
            guard p.distance(to: start) > Self.dragThreshold else { return }
            beginReconnect(r, pointer: p)
        case .reconnecting:
            updateConnection(pointer: p)
        default:
            break
        }
    }

    /// Release during an edge press (a click: select the edge, `onEdgeClick`) or a reconnect (drop).
    func edgePointerUp() {
        switch interaction.gesture {
        case .pressEdge(let id, _, let additive):
            clickEdge(id, additive: additive)
        case .reconnecting(let r, let c):
            endReconnect(r, made: c.proposed)
        default:
            break
        }
    }

    /// Click on an edge (canvas.md §3): selects it alone (deselecting the nodes and other edges),
    /// or with `additive` (Shift/Ctrl) toggles it, then reports `onEdgeClick`. The selection is
    /// left alone when `elementsSelectable` is false or the edge's `selectable` is false;
    /// `onEdgeClick` is called all the same. O(edges).
    func clickEdge(_ id: String, additive: Bool) {
        guard let edge = frameInput.edges.first(where: { $0.id == id }) else { return }
        if edge.selectable ?? elementsSelectable {
            if additive {
                onEdgesChange?([.select(id: id, selected: !edge.selected)])
            } else {
                select(nodes: [], edges: [id])
            }
        }
        onEdgeClick?(edge)
    }
}
