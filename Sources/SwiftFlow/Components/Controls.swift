import SwiftFlowCore

/// A custom button for `Controls` (React Flow's `<ControlButton>`): a short text label and an action.
public struct ControlButton {
    /// Text drawn on the button (one or two characters fit the default 26-point button).
    public var label: String
    /// Shown by screen readers and in tests; defaults to the label.
    public var title: String
    public var action: () -> Void

    /// Creates a button.
    public init(label: String, title: String? = nil, action: @escaping () -> Void) {
        self.label = label; self.title = title ?? label; self.action = action
    }
}

/// Zoom and view buttons in a panel (React Flow's `<Controls>`): zoom in (×1.2 about the canvas
/// centre), zoom out (÷1.2), fit view (`fitView(padding: 0.1)`), lock interactivity (turns
/// `nodesDraggable`, `nodesConnectable` and `elementsSelectable` off together, and on again),
/// the current zoom in percent (pressing it sets the zoom to 100% about the centre), then any
/// custom buttons.
///
/// Pointer: a button acts on release over the button it was pressed on. Keyboard: F6 moves the
/// focus to the first button (and back to the canvas); while focused, Tab / Down / Right go to
/// the next button, Shift+Tab / Up / Left to the previous, Return or Space presses the focused
/// button, Escape leaves. Buttons are `buttonSize` screen points square (React Flow's 26).
public final class Controls: FlowComponent {
    /// A button of the panel, in drawing order.
    public enum Item: Hashable, Sendable {
        case zoomIn, zoomOut, fitView, interactive, zoomLevel
        /// The custom button at this index of `customButtons`.
        case custom(Int)
    }

    public var position: PanelPosition
    /// Buttons stacked vertically (React Flow's default) or in a row.
    public var horizontal: Bool
    public var showZoom = true
    public var showFitView = true
    public var showInteractive = true
    public var showZoomLevel = true
    public var customButtons: [ControlButton]
    /// Side of a button, screen points. Default 26.
    public var buttonSize = 26.0
    /// Called after the lock button changed the canvas' interactivity, with the new state.
    public var onInteractiveChange: ((Bool) -> Void)?
    /// The button with keyboard focus, if the controls have focus.
    public private(set) var focusedButton: Int?

    public let layer = ComponentLayer.foreground
    private var pressed: Int?

    /// Creates controls at `position` (default bottom left).
    public init(position: PanelPosition = .bottomLeft, horizontal: Bool = false, customButtons: [ControlButton] = []) {
        self.position = position; self.horizontal = horizontal; self.customButtons = customButtons
    }

    /// The buttons shown, in order.
    public var buttons: [Item] {
        var b: [Item] = []
        if showZoom { b += [.zoomIn, .zoomOut] }
        if showFitView { b.append(.fitView) }
        if showInteractive { b.append(.interactive) }
        if showZoomLevel { b.append(.zoomLevel) }
        b += customButtons.indices.map { .custom($0) }
        return b
    }

    /// How many buttons are shown (`buttons.count`, without building the array).
    public var buttonCount: Int {
        (showZoom ? 2 : 0) + (showFitView ? 1 : 0) + (showInteractive ? 1 : 0) + (showZoomLevel ? 1 : 0) + customButtons.count
    }

    /// The panel's screen rectangle on a canvas of `canvasSize` points.
    public func frame(canvasSize: Size) -> Rect {
        let n = Double(buttonCount)
        let size = horizontal ? Size(width: n * buttonSize, height: buttonSize) : Size(width: buttonSize, height: n * buttonSize)
        return position.frame(size: size, in: canvasSize)
    }

    /// The screen rectangle of the `index`-th shown button.
    public func buttonFrame(_ index: Int, canvasSize: Size) -> Rect {
        let f = frame(canvasSize: canvasSize), k = Double(index) * buttonSize
        return Rect(x: f.minX + (horizontal ? k : 0), y: f.minY + (horizontal ? 0 : k), width: buttonSize, height: buttonSize)
    }

    /// Whether the canvas takes node drags, connections and selection (what the lock shows).
    public func isInteractive<N, E>(_ canvas: FlowCanvas<N, E>) -> Bool {
        canvas.nodesDraggable || canvas.nodesConnectable || canvas.elementsSelectable
    }

    /// Performs `button`'s action on `canvas`.
    public func press<N, E>(_ button: Item, on canvas: FlowCanvas<N, E>) {
        let flow = FlowInstance(canvas: canvas)
        switch button {
        case .zoomIn: flow.zoomIn()
        case .zoomOut: flow.zoomOut()
        case .fitView: flow.fitView()
        case .zoomLevel: flow.zoomTo(1)
        case .interactive:
            let on = !isInteractive(canvas)
            canvas.nodesDraggable = on; canvas.nodesConnectable = on; canvas.elementsSelectable = on
            onInteractiveChange?(on)
        case .custom(let k): if customButtons.indices.contains(k) { customButtons[k].action() }
        }
    }

    public func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool { frame(canvasSize: canvas.size).contains(p) }

    /// The pointing hand over a button.
    public func cursor<N, E>(at p: Point, in canvas: FlowCanvas<N, E>) -> FlowCursor { button(at: p, canvas) != nil ? .pointer : .default }

    private func button<N, E>(at p: Point, _ canvas: FlowCanvas<N, E>) -> Int? {
        (0..<buttonCount).first { buttonFrame($0, canvasSize: canvas.size).contains(p) }
    }

    public func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
        switch event {
        case .pointerDown(let p, .primary, _, _):
            pressed = button(at: p, canvas)
            return true
        case .pointerUp(let p, _, _):
            if let k = pressed, k == button(at: p, canvas), k < buttonCount { press(buttons[k], on: canvas) }
            pressed = nil
            return true
        case .pointerDown, .pointerMove, .wheel:
            return true
        case .keyDown("F6", _):
            if canvas.focusedComponent === self { blur(canvas) } else {
                canvas.focusedComponent = self
                focusedButton = buttonCount == 0 ? nil : 0
            }
            return true
        case .keyDown(let key, let mods) where canvas.focusedComponent === self:
            let shown = buttons
            guard let k = focusedButton, !shown.isEmpty else { blur(canvas); return false }
            switch key {
            case "Tab" where mods.contains(.shift), "Up", "Left": focusedButton = (k + shown.count - 1) % shown.count
            case "Tab", "Down", "Right": focusedButton = (k + 1) % shown.count
            case "Return", "Space": press(shown[min(k, shown.count - 1)], on: canvas)
            case "Escape": blur(canvas)
            default: return false
            }
            return true
        default:
            return false
        }
    }

    private func blur<N, E>(_ canvas: FlowCanvas<N, E>) {
        focusedButton = nil
        if canvas.focusedComponent === self { canvas.focusedComponent = nil }
    }

    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        let theme = canvas.theme, shown = buttons
        if canvas.focusedComponent !== self { focusedButton = nil }
        let panel = frame(canvasSize: canvas.size)
        list.addRectFill(Rect(x: panel.minX, y: panel.minY + 2, width: panel.width, height: panel.height), color: Color(white: 0, opacity: 0.08),
                         cornerRadius: 2)
        let hover = canvas.pointer.flatMap { p in button(at: p, canvas) }
        for (k, b) in shown.enumerated() {
            let r = buttonFrame(k, canvasSize: canvas.size)
            list.addSolidRect(r, color: hover == k ? theme.controlsHoverBackground : theme.controlsBackground)
            if k > 0 {
                let line = horizontal ? Rect(x: r.minX, y: r.minY, width: 1, height: r.height) : Rect(x: r.minX, y: r.minY, width: r.width, height: 1)
                list.addSolidRect(line, color: theme.controlsBorder)
            }
            drawIcon(b, in: r, canvas, into: &list)
        }
        list.addRectStroke(panel, color: theme.controlsBorder, thickness: 1)
        if let k = focusedButton, k < shown.count {
            list.addRectStroke(buttonFrame(k, canvasSize: canvas.size).insetBy(1.5), color: theme.selectionColor, thickness: 2)
        }
    }

    private func drawIcon<N, E>(_ b: Item, in r: Rect, _ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        let c = r.center, ink = canvas.theme.controlsIcon, s = r.width / 26
        func bar(_ w: Double, _ h: Double, dx: Double = 0, dy: Double = 0) {
            list.addSolidRect(Rect(x: c.x + dx * s - w * s / 2, y: c.y + dy * s - h * s / 2, width: w * s, height: h * s), color: ink)
        }
        func label(_ text: String, size: Double) {
            let m = canvas.textMeasurer.measure(text, fontSize: size * s)
            canvas.textMeasurer.drawText(text, fontSize: size * s, scale: 1,
                                         origin: Point(x: c.x - m.width / 2, y: c.y - m.height / 2), color: ink, into: &list)
        }
        switch b {
        case .zoomIn: bar(12, 2); bar(2, 12)
        case .zoomOut: bar(12, 2)
        case .fitView:
            // Four corner brackets.
            for (sx, sy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
                bar(5, 2, dx: sx * 4.5, dy: sy * 5.5)
                bar(2, 5, dx: sx * 5.5, dy: sy * 4.5)
            }
        case .interactive:
            // A padlock: the body, and the shackle closed (locked) or swung open.
            bar(12, 8, dy: 3)
            let open = isInteractive(canvas)
            let shackle = [Point(x: -4, y: -1), Point(x: -4, y: -5), Point(x: -2, y: -7), Point(x: 2, y: -7), Point(x: 4, y: -5),
                           Point(x: 4, y: open ? -4 : -1)].map { Point(x: c.x + ($0.x + (open ? 3 : 0)) * s, y: c.y + $0.y * s) }
            list.addPolyline(shackle, color: ink, thickness: 2 * s)
        case .zoomLevel: label("\(Int((canvas.viewport.zoom * 100).rounded()))%", size: 8)
        case .custom(let k): if customButtons.indices.contains(k) { label(customButtons[k].label, size: 11) }
        }
    }
}
