import SwiftFlowCore

/// What lies under a screen point: the one hit cascade of the canvas, asked by a press, by the
/// cursor and by component routing alike, so the three always agree.
enum HitTarget {
    /// The open popup of a picker or colour picker, above everything.
    case popup(PopupHit)
    /// A foreground component (topmost first), which takes presses and wheel events there.
    case component(any FlowComponent)
    /// A shown `NodeToolbar`'s area (index in `tools.toolbars`), on one of its buttons or not.
    case toolbar(Int, button: FrameButton?)
    /// A reconnect grip of a selected edge.
    case reconnectGrip(ReconnectDrag)
    /// A handle's hit target (registry index).
    case handle(entry: Int)
    /// A grip of a shown `NodeResizer` (index in `tools.resizers`).
    case resizeGrip(resizer: Int, grip: ControlPosition)
    /// A `Button` inside node `node`'s own view.
    case nodeButton(FrameButton)
    /// A control inside node `node`'s view (index in `tools.controls`), large enough on screen
    /// to take input (`controlHit`).
    case control(Int)
    /// A node's body (node index): the topmost drawn node containing the point.
    case node(Int)
    /// An edge (edge index): within `interactionWidth / 2` of its path, or on its label.
    case edge(Int)
    /// Empty canvas.
    case pane
}

extension FlowCanvas {
    /// What is under the screen point `p`, in the order a press finds it: an open popup,
    /// foreground components (topmost first), toolbars and their buttons, reconnect grips,
    /// handles, resize grips, node buttons and controls, nodes, edges, then the pane. Reads this frame's index (registry, node order,
    /// edge bounds); changes nothing. Without `edges` an edge counts as the pane (the cursor,
    /// which shows the arrow over both, skips measuring edges every idle frame).
    func hitTest(at p: Point, edges: Bool = true) -> HitTarget {
        if let hit = popupHit(at: p) { return .popup(hit) }
        if let c = componentHit(at: p) { return .component(c) }
        if let t = toolbarHit(at: p) { return .toolbar(t, button: buttonHit(at: p, node: tools.toolbars[t].node, toolbar: Int32(t))) }
        let flow = viewportController.current.screenToFlow(p)
        if let grip = gripHit(at: flow) { return .reconnectGrip(grip) }
        if let entry = handleHit(at: flow) { return .handle(entry: entry) }
        if let (r, grip) = resizeGripHit(at: p) { return .resizeGrip(resizer: r, grip: grip) }
        if let i = nodeHit(at: flow) {
            if let b = buttonHit(at: p, node: Int32(i), toolbar: -1) { return .nodeButton(b) }
            return controlHit(at: p, node: i).map { .control($0) } ?? .node(i)
        }
        if edges, let k = edgeHit(at: flow) { return .edge(k) }
        return .pane
    }

    /// The first stage of `hitTest(at:)`: the topmost foreground component over the screen
    /// point `p` (component routing asks only this).
    func componentHit(at p: Point) -> (any FlowComponent)? {
        components.last { $0.layer == .foreground && $0.hitTest(p, in: self) }
    }
}
