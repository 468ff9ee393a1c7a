import SwiftFlowCore

/// The resolved ends of edges, read from arrays taken once instead of through the canvas: the
/// edge index's resolutions, the node states and the registry's handles, styles and anchors.
/// A loop over many edges (an overview tile's, `FlowCanvas.rasterise`) then reads them with
/// no exclusivity check of a canvas or registry property per edge. Gives what
/// `FlowCanvas.resolvedEnds` and `endpoint` give (tested edge by edge), as long as none of
/// those arrays changes: take one per pass, and drop it before the canvas changes them (a
/// reader alive then would make that change copy the arrays).
struct EdgeEndReader {
    let ends: [EdgeEnds]
    let states: [NodeState]
    let packed: [PackedHandle]
    let styles: [HandleStyle]
    let anchors: SpatialHash

    /// Edge `k`'s ends as last resolved (flow units), or nil when it is not drawable (an end
    /// missing, on a node not drawable, or on a side of a node not laid out). O(1).
    func anchors(ofEdge k: Int) -> EdgeAnchors? {
        guard k >= 0, k < ends.count, let (s, sp) = endpoint(ends[k].source, type: .source),
              let (t, tp) = endpoint(ends[k].target, type: .target) else { return nil }
        return EdgeAnchors(source: s, sourcePosition: sp, target: t, targetPosition: tp)
    }

    /// The anchor (flow units) and side of one resolved end, or nil when it is not drawable:
    /// a handle's registry anchor and side; a side's centre of the node's laid-out rectangle.
    private func endpoint(_ r: EdgeEndResolution, type: HandleType) -> (Point, Position)? {
        switch r {
        case .handle(let h):
            let e = Int(h), handle = packed[e]
            guard states[Int(handle.nodeIndex)].drawable else { return nil }
            return (anchors.position(of: e), styles[Int(handle.style)].position)
        case .side(let s):
            let n = Int(s)
            guard states[n].drawable, states[n].laidOut else { return nil }
            let side = type == .source ? states[n].sourcePosition : states[n].targetPosition
            let r = Rect(origin: states[n].origin, size: states[n].size)
            switch side {
            case .left: return (Point(x: r.minX, y: r.center.y), side)
            case .right: return (Point(x: r.maxX, y: r.center.y), side)
            case .top: return (Point(x: r.center.x, y: r.minY), side)
            case .bottom: return (Point(x: r.center.x, y: r.maxY), side)
            }
        case .missing:
            return nil
        }
    }
}

extension FlowCanvas {
    /// The edge ends as they are now, for one pass over many edges (see `EdgeEndReader`). O(1).
    var edgeEndReader: EdgeEndReader {
        EdgeEndReader(ends: edgeIndex.ends, states: nodeCache.states, packed: registry.packed,
                      styles: registry.styles, anchors: registry.index)
    }
}
