import SwiftFlowCore

/// The immediate-mode node-graph canvas (React Flow's `<ReactFlow>`), driven one frame at a time.
///
/// Each call to `frame(nodes:edges:events:into:)` takes the app's current nodes and edges, lays
/// out the visible node views, records their handles in the `registry`, consumes the frame's
/// input, reports what the user did through the callbacks, and appends the frame's geometry to
/// a `DrawList`. The canvas never mutates the app's nodes or edges: it emits changes
/// (`onNodesChange`, `onEdgesChange`, `onConnect`) for the app to apply (canvas.md §1).
/// The viewport is the canvas' own state (`viewport`, `onViewportChange`).
public final class FlowCanvas<NodeData, EdgeData> {
    // MARK: Configuration
    /// Canvas size in screen points. Default 1280x800; updated by `.resize` events.
    public var size: Size
    /// The current transform. Setting it moves the view (cancelling a pending `fitView()`); the
    /// zoom is clamped to `minZoom...maxZoom`, and a viewport with non-finite values or a zoom
    /// ≤ 0 is ignored.
    public var viewport: Viewport {
        get { currentViewport }
        set {
            guard newValue.isValid else { return }
            currentViewport = Viewport(x: newValue.x, y: newValue.y, zoom: min(max(newValue.zoom, minZoom), maxZoom))
            pendingFitView = nil
        }
    }
    /// Zoom limits; default 0.1...4.
    public var minZoom = 0.1
    public var maxZoom = 4.0
    public var theme: FlowTheme
    /// Views by node `type`; the built-in `default`, `input`, `output` and `group` are present
    /// unless replaced.
    public var nodeTypes: [String: NodeType<NodeData>]
    public var connectionMode = ConnectionMode.strict
    /// Snapping distance from the pointer to a handle anchor, flow units. Default 20.
    public var connectionRadius = 20.0
    public var nodesConnectable = true
    public var nodesDraggable = true
    public var elementsSelectable = true
    /// Pan by dragging empty canvas with the primary button. Default true.
    public var panOnDrag = true
    public var zoomOnScroll = true
    /// The wheel pans (by `panOnScrollSpeed` screen points per notch) instead of zooming;
    /// Ctrl+wheel still zooms. Default false.
    public var panOnScroll = false
    /// Screen points panned per wheel notch with `panOnScroll`. Default 20.
    public var panOnScrollSpeed = 20.0
    public var zoomOnPinch = true
    public var zoomOnDoubleClick = true
    /// Extra validity check for a proposed connection (called with the normalised connection).
    public var isValidConnection: ((Connection) -> Bool)?
    /// Pixels per screen point (HiDPI); updated by `.displayScale` events.
    public var displayScale = 1.0

    // MARK: Callbacks
    public var onNodesChange: (([NodeChange<NodeData>]) -> Void)?
    public var onEdgesChange: (([EdgeChange<EdgeData>]) -> Void)?
    public var onConnect: ((Connection) -> Void)?
    /// A connection drag began at `(nodeId, handleId, handleType)`.
    public var onConnectStart: ((String, String, HandleType) -> Void)?
    /// A connection drag ended: the connection made, or nil when it was dropped or cancelled.
    public var onConnectEnd: ((Connection?) -> Void)?
    /// A graph problem (missing handle, duplicate id…), reported once per cause.
    public var onError: ((FlowDiagnostic) -> Void)?
    public var onViewportChange: ((Viewport) -> Void)?

    // MARK: State
    /// The frame's handle registry (handles.md §2).
    public let registry = HandleRegistry()
    /// Statistics of the last frame.
    public internal(set) var stats = FrameStats()
    /// The connection in progress, if any.
    public internal(set) var connection: ConnectionInProgress?
    /// The text measurer used for layout and text drawing.
    public let textMeasurer: TextMeasurer

    var currentViewport = Viewport()
    var gesture = Gesture.idle
    var pointer: Point?
    var lastTime: Double?
    var pendingFitView: Double?
    var reported = Set<FlowDiagnostic>()

    // Graph caches (see FlowCanvas+Graph.swift).
    var nodeIds: [String] = []
    var nodeIndex: [String: Int] = [:]
    var states: [NodeState] = []
    var visibleNodes: [Int32] = []
    var frameOps: [NodeDrawOp] = []
    var builder: LayoutBuilder
    /// The nodes and edges of the current frame (no copy: arrays are copy-on-write).
    var nodesSnapshot: [Node<NodeData>] = []
    var edgesSnapshot: [Edge<EdgeData>] = []
    var nodesUnchanged = false
    var edgesUnchanged = false
    /// Whether the visible nodes need sorting for drawing (z-index, selection, parents); kept
    /// from the last full pass over the nodes.
    var drawOrderNeedsSort = false
    var frameNumber = 0
    var handleScratch: [LaidOutHandle] = []
    var edgeEnds: [EdgeEnds] = []
    var edgeKeys: [EdgeKey] = []
    var edgeRegistryVersion = -1
    var edgeConnectionMode = ConnectionMode.strict
    var gestureRegistryVersion = -1
    var pathScratch: [Point] = []
    /// Each edge's path bounds (flow units; nil when it is not drawn), valid for `edgeBoundsKey`.
    var edgeBounds: [Rect?] = []
    var edgeBoundsKey: EdgeBoundsKey?
    /// Bumped when a layout changes a node's size (side-centre edge ends move with it).
    var sizesVersion = 0
    /// Counts edge re-resolutions.
    var resolutions = 0

    /// Creates a canvas of `size` screen points measuring text with `textMeasurer`.
    public init(size: Size = Size(width: 1280, height: 800), theme: FlowTheme = .light, textMeasurer: TextMeasurer) {
        self.size = size
        self.theme = theme
        self.textMeasurer = textMeasurer
        nodeTypes = BuiltInNodeTypes.make(theme: theme)
        builder = LayoutBuilder(environment: LayoutEnvironment(fontSize: theme.fontSize, foreground: theme.nodeText))
    }

    /// Runs one frame: lays out visible nodes, updates the registry, consumes `events` (in order),
    /// emits changes through the callbacks, and appends the frame's geometry to `list`
    /// (which it resets first).
    ///
    /// - Parameters:
    ///   - time: the frame's clock in milliseconds (from an injected clock, so scripted runs
    ///     replay identically); used for auto-pan speed.
    public func frame(nodes: [Node<NodeData>], edges: [Edge<EdgeData>], events: [InputEvent] = [], time: Double = 0,
                      into list: inout DrawList) {
        let dt = lastTime.map { max(0, time - $0) } ?? 0
        lastTime = time
        // The canvas holds last frame's arrays, so an app that changed its nodes or edges since has a
        // new buffer: the same buffer means the same contents (O(1) change detection).
        nodesUnchanged = bufferIdentity(nodes) == bufferIdentity(nodesSnapshot) && nodes.count == nodesSnapshot.count
        edgesUnchanged = bufferIdentity(edges) == bufferIdentity(edgesSnapshot) && edges.count == edgesSnapshot.count
        nodesSnapshot = nodes
        edgesSnapshot = edges
        syncGraph(nodes)
        layoutVisible(nodes)
        if let padding = pendingFitView { applyFitView(nodes, padding: padding); pendingFitView = nil; layoutVisible(nodes) }
        resolveEdges(nodes, edges, keysUnchanged: edgesUnchanged)
        revalidateGesture()
        let before = currentViewport, sizeBefore = size
        for event in events { handle(event) }
        autoPan(dt: dt)
        if currentViewport != before || size != sizeBefore {
            // Nodes the new view reveals are laid out now; that may change the registry.
            layoutVisible(nodes)
            resolveEdges(nodes, edges, keysUnchanged: true)
            revalidateGesture()
            if currentViewport != before { onViewportChange?(currentViewport) }
        }
        list.reset(displayScale: displayScale)
        draw(nodes: nodes, edges: edges, into: &list)
        stats.vertices = list.vertices.count
        stats.indices = list.indices.count
        stats.instances = list.instances.count
    }

    /// Fits the view to the bounds of all non-hidden nodes at the next frame (after layout), so
    /// that they fill the canvas less `padding` (a fraction of the canvas size) on each side,
    /// centred, with the zoom clamped to `minZoom...maxZoom`. An empty graph leaves the view as it
    /// is; zero-area bounds centre the nodes at the clamped zoom.
    public func fitView(padding: Double = 0.1) { pendingFitView = padding }

    /// Converts a screen point to flow units with the current viewport.
    public func screenToFlowPosition(_ p: Point) -> Point { currentViewport.screenToFlow(p) }
    /// Converts a flow point to screen points with the current viewport.
    public func flowToScreenPosition(_ p: Point) -> Point { currentViewport.flowToScreen(p) }

    func bufferIdentity<T>(_ a: [T]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) } }

    func report(_ d: FlowDiagnostic) {
        if reported.insert(d).inserted { onError?(d) }
    }
}
