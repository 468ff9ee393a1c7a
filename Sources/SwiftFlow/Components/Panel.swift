import SwiftFlowCore

/// A box of text lines at one of the nine panel positions (React Flow's `<Panel>`), drawn
/// at constant screen size above the graph. With `onSelect` it is a menu: pressing a line
/// calls `onSelect(index)`, and `highlighted` marks the current line.
public final class Panel: FlowComponent {
    public var position: PanelPosition
    /// Bold first line, if any.
    public var title: String?
    public var lines: [String]
    /// Font size, screen points. Default 12.
    public var fontSize = 12.0
    /// Inner padding, screen points. Default 8.
    public var padding = 8.0
    /// The highlighted line (a menu's current item).
    public var highlighted: Int?
    /// Called with a line's index when it is pressed; nil makes the panel inert (the canvas
    /// still does not get presses over it).
    public var onSelect: ((Int) -> Void)?
    /// Minimum width, screen points.
    public var minWidth = 0.0

    public let layer = ComponentLayer.foreground

    /// Creates a panel.
    public init(position: PanelPosition = .topLeft, title: String? = nil, lines: [String] = [], onSelect: ((Int) -> Void)? = nil) {
        self.position = position; self.title = title; self.lines = lines; self.onSelect = onSelect
    }

    /// Height of one line, screen points.
    private func lineHeight(_ m: TextMeasurer) -> Double { (m.measure("Ag", fontSize: fontSize).height + 6).rounded() }

    /// The panel's screen rectangle on `canvasSize`, text measured with `measurer`.
    public func frame(canvasSize: Size, measurer: TextMeasurer) -> Rect {
        let all = (title.map { [$0] } ?? []) + lines
        let w = all.map { measurer.measure($0, fontSize: fontSize).width }.max() ?? 0
        let size = Size(width: max(w + 2 * padding, minWidth), height: Double(all.count) * lineHeight(measurer) + 2 * padding)
        return position.frame(size: size, in: canvasSize)
    }

    /// The screen rectangle of line `index` (not counting the title).
    public func lineFrame(_ index: Int, canvasSize: Size, measurer: TextMeasurer) -> Rect {
        let f = frame(canvasSize: canvasSize, measurer: measurer), h = lineHeight(measurer)
        let row = Double(index + (title == nil ? 0 : 1))
        return Rect(x: f.minX, y: f.minY + padding + row * h, width: f.width, height: h)
    }

    public func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool {
        frame(canvasSize: canvas.size, measurer: canvas.textMeasurer).contains(p)
    }

    public func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
        switch event {
        case .pointerDown(let p, .primary, _, _):
            if let k = lines.indices.first(where: { lineFrame($0, canvasSize: canvas.size, measurer: canvas.textMeasurer).contains(p) }) {
                onSelect?(k)
            }
            return true
        case .pointerDown, .pointerMove, .pointerUp, .wheel: return true
        default: return false
        }
    }

    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        let theme = canvas.theme, m = canvas.textMeasurer
        let f = frame(canvasSize: canvas.size, measurer: m)
        list.addRectFill(Rect(x: f.minX, y: f.minY + 2, width: f.width, height: f.height), color: Color(white: 0, opacity: 0.08), cornerRadius: 4)
        list.addRectFill(f, color: theme.controlsBackground, cornerRadius: 4)
        list.addRectStroke(f, color: theme.controlsBorder, thickness: 1, cornerRadius: 4)
        let h = lineHeight(m)
        var y = f.minY + padding
        if let title {
            m.drawText(title, fontSize: fontSize, scale: 1, origin: Point(x: f.minX + padding, y: y + 3), color: theme.overlayText, into: &list)
            y += h
        }
        let hover = onSelect == nil ? nil : canvas.pointer
        for (k, line) in lines.enumerated() {
            let row = Rect(x: f.minX + 2, y: y, width: f.width - 4, height: h)
            if highlighted == k { list.addRectFill(row, color: theme.selectionColor.opacity(0.18), cornerRadius: 3) }
            else if let p = hover, row.contains(p) { list.addRectFill(row, color: theme.controlsHoverBackground, cornerRadius: 3) }
            m.drawText(line, fontSize: fontSize, scale: 1, origin: Point(x: f.minX + padding, y: y + 3),
                       color: highlighted == k ? theme.selectionColor : theme.controlsIcon, into: &list)
            y += h
        }
    }
}
