import SwiftFlowCore

/// What a control view asked for, before layout places it: its kind with its bindings, what it
/// shows (for measuring), its font and colours, and its place in the node's view tree.
struct ControlSpec {
    /// The controls and the state each edits.
    enum Kind {
        /// `TextField` (single line) or `TextEditor` (`multiline`: wraps, scrolls, takes Return).
        case text(Binding<String>, prompt: String, multiline: Bool, onSubmit: (() -> Void)?)
        /// `TextField(value:format:)`: typed, or changed by a horizontal drag.
        case number(NumberModel)
        case slider(Binding<Double>, range: ClosedRange<Double>, step: Double?)
        case stepper(Binding<Double>, range: ClosedRange<Double>, step: Double)
        case toggle(Binding<Bool>)
        /// `Picker` (menu style): the options' labels and the selected one.
        case picker(PickerModel)
        case colorWell(Binding<Color>, supportsOpacity: Bool)
        /// `ProgressView`: the fraction done, 0...1 (nil: indeterminate, drawn empty).
        case progress(Double?)
    }

    var kind: Kind
    /// The control's place in its node's view tree (`LayoutBuilder.lastIdentity`): with the node's id
    /// the key of its per-view state.
    var path: UInt64 = 0
    /// What it shows when not being edited: the field's text, the number, the picked label.
    var text: String
    /// The bound value as read when the view was built (layout draws from these, never calling
    /// a binding): a slider's value, a toggle's state, a colour well's colour.
    var value = 0.0, isOn = false, color = Color.clear
    var fontSize: Double
    var face: FontFace
    var foreground: Color
    var secondary: Color
    var accent: Color
    /// `.disabled(true)` around it: drawn faded, takes no input.
    var disabled: Bool
    /// Why its binding cannot be edited (`Binding.problem`): drawn as a placeholder, takes no input.
    var problem: String?

    /// False inside `.allowsHitTesting(false)`: a press on it goes to the node.
    var allowsHitTesting = true

    /// Whether a press on it is the control's (every control but a progress bar, unless hit
    /// testing is off around it).
    var isInteractive: Bool {
        if case .progress = kind { return false }
        return allowsHitTesting
    }

    /// Whether it takes keyboard focus and typing (text and number fields).
    var isTextual: Bool {
        switch kind {
        case .text, .number: return true
        default: return false
        }
    }
}

/// A number field's value as a `Double` (an `Int` binding rounds), its text and its parser.
struct NumberModel {
    var get: () -> Double
    var set: (Double) -> Void
    var format: (Double) -> String
    var parse: (String) -> Double?
    /// Change per screen point of horizontal drag.
    var dragSpeed: Double
    var range: ClosedRange<Double>
}

/// A picker's options and selection, by index.
struct PickerModel {
    var labels: [String]
    /// The index of the selected option; nil when the selection is none of them (its text is then
    /// shown as it is).
    var selected: Int?
    var select: (Int) -> Void
}

/// A control placed this frame: its node, its frame in the node (node-local flow units) and what
/// it edits. The per-frame record beside buttons (`FrameTools.controls`).
struct FrameControl {
    var node: Int32
    var rect: Rect
    var spec: ControlSpec
}

/// Identifies a control across frames: its node's id and its place in the node's view tree.
struct ControlKey: Hashable {
    var nodeId: String
    var path: UInt64
}
