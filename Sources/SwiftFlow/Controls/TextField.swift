import Foundation
import SwiftFlowCore

/// An editable line of text (SwiftUI's `TextField`), or a number typed or dragged.
///
/// A click places the caret; typing, Backspace/Delete, arrows (Shift selects, Ctrl moves by
/// words), Home/End, double-click (a word), Ctrl+A/C/X/V and IME composition edit it; every
/// edit is written to the binding at once (a node-data binding emits a `.replace` change), and
/// the edits of one focus make one undo step. Return runs `.onSubmit` and ends editing; Escape, a
/// click elsewhere or Tab (to the node's next field) end it too. A press on it never drags the
/// node. Ideal size: the text's width (at least 80 flow units) by a line plus 8 flow units;
/// horizontally flexible.
public struct TextField: View, PrimitiveView {
    let title: String
    let kind: ControlSpec.Kind
    let text: String
    let problem: String?

    /// A field editing `text`, showing `title` as its placeholder while empty. With `axis:
    /// .vertical` it grows to several lines, wraps and takes Return as a newline (as `TextEditor`).
    public init(_ title: String, text: Binding<String>, axis: Axis = .horizontal) {
        self.title = title
        kind = .text(text, prompt: title, multiline: axis == .vertical, onSubmit: nil)
        (self.text, problem) = text.valueAndProblem()
    }

    /// A number field (SwiftUI's `TextField(_:value:format:)`, ImGui's DragFloat): shows the value
    /// through `format`; typing replaces it when `format` parses the text (else it is kept);
    /// dragging horizontally changes it by 0.01 per screen point.
    /// A NaN or infinite value shows as it is and is replaced by the first edit.
    public init<V: BinaryFloatingPoint, F: ParseableFormatStyle>(_ title: String, value: Binding<V>, format: F)
    where F.FormatInput == V, F.FormatOutput == String {
        self.title = title
        let model = NumberModel(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) },
                                format: { format.format(V($0)) }, parse: { (try? format.parseStrategy.parse($0)).map { Double($0) } },
                                dragSpeed: 0.01, range: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
        kind = .number(model)
        let (v, p) = value.valueAndProblem()
        text = format.format(v)
        problem = p
    }

    /// A whole-number field (SwiftUI's `TextField(_:value:format:)`): as the floating-point one,
    /// dragging by 1 per screen point, values kept within `V`'s range and below 9·10^15 in
    /// magnitude (the integers `Binding<JSONValue>.int` reads back).
    public init<V: BinaryInteger, F: ParseableFormatStyle>(_ title: String, value: Binding<V>, format: F)
    where F.FormatInput == V, F.FormatOutput == String {
        self.title = title
        let hi = 9.0e15 - 1, lo = V.isSigned ? -hi : 0
        let model = NumberModel(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V(exactly: $0.rounded()) ?? value.wrappedValue },
                                format: { format.format(V(exactly: $0.rounded()) ?? 0) },
                                parse: { (try? format.parseStrategy.parse($0)).map { Double($0) } },
                                dragSpeed: 1, range: lo...hi)
        kind = .number(model)
        let (v, p) = value.valueAndProblem()
        text = format.format(v)
        problem = p
    }

    public func _build(into builder: inout LayoutBuilder) {
        guard case .text(let b, let prompt, let multiline, _) = kind else { return builder.append(control: kind, text: text, problem: problem) }
        builder.append(control: .text(b, prompt: prompt, multiline: multiline, onSubmit: builder.environment.onSubmit), text: text, problem: problem)
    }
}

/// A multi-line text editor (SwiftUI's `TextEditor`): wraps at its width, scrolls vertically
/// (wheel over it, or the caret), takes Return as a newline; otherwise edits as `TextField`.
/// Flexible in both axes; ideal size 160 flow units by four lines.
public struct TextEditor: View, PrimitiveView {
    let text: Binding<String>

    /// An editor of `text`.
    public init(text: Binding<String>) { self.text = text }

    public func _build(into builder: inout LayoutBuilder) {
        let (shown, problem) = text.valueAndProblem()
        builder.append(control: .text(text, prompt: "", multiline: true, onSubmit: nil), text: shown, problem: problem)
    }
}

extension View {
    /// Runs `action` when Return is pressed in a `TextField` inside this view (SwiftUI's `onSubmit`).
    public func onSubmit(_ action: @escaping () -> Void) -> some View {
        EnvironmentView(change: { $0.onSubmit = action }, content: self)
    }

    /// Disables the controls, buttons and tap and drag gestures inside (SwiftUI's `.disabled`):
    /// controls are drawn at half opacity and take no input (a press on them neither edits nor
    /// drags the node); buttons and gestures are drawn as they are and a press on them reaches
    /// the node.
    public func disabled(_ disabled: Bool) -> some View {
        EnvironmentView(change: { if disabled { $0.isEnabled = false } }, content: self)
    }
}
