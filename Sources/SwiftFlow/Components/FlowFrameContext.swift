import SwiftFlowCore

/// A read-only view of the canvas' current frame for components (and any other plugin): what a
/// built-in reads to draw and handle input, without the canvas' internals. Get it from
/// `FlowCanvas.frameContext` inside `FlowComponent.draw` or `handle`.
///
/// The scalar properties are the canvas' values when the context was made; the node and edge
/// accessors read the canvas' current frame, without copying it (each is O(1)). Nodes are
/// addressed by their index in the frame's node array; a generic component gets the nodes
/// themselves through `nodes(as:)`.
///
/// To cache per-node work, key it on `layoutVersion` (every rectangle is unchanged while it is)
/// or `nodesVersion` (the node array is unchanged while it is).
public struct FlowFrameContext {
    /// The frame's number: 1 in the first frame, one more in each frame after.
    public let frameNumber: Int
    /// The canvas size, screen points.
    public let canvasSize: Size
    /// The viewport (flow to screen transform).
    public let viewport: Viewport
    /// Pixels per screen point.
    public let displayScale: Double
    /// The canvas theme.
    public let theme: FlowTheme
    /// Changes in every frame whose node array differs from the last frame's.
    public let nodesVersion: Int
    /// Changes whenever a node rectangle may have changed (a new node array or a node laid out
    /// at a new size); equal values mean equal rectangles.
    public let layoutVersion: Int
    /// Whether a canvas gesture (a press, pan, node drag, selection box, connection or
    /// reconnection) is in progress.
    public let isGestureInProgress: Bool
    let graph: any FrameGraph

    init(frameNumber: Int, canvasSize: Size, viewport: Viewport, displayScale: Double, theme: FlowTheme,
         nodesVersion: Int, layoutVersion: Int, isGestureInProgress: Bool, graph: any FrameGraph) {
        self.frameNumber = frameNumber; self.canvasSize = canvasSize; self.viewport = viewport
        self.displayScale = displayScale; self.theme = theme
        self.nodesVersion = nodesVersion; self.layoutVersion = layoutVersion
        self.isGestureInProgress = isGestureInProgress; self.graph = graph
    }

    /// The flow rectangle the viewport shows.
    public var visibleFlowRect: Rect { viewport.visibleFlowRect(canvasSize: canvasSize) }
    /// How many nodes the frame has (valid indices are `0..<nodeCount`).
    public var nodeCount: Int { graph.frameNodeCount }
    /// How many edges the frame has.
    public var edgeCount: Int { graph.frameEdgeCount }
    /// The id of node `index`.
    public func nodeID(at index: Int) -> String { graph.frameNodeID(index) }
    /// The index of the node with `id` (the first, when ids repeat); nil when there is none.
    public func nodeIndex(id: String) -> Int? { graph.frameNodeIndex(id) }
    /// Node `index`'s laid-out rectangle, absolute flow units (parent offsets included); nil
    /// when it is not drawn (hidden, a repeated id, non-finite geometry) or not laid out yet.
    public func nodeRect(at index: Int) -> Rect? { graph.frameNodeRect(index) }
    /// The laid-out rectangle of the node with `id` (see `nodeRect(at:)`).
    public func nodeRect(id: String) -> Rect? { nodeIndex(id: id).flatMap(nodeRect(at:)) }
    /// Whether node `index` is selected.
    public func isSelected(at index: Int) -> Bool { graph.frameNodeSelected(index) }
    /// The frame's nodes when their data type is `NodeData`, else nil. O(1): the canvas' array.
    public func nodes<NodeData>(as type: NodeData.Type) -> [Node<NodeData>]? {
        (graph as? any FrameNodes<NodeData>)?.frameNodes
    }
    /// The frame's edges when their data type is `EdgeData`, else nil. O(1): the canvas' array.
    public func edges<EdgeData>(as type: EdgeData.Type) -> [Edge<EdgeData>]? {
        (graph as? any FrameEdges<EdgeData>)?.frameEdges
    }
}
