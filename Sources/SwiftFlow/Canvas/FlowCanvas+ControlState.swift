import SwiftFlowCore

extension FlowCanvas {
    /// At the start of `build`, after the node array was taken: forgets last frame's pending
    /// node-data writes (the arrays now hold what the app applied).
    func syncControls() {
        if !controlState.pending.data.isEmpty { controlState.pending.data.removeAll(keepingCapacity: true) }
    }

    /// After layout: the focused field's record (with this frame's bindings) when its node was
    /// laid out, reloading its text when the value it shows is not the one it last wrote (an
    /// undo, the app changing or refusing the edit; drawn from the next frame); focus ends when
    /// the field is gone from a node laid out this frame or became disabled; a popup closes when
    /// its control was not laid out this frame. A focused field whose node was not laid out keeps
    /// its last record, moved to its node's index of this frame (the app may reorder the nodes).
    func refreshFocusedControl() {
        if let key = controlState.key, let i = nodeCache.index[key.nodeId], nodeCache.states[i].opsFrame == frameInput.number {
            if let c = frameControl(key), c.spec.isTextual, !c.spec.disabled, c.spec.problem == nil {
                controlState.control = c
                if case .text(_, _, let multiline, _) = c.spec.kind, c.spec.text != controlState.synced {
                    controlState.synced = c.spec.text
                    controlState.edit = TextEditBuffer(c.spec.text, multiline: multiline)
                    controlState.composition = ""
                }
            } else {
                controlState.key = nil; controlState.control = nil; controlState.edit = nil; controlState.composition = ""
            }
        } else if let key = controlState.key, let i = nodeCache.index[key.nodeId], controlState.control?.node != Int32(i) {
            // Not laid out (out of view): its last record stays, at its node's index of this frame.
            controlState.control?.node = Int32(i)
        }
        // A popup whose control is not drawn this frame (gone, or its node out of view, hidden or
        // drawn as a picture) closes: it could neither be seen nor clicked, yet took every key.
        if controlState.popup != nil, popupControl() == nil {
            controlState.popup = nil
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
