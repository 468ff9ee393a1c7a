import SwiftFlowCore

/// Opens the subgraphs of a loaded ComfyUI workflow (`definitions.subgraphs`) in place, the way
/// ComfyUI does: double-clicking a subgraph instance node (one whose `data.subgraph` names a
/// definition) shows the subgraph's own canvas (`ComfyUIImport.subgraph(id:of:file:)`) in the same
/// store; Escape (when no gesture is in progress) or a click on a breadcrumb segment returns.
///
/// A foreground `FlowComponent`: install it once and it handles its input and draws its
/// breadcrumb in the canvas' frame:
/// ```swift
/// let navigator = ComfyUISubgraphNavigator(document: doc, store: store, file: "wf.json")
/// navigator.attach(to: canvas)
/// store.frame(canvas, events: events, into: &list)   // every frame, as without it
/// ```
/// A level chosen in a frame is switched to in the store at the start of the next one (its
/// `update`), and shown, at its own view, from the frame after that (whose arrays are the new
/// level's). Each level keeps its nodes, edges, viewport and undo history while another is shown
/// (Ctrl+Z undoes the shown level's edits only), and a subgraph reopened shows the edits made
/// in it before. To save, call `close(to: 0, on:)` (the store then holds the workflow's own
/// graph again), put the store's graph into the document, and `writeSubgraphs(into:)` (the edits
/// made inside subgraphs, into their definitions):
/// ```swift
/// navigator.close(to: 0, on: canvas)
/// var saved = document; saved.nodes = store.nodes; saved.edges = store.edges
/// try navigator.writeSubgraphs(into: &saved)
/// let json = ComfyUIExport.encode(saved).json
/// ```
public final class ComfyUISubgraphNavigator: FlowComponent {
    /// One shown level: nil id for the workflow itself.
    public struct Level: Equatable {
        public let id: String?
        public let name: String
    }

    /// A level change asked for in a frame, made at the start of the next (`update`).
    private enum Move {
        case open(String)
        case close(to: Int)
    }

    public let layer = ComponentLayer.foreground
    /// The levels from the workflow to the one shown (the breadcrumb), at least one.
    public var levels: [Level] { saved.map(\.level) + [current] }
    /// Problems opening a subgraph (a malformed definition), as typed `FlowFileError`s.
    public var onError: ((FlowFileError) -> Void)?
    /// Breadcrumb text size, screen points. Default 13.
    public var fontSize = 13.0

    private let document: FlowDocument
    private let file: String
    private let store: FlowStore<JSONValue, JSONValue>
    private var current: Level
    private var saved: [(level: Level, nodes: [Node<JSONValue>], edges: [Edge<JSONValue>], viewport: Viewport)] = []
    /// Subgraphs as last shown (edits kept), by definition id.
    private var edited: [String: (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>], viewport: Viewport)] = [:]
    private var pending: Move?
    /// The view of a level switched to by `update`: the frame that ran that `update` still
    /// shows the old level's arrays (taken before its begin stage), so the view (a fit, or the
    /// level's saved viewport) is set by the next `update`, when the new level's arrays arrive.
    private var pendingView: View?
    private let objectInfo: ComfyUIObjectInfo?
    private var updating = false
    /// The undo histories of the levels not shown (`FlowCanvas.history` of the canvas' node and
    /// edge data), by `historyKey`; `shownHistory`: the key of the level whose history the canvas holds.
    private var histories: [String: Any] = [:]
    private var shownHistory = ""

    private enum View {
        case fit
        case viewport(Viewport)
    }

    /// Creates a navigator for `document` (a loaded workflow) whose graph `store` holds; `file`
    /// names it in errors; `objectInfo` names and types the widgets of the subgraphs' nodes as
    /// it did the workflow's (`ComfyUIImport.decode(_:file:objectInfo:)`).
    public init(document: FlowDocument, store: FlowStore<JSONValue, JSONValue>, file: String, objectInfo: ComfyUIObjectInfo? = nil) {
        self.document = document; self.store = store; self.file = file; self.objectInfo = objectInfo
        current = Level(id: nil, name: "Workflow")
    }

    /// Installs the navigator on `canvas`: appends it to `canvas.components` and sets
    /// `canvas.onNodeDoubleClick` to open the double-clicked subgraph instance.
    public func attach(to canvas: FlowCanvas<JSONValue, JSONValue>) {
        canvas.components.append(self)
        canvas.onNodeDoubleClick = { [weak self] id in
            guard let self else { return }
            if let sg = store.nodes.first(where: { $0.id == id })?.data["subgraph"]?.stringValue { pending = .open(sg) }
        }
    }

    /// Shows subgraph definition `id` (fitting the view the first time). Throws `FlowFileError`
    /// for a missing or malformed definition; the shown level is then unchanged.
    public func open<N, E>(subgraph id: String, on canvas: FlowCanvas<N, E>) throws {
        let name = document.extra["definitions"]?["subgraphs"]?.arrayValue?
            .first { $0["id"]?.stringValue == id }?["name"]?.stringValue ?? id
        let next: (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>], viewport: Viewport?)
        if let e = edited[id] { next = (e.nodes, e.edges, e.viewport) } else {
            let sub = try ComfyUIImport.subgraph(id: id, of: document, file: file, objectInfo: objectInfo)
            next = (sub.nodes, sub.edges, nil)
        }
        saved.append((current, store.nodes, store.edges, canvas.viewport))
        current = Level(id: id, name: name)
        store.nodes = next.nodes
        store.edges = next.edges
        show(next.viewport.map(View.viewport) ?? .fit, on: canvas)
    }

    /// Sets the view of the level just switched to: at once between frames, else (from
    /// `update`) at the next `update` (see `pendingView`).
    private func show<N, E>(_ view: View, on canvas: FlowCanvas<N, E>) {
        if updating { pendingView = view; return }
        pendingView = nil
        adoptHistory(on: canvas)
        switch view {
        case .fit: canvas.fitView()
        case .viewport(let v): canvas.viewport = v
        }
    }

    /// The key of `level` in `histories`: "sg:" and its definition id, "" for the workflow.
    private func historyKey(_ level: Level) -> String { level.id.map { "sg:" + $0 } ?? "" }

    /// Gives the canvas the undo history of the level shown (empty the first time), keeping the
    /// one it had for the level it leaves. A step still being recorded (committed in the frame
    /// of the switch) is dropped: it would complete against the other level's graph.
    private func adoptHistory<N, E>(on canvas: FlowCanvas<N, E>) {
        let key = historyKey(current)
        guard key != shownHistory else { return }
        var left = canvas.history
        left.pending = nil
        histories[shownHistory] = left
        canvas.history = histories.removeValue(forKey: key) as? History<N, E> ?? History()
        shownHistory = key
    }

    /// Returns to level `depth` of `levels` (0: the workflow); nothing when already there or above.
    public func close<N, E>(to depth: Int, on canvas: FlowCanvas<N, E>) {
        while saved.count > max(depth, 0) {
            let back = saved.removeLast()
            if let id = current.id { edited[id] = (store.nodes, store.edges, canvas.viewport) }
            current = back.level
            store.nodes = back.nodes
            store.edges = back.edges
            show(.viewport(back.viewport), on: canvas)
        }
    }

    /// Writes the subgraphs edited through this navigator into their definitions in
    /// `document.extra` (`ComfyUIExport.writeSubgraph`): each one shown since it was created
    /// whose nodes or edges now differ from its definition's, as the navigator keeps them (the
    /// level shown, if a subgraph, as the store holds it). Subgraphs left as they were are not
    /// rewritten. Returns the warnings about edges that could not be written. Throws
    /// `FlowFileError` when a definition cannot be read (a malformed or missing one).
    /// O(nodes + edges) of the subgraphs shown.
    @discardableResult
    public func writeSubgraphs(into document: inout FlowDocument) throws -> [FlowDiagnostic] {
        var graphs = edited.mapValues { (nodes: $0.nodes, edges: $0.edges) }
        if let id = current.id { graphs[id] = (store.nodes, store.edges) }
        var warnings: [FlowDiagnostic] = []
        for (id, graph) in graphs.sorted(by: { $0.key < $1.key }) {
            let original = try ComfyUIImport.subgraph(id: id, of: self.document, file: file, objectInfo: objectInfo)
            guard original.nodes != graph.nodes || original.edges != graph.edges else { continue }
            warnings += try ComfyUIExport.writeSubgraph(id: id, graph: FlowDocument(nodes: graph.nodes, edges: graph.edges),
                                                        into: &document, file: file)
        }
        return warnings
    }

    /// Over a breadcrumb segment.
    public func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool {
        breadcrumbRects(canvas).contains { $0.contains(p) }
    }

    /// Escape (inside a subgraph, with no gesture in progress) goes up one level; a primary
    /// press on a breadcrumb segment goes to that level (the press and its release are consumed).
    public func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
        switch event {
        case .keyDown("Escape", _) where !saved.isEmpty && !canvas.frameContext.isGestureInProgress:
            pending = .close(to: saved.count - 1)
        case .pointerDown(let p, .primary, _, _):
            if let k = breadcrumbRects(canvas).firstIndex(where: { $0.contains(p) }) { pending = .close(to: k) }
        case .pointerDown, .pointerMove, .pointerUp, .wheel:
            break   // the pointer is over the breadcrumb or captured by it
        default:
            return false
        }
        return true
    }

    /// The breadcrumb segments' rectangles, screen points: one per level, left to right from
    /// (12, 10), shown only inside a subgraph (empty at the workflow level).
    public func breadcrumbRects<N, E>(_ canvas: FlowCanvas<N, E>) -> [Rect] {
        guard !saved.isEmpty else { return [] }
        var x = 12.0
        return levels.map { level in
            let size = canvas.textMeasurer.measure(level.name, fontSize: fontSize)
            defer { x += size.width + 16 + 14 }
            return Rect(x: x, y: 10, width: size.width + 16, height: size.height + 8)
        }
    }

    /// Makes the level change the last frame asked for (the `begin` stage: every change of
    /// that frame has been applied to the store by then); the frame after shows the new level.
    public func update<N, E>(_ canvas: FlowCanvas<N, E>) {
        if let view = pendingView { show(view, on: canvas) }
        updating = true
        defer { updating = false }
        switch pending {
        case .open(let id)?:
            do { try open(subgraph: id, on: canvas) } catch let error as FlowFileError { onError?(error) } catch {}
        case .close(let depth)?:
            close(to: depth, on: canvas)
        case nil:
            break
        }
        pending = nil
    }

    /// Draws the breadcrumb of the level shown (inside a subgraph): a box per level with its
    /// name, the shown level highlighted, "›" between them.
    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        drawBreadcrumb(canvas, into: &list)
    }

    private func drawBreadcrumb<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        let rects = breadcrumbRects(canvas)
        guard !rects.isEmpty else { return }
        let theme = canvas.theme
        for (k, (level, r)) in zip(levels, rects).enumerated() {
            let last = k == rects.count - 1
            list.addRectFill(r, color: last ? theme.selectionColor.opacity(0.35) : theme.nodeBackground.opacity(0.9), cornerRadius: 4)
            list.addRectStroke(r, color: theme.nodeBorder.opacity(0.6), thickness: 1, cornerRadius: 4)
            canvas.textMeasurer.drawText(level.name, fontSize: fontSize, scale: 1, origin: Point(x: r.minX + 8, y: r.minY + 4),
                                         color: theme.overlayText, into: &list)
            if !last {
                canvas.textMeasurer.drawText("›", fontSize: fontSize, scale: 1, origin: Point(x: r.maxX + 4, y: r.minY + 4),
                                             color: theme.overlayText, into: &list)
            }
        }
    }
}
