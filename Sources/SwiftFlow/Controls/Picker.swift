import SwiftFlowCore

/// A choice among options (SwiftUI's `Picker`, menu style): a button showing the selected
/// option's label; a click opens a list drawn above every node (Up/Down, Home/End, type-ahead,
/// the wheel to scroll a long list, Return or a click to choose, Escape or a click outside to
/// close unchanged). Each choice is one undo step. Options are the content's views marked
/// `.tag(value)`, labelled by their texts. A selection that is no option's tag shows "—"; a picker
/// without options shows "No options" and does not open. Its title leads, the button trails.
public struct Picker<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let title: String
    let selection: Binding<SelectionValue>
    let content: Content

    /// A picker labelled `title` choosing among `content`'s tagged views.
    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.title = title; self.selection = selection; self.content = content()
    }

    public func _build(into builder: inout LayoutBuilder) {
        let options = builder.collectOptions(content)
        let (value, problem) = selection.valueAndProblem()
        let current = AnyHashable(value)
        let selected = options.firstIndex { $0.tag == current }
        let labels = options.map(\.label)
        let binding = selection
        let model = PickerModel(labels: labels, selected: selected, select: { i in
            guard i >= 0, i < options.count, let v = options[i].tag.base as? SelectionValue else { return }
            binding.wrappedValue = v
        })
        let shown = selected.map { labels[$0] } ?? (labels.isEmpty ? "No options" : "—")
        builder.labelled(title) { $0.append(control: .picker(model), text: shown, problem: problem) }
    }
}

/// A view with a tag (SwiftUI's `.tag`): inside a `Picker`, the value choosing it selects.
public struct TaggedView<Content: View, Tag: Hashable>: View, PrimitiveView {
    let content: Content
    let tag: Tag

    public func _build(into builder: inout LayoutBuilder) {
        guard builder.options != nil else { return builder.add(content) }
        let start = builder.texts.count
        builder.add(content)
        let texts = builder.texts[start...]
        builder.options?.append(PickerOption(tag: AnyHashable(tag), label: texts.count == 1 ? texts[start] : texts.joined(separator: " ")))
    }
    /// A tagged `Text` (the common option) is labelled by its string, as building it would.
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool {
        guard Content.self == Text.self else { return false }
        builder.options?.append(PickerOption(tag: AnyHashable(tag), label: unsafeBitCast(content, to: Text.self).content))
        return true
    }
}

extension View {
    /// Tags the view with `tag`: a `Picker`'s option with that value.
    public func tag<T: Hashable>(_ tag: T) -> TaggedView<Self, T> { TaggedView(content: self, tag: tag) }
}
