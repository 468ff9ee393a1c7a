import SwiftFlowCore

extension FlowCanvas {
    /// The bounds of every drawn node as laid out by the last frame, in flow units (absolute,
    /// parent offsets included); nil before the first frame or when no node is drawn. Hidden nodes,
    /// duplicate ids and nodes with non-finite geometry are left out. O(nodes).
    ///
    /// Every node is laid out on the first frame after the graph changes (not only visible ones),
    /// so this covers the whole graph, not just the view — what an image export of the graph needs
    /// (React Flow's `getNodesBounds` over measured nodes).
    public var nodesBounds: Rect? {
        var bounds: Rect?
        for s in nodeCache.states where s.drawable && s.laidOut {
            let r = Rect(origin: s.origin, size: s.size)
            guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { continue }
            bounds = bounds.map { $0.union(r) } ?? r
        }
        return bounds
    }
}
