import SwiftFlowCore

/// The graph as the canvas saw it in one frame. Holding one shares the app's arrays (copy-on-write),
/// it does not copy them.
public struct GraphSnapshot<NodeData, EdgeData> {
    public let nodes: [Node<NodeData>]
    public let edges: [Edge<EdgeData>]
    /// True when `nodes` and `edges` are only the elements an action touches (a drag's or a
    /// nudge's nodes), as they were: every other element is taken as unchanged, so the step is
    /// found in O(touched elements) instead of comparing the whole graph.
    var partial = false
    /// Of a whole-graph snapshot: touched nodes as they were before it (a drag's nodes at the
    /// drag's start, released in the frame of another action); they override its copies.
    var overrides: [Node<NodeData>] = []
    /// Of a partial snapshot: ids of elements that did not exist (added by the action).
    var addedNodeIds: [String] = []
    var addedEdgeIds: [String] = []
    /// Of a partial snapshot: where the touched and added edges are, by index in the arrays the
    /// step completes against (looked at first when finding an edge by id).
    var edgeHints: [Int] = []
}

/// One undoable step: every node and edge the step touched, as it was before and after
/// (nil = absent), in the order first touched. Only the touched elements are kept, so a step
/// costs memory in proportion to what it changed, not to the graph.
struct HistoryStep<NodeData, EdgeData> {
    struct Entry<Element> {
        var id: String
        var before: Element?
        var after: Element?
    }
    /// A node-data edit made through a control's binding: the node's data before and after.
    struct DataEntry {
        var id: String
        var before: NodeData
        var after: NodeData
    }
    var nodes: [Entry<Node<NodeData>>]
    var edges: [Entry<Edge<EdgeData>>]
    /// The data edits of the step (a typing session, a slider drag, a click on a control).
    var data: [DataEntry] = []
    /// The edit token of a data step (`ControlFocus.editToken`): later edits with it merge in.
    var dataToken: Int?
    /// A step of a nudge run: later nudges of the same run merge into it.
    var isNudge: Bool

    var isEmpty: Bool { nodes.isEmpty && edges.isEmpty && data.isEmpty }

    /// A step of one data edit of node `id`.
    init(data id: String, before: NodeData, after: NodeData, token: Int) {
        nodes = []; edges = []
        data = [DataEntry(id: id, before: before, after: after)]
        dataToken = token
        isNudge = false
    }

    /// The step from `before` to `after`: elements added, removed, or changed in any field other
    /// than `data` and `selected` (selection is not an undo step; `data` belongs to the app).
    /// Complexity: O(n) comparisons, plus hashing of the part where the two id orders differ.
    /// A partial `before` (`GraphSnapshot.partial`) is compared only with the current version of
    /// each of its elements, found by id through `node` and `edge` (nil: absent): O(touched).
    init(from before: GraphSnapshot<NodeData, EdgeData>, to after: GraphSnapshot<NodeData, EdgeData>, isNudge: Bool,
         node: (String) -> Node<NodeData>? = { _ in nil }, edge: (String) -> Edge<EdgeData>? = { _ in nil }) {
        self.isNudge = isNudge
        if before.partial {
            nodes = Self.touched(before.nodes, added: before.addedNodeIds, id: \.id, current: node, same: Self.sameNode)
            edges = Self.touched(before.edges, added: before.addedEdgeIds, id: \.id, current: edge, same: Self.sameEdge)
            return
        }
        nodes = Self.diff(before.nodes, after.nodes, id: \.id, same: Self.sameNode)
        edges = Self.diff(before.edges, after.edges, id: \.id, same: Self.sameEdge)
        for o in before.overrides {
            if let k = nodes.firstIndex(where: { $0.id == o.id }) {
                nodes[k].before = o
                if let a = nodes[k].after, Self.sameNode(o, a) { nodes.remove(at: k) }
            } else {
                let a = node(o.id)
                if a.map({ !Self.sameNode(o, $0) }) ?? true { nodes.append(Entry(id: o.id, before: o, after: a)) }
            }
        }
    }

    /// The entries of the touched elements `before` (the first of each id) against their
    /// current versions.
    private static func touched<T>(_ before: [T], added: [String], id: (T) -> String, current: (String) -> T?,
                                   same: (T, T) -> Bool) -> [Entry<T>] {
        var entries: [Entry<T>] = []
        var seen = Set<String>()
        for b in before where seen.insert(id(b)).inserted {
            let a = current(id(b))
            if let a, same(b, a) { continue }
            entries.append(Entry(id: id(b), before: b, after: a))
        }
        for i in added where seen.insert(i).inserted {
            if let a = current(i) { entries.append(Entry(id: i, before: nil, after: a)) }
        }
        return entries
    }

    /// Merges `later` (which happened after this step) into this one: each element keeps its
    /// earliest `before` and takes its latest `after`.
    mutating func merge(_ later: HistoryStep) {
        nodes = Self.compose(nodes, later.nodes)
        edges = Self.compose(edges, later.edges)
    }

    private static func compose<T>(_ a: [Entry<T>], _ b: [Entry<T>]) -> [Entry<T>] {
        var result = a
        var index = [String: Int](minimumCapacity: a.count)
        for (i, e) in a.enumerated() { index[e.id] = i }
        for e in b {
            if let i = index[e.id] { result[i].after = e.after } else { index[e.id] = result.count; result.append(e) }
        }
        return result
    }

    /// The entries between `old` and `new`: the common prefix and suffix (same ids at aligned
    /// places, the usual shape of a move, an append or a removal) are compared in place; only the
    /// middle goes through dictionaries.
    private static func diff<T>(_ old: [T], _ new: [T], id: (T) -> String, same: (T, T) -> Bool) -> [Entry<T>] {
        var entries: [Entry<T>] = []
        var lo = 0
        while lo < min(old.count, new.count), id(old[lo]) == id(new[lo]) {
            if !same(old[lo], new[lo]) { entries.append(Entry(id: id(old[lo]), before: old[lo], after: new[lo])) }
            lo += 1
        }
        var oldEnd = old.count, newEnd = new.count
        var suffix: [Entry<T>] = []
        while oldEnd > lo, newEnd > lo, id(old[oldEnd - 1]) == id(new[newEnd - 1]) {
            oldEnd -= 1; newEnd -= 1
            if !same(old[oldEnd], new[newEnd]) { suffix.append(Entry(id: id(old[oldEnd]), before: old[oldEnd], after: new[newEnd])) }
        }
        let oldMiddle = old[lo..<oldEnd], newMiddle = new[lo..<newEnd]
        var newIndex = [String: Int](minimumCapacity: newMiddle.count)
        for i in newMiddle.indices where newIndex[id(new[i])] == nil { newIndex[id(new[i])] = i }
        var seen = Set<String>()
        for e in oldMiddle where seen.insert(id(e)).inserted {
            if let j = newIndex[id(e)] {
                if !same(e, new[j]) { entries.append(Entry(id: id(e), before: e, after: new[j])) }
            } else {
                entries.append(Entry(id: id(e), before: e, after: nil))
            }
        }
        for e in newMiddle where seen.insert(id(e)).inserted { entries.append(Entry(id: id(e), before: nil, after: e)) }
        return entries + suffix.reversed()
    }

    private static func sameNode(_ a: Node<NodeData>, _ b: Node<NodeData>) -> Bool {
        a.position == b.position && a.width == b.width && a.height == b.height && a.type == b.type
            && a.hidden == b.hidden && a.draggable == b.draggable && a.selectable == b.selectable
            && a.connectable == b.connectable && a.deletable == b.deletable && a.zIndex == b.zIndex
            && a.parentId == b.parentId && a.extent == b.extent && a.sourcePosition == b.sourcePosition
            && a.targetPosition == b.targetPosition && a.handles == b.handles
    }

    private static func sameEdge(_ a: Edge<EdgeData>, _ b: Edge<EdgeData>) -> Bool {
        a.source == b.source && a.target == b.target && a.sourceHandle == b.sourceHandle && a.targetHandle == b.targetHandle
            && a.type == b.type && a.label == b.label && a.animated == b.animated && a.markerStart == b.markerStart
            && a.markerEnd == b.markerEnd && a.hidden == b.hidden && a.deletable == b.deletable
            && a.reconnectable == b.reconnectable && a.zIndex == b.zIndex && a.interactionWidth == b.interactionWidth
            && a.style == b.style && a.selectable == b.selectable && a.labelStyle == b.labelStyle
            && a.labelShowBg == b.labelShowBg && a.labelBgStyle == b.labelBgStyle && a.labelBgPadding == b.labelBgPadding
            && a.labelBgBorderRadius == b.labelBgBorderRadius
    }
}

/// The undo and redo stacks, and the step waiting for the graph it produced.
struct History<NodeData, EdgeData> {
    var undo: [HistoryStep<NodeData, EdgeData>] = []
    var redo: [HistoryStep<NodeData, EdgeData>] = []
    /// A committed step whose result arrives with the next frame's arrays: the graph before it,
    /// whether it is a nudge, and whether it continues the last step's nudge run.
    var pending: (before: GraphSnapshot<NodeData, EdgeData>, isNudge: Bool, continuesRun: Bool)?
    /// True while arrow-key nudges continue one run (one step); any other input ends it.
    var nudgeRunOpen = false
    /// The frame (`FrameInput.number`) in which undo or redo last emitted changes: until the
    /// next frame, this frame's arrays are not the graph the app holds.
    var restoredFrame = -1
    /// When the last data edit was recorded (ms of the frame clock).
    var lastDataEdit = -Double.infinity
    /// A pause longer than this (ms) between two edits of one typing session starts a new step.
    static var dataEditPause: Double { 1000 }

    /// Records a node-data edit (a control writing through a node-data binding): merged into the
    /// last step when that step holds the edits of the same `token` (a typing session, a drag)
    /// and, when the edit `splitsOnPause` (typing), the last came less than `dataEditPause` ago;
    /// otherwise pushed as a new step. Clears the redo stack. O(1) (O(nodes edited in the step) to merge).
    mutating func recordData(id: String, before: NodeData, after: NodeData, token: Int, splitsOnPause: Bool = true, time: Double, limit: Int) {
        redo.removeAll()
        defer { lastDataEdit = time }
        if let last = undo.indices.last, undo[last].dataToken == token, !splitsOnPause || time - lastDataEdit <= Self.dataEditPause {
            if let k = undo[last].data.firstIndex(where: { $0.id == id }) { undo[last].data[k].after = after }
            else { undo[last].data.append(.init(id: id, before: before, after: after)) }
            return
        }
        nudgeRunOpen = false
        undo.append(HistoryStep(data: id, before: before, after: after, token: token))
        if undo.count > max(limit, 1) { undo.removeFirst(undo.count - max(limit, 1)) }
    }

    /// Resolves the pending step against `current` (the graph it produced): an empty step is
    /// dropped; a nudge continuing an open run merges into the last step; otherwise the step is
    /// pushed (the oldest dropped past `limit`) and the redo stack cleared.
    mutating func resolve(with current: GraphSnapshot<NodeData, EdgeData>, limit: Int,
                          node: (String) -> Node<NodeData>?, edge: (String) -> Edge<EdgeData>?) {
        guard let p = pending else { return }
        pending = nil
        let step = HistoryStep(from: p.before, to: current, isNudge: p.isNudge, node: node, edge: edge)
        guard !step.isEmpty else { return }
        redo.removeAll()
        if p.continuesRun, let last = undo.indices.last, undo[last].isNudge {
            undo[last].merge(step)
            return
        }
        undo.append(step)
        if undo.count > max(limit, 1) { undo.removeFirst(undo.count - max(limit, 1)) }
    }
}
