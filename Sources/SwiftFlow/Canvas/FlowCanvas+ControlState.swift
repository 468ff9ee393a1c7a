import SwiftFlowCore

extension FlowCanvas {
    /// At the start of `build`, after the node array was taken: forgets last frame's pending
    /// node-data writes (the arrays now hold what the app applied) and dates the new ones.
    func syncControls() {
        if !controlState.pending.data.isEmpty { controlState.pending.data.removeAll(keepingCapacity: true) }
        controlState.pending.frame = frameInput.number
    }

    /// After layout: the focused field's record (with this frame's bindings) when its node was
    /// laid out, reloading its text when the value it shows is not the one it last wrote (an
    /// undo, the app changing or refusing the edit; drawn from the next frame; a number field
    /// only while not typed into); focus ends when
    /// the field is gone from a node laid out this frame, became disabled or its node hidden; a popup closes when
    /// its control was not laid out this frame or became disabled. A focused field whose node was not laid out keeps
    /// its last record, moved to its node's index of this frame (the app may reorder the nodes).
    func refreshFocusedControl() {
        if let key = controlState.key, let i = nodeCache.index(of: key.nodeId), nodeCache.states[i].opsFrame == frameInput.number {
            if let c = frameControl(key), c.spec.isTextual, !c.spec.disabled, c.spec.problem == nil {
                controlState.control = c
                keepHorizontalScroll(key, c)
                if case .text(_, _, let multiline, _) = c.spec.kind, c.spec.text != controlState.synced {
                    controlState.synced = c.spec.text
                    controlState.edit = TextEditBuffer(c.spec.text, multiline: multiline)
                    controlState.composition = ""
                } else if case .number = c.spec.kind, c.spec.text != controlState.synced {
                    // A number field writes when editing ends: its text reloads (all selected, as
                    // when focused) only while not typed into; typed text stays the user's.
                    if controlState.edit?.text == controlState.synced {
                        controlState.edit = TextEditBuffer(c.spec.text, multiline: false)
                        controlState.edit?.selectAll()
                    }
                    controlState.synced = c.spec.text
                }
            } else {
                controlState.key = nil; controlState.control = nil; controlState.edit = nil; controlState.composition = ""
            }
        } else if let key = controlState.key, let i = nodeCache.index(of: key.nodeId), i < frameInput.nodes.count, frameInput.nodes[i].hidden {
            // A hidden node's field is gone from the screen: focus ends (keys go to the canvas).
            controlState.key = nil; controlState.control = nil; controlState.edit = nil; controlState.composition = ""
        } else if let key = controlState.key, let i = nodeCache.index(of: key.nodeId), controlState.control?.node != Int32(i) {
            // Not laid out (out of view): its last record stays, at its node's index of this frame.
            controlState.control?.node = Int32(i)
        }
        // A popup whose control (a context menu: whose node) is not drawn this frame (gone, or its
        // node out of view, hidden or drawn as a picture) closes: it could neither be seen nor
        // clicked, yet took every key. So does one whose control became disabled or lost its
        // value's shape.
        if let p = controlState.popup, !p.byCanvas,
           p.menu != nil ? nodeCache.index(of: p.key.nodeId).map({ nodeCache.states[$0].opsFrame != frameInput.number }) ?? true
                         : popupControl().map({ $0.spec.disabled || $0.spec.problem != nil }) ?? true {
            controlState.popup = nil
        }
    }

    /// The horizontal scroll of the focused single-line field `c` as layout drew it this frame
    /// (`TextFieldLayout.scrollX` from the last one, the IME composition at the caret), for
    /// clicks and drags to find the characters where they were drawn.
    private func keepHorizontalScroll(_ key: ControlKey, _ c: FrameControl) {
        if case .text(_, _, true, _) = c.spec.kind { return }
        guard let e = controlState.edit else { return }
        var chars = e.characters, caret = e.caret
        if !controlState.composition.isEmpty {
            chars.replaceSubrange(e.selection, with: Array(controlState.composition))
            caret = e.selection.lowerBound + controlState.compositionCursor
        }
        let layout = fieldLayout(c)
        let s = layout.scrollX(caret: caret, chars, visible: max(c.rect.width - 2 * TextFieldLayout.inset.x, 0), from: controlState.scroll[key] ?? 0)
        controlState.scroll[key] = s > 0 ? s : nil
    }

    /// After layout: the scroll of each scrolled multi-line field laid out this frame kept within
    /// its text (an undo or the app may have shortened it; drawn so from the next frame). Wraps
    /// at most the lines down to the bottom of the field as scrolled, not the whole text.
    func clampControlScrolls() {
        guard !controlState.scroll.isEmpty else { return }
        for (key, y) in controlState.scroll {
            guard let c = frameControl(key), case .text(_, _, true, _) = c.spec.kind else { continue }
            let layout = fieldLayout(c)
            let inner = Size(width: c.rect.width - 2 * TextFieldLayout.inset.x, height: c.rect.height - 2 * TextFieldLayout.inset.y)
            let maxLines = layout.row(atY: y + inner.height) + 2
            let chars = controlState.key == key ? controlState.edit?.characters ?? [] : Array(c.spec.text.prefix(maxLines * 4096))
            let lines = layout.lines(chars, width: inner.width, multiline: true, maxLines: maxLines)
            guard lines.count < maxLines else { continue }   // the text reaches below the field as scrolled
            let bottom = max(Double(lines.count - 1) * layout.lineSkip + layout.lineHeight - inner.height, 0)
            if y > bottom { controlState.scroll[key] = bottom > 0 ? bottom : nil }
        }
    }

    /// Before building node `id`'s view: the live state of its focused field or open popup and
    /// the scroll of its multi-line fields, for layout to draw.
    func prepareLiveControls(_ id: String) {
        if let key = controlState.key, key.nodeId == id {
            let blink = (time - controlState.caretTime).truncatingRemainder(dividingBy: 1000)
            builder.live = LiveControl(path: key.path, edit: controlState.edit, composition: controlState.composition,
                                       compositionCursor: controlState.compositionCursor, caretVisible: blink < 500, popupOpen: false)
        } else if let p = controlState.popup, p.key.nodeId == id {
            builder.live = LiveControl(path: p.key.path, edit: nil, popupOpen: true)
        }
        for (key, y) in controlState.scroll where key.nodeId == id { builder.scrolls[key.path] = y }
    }
}
