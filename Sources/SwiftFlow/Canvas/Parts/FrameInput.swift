import SwiftFlowCore

/// The frame input part: the frame's number and clock and the arrays the app passed to
/// `frame`, with whether they are the same buffers as last frame's (O(1) change detection).
/// Written by the `begin` (clock) and `build` (arrays) stages; read by every later stage.
struct FrameInput<NodeData, EdgeData> {
    /// Frames run so far (1 during the first).
    var number = 0
    /// The clock of the last frame, milliseconds; nil before the first.
    var lastTime: Double?
    /// The nodes and edges of the current frame (no copy: arrays are copy-on-write).
    var nodes: [Node<NodeData>] = []
    var edges: [Edge<EdgeData>] = []
    /// Whether this frame's arrays are last frame's buffers (so their contents are the same).
    var nodesUnchanged = false
    var edgesUnchanged = false
    /// When the array changed only at known indices (`ArrayChanges.elements`, same ids and
    /// count): those indices; nil when the array is unchanged or anything may have changed.
    var changedNodes: [Int]?
    var changedEdges: [Int]?
    /// The changed nodes laid out again this frame wherever they are (their views may place
    /// other handles): those `FlowStore` says it replaced whole (set before the frame; the
    /// others only moved, were selected or resized), else every one in `changedNodes` (set by
    /// the build stage). nil between frames.
    var replacedNodes: [Int]?
    /// During the build stage of a frame whose node changes are `.unknown`: the last frame's node
    /// array (kept from `nodes` before it is overwritten, as `FlowStore` may have changed it in place), and
    /// after a re-intern where each node was in it (-1: new; nil: at the same index). The full
    /// pass of `layoutVisible` compares each node laid out before and not laid out this frame
    /// (off-screen, far out) with its copy there (`Node.mayLayOutDifferently`) and lays out again
    /// those that may have changed. nil otherwise.
    var previousNodes: [Node<NodeData>]?
    var previousIndex: [Int32]?
    /// When the edges changed at their end (`ArrayChanges.appended`; `changedEdges` then lists
    /// the changed ones before): where the new ones start, at most last frame's count (less
    /// when the last edges were removed).
    var appendedEdgesFrom: Int?
    /// The same for nodes, set only when the canvas followed the change in proportion to it
    /// (`followTail`; `changedNodes` then lists the new nodes too).
    var appendedNodesFrom: Int?
    /// When last frame's elements at these indices (ascending) were removed and nothing else
    /// changed (`ArrayChanges.removed`) and the canvas followed that in flat passes
    /// (`followEdgeRemoval`, `followNodeRemoval`; `changedEdges` / `changedNodes` are then empty);
    /// nil otherwise.
    var removedNodes: [Int]?
    /// The same for edges (`changedEdges` is then empty).
    var removedEdges: [Int]?
    /// The frame (`number`) whose node array `layoutVisible` has followed (every node, or the
    /// changed ones): a later pass in the same frame (after a `fitView`, or `refresh`) reads only
    /// the visible nodes.
    var nodesFollowed = -1
    /// The counts of the arrays of the last frame (`nodes` and `edges` may have been handed back
    /// longer by `FlowStore` since, with appended elements).
    var nodeCount = 0
    var edgeCount = 0
    /// The store that passed the arrays (`FlowStore.frame`): while it holds the same edge buffer,
    /// its id map finds an edge by id in O(1) (`FlowStore.edgeIds(ifHolding:)`); its node map
    /// becomes the node cache's when the node array is re-read (`FlowStore.nodeIds(ifHolding:)`).
    weak var store: FlowStore<NodeData, EdgeData>?
    /// Set by `FlowStore` when it changed, in place, the buffer this part holds since the last
    /// frame: buffer identity no longer tells that it is unchanged.
    var nodesMutatedInPlace = false
    var edgesMutatedInPlace = false
    /// Set by `FlowStore` when, since the last frame, it removed elements from before the end of
    /// a buffer it handed back (`withCanvasLetGo(removing:)`): `nodes` and `edges` no longer
    /// have last frame's indices, which the canvas' per-element state keeps until the next frame
    /// follows the removal.
    var removedInPlace = false
}
