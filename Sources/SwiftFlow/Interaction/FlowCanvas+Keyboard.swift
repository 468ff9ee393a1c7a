import SwiftFlowCore

extension FlowCanvas {
    /// The node with keyboard focus (moved by Tab / Shift+Tab, drawn with a focus ring), by id.
    public var focusedNodeId: String? { editing.focusedNodeId }

    /// A key press (canvas.md §4). Keys are SDL key names; letters match in either case, and
    /// Ctrl and Meta (Command) both act as the command modifier:
    ///
    /// | keys | action |
    /// |---|---|
    /// | Escape | cancel the drag, connection or box in progress (restoring the state from before it), else clear the selection |
    /// | Backspace, Delete | delete the selection (`deleteElements`) |
    /// | Ctrl+A | select every selectable node and every edge |
    /// | Ctrl+C / Ctrl+X / Ctrl+V / Ctrl+D | copy / cut / paste at the pointer / duplicate |
    /// | Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y | undo, redo |
    /// | Left, Right, Up, Down | nudge the selection 1 flow unit (Shift: 10; `snapToGrid`: one grid step) |
    /// | `+` (or `=`, Keypad +), `-` (Keypad -) | zoom ×1.2 / ÷1.2 about the canvas centre |
    /// | 0 (Keypad 0) | fitView |
    /// | Tab, Shift+Tab | focus the next / previous node (array order), panning it into view |
    /// | Return, Keypad Enter, Space | select the focused node alone |
    ///
    /// While a pointer gesture is in progress only Escape and the zoom keys act.
    func keyDown(_ rawKey: String, modifiers: Modifiers) {
        let key = rawKey.count == 1 ? rawKey.uppercased() : rawKey
        let command = modifiers.contains(.ctrl) || modifiers.contains(.meta)
        let shift = modifiers.contains(.shift)
        let arrow: Point?
        switch key {
        case "Left": arrow = Point(x: -1, y: 0)
        case "Right": arrow = Point(x: 1, y: 0)
        case "Up": arrow = Point(x: 0, y: -1)
        case "Down": arrow = Point(x: 0, y: 1)
        default: arrow = nil
        }
        if arrow == nil { history.nudgeRunOpen = false }
        if key == "Escape" { escape(); return }
        if !command {
            switch key {
            case "+", "=", "Keypad +": zoom(to: viewportController.current.zoom * Self.wheelZoomStep, about: Point(x: size.width / 2, y: size.height / 2)); return
            case "-", "Keypad -": zoom(to: viewportController.current.zoom / Self.wheelZoomStep, about: Point(x: size.width / 2, y: size.height / 2)); return
            default: break
            }
        }
        guard case .idle = interaction.gesture else { return }
        switch (key, command) {
        case ("Backspace", false), ("Delete", false): deleteSelection()
        case ("A", true): selectAll()
        case ("C", true): copySelection()
        case ("X", true): cutSelection()
        case ("V", true): paste()
        case ("D", true): duplicateSelection()
        case ("Z", true): if shift { redo() } else { undo() }
        case ("Y", true): redo()
        case ("0", false), ("Keypad 0", false): fitView()
        case ("Tab", false): moveFocus(backward: shift)
        case ("Return", false), ("Keypad Enter", false), ("Space", false):
            if let id = editing.focusedNodeId, let i = nodeCache.index(of: id), isSelectable(i) { select(nodes: [id], edges: []) }
        default:
            guard let step = arrow, !command else { return }
            let grid = snapToGrid && snapGrid.width.isFinite && snapGrid.height.isFinite && snapGrid.width > 0 && snapGrid.height > 0
            let dx = grid ? snapGrid.width : (shift ? 10 : 1), dy = grid ? snapGrid.height : (shift ? 10 : 1)
            nudgeSelection(dx: step.x * dx, dy: step.y * dy)
        }
    }

    /// Escape: cancels the gesture in progress, else clears the selection.
    private func escape() {
        if case .idle = interaction.gesture { clearSelection() } else { cancelGesture() }
    }

    /// Tab / Shift+Tab: focuses the next (previous) drawable node in array order, wrapping, and
    /// centres it when it is not wholly in view.
    private func moveFocus(backward: Bool) {
        let n = frameInput.nodes.count
        guard n > 0 else { return }
        let current = editing.focusedNodeId.flatMap { nodeCache.index(of: $0) }
        for step in 1...n {
            let base = current ?? (backward ? n : -1)
            let i = ((base + (backward ? -step : step)) % n + n) % n
            guard nodeCache.states[i].drawable else { continue }
            editing.focusedNodeId = nodeCache.ids[i]
            let r = nodeRect(i), view = viewportController.current.visibleFlowRect(canvasSize: size)
            if !(view.contains(r.origin) && view.contains(Point(x: r.maxX, y: r.maxY))) {
                let z = viewportController.current.zoom
                viewportController.current = Viewport(x: size.width / 2 - r.center.x * z, y: size.height / 2 - r.center.y * z, zoom: z)
            }
            return
        }
    }
}
