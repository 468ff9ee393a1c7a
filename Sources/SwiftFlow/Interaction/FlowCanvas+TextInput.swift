import SwiftFlowCore

extension FlowCanvas {
    /// The caret of the focused field on screen (points): a 1-point-wide rectangle one line high,
    /// where an input method shows its candidate window (`SDL_SetTextInputRect`); with a list open
    /// (a picker's or a context menu's: its type-ahead takes text), the list's opener; with the
    /// node search box open, its text field; nil when none, so the platform stops text input
    /// (`SDL_StopTextInput`).
    public var textInputRect: Rect? {
        if let p = controlState.popup, case .list = p.kind {
            if p.search != nil { return popupLayout().map { searchFieldRect(in: $0.frame) } }
            return p.menu != nil ? popupLayout()?.frame : popupControl().map { screenRect(of: $0) }
        }
        guard let key = controlState.key, let c = frameControl(key) ?? controlState.control, nodeCache.index(of: key.nodeId) != nil,
              let e = controlState.edit else { return nil }
        let layout = fieldLayout(c)
        let inner = c.rect.width - 2 * TextFieldLayout.inset.x
        let lines = layout.lines(e.characters, width: inner, multiline: e.multiline)
        let k = layout.line(of: e.caret, in: lines)
        // The scroll as layout drew it: vertical for a multi-line field, horizontal for one line.
        let scroll = controlState.scroll[key] ?? 0
        let x = layout.caretX(e.caret, line: lines[k], e.characters) - (e.multiline ? 0 : scroll)
        let y = Double(k) * layout.lineSkip - (e.multiline ? scroll : 0)
        let r = screenRect(of: c), z = viewportController.current.zoom
        return Rect(x: r.minX + (TextFieldLayout.inset.x + min(x, inner)) * z, y: r.minY + (TextFieldLayout.inset.y + y) * z,
                    width: max(z, 1), height: layout.lineHeight * z)
    }

    /// Whether a text or number field inside a node has keyboard focus (keys go to it first).
    public var isEditingText: Bool { controlState.key != nil }

    /// A key press while a popup is open or a field has focus: handled there (returns true),
    /// so Backspace edits the text instead of deleting nodes, Ctrl+C copies text, arrows move the
    /// caret. Every key but Ctrl+Z / Ctrl+Y (undo, redo: the canvas' history, in which the
    /// typing session is one step) is the field's.
    func controlKeyDown(_ rawKey: String, modifiers: Modifiers) -> Bool {
        let key = rawKey.count == 1 ? rawKey.uppercased() : rawKey
        if controlState.popup?.search != nil, searchKey(key, modifiers: modifiers) { return true }
        if controlState.popup != nil { return popupKey(key) }
        guard controlState.edit != nil, let c = controlState.control else { return false }
        let command = modifiers.contains(.ctrl) || modifiers.contains(.meta), shift = modifiers.contains(.shift)
        var multiline = false, submit: (() -> Void)?
        if case .text(_, _, let m, let s) = c.spec.kind { multiline = m; submit = s }
        controlState.caretTime = time
        switch (key, command) {
        case ("Escape", _):
            endEditing(commit: false)
        case ("Return", false), ("Keypad Enter", false):
            if multiline { edit { $0.insert("\n") } } else { endEditing(commit: true); submit?() }
        case ("Tab", false):
            moveControlFocus(from: c, backward: shift)
        case ("Up", false), ("Down", false):
            moveVertically(key == "Up" ? -1 : 1, in: c, extending: shift)
        case ("Z", true), ("Y", true):
            endEditing(commit: true)
            if key == "Y" || shift { redo() } else { undo() }
        default:
            // Caret, deletion and clipboard keys; typed characters arrive as text events.
            guard var e = controlState.edit, e.applyEditingKey(key, command: command, shift: shift, clipboard: clipboard) else { break }
            edit { $0 = e }
        }
        return true
    }

    /// Text typed while a field has focus (`InputEvent.text`) replaces its selection; with a
    /// popup list open it is type-ahead. Returns whether it was taken.
    func controlText(_ text: String) -> Bool {
        if controlState.popup?.search != nil { searchText(text); return true }
        if controlState.popup != nil { typeAhead(text); return true }
        guard controlState.edit != nil else { return false }
        controlState.composition = ""
        edit { $0.insert(text) }
        return true
    }

    /// An IME composition (`InputEvent.textEditing`) shown at the caret until committed as text,
    /// its own caret `cursor` characters in.
    func controlComposition(_ text: String, cursor: Int) -> Bool {
        guard controlState.edit != nil else { return false }
        controlState.composition = text
        controlState.compositionCursor = min(max(cursor, 0), text.count)
        controlState.caretTime = time
        return true
    }

    /// Applies `change` to the text being edited and writes the result to a text field's binding
    /// (a number field writes when editing ends).
    private func edit(_ change: (inout TextEditBuffer) -> Void) {
        guard var e = controlState.edit, let c = controlState.control else { return }
        change(&e)
        controlState.edit = e
        controlState.caretTime = time
        if e.multiline {
            // Typing scrolls a multi-line field to keep the caret's line in view.
            let layout = fieldLayout(c)
            let lines = layout.lines(e.characters, width: c.rect.width - 2 * TextFieldLayout.inset.x, multiline: true)
            keepCaretVisible(c, layout, lines, line: layout.line(of: e.caret, in: lines))
        }
        guard case .text(let binding, _, _, _) = c.spec.kind, e.text != controlState.synced else { return }
        controlState.synced = e.text
        binding.wrappedValue = controlState.synced
    }

    /// Up / Down in a multi-line field: the same column of the line above or below (else the
    /// start or end of the text).
    private func moveVertically(_ direction: Int, in c: FrameControl, extending: Bool) {
        guard let e = controlState.edit else { return }
        guard e.multiline else { return controlState.edit!.moveCaret(to: direction < 0 ? 0 : e.count, extending: extending) }
        let layout = fieldLayout(c)
        let lines = layout.lines(e.characters, width: c.rect.width - 2 * TextFieldLayout.inset.x, multiline: true)
        let k = layout.line(of: e.caret, in: lines), target = k + direction
        guard target >= 0, target < lines.count else {
            return controlState.edit!.moveCaret(to: direction < 0 ? 0 : e.count, extending: extending)
        }
        let x = layout.caretX(e.caret, line: lines[k], e.characters)
        controlState.edit!.moveCaret(to: layout.index(atX: x, lineAt: target, of: lines, e.characters), extending: extending)
        keepCaretVisible(c, layout, lines, line: target)
    }

    /// Scrolls a multi-line field so that `line` is inside it.
    private func keepCaretVisible(_ c: FrameControl, _ layout: TextFieldLayout, _ lines: [Range<Int>], line: Int) {
        let key = key(of: c), height = c.rect.height - 2 * TextFieldLayout.inset.y
        let top = Double(line) * layout.lineSkip, current = controlState.scroll[key] ?? 0
        if top < current { controlState.scroll[key] = top }
        else if top + layout.lineHeight > current + height { controlState.scroll[key] = top + layout.lineHeight - height }
    }

    /// Tab / Shift+Tab in a field: focuses the node's next (previous) text or number field,
    /// wrapping; with no other, editing ends.
    private func moveControlFocus(from c: FrameControl, backward: Bool) {
        let fields = tools.controls.filter { $0.node == c.node && $0.spec.isTextual && !$0.spec.disabled && $0.spec.problem == nil }
        guard fields.count > 1, let i = fields.firstIndex(where: { $0.spec.path == c.spec.path }) else { return endEditing(commit: true) }
        let next = fields[(i + (backward ? fields.count - 1 : 1)) % fields.count]
        focus(next)
        controlState.edit?.selectAll()
    }

    // MARK: Popup keys

    /// Keys in an open list: Up/Down/Home/End/PageUp/PageDown move the highlight (scrolling it
    /// into view), Return chooses it, Escape closes unchanged. A colour picker closes on Escape
    /// or Return. Every key is the popup's.
    private func popupKey(_ key: String) -> Bool {
        guard let popup = controlState.popup else { return false }
        guard case .list(let highlight, let first) = popup.kind, let model = popupListModel() else {
            if key == "Escape" || key == "Return" { controlState.popup = nil }
            return true
        }
        let n = model.labels.count
        var h = highlight
        switch key {
        case "Escape": controlState.popup = nil; return true
        case "Return", "Keypad Enter", "Space":
            controlState.popup = nil
            if h != model.selected { beginControlEdit(); model.select(h) }
            return true
        case "Up": h -= 1
        case "Down": h += 1
        case "Home": h = 0
        case "End": h = n - 1
        case "PageUp": h -= Self.popupRows
        case "PageDown": h += Self.popupRows
        default: return true
        }
        highlightOption(min(max(h, 0), n - 1), first: first, count: n)
        return true
    }

    private func highlightOption(_ h: Int, first: Int, count: Int) {
        var top = first
        if h < top { top = h } else if h >= top + Self.popupRows { top = h - Self.popupRows + 1 }
        controlState.popup?.kind = .list(highlight: h, firstRow: max(0, min(top, count - Self.popupRows)))
    }

    /// Type-ahead: the letters typed within a second of each other find the first option starting
    /// with them (ignoring case), at or after the highlighted one.
    private func typeAhead(_ text: String) {
        guard let popup = controlState.popup, case .list(let highlight, let first) = popup.kind,
              let model = popupListModel(), !model.labels.isEmpty else { return }
        controlState.typeAhead = time - controlState.typeAheadTime > 1000 ? text : controlState.typeAhead + text
        controlState.typeAheadTime = time
        let prefix = controlState.typeAhead.lowercased(), n = model.labels.count
        let start = controlState.typeAhead.count == text.count ? highlight + 1 : highlight
        for step in 0..<n {
            let i = (start + step) % n
            if model.labels[i].lowercased().hasPrefix(prefix) { return highlightOption(i, first: first, count: n) }
        }
    }
}
