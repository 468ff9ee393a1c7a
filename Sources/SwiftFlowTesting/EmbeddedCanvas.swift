import SwiftFlow

/// A `FlowCanvas` and its `FlowStore` driven headlessly, for tests (in the spirit of
/// swift-nio's `EmbeddedChannel`): a manual clock, scripted input run frame by frame through
/// `FlowStore.frame` (the path apps use), a queue of everything the canvas told the app, the
/// diagnostics it reported, and a `finish()` that says what a test left unfinished.
///
/// ```swift
/// let driver = EmbeddedCanvas(nodes: nodes, edges: [], makeEdgeData: { _ in .null })
/// driver.frame()                                    // first layout
/// try driver.play("press 50 25\nmove 90 25\nrelease 90 25")
/// XCTAssertEqual(driver.store.nodes[0].position, Point(x: 40, y: 0))
/// _ = driver.drainOutbound()
/// XCTAssertEqual(driver.finish(), .clean)
/// ```
///
/// The canvas' callbacks record into the outbound queue and then call what was set before
/// (the store's `attach`), so the store still applies every change. A callback set on `canvas`
/// afterwards replaces that recorder; chain to the old value to keep both. Screen positions in
/// events are in screen points, node positions in flow units (replay.md, canvas.md).
public final class EmbeddedCanvas<NodeData, EdgeData> {
    /// The graph the canvas edits; it applies the canvas' changes.
    public let store: FlowStore<NodeData, EdgeData>
    /// The canvas under test; configure it freely (before the first `frame()` for layout settings).
    public let canvas: FlowCanvas<NodeData, EdgeData>
    /// The draw list of the last frame.
    public var drawList: DrawList { list }
    /// `drawList`'s storage, reachable from the inlinable frame path.
    @usableFromInline var list = DrawList()

    /// Draws the next frames into a list of `form` (default `.triangles`, as the SDL renderer;
    /// `.instances` is the GL backend's).
    public func drawListForm(_ form: DrawList.Form) { list = DrawList(form: form) }
    /// The manual clock, milliseconds, passed to every frame as its `time`. It moves only by
    /// `advance(by:)`, by `frameDuration` per `frame(_:)`, by a script's `wait`s, or when set.
    public var time: Double
    /// Milliseconds the clock advances before each `frame(_:)`. Default 1000 / 60 (60 fps).
    public var frameDuration: Double
    /// Whether callbacks are queued as outbound entries. Default true; false keeps long runs
    /// (benchmarks, soak tests) from growing the queue; the store still applies every change.
    public var recordsOutbound = true
    /// Outbound entries not yet read, oldest first.
    public private(set) var outbound: [FlowOutbound<NodeData, EdgeData>] = []
    /// Diagnostics (`onError`) not yet drained, oldest first.
    public private(set) var diagnostics: [FlowDiagnostic] = []
    /// Whether a node drag began (`onNodeDragStart`) and has not stopped.
    private var nodeDragOpen = false

    /// Creates a store over `nodes` and `edges` and a canvas of `size` screen points (default
    /// 1280x800) measuring text with `textMeasurer` (default `FixedAdvanceTextMeasurer()`: 0.6 em
    /// per character, no glyphs), attaches them and installs the recorders. Runs no frame: call
    /// `frame()` once so that the canvas lays the nodes out before input arrives. The clock
    /// starts at `time` (default 0).
    public init(nodes: [Node<NodeData>], edges: [Edge<EdgeData>] = [], makeEdgeData: @escaping (Connection) -> EdgeData,
                size: Size = Size(width: 1280, height: 800), theme: FlowTheme = .light,
                textMeasurer: TextMeasurer = FixedAdvanceTextMeasurer(), time: Double = 0, frameDuration: Double = 1000.0 / 60) {
        store = FlowStore(nodes: nodes, edges: edges, makeEdgeData: makeEdgeData)
        canvas = FlowCanvas(size: size, theme: theme, textMeasurer: textMeasurer)
        self.time = time
        self.frameDuration = frameDuration
        store.attach(to: canvas)
        installRecorders()
    }

    // MARK: Clock and frames

    /// Moves the clock `ms` milliseconds forward without running a frame.
    public func advance(by ms: Double) { time += ms }

    /// Advances the clock by `frameDuration` and runs one frame with `events` through
    /// `FlowStore.frame`. Inlinable, so that a caller's event array can stay on its stack (the
    /// bench counts allocations per frame).
    @inlinable
    public func frame(_ events: [InputEvent] = []) {
        time += frameDuration
        runFrame(events)
    }

    /// Plays `script` one script frame per canvas frame, the clock advancing only by its `wait`s
    /// (and script viewports applied), then runs one settling `frame()` with no events, so that
    /// the canvas sees the graph the store built from the last frame's changes.
    public func play(_ script: InputScript) {
        var player = ScriptPlayer(script)
        let start = time
        while !player.isFinished {
            let events = player.next(for: canvas)
            time = start + player.time
            runFrame(events)
        }
        frame()
    }

    /// Parses `text` (replay.md syntax) and plays it as `play(_: InputScript)` does.
    /// - Throws: `InputScript.ParseError` when the text does not parse; nothing is played then.
    public func play(_ text: String) throws {
        play(try InputScript(parsing: text))
    }

    /// Plays `events` one per `frame(_:)`, then one settling `frame()`.
    public func play(_ events: [InputEvent]) {
        for event in events { frame([event]) }
        frame()
    }

    /// Runs one frame at the current clock.
    @inlinable
    func runFrame(_ events: [InputEvent]) {
        store.frame(canvas, events: events, time: time, into: &list)
    }

    /// The centre, in screen points, of the first line of text reading `string` that node `id`'s
    /// view drew in the last frame (`FlowCanvas.drawnTexts(ofNode:)`); nil when it drew none.
    /// Where a script clicks a control by what it shows, without working out the layout:
    ///
    /// ```swift
    /// let mode = try XCTUnwrap(driver.location(ofText: "add", inNode: "a"))   // a Picker showing "add"
    /// try driver.play("click \(mode.x) \(mode.y)\nkey Down\nkey Return")
    /// ```
    public func location(ofText string: String, inNode id: String) -> Point? {
        canvas.drawnTexts(ofNode: id).first { $0.text == string }?.frame.center
    }

    // MARK: Outbound queue and diagnostics

    /// Removes and returns the oldest unread outbound entry, or nil when there is none.
    public func readOutbound() -> FlowOutbound<NodeData, EdgeData>? {
        outbound.isEmpty ? nil : outbound.removeFirst()
    }

    /// Removes and returns every unread outbound entry, oldest first.
    public func drainOutbound() -> [FlowOutbound<NodeData, EdgeData>] {
        defer { outbound.removeAll() }
        return outbound
    }

    /// Removes and returns every recorded diagnostic, oldest first.
    public func drainDiagnostics() -> [FlowDiagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    /// Reports what the test left unfinished (an open gesture, an undo step the canvas completes
    /// only at the next frame, unread outbound entries and diagnostics) and drains the queues, so
    /// a second call reports only what happened since. Runs no frame.
    public func finish() -> LeftOvers<NodeData, EdgeData> {
        let gesture: OpenGesture? = canvas.connection != nil ? .connection
            : nodeDragOpen ? .nodeDrag
            : canvas.isGestureInProgress ? .pointerDown : nil
        return LeftOvers(openGesture: gesture, pendingHistoryStep: canvas.hasPendingHistoryStep,
                         unreadOutbound: drainOutbound(), unreadDiagnostics: drainDiagnostics())
    }

    // MARK: Recorders

    /// Points every canvas callback at a recorder that queues it and then calls what was set
    /// before (the store's change plumbing, or nothing).
    private func installRecorders() {
        typealias Out = FlowOutbound<NodeData, EdgeData>
        let c = canvas
        c.onNodesChange = recorder(c.onNodesChange, Out.nodesChange)
        c.onEdgesChange = recorder(c.onEdgesChange, Out.edgesChange)
        c.onConnect = recorder(c.onConnect, Out.connect)
        c.onConnectStart = recorder(c.onConnectStart, Out.connectStart)
        c.onConnectEnd = recorder(c.onConnectEnd, Out.connectEnd)
        c.onReconnect = recorder(c.onReconnect, Out.reconnect)
        c.onReconnectStart = recorder(c.onReconnectStart, Out.reconnectStart)
        c.onReconnectEnd = recorder(c.onReconnectEnd, Out.reconnectEnd)
        c.onSelectionChange = recorder(c.onSelectionChange, Out.selectionChange)
        c.onPaneClick = recorder(c.onPaneClick, Out.paneClick)
        c.onNodeDragStart = recorder(c.onNodeDragStart, Out.nodeDragStart)
        c.onNodeDrag = recorder(c.onNodeDrag, Out.nodeDrag)
        c.onNodeDragStop = recorder(c.onNodeDragStop, Out.nodeDragStop)
        c.onSelectionDragStart = recorder(c.onSelectionDragStart, Out.selectionDragStart)
        c.onSelectionDrag = recorder(c.onSelectionDrag, Out.selectionDrag)
        c.onSelectionDragStop = recorder(c.onSelectionDragStop, Out.selectionDragStop)
        c.onNodesDelete = recorder(c.onNodesDelete, Out.nodesDelete)
        c.onEdgesDelete = recorder(c.onEdgesDelete, Out.edgesDelete)
        c.onDelete = recorder(c.onDelete, Out.delete)
        c.onViewportChange = recorder(c.onViewportChange, Out.viewportChange)
        c.onNodeClick = recorder(c.onNodeClick, Out.nodeClick)
        c.onEdgeClick = recorder(c.onEdgeClick, Out.edgeClick)
        c.onNodeDoubleClick = recorder(c.onNodeDoubleClick, Out.nodeDoubleClick)
        c.onEdgeDoubleClick = recorder(c.onEdgeDoubleClick, Out.edgeDoubleClick)
        let next = c.onError
        c.onError = { [weak self] in self?.diagnostics.append($0); next?($0) }
    }

    /// A callback that records `entry(arguments)` and then calls `next`.
    private func recorder<each A>(_ next: ((repeat each A) -> Void)?,
                                  _ entry: @escaping (repeat each A) -> FlowOutbound<NodeData, EdgeData>) -> (repeat each A) -> Void {
        { [weak self] (arguments: repeat each A) in
            self?.record(entry(repeat each arguments))
            next?(repeat each arguments)
        }
    }

    private func record(_ entry: FlowOutbound<NodeData, EdgeData>) {
        switch entry {
        case .nodeDragStart: nodeDragOpen = true
        case .nodeDragStop: nodeDragOpen = false
        default: break
        }
        if recordsOutbound { outbound.append(entry) }
    }
}
