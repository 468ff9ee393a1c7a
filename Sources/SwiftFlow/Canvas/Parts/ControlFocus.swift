import SwiftFlowCore

/// The controls part: per-view state of the controls inside nodes (SwiftUI's `@State`, ImGui's
/// ID stack), keyed by node id and the control's place in its view tree (`ControlKey`), kept
/// across frames while the node lives and dropped with it (`syncGraph`): the focused field and
/// its text being edited, the open popup, the scroll of multi-line fields, and the node-data edits
/// of this frame. Written by the `interact` stage (and re-synced with the bindings at `build`);
/// read by layout (`LiveControl`) and `draw` (popups).
struct ControlFocus<NodeData> {
    /// The focused text or number field.
    var key: ControlKey?
    /// The focused field as last laid out (its bindings refreshed each frame it is laid out).
    var control: FrameControl?
    /// Its text being edited, caret and selection.
    var edit: TextEditBuffer?
    /// The text last written to (or read from) the field's binding: when the binding reads
    /// otherwise, someone else changed it (an undo, the app) and the field reloads.
    var synced = ""
    /// The IME composition at the caret, "" when none.
    var composition = ""
    /// The caret within the composition, characters.
    var compositionCursor = 0
    /// When the caret last moved (ms of the frame clock): it shows for 500 ms, then blinks.
    var caretTime = 0.0
    /// The open popup (a picker's list, a colour picker).
    var popup: ControlPopup?
    /// The scroll of fields, flow units (only those scrolled): vertical for multi-line fields,
    /// horizontal for the focused single-line one.
    var scroll: [ControlKey: Double] = [:]
    /// Node data written by controls this frame, by node id: what a node-data binding reads
    /// until the app's next arrays arrive (several edits in one frame build on each other).
    /// A box the bindings share, so that reading one needs no canvas.
    let pending = PendingNodeData<NodeData>()
    /// The undo-coalescing token of the edit in progress (`History.recordData`): a typing
    /// session, a slider drag, one click.
    var editToken = 0
    /// Whether that edit is a typing session, which a pause (`History.dataEditPause`) splits
    /// into steps; a drag or a click is one step however long it takes.
    var editSplitsOnPause = false
    /// Type-ahead in an open picker: the letters typed and when the last came.
    var typeAhead = "", typeAheadTime = 0.0
    /// Wheel notches over an open list not yet turned into rows (a touchpad sends fractions).
    var popupWheel = 0.0
    /// The state of the `.animation(_:value:)` views inside nodes (a box layout writes through).
    let animations = ViewAnimations()

    /// Forgets the state of controls in nodes that are gone (`alive` says which ids remain).
    mutating func dropRemoved(alive: (String) -> Bool) {
        if let k = key, !alive(k.nodeId) { key = nil; control = nil; edit = nil; composition = "" }
        if let p = popup, !(p.byCanvas && p.key.nodeId.isEmpty), !alive(p.key.nodeId) { popup = nil }
        if !scroll.isEmpty { scroll = scroll.filter { alive($0.key.nodeId) } }
        animations.dropRemoved(alive: alive)
    }

    /// The problems found (empty when all hold): a focused field has its text being edited,
    /// and only a text or number field is focused.
    func _checkInvariants() -> [String] {
        var problems: [String] = []
        if (key == nil) != (edit == nil) { problems.append("controls: focus \(String(describing: key)) without its text, or the reverse") }
        if let c = control, !c.spec.isTextual { problems.append("controls: a control that takes no typing is focused") }
        return problems
    }
}

/// What a node-data binding checks on every read, apart from the data (`PendingNodeData`): not
/// generic, so that a read of a node's data while its view is built asks the Swift runtime for
/// no generic type's metadata.
class PendingNodeWrites {
    /// The frame these are of (`FrameInput.number`): a binding made in an earlier one reads the
    /// node's data of this frame, not the data it was made with.
    final var frame = 0
    /// Whether any node's data was written this frame (`PendingNodeData.data` is not empty).
    final var any = false
}

/// Node data written by controls and not yet in the app's arrays, by node id.
final class PendingNodeData<NodeData>: PendingNodeWrites {
    var data: [String: NodeData] = [:] { didSet { any = !data.isEmpty } }
}

/// An open popup: which control opened it and what it shows.
struct ControlPopup {
    var key: ControlKey
    var kind: Kind
    /// A context menu's items and where it was opened (flow units); nil for a control's popup.
    var menu: (items: [MenuItem], anchor: Point)?
    /// The node search box's text and matches (`FlowCanvas.nodeCatalog`); nil for other popups.
    var search: NodeSearchState?
    /// Opened by the canvas (its node and pane menus, the node search box), not by a view inside
    /// a node: it stays open while its node is not laid out (zoomed far out, out of view); a
    /// node's menu (`key.nodeId` its node) closes when the node is removed, others by no node.
    var byCanvas = false

    enum Kind {
        /// A picker's list: the highlighted option and the first row shown.
        case list(highlight: Int, firstRow: Int)
        /// A colour picker: hue, saturation, value (0...1) and opacity as edited.
        case color(hue: Double, saturation: Double, value: Double, opacity: Double)
    }
}
