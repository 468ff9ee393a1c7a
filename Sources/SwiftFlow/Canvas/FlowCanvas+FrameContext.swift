import SwiftFlowCore

/// What a `FlowFrameContext` reads of the canvas' frame, without its data types.
protocol FrameGraph: AnyObject {
    var frameNodeCount: Int { get }
    var frameEdgeCount: Int { get }
    func frameNodeID(_ index: Int) -> String
    func frameNodeIndex(_ id: String) -> Int?
    func frameNodeRect(_ index: Int) -> Rect?
    func frameNodeSelected(_ index: Int) -> Bool
}

/// The frame's nodes, typed: `FlowFrameContext.nodes(as:)` casts a `FrameGraph` to it.
protocol FrameNodes<NodeData>: AnyObject {
    associatedtype NodeData
    var frameNodes: [Node<NodeData>] { get }
}

/// The frame's edges, typed: `FlowFrameContext.edges(as:)` casts a `FrameGraph` to it.
protocol FrameEdges<EdgeData>: AnyObject {
    associatedtype EdgeData
    var frameEdges: [Edge<EdgeData>] { get }
}

extension FlowCanvas: FrameGraph, FrameNodes, FrameEdges {
    /// A read-only view of the current frame for components (see `FlowFrameContext`). O(1).
    public var frameContext: FlowFrameContext {
        FlowFrameContext(frameNumber: frameInput.number, canvasSize: size, viewport: viewport, displayScale: displayScale,
                         theme: theme, nodesVersion: nodeCache.nodesVersion, layoutVersion: nodeCache.nodesVersion &+ nodeCache.sizesVersion,
                         isGestureInProgress: isGestureInProgress, graph: self)
    }

    var frameNodes: [Node<NodeData>] { frameInput.nodes }
    var frameEdges: [Edge<EdgeData>] { frameInput.edges }
    var frameNodeCount: Int { nodeCache.states.count }
    var frameEdgeCount: Int { frameInput.edges.count }
    func frameNodeID(_ index: Int) -> String { nodeCache.ids[index] }
    func frameNodeIndex(_ id: String) -> Int? { nodeCache.index(of: id) }
    func frameNodeRect(_ index: Int) -> Rect? {
        nodeCache.states[index].drawable && nodeCache.states[index].laidOut ? nodeRect(index) : nil
    }
    func frameNodeSelected(_ index: Int) -> Bool { frameInput.nodes[index].selected }
}
