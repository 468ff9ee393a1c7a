import SwiftFlowCore

/// Owns a graph's nodes and edges and applies the canvas' changes to them, so an app need not
/// write the `onNodesChange` / `onEdgesChange` / `onConnect` / `onReconnect` plumbing itself.
///
/// Changes are applied in place: an id → index map, kept up to date as changes arrive, finds
/// each changed element, so a change to one node (a drag step, a nudge, a keystroke replacing
/// its data) costs O(1), not O(nodes). The store remembers which indices changed since the last
/// `frame(_:events:time:into:)` and tells the canvas (`GraphChanges`), which then follows only
/// those elements. Changes the canvas emits during `frame` are applied when the frame returns
/// (or as soon as `nodes` or `edges` is read), once the canvas no longer shares the arrays, so
/// they are not copied. Appending an element, or removing the last elements (the undo of a
/// paste, a connection or a delete, whose elements were appended), costs O(1) per element here
/// and O(the element's handles and edges) in the canvas. Removing other elements keeps the
/// arrays' order (React Flow's): it costs one move of the elements after the first removed one
/// and one pass over the id map here (and a copy of the array the canvas still holds, unless
/// the removal is all that changed since the last frame, which the canvas is then told exactly),
/// and the canvas follows it in flat passes over what it keeps per element
/// (`ArrayChanges.removed`).
public final class FlowStore<NodeData, EdgeData> {
    /// The nodes. Reading it applies the changes the canvas emitted during a frame in progress;
    /// setting or changing it through this property makes the next frame re-read every node.
    public var nodes: [Node<NodeData>] {
        get { applyPending(); return storedNodes }
        set { applyPending(); storedNodes = newValue; nodeJournal.reset(unknown: true); nodeIndex = nil }
        _modify {
            applyPending()
            nodeJournal.reset(unknown: true)
            nodeIndex = nil
            yield &storedNodes
        }
    }
    /// The edges; as `nodes`.
    public var edges: [Edge<EdgeData>] {
        get { applyPending(); return storedEdges }
        set { applyPending(); storedEdges = newValue; edgeJournal.reset(unknown: true); edgeIndex = nil; connectionCounts = nil }
        _modify {
            applyPending()
            edgeJournal.reset(unknown: true)
            edgeIndex = nil
            connectionCounts = nil
            yield &storedEdges
        }
    }
    /// The data given to edges made by `onConnect`.
    public var makeEdgeData: (Connection) -> EdgeData
    /// The fields of edges made by `onConnect` (React Flow's `defaultEdgeOptions`).
    public var defaultEdgeOptions = DefaultEdgeOptions()
    /// The style of an edge made by `onConnect`, e.g. coloured by the type of its source handle;
    /// nil (the default) or a nil result: `defaultEdgeOptions.style`.
    public var edgeStyle: ((Connection) -> EdgeStyle?)?

    var storedNodes: [Node<NodeData>]
    var storedEdges: [Edge<EdgeData>]
    /// Index of each node id (nil: not built, or dropped after the array was replaced). Built
    /// only when the ids are unique; with duplicates, changes go through `applyNodeChanges`.
    var nodeIndex: ElementIdIndex?
    var edgeIndex: ElementIdIndex?
    /// How many edges have each connection (by `Connection.storeHash`, the low 32 bits of its
    /// hash: about 32 MB at two million edges; nil: not built yet — built by the first
    /// `onConnect` —, dropped after an unknown change, or past 65,535 edges on one hash), kept up
    /// to date by additions, removals and replacements: `onConnect` checks for an edge joining
    /// the same handles through it.
    var connectionCounts: ConnectionCounts?
    /// What changed since the arrays were last given to a canvas.
    var nodeJournal = ChangeJournal(unknown: true)
    var edgeJournal = ChangeJournal(unknown: true)
    /// The ids of the nodes replaced whole since the last frame, for when `nodeJournal` loses
    /// their indices (a removal after the replacement): the canvas lays them out again
    /// wherever they are (their views may place other handles).
    var replacedNodeIds: [String] = []
    /// The canvas the journals are relative to (the one `frame` last ran), and its frame number
    /// after that frame: a canvas run since by another store or by the app's own arrays holds
    /// other arrays, which the journals do not describe (`currentCanvas`).
    private weak var journalCanvas: FlowCanvas<NodeData, EdgeData>?
    private var journalFrame = 0
    /// While `frame` runs the canvas, changes wait here (in order) until it returns.
    private var deferring = false
    private var pending: [PendingChange] = []
    /// While the changes of a frame that committed an undo step are applied: the touched
    /// elements as they were, which become the step's baseline (see `frame`).
    private var recorder: StepRecorder?

    /// The elements changes touched, as they were before the first of those changes, and the ids
    /// they added: an undo step's partial baseline (`GraphSnapshot.partial`).
    private struct StepRecorder {
        var nodes: [Node<NodeData>] = []
        var edges: [Edge<EdgeData>] = []
        var seenNodes = Set<String>()
        var seenEdges = Set<String>()
        var addedNodes: [String] = []
        var addedEdges: [String] = []
        var edgeHints: [Int] = []

        var snapshot: GraphSnapshot<NodeData, EdgeData> {
            GraphSnapshot(nodes: nodes, edges: edges, partial: true, addedNodeIds: addedNodes, addedEdgeIds: addedEdges,
                          edgeHints: edgeHints)
        }
    }

    /// Notes node `i` as it is, before a change to it or its removal.
    func recordNode(_ i: Int) {
        guard recorder != nil, recorder!.seenNodes.insert(storedNodes[i].id).inserted else { return }
        recorder!.nodes.append(storedNodes[i])
    }

    func recordEdge(_ i: Int) {
        guard recorder != nil, recorder!.seenEdges.insert(storedEdges[i].id).inserted else { return }
        recorder!.edges.append(storedEdges[i])
        recorder!.edgeHints.append(i)
    }

    /// Notes that `id` is added at the end of the nodes (`edge` false) or edges.
    func recordAdded(_ id: String, edge: Bool) {
        guard recorder != nil else { return }
        if edge {
            guard recorder!.seenEdges.insert(id).inserted else { return }
            recorder!.addedEdges.append(id)
            recorder!.edgeHints.append(storedEdges.count)
        } else {
            guard recorder!.seenNodes.insert(id).inserted else { return }
            recorder!.addedNodes.append(id)
        }
    }

    private enum PendingChange {
        case nodes([NodeChange<NodeData>])
        case edges([EdgeChange<EdgeData>])
        case connect(Connection)
        case reconnect(Edge<EdgeData>, Connection)
    }

    /// Creates a store holding `nodes` and `edges`.
    public init(nodes: [Node<NodeData>] = [], edges: [Edge<EdgeData>] = [], makeEdgeData: @escaping (Connection) -> EdgeData) {
        storedNodes = nodes; storedEdges = edges; self.makeEdgeData = makeEdgeData
    }

    /// Points the canvas' change callbacks at this store (replacing any set before); reconnected
    /// edges take `reconnectEdge`'s new id. The canvas holds the store weakly: once the store is
    /// gone, the canvas' changes are dropped.
    ///
    /// To see the changes as well, set a callback afterwards and call the store's from it:
    /// ```swift
    /// store.attach(to: canvas)
    /// let apply = canvas.onConnect
    /// canvas.onConnect = { connection in print(connection); apply?(connection) }
    /// ```
    public func attach(to canvas: FlowCanvas<NodeData, EdgeData>) {
        canvas.onNodesChange = { [weak self] in self?.receive(.nodes($0)) }
        canvas.onEdgesChange = { [weak self] in self?.receive(.edges($0)) }
        canvas.onConnect = { [weak self] in self?.receive(.connect($0)) }
        canvas.onReconnect = { [weak self] in self?.receive(.reconnect($0, $1)) }
    }

    /// Applies the node changes `changes` in order (as `applyNodeChanges` does). O(changes) for
    /// position, size, selection and replace changes, additions and removals of the last nodes;
    /// another removal costs O(nodes after it) in flat moves (no id hashed).
    public func apply(_ changes: [NodeChange<NodeData>]) {
        receive(.nodes(changes))
    }

    /// Applies the edge changes `changes` in order (as `applyEdgeChanges` does). O(changes) for
    /// selection and replace changes, additions and removals of the last edges; another removal
    /// costs O(edges after it) in flat moves (no id hashed).
    public func apply(_ changes: [EdgeChange<EdgeData>]) {
        receive(.edges(changes))
    }

    private func receive(_ change: PendingChange) {
        pending.append(change)
        if !deferring { applyPending() }
    }

    /// Applies the changes waiting for the frame to return, in order.
    func applyPending() {
        guard !pending.isEmpty else { return }
        let waiting = pending
        pending.removeAll()
        for change in waiting {
            switch change {
            case .nodes(let c):
                // Not in place: the canvas keeps the array it drew, to compare the next frame's
                // with (`FlowCanvas.frame`'s unknown changes), unless the journal tells it all.
                if !appliesInPlace(c, to: storedNodes, index: nodeIds()) {
                    applyNodes(c)
                } else if !c.contains(where: Self.reshapes) || removesTail(Self.removedIds(c), of: storedNodes, index: nodeIds()) {
                    withCanvasLetGo(nodes: true) { applyNodes(c) }
                } else if Self.onlyRemoves(c) && nodeJournal.tellsRemoval {
                    withCanvasLetGo(nodes: true, removing: true) { applyNodes(c) }
                } else {
                    applyNodes(c)
                }
            case .edges(let c):
                if !c.contains(where: Self.reshapes) || removesTail(Self.removedIds(c), of: storedEdges, index: edgeIds()) {
                    withCanvasLetGo(nodes: false) { applyEdges(c) }
                } else if Self.onlyRemoves(c) && edgeJournal.tellsRemoval {
                    withCanvasLetGo(nodes: false, removing: true) { applyEdges(c) }
                } else {
                    applyEdges(c)
                }
            case .connect(let c): withCanvasLetGo(nodes: false) { connect(c) }
            case .reconnect(let e, let c):
                storedEdges = reconnectEdge(oldEdge: e, newConnection: c, edges: storedEdges)
                edgeJournal.reset(unknown: true); edgeIndex = nil; connectionCounts = nil
            }
        }
    }

    /// Runs `body`, which changes or appends elements of the node array (`nodes`) or the edge
    /// array in place, moving none, while the canvas of the last frame does not hold that array,
    /// so that it is not copied; then hands the canvas the changed array (the same ids at the
    /// same indices, except removed ones at its end, maybe more after them; marked changed in
    /// place). With `removing`, `body` removes elements from anywhere, which the journal tells
    /// exactly (`ChangeJournal.tellsRemoval`): the canvas' per-element state then follows last
    /// frame's indices until its next frame follows the removal (`FrameInput.removedInPlace`).
    /// Not during a frame, nor when the canvas holds another array (the store's was set since):
    /// the canvas keeps that one, to compare the next frame's with.
    func withCanvasLetGo(nodes: Bool, removing: Bool = false, _ body: () -> Void) {
        guard !deferring, let canvas = currentCanvas,
              nodes ? Self.sameBuffer(canvas.frameInput.nodes, storedNodes) : Self.sameBuffer(canvas.frameInput.edges, storedEdges)
        else { body(); return }
        if nodes { canvas.frameInput.nodes = [] } else { canvas.frameInput.edges = [] }
        body()
        if nodes {
            canvas.frameInput.nodes = storedNodes
            canvas.frameInput.nodesMutatedInPlace = true
        } else {
            canvas.frameInput.edges = storedEdges
            canvas.frameInput.edgesMutatedInPlace = true
        }
        if removing { canvas.frameInput.removedInPlace = true }
    }

    /// The canvas the journals are relative to, when no frame ran on it since this store's last.
    private var currentCanvas: FlowCanvas<NodeData, EdgeData>? {
        journalCanvas.flatMap { $0.frameInput.number == journalFrame ? $0 : nil }
    }

    /// Adds `id` to `replacedNodeIds`, which holds each id once when it would outgrow the nodes
    /// (a store edited without frames). O(1) amortised.
    func noteReplaced(_ id: String) {
        replacedNodeIds.append(id)
        if replacedNodeIds.count > 2 * max(storedNodes.count, 16) { replacedNodeIds = Array(Set(replacedNodeIds)) }
    }

    /// Where the nodes of `replacedNodeIds` are now (every copy of a shared id). O(replaced
    /// nodes); O(nodes) when two nodes share an id.
    private func replacedNodeIndices() -> [Int] {
        guard !replacedNodeIds.isEmpty else { return [] }
        guard let index = nodeIds() else {
            let replaced = Set(replacedNodeIds)
            return storedNodes.indices.filter { replaced.contains(storedNodes[$0].id) }
        }
        return replacedNodeIds.compactMap { index.index(of: $0, in: storedNodes) }
    }

    /// The node id map, built when missing; nil when two nodes share an id.
    func nodeIds() -> ElementIdIndex? {
        if nodeIndex == nil { nodeIndex = ElementIdIndex(storedNodes) }
        return nodeIndex
    }

    func edgeIds() -> ElementIdIndex? {
        if edgeIndex == nil { edgeIndex = ElementIdIndex(storedEdges) }
        return edgeIndex
    }

    /// The node id map when the store's nodes are `nodes` (the same buffer, as the canvas holds
    /// them during a frame) and their ids are unique, else nil. O(1) once the map is built.
    func nodeIds(ifHolding nodes: [Node<NodeData>]) -> ElementIdIndex? {
        guard storedNodes.count == nodes.count, Self.sameBuffer(storedNodes, nodes) else { return nil }
        return nodeIds()
    }

    /// The edge id map when the store's edges are `edges` (the same buffer, as the canvas holds
    /// them during and after a frame), else nil. O(1) once the map is built.
    func edgeIds(ifHolding edges: [Edge<EdgeData>]) -> ElementIds<Edge<EdgeData>>? {
        guard storedEdges.count == edges.count, Self.sameBuffer(storedEdges, edges), let index = edgeIds() else { return nil }
        return ElementIds(index: index, elements: edges)
    }

    /// Runs one canvas frame on the store's nodes and edges, telling the canvas what changed
    /// since the last frame it ran on `canvas` (`GraphChanges`; every element, when another store
    /// or the app's own arrays ran `canvas` since, or it ran another canvas), then applies the changes the
    /// canvas emitted during the frame. Changes that remove no element are applied in place:
    /// the canvas lets go of its arrays meanwhile and gets them back changed (the same ids at the
    /// same indices, appended ones after them, for readers between frames such as `undo()`);
    /// so are removals that are all that changed since the frame (the journal tells them, the
    /// canvas follows them in its next frame); other removals leave the canvas its arrays, and
    /// the store's are copied.
    public func frame(_ canvas: FlowCanvas<NodeData, EdgeData>, events: [InputEvent] = [], time: Double = 0, into list: inout DrawList) {
        applyPending()
        let known = currentCanvas === canvas
        let changes = GraphChanges(nodes: known ? nodeJournal.changes : .unknown, edges: known ? edgeJournal.changes : .unknown)
        canvas.frameInput.replacedNodes = !known ? nil : nodeJournal.unknown ? replacedNodeIndices()
            : nodeJournal.replaced.isEmpty ? [] : nodeJournal.replaced
        replacedNodeIds.removeAll(keepingCapacity: true)
        nodeJournal.reset(unknown: false)
        edgeJournal.reset(unknown: false)
        journalCanvas = canvas
        // The canvas re-reads a whole array in this frame anyway: the id maps an edit needs are
        // built now, not in the frame of the first edit (the canvas takes the node map as its
        // own and reads the edge map for duplicate ids). The connection counts wait for the first `onConnect`: only it
        // reads them, and they cost about what both maps cost together (two million edges: about
        // a second, BENCHMARKS.md History 20).
        if changes.nodes == .unknown { _ = nodeIds() }
        if changes.edges == .unknown { _ = edgeIds() }
        deferring = true
        canvas.frameInput.store = self
        canvas.frame(nodes: storedNodes, edges: storedEdges, changes: changes, events: events, time: time, into: &list)
        deferring = false
        journalFrame = canvas.frameInput.number
        // An undo step committed this frame holds the graph as the frame saw it, to be compared
        // whole with the next frame's: while the changes are applied, the store notes instead
        // what they touch, as it was, so the step costs what it changed and the arrays, no
        // longer shared with the step, are changed in place.
        let records = recordsStep(of: canvas)
        if records {
            canvas.history.pending?.before = GraphSnapshot(nodes: [], edges: [], partial: true)
            recorder = StepRecorder()
        }
        applyPending()
        if records, let recorded = recorder {
            canvas.history.pending?.before = recorded.snapshot
        }
        recorder = nil
    }

    /// Whether the undo step `canvas` committed this frame (if any) compares the store's arrays
    /// as they are now with the next frame's, and the pending changes can be recorded
    /// (`StepRecorder`): unique ids, no id added twice or added while present, no reconnection.
    private func recordsStep(of canvas: FlowCanvas<NodeData, EdgeData>) -> Bool {
        guard let p = canvas.history.pending, !p.before.partial, p.before.overrides.isEmpty,
              p.before.nodes.count == storedNodes.count, p.before.edges.count == storedEdges.count,
              Self.sameBuffer(p.before.nodes, storedNodes), Self.sameBuffer(p.before.edges, storedEdges),
              let nodeIndex = nodeIds(), let edgeIndex = edgeIds() else { return false }
        var addedNodes = Set<String>(), addedEdges = Set<String>()
        for change in pending {
            switch change {
            case .nodes(let c):
                for case .add(let n) in c where nodeIndex.index(of: n.id, in: storedNodes) != nil || !addedNodes.insert(n.id).inserted {
                    return false
                }
            case .edges(let c):
                for case .add(let e) in c where edgeIndex.index(of: e.id, in: storedEdges) != nil || !addedEdges.insert(e.id).inserted {
                    return false
                }
            case .connect: break
            case .reconnect: return false
            }
        }
        return true
    }

    private static func sameBuffer<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}
