import SwiftFlowCore

/// The resolved ends of edges, read from arrays taken once instead of through the canvas: the
/// edge index's resolutions, the node states and the registry's handles, styles and anchors.
/// A loop over many edges (an overview tile's, `TileScene.rasterise`) then reads them with
/// no exclusivity check of a canvas or registry property per edge. Gives what
/// `FlowCanvas.resolvedEnds` and `endpoint` give (tested edge by edge), as long as none of
/// those arrays changes: take one per pass, and drop it before the canvas changes them (a
/// reader alive then would make that change copy the arrays).
struct EdgeEndReader {
    let ends: [EdgeEnds]
    let states: [NodeState]
    let handles: HandleTable

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
            let e = Int(h), handle = handles.packed[e]
            guard states[Int(handle.nodeIndex)].drawable else { return nil }
            return (handles.anchors.position(of: e), handles.styles[Int(handle.style)].position)
        case .side(let s):
            let n = Int(s)
            guard states[n].drawable, states[n].laidOut else { return nil }
            let side = type == .source ? states[n].sourcePosition : states[n].targetPosition
            return (Rect(origin: states[n].origin, size: states[n].size).midpoint(of: side), side)
        case .missing:
            return nil
        }
    }
}

extension FlowCanvas {
    /// The edge ends as they are now, for one pass over many edges (see `EdgeEndReader`). O(1).
    var edgeEndReader: EdgeEndReader {
        EdgeEndReader(ends: edgeIndex.ends, states: nodeCache.states, handles: registry.table)
    }
}
