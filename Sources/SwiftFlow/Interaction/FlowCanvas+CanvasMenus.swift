import SwiftFlowCore

extension FlowCanvas {
    /// A secondary click released at the screen point `p`: on a node, the menu
    /// `onNodeContextMenu` gives for it; elsewhere, the one `onPaneContextMenu` gives for the flow
    /// point. Opened at the pointer; nothing when the items are none.
    func openCanvasMenu(at p: Point) {
        let flow = viewportController.current.screenToFlow(p)
        if let i = nodeHit(at: flow), i < frameInput.nodes.count {
            guard let items = onNodeContextMenu?(frameInput.nodes[i]), !items.isEmpty else { return }
            return openMenu(items, at: flow, node: frameInput.nodes[i].id)
        }
        guard let items = onPaneContextMenu?(flow), !items.isEmpty else { return }
        openMenu(items, at: flow, node: nil)
    }

    /// Opens a menu of `items` at the flow point `at`, closing any other popup and ending text
    /// editing; a node's menu closes when `node` is removed.
    private func openMenu(_ items: [MenuItem], at: Point, node: String?) {
        endEditing(commit: true)
        controlState.typeAhead = ""
        controlState.popup = ControlPopup(key: ControlKey(nodeId: node ?? "", path: 0), kind: .list(highlight: 0, firstRow: 0),
                                          menu: (items, at), byCanvas: true)
    }

    /// Opens a menu of `items` with its top-left at the screen point `p` (moved to stay inside the
    /// canvas), above everything, closing any other popup: arrows, Home/End, type-ahead, Return or
    /// a click run an item, Escape or a click outside close it. An item's action may open another
    /// menu (a submenu). Nothing when `items` is empty or `p` is not finite.
    public func showMenu(_ items: [MenuItem], at p: Point) {
        guard !items.isEmpty, p.isFinite else { return }
        openMenu(items, at: viewportController.current.screenToFlow(p), node: nil)
    }

    /// Adds `nodes` as a user action (React Flow's `addNodes`): `.add` changes through
    /// `onNodesChange`, one undo step. The app applies them (a `FlowStore` does); unlike
    /// `FlowStore.addNodes`, which changes the store directly and records no undo step, ids are
    /// not checked here (a duplicate is reported by the canvas). Nothing when `nodes` is empty.
    public func addNodes(_ nodes: [Node<NodeData>]) {
        guard !nodes.isEmpty else { return }
        commitHistoryStep()
        onNodesChange?(nodes.map { .add($0) })
    }

    /// Changes node `id` (React Flow's `updateNode`): `update` gets the node as this frame has it
    /// (with data a control wrote this frame) and the result goes out as one `.replace` through
    /// `onNodesChange`, recorded as one undo step that puts the whole node back, data included
    /// (a step of `commitHistoryStep` leaves data to the app). The id stays. Nothing for an
    /// unknown id. Unlike `FlowStore.updateNode` (a direct change, no undo step), what a menu
    /// item or a tool of the app does as the user's edit. O(1) plus the app's applying.
    public func updateNode(_ id: String, _ update: (inout Node<NodeData>) -> Void) {
        guard let i = nodeCache.index(of: id), i < frameInput.nodes.count, frameInput.nodes[i].id == id else { return }
        var before = frameInput.nodes[i]
        if let written = controlState.pending.data[id] { before.data = written }
        var after = before
        update(&after)
        after.id = id
        controlState.pending.data[id] = after.data
        history.recordNodeEdit(before: before, after: after, limit: historyLimit)
        onNodesChange?([.replace(after)])
    }
}

extension History {
    /// Records a whole-node edit (`FlowCanvas.updateNode`) as a step of its own: undoing it puts
    /// back `before`, data included. Clears the redo stack. O(1).
    mutating func recordNodeEdit(before: Node<NodeData>, after: Node<NodeData>, limit: Int) {
        redo.removeAll()
        nudgeRunOpen = false
        var step = HistoryStep<NodeData, EdgeData>(data: before.id, before: before.data, after: after.data, token: 0)
        step.dataToken = nil   // later control edits never merge into it
        step.nodes = [.init(id: before.id, before: before, after: after)]
        undo.append(step)
        if undo.count > max(limit, 1) { undo.removeFirst(undo.count - max(limit, 1)) }
    }
}
