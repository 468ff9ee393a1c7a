import SwiftFlowCore

/// The open node search box (`ControlPopup.search`): the text typed, where the chosen node goes,
/// the matches, and the connection it was opened for.
struct NodeSearchState {
    /// The text typed, its caret and selection.
    var field = TextEditBuffer("", multiline: false)
    /// Where the chosen node's top-left goes (flow units, absolute): the point opened at.
    var at: Point
    /// The matching templates, best first (indices into the catalogue's `templates`).
    var results: [Int] = []
    /// A connection dropped on empty canvas: the handle it started from, that handle's role and
    /// value type. The chosen node is connected to it.
    var dropped: (from: HandleRef, role: HandleType, type: String)?
}

extension FlowCanvas {
    /// The node search box's text field height, screen points.
    static var searchFieldHeight: Double { 30 }
    /// The node search box's least width, screen points (wider for longer titles).
    static var searchWidth: Double { 280 }

    /// Opens the node search box with its top-left at the screen point `p` (the chosen node goes
    /// there), closing any popup and ending any text editing. Nothing without a `nodeCatalog`.
    /// What a double-click on empty canvas does; an app's "add node" menu item calls it.
    public func openNodeSearch(at p: Point) {
        openSearch(at: p, dropped: nil)
    }

    /// Opens the search box at `p`, for a connection dropped there when `dropped` is set (then
    /// only templates that can connect to it are listed).
    func openSearch(at p: Point, dropped: (from: HandleRef, role: HandleType, type: String)?) {
        guard let catalog = nodeCatalog, p.isFinite else { return }
        endEditing(commit: true)
        var search = NodeSearchState(at: viewportController.current.screenToFlow(p), dropped: dropped)
        search.results = catalog.search("", connectingFrom: dropped?.role, type: dropped?.type ?? "*")
        controlState.popup = ControlPopup(key: ControlKey(nodeId: "", path: 0), kind: .list(highlight: 0, firstRow: 0), search: search, byCanvas: true)
        controlState.caretTime = time
    }

    /// A connection `c` released at the screen point `p` on no handle: over empty canvas, opens
    /// the search box there for templates that can connect to its start handle.
    func searchForDroppedConnection(_ c: ConnectionInProgress, at p: Point) {
        guard let catalog = nodeCatalog, !c.overInvalidHandle, case .pane = hitTest(at: p) else { return }
        let n = Int(c.from.nodeIndex)
        guard n < frameInput.nodes.count, frameInput.nodes[n].id == c.from.nodeId else { return }
        let type = catalog.slotType(frameInput.nodes[n], c.from.id)
        openSearch(at: p, dropped: (HandleRef(nodeId: c.from.nodeId, id: c.from.id), c.from.type, type))
    }

    /// Text typed into the search box (at its caret, replacing its selection).
    func searchText(_ text: String) {
        editSearch { $0.insert(text) }
    }

    /// A key in the open search box: the caret, deletion and clipboard keys edit its text (see
    /// `TextEditBuffer.applyEditingKey`); Up, Down, PageUp, PageDown, Return and Escape are the
    /// list's (returns false for them); any other key is swallowed (Space types through text).
    func searchKey(_ key: String, modifiers: Modifiers) -> Bool {
        if ["Up", "Down", "PageUp", "PageDown", "Return", "Keypad Enter", "Escape"].contains(key) { return false }
        let command = modifiers.contains(.ctrl) || modifiers.contains(.meta)
        editSearch { _ = $0.applyEditingKey(key, command: command, shift: modifiers.contains(.shift), clipboard: clipboard) }
        return true
    }

    /// Applies `change` to the search text; a changed text lists its matches afresh, the best highlighted.
    private func editSearch(_ change: (inout TextEditBuffer) -> Void) {
        guard var search = controlState.popup?.search, let catalog = nodeCatalog else { return }
        let before = search.field.text
        change(&search.field)
        if search.field.text != before {
            search.results = catalog.search(search.field.text, connectingFrom: search.dropped?.role, type: search.dropped?.type ?? "*")
            controlState.popup?.kind = .list(highlight: 0, firstRow: 0)
        }
        controlState.popup?.search = search
        controlState.caretTime = time
    }

    /// The search box's list: the matches' titles; choosing one adds its node.
    func searchListModel(_ search: NodeSearchState) -> PickerModel? {
        guard let catalog = nodeCatalog else { return nil }
        let results = search.results.filter { $0 < catalog.templates.count }
        return PickerModel(labels: results.map { catalog.templates[$0].title }, selected: nil, select: { [weak self] i in
            guard results.indices.contains(i) else { return }
            self?.addNode(from: results[i], search: search)
        })
    }

    /// Adds the node of template `t` where the search box was opened (its id from the catalogue's
    /// `newNodeId`), and for a dropped connection the connection to the template's first slot that
    /// accepts it (through `onConnect`, unless `isValidConnection` refuses it; the node's top-right
    /// goes to the point when it connects by an output). One undo step.
    private func addNode(from t: Int, search: NodeSearchState) {
        guard let catalog = nodeCatalog, t < catalog.templates.count else { return }
        let template = catalog.templates[t]
        let id = catalog.newNodeId(frameInput.nodes)
        var node = template.make(id, search.at)
        node.id = id
        node.position = search.at
        node.parentId = nil
        var connection: Connection?
        if let d = search.dropped, let e = handleEntry(d.from), let slot = template.slot(connectingFrom: d.role, type: d.type) {
            let from = registry[e]
            if d.role == .source {
                connection = Connection(source: from.nodeId, target: id, sourceHandle: from.id, targetHandle: slot.handle)
            } else {
                node.position.x -= node.width ?? 0
                connection = Connection(source: id, target: from.nodeId, sourceHandle: slot.handle, targetHandle: from.id)
            }
            if let c = connection, isValidConnection?(c) == false { connection = nil }
        }
        addNodes([node])
        if let c = connection { onConnect?(c) }
    }

    // MARK: Geometry and drawing

    /// Where the search box lies, screen points: its top-left at the point it was opened at,
    /// moved up and left as far as needed to stay inside the canvas; the text field on top, then
    /// up to `popupRows` matches (one row saying there are none when none).
    func searchLayout(_ popup: ControlPopup) -> PopupLayout? {
        guard let search = popup.search, case .list(_, let firstRow) = popup.kind, let model = searchListModel(search) else { return nil }
        let at = viewportController.current.flowToScreen(search.at)
        let widest = model.labels.prefix(500).map { textMeasurer.measure($0, fontSize: Self.popupFontSize).width }.max() ?? 0
        let width = min(max(Self.searchWidth, widest + 36), max(size.width, 1))
        let rows = min(model.labels.count, Self.popupRows)
        var layout = PopupLayout(frame: Rect(x: 0, y: 0, width: width, height: 0), firstRow: firstRow, rows: rows)
        layout.header = Self.searchFieldHeight
        let height = layout.header + Double(max(rows, 1)) * layout.rowHeight + 8
        layout.frame = Rect(x: max(min(at.x, size.width - width), 0), y: max(min(at.y, size.height - height), 0), width: width, height: height)
        return layout
    }

    /// The search box's text field on screen (points) in the box's `frame`.
    func searchFieldRect(in f: Rect) -> Rect {
        Rect(x: f.minX + 4, y: f.minY + 4, width: f.width - 8, height: Self.searchFieldHeight - 6)
    }

    /// Draws the search box's text field (the text scrolled to keep the caret in view, its
    /// selection, a blinking caret, "Search nodes" when empty) and, when nothing matches, a line
    /// saying so.
    func drawSearchField(_ search: NodeSearchState, _ layout: PopupLayout, into list: inout DrawList) {
        let r = searchFieldRect(in: layout.frame)
        let size = Self.popupFontSize, chars = search.field.characters
        func width(_ n: Int) -> Double { n == 0 ? 0 : textMeasurer.measure(String(chars[..<n]), fontSize: size).width }
        let lineHeight = textMeasurer.measure("Ag", fontSize: size).height
        let inner = Rect(x: r.minX + 6, y: r.minY + (r.height - lineHeight) / 2, width: r.width - 12, height: lineHeight)
        list.addRectFill(r, color: theme.background, cornerRadius: 4)
        list.addRectStroke(r, color: theme.accentColor, thickness: 1, cornerRadius: 4)
        let caretX = width(search.field.caret), scroll = max(caretX - inner.width, 0)
        list.setClip(r)
        let selection = search.field.selection
        if !selection.isEmpty {
            let x0 = width(selection.lowerBound), x1 = width(selection.upperBound)
            list.addRectFill(Rect(x: inner.minX + x0 - scroll, y: inner.minY, width: x1 - x0, height: lineHeight), color: theme.accentColor.opacity(0.3))
        }
        if chars.isEmpty {
            textMeasurer.drawText("Search nodes", fontSize: size, scale: 1, origin: inner.origin, color: theme.nodeText.opacity(0.45), into: &list)
        } else {
            textMeasurer.drawText(search.field.text, fontSize: size, scale: 1, origin: Point(x: inner.minX - scroll, y: inner.minY),
                                  color: theme.nodeText, into: &list)
        }
        if (time - controlState.caretTime).truncatingRemainder(dividingBy: 1000) < 500 {
            list.addSolidRect(Rect(x: inner.minX + caretX - scroll, y: inner.minY, width: 1, height: lineHeight), color: theme.nodeText)
        }
        list.setClip(nil)
        if search.results.isEmpty {
            let f = layout.frame
            textMeasurer.drawText("No matching nodes", fontSize: size, scale: 1, origin: Point(x: f.minX + 24, y: f.minY + layout.header + 7),
                                  color: theme.nodeText.opacity(0.45), into: &list)
        }
    }
}
