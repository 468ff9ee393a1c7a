import SwiftFlowCore

extension FlowCanvas {
    /// A control whose frame is shorter than this on screen (points) is too small to read: it
    /// draws as its static picture and takes no input (level of detail); a focused one stays live.
    static var minimumControlHeight: Double { 8 }

    /// This frame's record of the control `key`, nil when its node was not laid out this frame.
    func frameControl(_ key: ControlKey) -> FrameControl? {
        guard let i = nodeCache.index(of: key.nodeId) else { return nil }
        return tools.controls.last { $0.node == Int32(i) && $0.spec.path == key.path }
    }

    /// The key of a control recorded this frame.
    func key(of c: FrameControl) -> ControlKey { ControlKey(nodeId: nodeCache.ids[Int(c.node)], path: c.spec.path) }

    /// Where the characters of text or number field `c` go (`TextFieldLayout`), in its font.
    func fieldLayout(_ c: FrameControl) -> TextFieldLayout {
        TextFieldLayout(NodeLayoutEngine(measurer: textMeasurer, handleSize: theme.handleSize), fontSize: c.spec.fontSize, face: c.spec.face)
    }

    /// A control's frame on screen (points).
    func screenRect(of c: FrameControl) -> Rect {
        let vp = viewportController.current
        let o = vp.flowToScreen(nodeCache.states[Int(c.node)].origin + c.rect.origin)
        return Rect(x: o.x, y: o.y, width: c.rect.width * vp.zoom, height: c.rect.height * vp.zoom)
    }

    /// The interactive control of node `node` under the screen point `p` (index in
    /// `tools.controls`): not a progress bar, and tall enough on screen (`minimumControlHeight`)
    /// unless it is focused. O(controls laid out this frame).
    func controlHit(at p: Point, node: Int) -> Int? {
        guard !tools.controls.isEmpty else { return nil }
        for k in tools.controls.indices.reversed() where tools.controls[k].node == Int32(node) {
            let c = tools.controls[k], r = screenRect(of: c)
            guard r.contains(p) else { continue }
            guard c.spec.isInteractive else { return nil }
            if r.height < Self.minimumControlHeight && controlState.key != key(of: c) { return nil }
            return k
        }
        return nil
    }

    // MARK: Node data bindings

    /// A binding to node `node`'s data: reading gives the data the view was built with (or as a
    /// control wrote it since, this frame); writing emits `.replace` with the new data through
    /// `onNodesChange` and records it for undo (`History.recordData`).
    func dataBinding(for node: Node<NodeData>) -> Binding<NodeData> {
        let ref = NodeDataRef(canvas: self, id: node.id, data: node.data)
        return Binding(get: { ref.value }, set: { ref.write($0) })
    }

    /// Writes node `id`'s data: one `.replace` change, and the edit recorded for undo,
    /// coalesced with the edits of the same typing session or drag (`ControlFocus.editToken`).
    func setNodeData(_ id: String, _ data: NodeData) {
        guard let i = nodeCache.index(of: id), i < frameInput.nodes.count else { return }
        var node = frameInput.nodes[i]
        let before = controlState.pending.data[id] ?? node.data
        node.data = data
        controlState.pending.data[id] = data
        history.recordData(id: id, before: before, after: data, token: controlState.editToken, splitsOnPause: controlState.editSplitsOnPause,
                           time: time, limit: historyLimit)
        onNodesChange?([.replace(node)])
    }

    /// Starts a new undoable edit (a click, a drag, a `typing` session): later writes until the
    /// next call make one undo step (a typing session one per run of edits without a pause).
    func beginControlEdit(typing: Bool = false) {
        controlState.editToken += 1
        controlState.editSplitsOnPause = typing
    }

    /// What a node-data binding holds (one object its two closures share).
    final class NodeDataRef {
        weak var canvas: FlowCanvas?
        let pending: PendingNodeData<NodeData>
        let id: String
        let data: NodeData
        /// The frame it was made in: used later (a focused field whose node is out of view is
        /// not rebuilt), it reads the node's data of the current frame.
        let frame: Int
        init(canvas: FlowCanvas, id: String, data: NodeData) {
            self.canvas = canvas; pending = canvas.controlState.pending; self.id = id; self.data = data
            frame = pending.frame
        }
        var value: NodeData {
            // The checks through the non-generic part: no generic metadata looked up per read.
            let writes: PendingNodeWrites = pending
            if writes.any, let written = pending.data[id] { return written }
            guard writes.frame != frame, let c = canvas, let i = c.nodeCache.index(of: id), i < c.frameInput.nodes.count else { return data }
            return c.frameInput.nodes[i].data
        }
        func write(_ new: NodeData) { canvas?.setNodeData(id, new) }
    }

    // MARK: Pointer

    /// A primary press: on the open popup (choose, or drag in a colour area), elsewhere while a
    /// popup is open (closes it and is consumed), or on a control of a node. Returns whether the
    /// press was the controls'. A press anywhere but the focused field ends its editing.
    func controlPointerDown(_ hit: HitTarget, at p: Point, clickCount: Int) -> Bool {
        if case .popup(let part) = hit { popupPress(part, at: p); return true }
        if controlState.popup != nil {
            controlState.popup = nil   // a press outside closes it, unchanged, and does nothing else
            return true
        }
        guard case .control(let k) = hit else {
            endEditing(commit: true)
            return false
        }
        let c = tools.controls[k], key = key(of: c), r = screenRect(of: c)
        if controlState.key != key { endEditing(commit: true) }
        guard !c.spec.disabled, c.spec.problem == nil else { return true }   // swallowed: no node drag
        switch c.spec.kind {
        case .text(_, _, let multiline, _):
            focus(c)
            let index = caretIndex(at: p, in: c)
            if clickCount >= 3 {
                let range = multiline ? lineRange(at: index) : 0..<(controlState.edit?.count ?? 0)
                controlState.edit?.select(range)
            } else if clickCount == 2 {
                if let w = controlState.edit?.wordRange(at: index) { controlState.edit?.select(w) }
            } else {
                controlState.edit?.moveCaret(to: index)
            }
            interaction.gesture = .control(ControlGesture(key: key, kind: .selectingText(anchor: controlState.edit?.selection ?? index..<index)))
        case .number(let model):
            if controlState.key == key {
                let index = caretIndex(at: p, in: c)
                controlState.edit?.moveCaret(to: index)
                interaction.gesture = .control(ControlGesture(key: key, kind: .selectingText(anchor: index..<index)))
            } else {
                interaction.gesture = .control(ControlGesture(key: key, kind: .number(start: p, startValue: model.get(), dragging: false)))
            }
        case .slider:
            beginControlEdit()
            interaction.gesture = .control(ControlGesture(key: key, kind: .slider))
            slide(c, to: p)
        case .stepper(let value, let range, let step):
            let v = value.wrappedValue.isFinite ? value.wrappedValue : range.lowerBound
            let stepped = min(max(v + (p.x < r.center.x ? -step : step), range.lowerBound), range.upperBound)
            // At its bound a click changes nothing: no write, so no undo step and the redo stack kept.
            guard stepped != value.wrappedValue else { return true }
            beginControlEdit()
            value.wrappedValue = stepped
        case .toggle:
            interaction.gesture = .control(ControlGesture(key: key, kind: .toggle(rect: r)))
        case .picker(let model):
            guard !model.labels.isEmpty else { return true }
            let highlight = model.selected ?? 0
            controlState.typeAhead = ""   // a list just opened: type-ahead starts afresh
            controlState.popupWheel = 0
            controlState.popup = ControlPopup(key: key, kind: .list(highlight: highlight, firstRow: max(0, min(highlight - Self.popupRows / 2, model.labels.count - Self.popupRows))))
        case .colorWell(let color, _):
            let hsv = color.wrappedValue.hsv
            controlState.popup = ControlPopup(key: key, kind: .color(hue: hsv.hue, saturation: hsv.saturation, value: hsv.value, opacity: color.wrappedValue.opacity))
        case .progress:
            return false
        }
        return true
    }

    /// The pointer moved during a control gesture (nothing once the control became disabled).
    func controlPointerMoved(_ g: ControlGesture, to p: Point) {
        guard let c = frameControl(g.key) ?? (g.key == controlState.key ? controlState.control : nil),
              !c.spec.disabled, c.spec.problem == nil else { return }
        switch g.kind {
        case .selectingText(let anchor):
            let index = caretIndex(at: p, in: c)
            if index < anchor.lowerBound {
                controlState.edit?.select(anchor.upperBound..<anchor.upperBound)
                controlState.edit?.moveCaret(to: index, extending: true)
            } else if index > anchor.upperBound || anchor.isEmpty {
                controlState.edit?.select(anchor.lowerBound..<index)
            } else {
                controlState.edit?.select(anchor)
            }
            controlState.caretTime = time
        case .number(let start, let startValue, let dragging):
            guard case .number(let model) = c.spec.kind else { return }
            if !dragging && abs(p.x - start.x) <= Self.dragThreshold * 3 { return }
            if !dragging { beginControlEdit() }
            interaction.gesture = .control(ControlGesture(key: g.key, kind: .number(start: start, startValue: startValue, dragging: true)))
            let base = startValue.isFinite ? startValue : 0
            let v = base + (p.x - start.x) * model.dragSpeed
            model.set(min(max(v, model.range.lowerBound), model.range.upperBound))
        case .slider:
            slide(c, to: p)
        case .color(let part):
            pickColor(part, at: p)
        case .toggle:
            break
        }
    }

    /// The release that ends a control gesture: a toggle flips when released over itself; a
    /// number field pressed without a drag starts typing.
    func controlPointerUp(_ g: ControlGesture, at p: Point) {
        switch g.kind {
        case .toggle(let rect):
            guard rect.contains(p), let c = frameControl(g.key), case .toggle(let isOn) = c.spec.kind else { return }
            beginControlEdit()
            isOn.wrappedValue.toggle()
        case .number(_, _, let dragging):
            guard !dragging, let c = frameControl(g.key) else { return }
            focus(c)
            controlState.edit?.selectAll()
        default:
            break
        }
    }

    /// Sets a slider's value from the pointer's x along its track, rounded to its step; never to
    /// a non-finite value.
    private func slide(_ c: FrameControl, to p: Point) {
        guard case .slider(let value, let range, let step) = c.spec.kind else { return }
        let r = screenRect(of: c), z = viewportController.current.zoom
        let track = (minX: r.minX + 7 * z, width: max(r.width - 14 * z, 1e-9))
        let t = min(max((p.x - track.minX) / track.width, 0), 1)
        var v = range.lowerBound + t * (range.upperBound - range.lowerBound)
        if let s = step, s > 0 { v = min(range.lowerBound + ((v - range.lowerBound) / s).rounded() * s, range.upperBound) }
        // A range too wide to map (an infinite bound, or wider than the largest double) gives
        // infinity or NaN: the value is left as it is.
        if v != value.wrappedValue && v.isFinite { value.wrappedValue = v }
    }

    /// The caret index nearest the screen point `p` in field `c` (its text being edited when
    /// focused, else its value).
    func caretIndex(at p: Point, in c: FrameControl) -> Int {
        let z = viewportController.current.zoom
        let layout = fieldLayout(c)
        let key = key(of: c)
        let chars = controlState.key == key ? controlState.edit?.characters ?? Array(c.spec.text) : Array(c.spec.text)
        let r = screenRect(of: c)
        let inner = c.rect.width - 2 * TextFieldLayout.inset.x
        let local = Point(x: (p.x - r.minX) / z - TextFieldLayout.inset.x, y: (p.y - r.minY) / z - TextFieldLayout.inset.y)
        var multiline = false
        if case .text(_, _, let m, _) = c.spec.kind { multiline = m }
        let lines = layout.lines(chars, width: inner, multiline: multiline)
        // A focused single-line field is drawn scrolled as `refreshFocusedControl` kept it.
        let scrollX = multiline || controlState.key != key ? 0 : controlState.scroll[key] ?? 0
        let row = multiline ? layout.row(atY: local.y + (controlState.scroll[key] ?? 0)) : 0
        return layout.index(atX: local.x + scrollX, lineAt: min(row, lines.count - 1), of: lines, chars)
    }

    /// The line of the focused multi-line field around `index` (what a triple click selects).
    private func lineRange(at index: Int) -> Range<Int> {
        guard let e = controlState.edit else { return 0..<0 }
        return e.lineStart(from: index)..<e.lineEnd(from: index)
    }

    /// Focuses the text or number field `c` (a new typing session: one undo step), loading its
    /// value; nothing when it is focused already.
    func focus(_ c: FrameControl) {
        let key = key(of: c)
        guard controlState.key != key else { return }
        endEditing(commit: true)
        var multiline = false
        if case .text(_, _, let m, _) = c.spec.kind { multiline = m }
        controlState.key = key
        controlState.control = c
        if !multiline { controlState.scroll[key] = nil }   // shown from its start until the caret moves
        controlState.edit = TextEditBuffer(c.spec.text, multiline: multiline)
        controlState.synced = c.spec.text
        controlState.composition = ""
        controlState.caretTime = time
        beginControlEdit(typing: true)
    }

    /// Ends editing the focused field: a number field's typed text is parsed and written when
    /// `commit` (else, or when it does not parse, the value is kept); a text field's edits are
    /// written already. The typing session's undo step closes.
    func endEditing(commit: Bool) {
        guard let c = controlState.control else { return }
        if commit, case .number(let model) = c.spec.kind, let text = controlState.edit?.text, text != c.spec.text,
           let v = model.parse(text), v.isFinite {
            model.set(min(max(v, model.range.lowerBound), model.range.upperBound))
        }
        if case .text(_, _, true, _) = c.spec.kind {} else if let key = controlState.key { controlState.scroll[key] = nil }
        controlState.key = nil
        controlState.control = nil
        controlState.edit = nil
        controlState.composition = ""
        beginControlEdit()
    }

    // MARK: Popups

    private func popupPress(_ part: PopupHit, at p: Point) {
        guard let popup = controlState.popup else { return }
        switch part {
        case .option(let i):
            guard let model = popupListModel() else { return }
            controlState.popup = nil
            guard i != model.selected else { return }
            beginControlEdit()
            model.select(i)
        case .saturationValue, .hue, .opacity:
            beginControlEdit()
            interaction.gesture = .control(ControlGesture(key: popup.key, kind: .color(part)))
            pickColor(part, at: p)
        case .inside:
            break
        }
    }

    /// Sets the colour from the pointer in the popup's square (saturation, value), hue bar or
    /// opacity bar, and writes it to the colour picker's binding.
    private func pickColor(_ part: PopupHit, at p: Point) {
        guard let popup = controlState.popup, case .color(var h, var s, var v, var a) = popup.kind, let layout = popupLayout(),
              let c = popupControl(), case .colorWell(let binding, _) = c.spec.kind else { return }
        func fraction(_ x: Double, _ lo: Double, _ width: Double) -> Double { min(max((x - lo) / width, 0), 1) }
        switch part {
        case .saturationValue:
            s = fraction(p.x, layout.square.minX, layout.square.width)
            v = 1 - fraction(p.y, layout.square.minY, layout.square.height)
        case .hue: h = fraction(p.x, layout.hueBar.minX, layout.hueBar.width)
        case .opacity: a = fraction(p.x, layout.opacityBar.minX, layout.opacityBar.width)
        default: return
        }
        controlState.popup?.kind = .color(hue: h, saturation: s, value: v, opacity: a)
        binding.wrappedValue = Color(hue: h, saturation: s, value: v, opacity: a)
    }

    /// The wheel over the open list scrolls it (a row per notch); over a multi-line field whose text is taller than
    /// it, scrolls the field. Returns whether the wheel was taken.
    func controlWheel(at p: Point, dy: Double) -> Bool {
        if popupHit(at: p) != nil {
            if let popup = controlState.popup, case .list(let highlight, let first) = popup.kind, let model = popupListModel() {
                let top = max(model.labels.count - Self.popupRows, 0)
                // Whole rows, the fraction kept for the next event: a touchpad's small steps add up.
                controlState.popupWheel += dy
                let rows = controlState.popupWheel.rounded(.towardZero)
                controlState.popupWheel -= rows
                controlState.popup?.kind = .list(highlight: highlight, firstRow: min(max(first - Int(rows), 0), top))
            }
            return true
        }
        if case .control(let k) = hitTest(at: p, edges: false) { return scroll(tools.controls[k], by: dy) }
        return false
    }

    /// Scrolls multi-line field `c` by `dy` wheel notches (3 lines each), within its text.
    private func scroll(_ c: FrameControl, by dy: Double) -> Bool {
        guard case .text(_, _, true, _) = c.spec.kind else { return false }
        let key = key(of: c)
        let layout = fieldLayout(c)
        let chars = controlState.key == key ? controlState.edit?.characters ?? Array(c.spec.text) : Array(c.spec.text)
        let inner = Size(width: c.rect.width - 2 * TextFieldLayout.inset.x, height: c.rect.height - 2 * TextFieldLayout.inset.y)
        let lines = layout.lines(chars, width: inner.width, multiline: true)
        let content = Double(lines.count - 1) * layout.lineSkip + layout.lineHeight
        guard content > inner.height else { return false }
        let current = controlState.scroll[key] ?? 0
        controlState.scroll[key] = min(max(current - dy * 3 * layout.lineSkip, 0), content - inner.height)
        return true
    }
}
