/// What the last frame saw and drew (for `--report` and benchmarks).
public struct FrameStats: Hashable, Sendable {
    /// Nodes, edges (by their cached bounds) and handles that overlap the canvas itself: what the
    /// user can see.
    public var visibleNodes = 0
    public var visibleEdges = 0
    public var visibleHandles = 0
    /// Nodes, edges and handles drawn: the visible ones plus those in the culling margin around
    /// the canvas (drawn so that a pan shows no gap before the next frame).
    public var drawnNodes = 0
    public var drawnEdges = 0
    public var drawnHandles = 0
    public var totalNodes = 0
    public var totalEdges = 0
    public var totalHandles = 0
    /// Nodes whose view was rebuilt and laid out this frame.
    public var laidOutNodes = 0
    /// Nodes the frame read from the node array to follow its changes: every node when the array
    /// changed in unknown ways, only the changed ones when its owner said which
    /// (`ArrayChanges.elements`), none when it is unchanged. Laid-out visible nodes are not counted.
    public var scannedNodes = 0
    /// Nodes whose parent chain was resolved this frame (every node, or the changed ones).
    public var parentChainsResolved = 0
    /// Edges whose ends were resolved against the handle registry this frame.
    public var resolvedEdges = 0
    /// Edges whose facts (type, label, margin, selection) were re-read this frame.
    public var edgeInfosRead = 0
    /// Full rebuilds this frame of the handle hash, the node index or the edge index.
    public var indexRebuilds = 0
    /// Handles, node rectangles and edge bounds moved to other index cells this frame.
    public var indexRebins = 0
    /// The draw list's size: vertices and indices in the triangle form, shapes in the instance
    /// form (the GL backend's; 4 GPU vertices each).
    public var vertices = 0
    public var indices = 0
    public var instances = 0
    /// Of `vertices`, those of edges (drawn after background components, before nodes, the
    /// connection line and foreground components).
    public var edgeVertices = 0
    /// Overview picture tiles of this frame's level covering the canvas (0 when nodes and edges
    /// were drawn one by one: `FlowCanvas.overviewPicture`), and of those, the ones rasterised
    /// afresh.
    public var overviewTiles = 0
    public var overviewTilesRasterised = 0
    /// Of `overviewTiles`, those left missing or stale for later frames by
    /// `FlowCanvas.overviewTileBudget`, and of those, the ones drawn from another level's tiles
    /// scaled in their place (the others show their stale pixels, or nothing when they have none).
    public var overviewTilesPending = 0
    public var overviewTilesStandIn = 0
}
