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
        get { viewportController.current }
        set {
            guard newValue.isValid else { return }
            viewportController.current = Viewport(x: newValue.x, y: newValue.y, zoom: min(max(newValue.zoom, minZoom), maxZoom))
            viewportController.pendingFit = nil
            viewportController.animation = nil
        }
    }
    /// Zoom limits; default 0.1...4.
    public var minZoom = 0.1
    public var maxZoom = 4.0
    /// Colours and sizes of everything drawn. A new `fontSize` or `handleSize` (which node
    /// layouts read) drops the nodes' solid pictures (see `levelOfDetail`). O(nodes) then.
    public var theme: FlowTheme {
        didSet { if theme.fontSize != oldValue.fontSize || theme.handleSize != oldValue.handleSize { dropSolidPictures() } }
    }
    /// Views by node `type`; the built-in `default`, `input`, `output` and `group` are present
    /// unless replaced. Setting it drops the nodes' solid pictures (see `levelOfDetail`), so
    /// the next frame rebuilds the visible nodes with the new views. O(nodes).
    public var nodeTypes: [String: NodeType<NodeData>] {
        didSet { layoutTypes = NodeTypeMemo(); dropSolidPictures() }
    }
    public var connectionMode = ConnectionMode.strict
    /// Snapping distance from the pointer to a handle anchor, flow units. Default 20.
    public var connectionRadius = 20.0
    public var nodesConnectable = true
    /// Nodes can be dragged (a node's own `draggable` overrides it). Default true.
    public var nodesDraggable = true
    /// Nodes and edges can be selected by click, box, Ctrl+A and Return (a node's own
    /// `selectable` false excludes it). Default true.
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
    /// Selected edges show grips at their ends that reconnect them (needs `onReconnect`; an edge's
    /// own `reconnectable` can refuse). Default true (React Flow's `edgesReconnectable`).
    public var edgesReconnectable = true
    /// Radius of a reconnect grip's hit area, flow units; the grip's centre sits this far out from
    /// the edge's end along the handle's side. Default 10 (React Flow's `reconnectRadius`).
    public var reconnectRadius = 10.0
    /// Extra validity check for a proposed connection (called with the normalised connection).
    public var isValidConnection: ((Connection) -> Bool)?
    /// Pixels per screen point (HiDPI); updated by `.displayScale` events.
    public var displayScale = 1.0
    /// Level of detail when zoomed out. Default true: below 100% zoom, shapes under 12 pixels on
    /// their shorter side whose corner radius is under a pixel (so a circle under 2 pixels across)
    /// are drawn as plain rectangles, text under 4 pixels not at all, handles under 3 pixels as
    /// squares, and strokes under a pixel without their antialiasing fringe. Two tiers skip
    /// rebuilding node views while the node array is unchanged:
    /// - solid: a node all of whose shapes, text and handles are that small (and that is not
    ///   selected, focused, under a gesture, and places no NodeToolbar, NodeResizer or Button) is
    ///   drawn from the solid rectangles recorded at its last layout, with its handles; the draw
    ///   list is the one a rebuild would give.
    /// - far out: below 50% zoom, a node under 16 pixels on its longer side is drawn as one
    ///   rectangle in its first shape's colour, without handles.
    ///
    /// Caveat of immediate mode: a node in either tier does not re-run its view closure until the
    /// node array changes (or, in the solid tier, `nodeTypes` or the theme's sizes are set), so
    /// a view reading state outside its node is not redrawn meanwhile.
    /// False draws every node, shape, text and fringe at any zoom (slower for large graphs seen
    /// whole).
    public var levelOfDetail = true
    /// With `levelOfDetail`: when every node is far out (a few pixels across), nodes and edges
    /// are drawn from a cached overview picture — tiles of the graph rasterised at power-of-two
    /// zoom levels, updated where nodes move — with the selected and interacting nodes and the
    /// selected edges drawn live on top, so that a zoomed-out frame costs the tiles on screen,
    /// not the graph (Render/OverviewPicture.swift). Default true; false draws every node and
    /// edge as `levelOfDetail` alone does.
    public var overviewPicture = true
    /// The most overview tiles rasterised in one frame (`overviewPicture`), as map engines bound
    /// their work: a tile of the frame's level that is missing or stale beyond it is drawn from a
    /// kept tile of another level scaled in its place — a coarser one's part, or its finer
    /// children — and rasterised in a following frame (`needsAnotherFrame`), in row order from the
    /// top left. Default 4 (a few of the dozens of tiles a screen shows); values below 1 act as
    /// 1; `Int.max` rasterises every tile in the frame that needs it (a spike after a zoom across
    /// a level: O(nodes on screen)). A tile costs O(nodes and edges in it), so the frame's time
    /// follows the density under the tiles rasterised.
    public var overviewTileBudget = 4
    /// Components (Background, Controls, MiniMap, Panel…), drawn in array order within their
    /// layer; foreground components later in the array are on top and get the pointer first.
    public var components: [any FlowComponent] = []
    /// Replaces the built-in connection line (React Flow's `connectionLineComponent`); nil draws
    /// the default bezier in the theme's connection colours.
    public var connectionLine: ConnectionLineRenderer?

    // MARK: Editing (canvas.md §3–§5)
    /// Which nodes a selection box picks. Default `.partial` (any overlap).
    public var selectionMode = SelectionMode.partial
    /// A primary drag on empty canvas draws a selection box instead of panning. Default false
    /// (Shift+drag draws one either way).
    public var selectionOnDrag = false
    /// Dragging an unselected node selects it alone first. Default true; when false it is dragged
    /// alone without changing the selection (a click still selects it).
    public var selectNodesOnDrag = true
    /// Movement (screen points) after which a press on a node becomes a drag. Default 1.
    public var nodeDragThreshold = 1.0
    /// Dragged nodes snap to `snapGrid`; arrow keys nudge by one grid step. Default false.
    public var snapToGrid = false
    /// Grid step (flow units) for `snapToGrid`. Default 20x20.
    public var snapGrid = Size(width: 20, height: 20)
    /// Where nodes may be dragged (flow units, absolute); nil = anywhere. A node's own `extent`
    /// applies as well.
    public var coordinateExtent: Rect?
    /// Undo steps kept (the oldest is dropped beyond it; at least 1). Default 100.
    public var historyLimit = 100
    /// The clipboard Ctrl+C/X/V use; default an in-memory one (the SDL runner sets the system's).
    public var clipboard: Clipboard = InMemoryClipboard()
    /// How node and edge data cross the clipboard as JSON; the default works for `JSONValue` and
    /// any `Codable` data (`ClipboardCoding`).
    public var clipboardCoding = ClipboardCoding<NodeData, EdgeData>()

    // MARK: Callbacks
    /// Called once, in the first frame, after its nodes were laid out and indexed and before its
    /// events (React Flow's `onInit`, which passes the `ReactFlowInstance`; here the canvas, which
    /// `FlowInstance(canvas:store:)` wraps): node sizes, `getNodesBounds`, viewport conversions
    /// and `fitView` work inside it, and a fit or viewport it sets is what the first frame shows
    /// (the frame lays out again at that view and reports it through `onViewportChange`).
    /// Changes it makes to the graph arrive through the change callbacks, for the next frame.
    /// Set it before the first frame: one set later is never called. Default nil.
    public var onInit: ((FlowCanvas<NodeData, EdgeData>) -> Void)?
    /// The user changed nodes (moved, resized, selected, removed, added, or a control edited a
    /// node's data: `NodeChange`), one batch per action; apply them with `applyNodeChanges` or a
    /// `FlowStore`. `FlowStore.attach(to:)` sets it: to see the changes as well, set yours after
    /// that and call the store's from it.
    public var onNodesChange: (([NodeChange<NodeData>]) -> Void)?
    /// The user changed edges (selected, removed, added: `EdgeChange`), one batch per action; as
    /// `onNodesChange`.
    public var onEdgesChange: (([EdgeChange<EdgeData>]) -> Void)?
    /// A connection drag was dropped on a valid handle (or a node chosen from the search box a
    /// dropped connection opened); make the edge with `addEdge`, or let a `FlowStore` make it.
    /// Set by `FlowStore.attach(to:)`, as `onNodesChange`.
    public var onConnect: ((Connection) -> Void)?
    /// A connection drag began at `(nodeId, handleId, handleType)`.
    public var onConnectStart: ((String, String, HandleType) -> Void)?
    /// A connection drag ended: the connection made, or nil when it was dropped or cancelled.
    public var onConnectEnd: ((Connection?) -> Void)?
    /// A reconnect grip was dropped on a valid handle: `(oldEdge, newConnection)`; apply it with
    /// `reconnectEdge`. Reconnect grips exist only while this is set.
    public var onReconnect: ((Edge<EdgeData>, Connection) -> Void)?
    /// A reconnect drag began on `edge`; the handle type is the role of the end that stays fixed
    /// (as React Flow passes it).
    public var onReconnectStart: ((Edge<EdgeData>, HandleType) -> Void)?
    /// A reconnect drag ended: the edge, the fixed end's role, and the new connection or nil when
    /// it was dropped elsewhere or cancelled (the edge is then left as it was).
    public var onReconnectEnd: ((Edge<EdgeData>, HandleType, Connection?) -> Void)?
    /// A graph problem (missing handle, duplicate id…), reported once per cause.
    public var onError: ((FlowDiagnostic) -> Void)?
    /// The viewport moved: after a frame in which the user panned or zoomed, and on each frame of
    /// a viewport animation (`FlowInstance`'s `duration:`).
    public var onViewportChange: ((Viewport) -> Void)?
    /// The selected nodes and edges changed (fired once per change, at the frame that sees it).
    public var onSelectionChange: ((FlowElements<NodeData, EdgeData>) -> Void)?
    /// A click on empty canvas, at this flow point (the selection is cleared too).
    public var onPaneClick: ((Point) -> Void)?
    /// A node was clicked (React Flow's `onNodeClick`): a primary press on its body released
    /// without dragging past `nodeDragThreshold`. Called in the interact stage at the release,
    /// after the click's `.select` change went out (so the node passed, as this frame has it,
    /// does not show that change yet), and also when the node cannot be selected
    /// (`elementsSelectable` false, the node's `selectable` false). Not called for a press that
    /// became a drag, a press on a handle (a connection), a resize grip, a toolbar, or a control
    /// or `Button` inside the node that took the press, nor after Escape cancelled the press.
    /// A double click calls it for each of its two clicks. Default nil.
    public var onNodeClick: ((Node<NodeData>) -> Void)?
    /// An edge was clicked (React Flow's `onEdgeClick`): a primary press on its interaction area
    /// (`interactionWidth`) or its label, released without moving past the drag threshold (a
    /// press that moves pans, or draws a box with `selectionOnDrag`). Called in the interact
    /// stage at the release, after the click's `.select` change, and also when the edge cannot
    /// be selected; not for a press on a reconnect grip. The edge is as this frame has it.
    /// Default nil.
    public var onEdgeClick: ((Edge<EdgeData>) -> Void)?
    /// The pointer entered a node (React Flow's `onNodeMouseEnter`): the topmost drawn node whose
    /// rectangle holds it, not under an open popup or a foreground component (a part of a
    /// handle outside the rectangle is not the node), as this frame has it. Found once a frame,
    /// at the end of the interact stage, by the hit that `.onHover` uses, so a node that slides
    /// under a still pointer (a zoom, an animation) is entered too. Not called during a pan (the
    /// frame that ends it reports what changed), nor for hidden nodes. Default nil; with none of
    /// the six mouse callbacks set, the frame does no hover hit for them.
    public var onNodeMouseEnter: ((Node<NodeData>) -> Void)?
    /// The pointer moved over a node (React Flow's `onNodeMouseMove`): once per frame whose
    /// events moved the pointer while it is over the node (after `onNodeMouseEnter` in the
    /// frame it enters; during a node drag too), not per event. Default nil.
    public var onNodeMouseMove: ((Node<NodeData>) -> Void)?
    /// The pointer left a node (React Flow's `onNodeMouseLeave`), to another element, empty
    /// canvas, a component or outside the canvas, with the node as this frame has it. A node
    /// removed or hidden while hovered gets no leave (React Flow unmounts its element, which
    /// gets no `mouseleave`): forget what you keep for it in `onNodesChange`. Default nil.
    public var onNodeMouseLeave: ((Node<NodeData>) -> Void)?
    /// The pointer entered an edge (React Flow's `onEdgeMouseEnter`): within `interactionWidth / 2`
    /// of its path or on its label, where no node is (the edge `onEdgeClick` would get), found
    /// by the same once-a-frame hit as `onNodeMouseEnter`, and as it: not during a pan, not for
    /// hidden edges. Measuring edges under the pointer each frame happens only while one of the
    /// three edge callbacks is set. Default nil.
    public var onEdgeMouseEnter: ((Edge<EdgeData>) -> Void)?
    /// The pointer moved over an edge (React Flow's `onEdgeMouseMove`), once per frame whose
    /// events moved it, as `onNodeMouseMove`. Default nil.
    public var onEdgeMouseMove: ((Edge<EdgeData>) -> Void)?
    /// The pointer left an edge (React Flow's `onEdgeMouseLeave`), as `onNodeMouseLeave`: an
    /// edge removed or hidden while hovered gets no leave. Default nil.
    public var onEdgeMouseLeave: ((Edge<EdgeData>) -> Void)?
    /// Asked before a deletion with what it would remove; return nil to veto, or a subset to
    /// narrow it (the subset is closed again: children and attached edges of kept nodes go too).
    public var onBeforeDelete: ((FlowElements<NodeData, EdgeData>) -> FlowElements<NodeData, EdgeData>?)?
    /// Fired after a deletion's remove changes with the removed nodes (when any).
    public var onNodesDelete: (([Node<NodeData>]) -> Void)?
    /// Fired after a deletion's remove changes with the removed edges (when any).
    public var onEdgesDelete: (([Edge<EdgeData>]) -> Void)?
    /// Fired after a deletion with everything it removed.
    public var onDelete: ((FlowElements<NodeData, EdgeData>) -> Void)?
    /// A node drag began (after `nodeDragThreshold`): the node under the pointer and every
    /// dragged node, at their start positions (React Flow's `(event, node, nodes)` without the event).
    public var onNodeDragStart: ((Node<NodeData>, [Node<NodeData>]) -> Void)?
    /// A node drag moved: the node under the pointer and every dragged node at their new positions.
    public var onNodeDrag: ((Node<NodeData>, [Node<NodeData>]) -> Void)?
    /// A node drag ended: the nodes at their final positions (their start positions when Escape
    /// cancelled the drag).
    public var onNodeDragStop: ((Node<NodeData>, [Node<NodeData>]) -> Void)?
    /// A drag of several selected nodes began, with the dragged nodes (fired besides
    /// `onNodeDragStart`; React Flow fires it for its selection rectangle, which SwiftFlow has not).
    public var onSelectionDragStart: (([Node<NodeData>]) -> Void)?
    /// A drag of several selected nodes moved (besides `onNodeDrag`).
    public var onSelectionDrag: (([Node<NodeData>]) -> Void)?
    /// A drag of several selected nodes ended (besides `onNodeDragStop`).
    public var onSelectionDragStop: (([Node<NodeData>]) -> Void)?
    /// A node was double-clicked (second primary press of a double click on its body), with its id.
    /// Called in the interact stage at that press (before its release calls `onNodeClick`).
    /// The double-click callbacks pass ids, unlike React Flow's, which pass the element: find it
    /// with `FlowStore.node(_:)` or `FlowInstance.getNode(_:)` / `getEdge(_:)`. Not called for
    /// presses on handles, resize grips, toolbars or controls. Default nil.
    public var onNodeDoubleClick: ((String) -> Void)?
    /// An edge was double-clicked (second primary press of a double click on its interaction
    /// area or label), with its id, as `onNodeDoubleClick`: at that press, in the interact
    /// stage, before its release calls `onEdgeClick`. Not called for a reconnect grip. Default nil.
    public var onEdgeDoubleClick: ((String) -> Void)?
    /// The items of the menu a secondary click (press and release without a drag) on a node opens
    /// at the pointer (React Flow's `onNodeContextMenu`, returning the menu instead of drawing
    /// one); no items, no menu. A `contextMenu` inside the node's view opens first (at the press).
    /// Default nil: a secondary drag pans, as without menus.
    public var onNodeContextMenu: ((Node<NodeData>) -> [MenuItem])?
    /// The items of the menu a secondary click on empty canvas (or an edge) opens, given the flow
    /// point clicked (React Flow's `onPaneContextMenu`); no items, no menu. Default nil.
    public var onPaneContextMenu: ((Point) -> [MenuItem])?
    /// The kinds of node the node search box offers (docs/spec/canvas.md §9): with a catalogue,
    /// a double-click on empty canvas (or on a group node's body) opens the search box at the
    /// pointer instead of zooming, and a connection dropped on empty canvas opens it listing the
    /// templates it can connect to. Default nil: neither opens it.
    public var nodeCatalog: NodeCatalog<NodeData>?

    // MARK: State
    /// The frame's handle registry (handles.md §2).
    public let registry = HandleRegistry()
    /// Statistics of the last frame.
    public internal(set) var stats = FrameStats()
    /// The connection in progress (a connection or reconnect drag), if any.
    public var connection: ConnectionInProgress? { interaction.connection }
    /// The text measurer used for layout and text drawing.
    public let textMeasurer: TextMeasurer
    /// Where `Image` views get their pictures (SwiftFlowSDL's `SDLImageCache`: `SDLHost.images`);
    /// nil draws every image as a placeholder and reports `FlowDiagnostic.imageUnavailable`.
    /// Default nil.
    public var imageProvider: ImageProvider? {
        didSet { imageProviderChanged() }
    }
    /// The pointer cursor the canvas wants after the last frame; the platform shows it
    /// (SwiftFlowSDL's `SDLCursors`).
    public internal(set) var cursor = FlowCursor.default

    /// The pointer's last position in screen points (for components' hover states); nil before
    /// the first pointer event and after it left the canvas.
    public internal(set) var pointer: Point?
    /// The component that gets key events first (e.g. Controls after F6).
    public var focusedComponent: (any FlowComponent)?
    /// The clock of the current frame, milliseconds (the `time` given to `frame`).
    public var time: Double { frameInput.lastTime ?? 0 }

    // The parts (docs/ARCHITECTURE.md lists what each owns and which stage writes it).
    /// The frame's number, clock and arrays.
    var frameInput = FrameInput<NodeData, EdgeData>()
    /// The viewport, a pending fit, an animation.
    var viewportController = ViewportController()
    /// Node states, layouts, parent chains, the node index, solid pictures, drawing order.
    var nodeCache = NodeCache()
    /// Edge ends, bounds and the edge index.
    var edgeIndex = EdgeIndex()
    /// The overview picture's tiles (Render/OverviewPicture.swift).
    var overview = OverviewPicture()
    /// Resizers, toolbars and buttons of the nodes laid out this frame.
    var tools = FrameTools()
    /// The gesture in progress and the captured component.
    var interaction = Interaction<NodeData, EdgeData>()
    /// Selection, focus and clipboard state (see FlowCanvas+Selection.swift).
    var editing = EditingState()
    /// The controls' per-view state: focus, text being edited, popup, scroll (ControlFocus.swift).
    var controlState = ControlFocus<NodeData>()
    /// The hover regions under the pointer and the tooltip's clock (Views/Hover.swift).
    var hoverState = HoverState()
    /// Undo/redo (see FlowCanvas+History.swift).
    var history = History<NodeData, EdgeData>()
    /// Diagnostics already reported (each cause once).
    var reported = Set<FlowDiagnostic>()
    /// Frame scratch (reused, no allocation per frame): the view builder and the handles of the
    /// node being laid out, index query results, the polyline of edge drawing.
    var builder: LayoutBuilder
    var handleScratch: [LaidOutHandle] = []
    var visibleScratch: [Int32] = []
    var pathScratch: [Point] = []
    /// The entry of `nodeTypes` that `layoutNode` found last: nodes laid out one after another
    /// are mostly of one type, and a lookup in the dictionary (generic here, not specialised)
    /// costs more than comparing the name. Emptied when `nodeTypes` changes.
    var layoutTypes = NodeTypeMemo<NodeData>()

    /// Creates a canvas of `size` screen points measuring text with `textMeasurer`.
    public init(size: Size = Size(width: 1280, height: 800), theme: FlowTheme = .light, textMeasurer: TextMeasurer) {
        self.size = size
        self.theme = theme
        self.textMeasurer = textMeasurer
        nodeTypes = BuiltInNodeTypes.make(theme: theme)
        builder = LayoutBuilder(environment: LayoutEnvironment(theme: theme))
        builder.dataSource = NodeDataSource<NodeData> { [weak self] node in self?.dataBinding(for: node) ?? .constant(node.data) }
    }

    /// Fits the view to the bounds of all non-hidden nodes at the next frame (after layout),
    /// centred, by React Flow's formula (`getViewportForBounds`): zoom = min(width / (bounds
    /// width · (1 + padding)), height / (bounds height · (1 + padding))), clamped to
    /// `minZoom...maxZoom`. `padding` is a fraction of the bounds (default 0.1; negative or
    /// non-finite counts as 0). An empty graph leaves the view as it is; a zero-width or
    /// zero-height side does not limit the zoom, so nodes at one point are centred at `maxZoom`.
    public func fitView(padding: Double = 0.1) { viewportController.pendingFit = FitViewRequest(padding: padding) }

    /// Converts a screen point to flow units with the current viewport.
    public func screenToFlowPosition(_ p: Point) -> Point { viewportController.current.screenToFlow(p) }
    /// Converts a flow point to screen points with the current viewport.
    public func flowToScreenPosition(_ p: Point) -> Point { viewportController.current.flowToScreen(p) }

    func bufferIdentity<T>(_ a: [T]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) } }

    /// Reports `d` through `onError`, once per distinct diagnostic: how the canvas, its
    /// components and other plugins tell the app about a problem while they keep working.
    public func report(_ d: FlowDiagnostic) {
        if reported.insert(d).inserted { onError?(d) }
    }
}
