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
    var nodesSnapshot: [Node<NodeData>] { get }
}

/// The frame's edges, typed: `FlowFrameContext.edges(as:)` casts a `FrameGraph` to it.
protocol FrameEdges<EdgeData>: AnyObject {
    associatedtype EdgeData
    var edgesSnapshot: [Edge<EdgeData>] { get }
}

extension FlowCanvas: FrameGraph, FrameNodes, FrameEdges {
    /// A read-only view of the current frame for components (see `FlowFrameContext`). O(1).
    public var frameContext: FlowFrameContext {
        FlowFrameContext(frameNumber: frameNumber, canvasSize: size, viewport: viewport, displayScale: displayScale,
                         theme: theme, nodesVersion: nodesVersion, layoutVersion: nodesVersion &+ sizesVersion,
                         isGestureInProgress: isGestureInProgress, graph: self)
    }

    var frameNodeCount: Int { states.count }
    var frameEdgeCount: Int { edgesSnapshot.count }
    func frameNodeID(_ index: Int) -> String { nodeIds[index] }
    func frameNodeIndex(_ id: String) -> Int? { nodeIndex[id] }
    func frameNodeRect(_ index: Int) -> Rect? {
        states[index].drawable && states[index].laidOut ? nodeRect(index) : nil
    }
    func frameNodeSelected(_ index: Int) -> Bool { nodesSnapshot[index].selected }
}
