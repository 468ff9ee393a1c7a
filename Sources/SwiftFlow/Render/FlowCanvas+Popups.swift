import SwiftFlowCore

/// The parts of an open popup under a point.
enum PopupHit {
    /// A picker's option (its index).
    case option(Int)
    /// A colour picker's saturation/value square, hue bar or opacity bar.
    case saturationValue, hue, opacity
    /// Elsewhere inside the popup.
    case inside
}

/// An open popup's geometry, screen points: drawn in screen space at a fixed size whatever the
/// zoom (as a browser's `<select>` list or a native colour panel).
struct PopupLayout {
    var frame: Rect
    /// A list: its rows' height, the first row shown and how many fit.
    var rowHeight = 22.0, firstRow = 0, rows = 0
    /// The height above a list's rows (the node search box's text field); 0 for other popups.
    var header = 0.0
    /// A colour picker's areas.
    var square = Rect(x: 0, y: 0, width: 0, height: 0), hueBar = Rect(x: 0, y: 0, width: 0, height: 0), opacityBar = Rect(x: 0, y: 0, width: 0, height: 0)
}

extension FlowCanvas {
    /// The most rows a picker's list shows; a longer one scrolls.
    static var popupRows: Int { 8 }
    /// The font size of popup text, screen points.
    static var popupFontSize: Double { 13 }

    /// The control that opened the popup, as laid out this frame; nil when its node is not drawn.
    func popupControl() -> FrameControl? {
        guard let p = controlState.popup else { return nil }
        return frameControl(p.key)
    }

    /// The open list's options: a picker's, a context menu's items (choosing runs the item), or
    /// the node search box's matches (choosing adds the node).
    func popupListModel() -> PickerModel? {
        guard let p = controlState.popup else { return nil }
        if let search = p.search { return searchListModel(search) }
        if let menu = p.menu { return PickerModel(labels: menu.items.map(\.label), selected: nil, select: { menu.items[$0].action() }) }
        guard let c = popupControl(), case .picker(let model) = c.spec.kind else { return nil }
        return model
    }

    /// Where the open popup lies: below its control (above it when there is no room below), a
    /// context menu at the point it was opened; moved left when it would pass the canvas' right edge.
    func popupLayout() -> PopupLayout? {
        guard let p = controlState.popup else { return nil }
        if p.search != nil { return searchLayout(p) }
        let anchor: Rect
        if let menu = p.menu {
            let at = viewportController.current.flowToScreen(menu.anchor)
            anchor = Rect(x: at.x, y: at.y - 2, width: 0, height: 0)
        } else if let c = popupControl() {
            anchor = screenRect(of: c)
        } else {
            return nil
        }
        switch p.kind {
        case .list(_, let firstRow):
            guard let model = popupListModel() else { return nil }
            let widest = model.labels.prefix(500).map { textMeasurer.measure($0, fontSize: Self.popupFontSize).width }.max() ?? 0
            let rows = min(model.labels.count, Self.popupRows)
            var layout = PopupLayout(frame: Rect(x: 0, y: 0, width: 0, height: 0), firstRow: firstRow, rows: rows)
            let height = Double(rows) * layout.rowHeight + 8
            let y = anchor.maxY + 2 + height <= size.height || anchor.minY - 2 - height < 0 ? anchor.maxY + 2 : anchor.minY - 2 - height
            // Rows inset 4 from the frame, labels 20 into a row (after the check mark), 8 of room after
            // the widest label inside its row: 4 + 20 + widest + 8 + 4.
            let width = max(anchor.width, widest + 36)
            layout.frame = Rect(x: popupX(anchor, width: width), y: y, width: width, height: height)
            return layout
        case .color:
            guard let c = popupControl(), case .colorWell(_, let alpha) = c.spec.kind else { return nil }
            let height = alpha ? 184.0 : 162
            let y = anchor.maxY + 2 + height <= size.height || anchor.minY - 2 - height < 0 ? anchor.maxY + 2 : anchor.minY - 2 - height
            let x = popupX(anchor, width: 180)
            var layout = PopupLayout(frame: Rect(x: x, y: y, width: 180, height: height))
            layout.square = Rect(x: x + 10, y: y + 10, width: 160, height: 120)
            layout.hueBar = Rect(x: x + 10, y: y + 138, width: 160, height: 14)
            if alpha { layout.opacityBar = Rect(x: x + 10, y: y + 160, width: 160, height: 14) }
            return layout
        }
    }

    /// The left of a popup `width` wide under `anchor`: its left edge, moved left as far as needed
    /// to keep the popup inside the canvas (not past the canvas' left edge).
    private func popupX(_ anchor: Rect, width: Double) -> Double {
        max(min(anchor.minX, size.width - width), 0)
    }

    /// The part of the open popup under the screen point `p`, nil when outside it.
    func popupHit(at p: Point) -> PopupHit? {
        guard let layout = popupLayout(), layout.frame.contains(p) else { return nil }
        if layout.rows > 0 || layout.header > 0 {
            let row = Int(((p.y - layout.frame.minY - layout.header - 4) / layout.rowHeight).rounded(.down))
            return row >= 0 && row < layout.rows ? .option(layout.firstRow + row) : .inside
        }
        if layout.square.insetBy(-3).contains(p) { return .saturationValue }
        if layout.hueBar.insetBy(-3).contains(p) { return .hue }
        if layout.opacityBar.width > 0, layout.opacityBar.insetBy(-3).contains(p) { return .opacity }
        return .inside
    }

    /// Draws the open popup above everything: a picker's rows (the highlighted one in the accent
    /// colour, the selected one marked ✓), or a colour picker's square, hue and opacity bars
    /// with their markers. Screen points.
    func drawPopup(into list: inout DrawList) {
        guard let popup = controlState.popup, let layout = popupLayout() else { return }
        let f = layout.frame
        list.addRectFill(Rect(x: f.minX, y: f.minY + 2, width: f.width, height: f.height), color: Color(white: 0, opacity: 0.18), cornerRadius: 6)
        list.addRectFill(f, color: theme.nodeBackground, cornerRadius: 6)
        list.addRectStroke(f, color: theme.nodeText.opacity(0.25), thickness: 1, cornerRadius: 6)
        switch popup.kind {
        case .list(let highlight, _):
            guard let model = popupListModel() else { return }
            if let search = popup.search { drawSearchField(search, layout, into: &list) }
            for row in 0..<layout.rows {
                let i = layout.firstRow + row
                guard i < model.labels.count else { break }
                let r = Rect(x: f.minX + 4, y: f.minY + layout.header + 4 + Double(row) * layout.rowHeight, width: f.width - 8, height: layout.rowHeight)
                let isHighlighted = i == highlight
                if isHighlighted { list.addRectFill(r, color: theme.accentColor, cornerRadius: 4) }
                let color = isHighlighted ? Color.white : theme.nodeText
                if i == model.selected { textMeasurer.drawText("✓", fontSize: Self.popupFontSize, scale: 1, origin: Point(x: r.minX + 4, y: r.minY + 3), color: color, into: &list) }
                textMeasurer.drawText(model.labels[i], fontSize: Self.popupFontSize, scale: 1, origin: Point(x: r.minX + 20, y: r.minY + 3), color: color, into: &list)
            }
            if model.labels.count > layout.rows {
                // A scroll bar: where the rows shown lie in the list.
                let track = Rect(x: f.minX + 4, y: f.minY + layout.header + 4, width: f.width - 8, height: f.height - layout.header - 8)
                let h = track.height * Double(layout.rows) / Double(model.labels.count)
                let y = track.minY + (track.height - h) * Double(layout.firstRow) / Double(max(model.labels.count - layout.rows, 1))
                list.addRectFill(Rect(x: f.maxX - 6, y: y, width: 3, height: h), color: theme.nodeText.opacity(0.35), cornerRadius: 1.5)
            }
        case .color(let hue, let s, let v, let a):
            drawColorSquare(layout.square, hue: hue, into: &list)
            let steps = 36
            for k in 0..<steps {
                let w = layout.hueBar.width / Double(steps)
                list.addSolidRect(Rect(x: layout.hueBar.minX + Double(k) * w, y: layout.hueBar.minY, width: w + 0.5, height: layout.hueBar.height),
                                  color: Color(hue: (Double(k) + 0.5) / Double(steps), saturation: 1, value: 1))
            }
            let marker = Color(white: 1)
            list.addCircleStroke(center: Point(x: layout.square.minX + s * layout.square.width, y: layout.square.minY + (1 - v) * layout.square.height),
                                 radius: 5, color: marker, thickness: 2)
            list.addRectStroke(Rect(x: layout.hueBar.minX + hue * layout.hueBar.width - 2, y: layout.hueBar.minY - 2, width: 4, height: layout.hueBar.height + 4),
                               color: theme.nodeText, thickness: 1.5)
            if layout.opacityBar.width > 0 {
                let opaque = Color(hue: hue, saturation: s, value: v)
                for k in 0..<16 {
                    let w = layout.opacityBar.width / 16
                    let r = Rect(x: layout.opacityBar.minX + Double(k) * w, y: layout.opacityBar.minY, width: w + 0.5, height: layout.opacityBar.height)
                    list.addSolidRect(r, color: Color(white: k % 2 == 0 ? 0.8 : 1).mix(opaque, (Double(k) + 0.5) / 16))
                }
                list.addRectStroke(Rect(x: layout.opacityBar.minX + a * layout.opacityBar.width - 2, y: layout.opacityBar.minY - 2, width: 4, height: layout.opacityBar.height + 4),
                                   color: theme.nodeText, thickness: 1.5)
            }
        }
    }

    /// The saturation (across) by value (down) square of `hue`, as a grid of flat cells.
    private func drawColorSquare(_ r: Rect, hue: Double, into list: inout DrawList) {
        let columns = 24, rows = 18
        let w = r.width / Double(columns), h = r.height / Double(rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let color = Color(hue: hue, saturation: (Double(i) + 0.5) / Double(columns), value: 1 - (Double(j) + 0.5) / Double(rows))
                list.addSolidRect(Rect(x: r.minX + Double(i) * w, y: r.minY + Double(j) * h, width: w + 0.5, height: h + 0.5), color: color)
            }
        }
    }
}
