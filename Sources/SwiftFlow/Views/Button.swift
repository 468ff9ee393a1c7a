import SwiftFlowCore

/// A view that runs `action` when clicked (SwiftUI's `Button`): a press and a release both over
/// it, with the primary button. Inside a node's view a press on it neither selects nor drags
/// the node; inside a `NodeToolbar` it shows the pointer cursor. It draws only its label.
public struct Button<Label: View>: View, PrimitiveView {
    let action: () -> Void
    let label: Label

    /// Creates a button with a custom label.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action; self.label = label()
    }

    public func _build(into builder: inout LayoutBuilder) {
        builder.button(action) { $0.container(.zstack(.center)) { $0.add(label) } }
    }
}

extension Button where Label == Text {
    /// Creates a button labelled with `title`.
    public init(_ title: String, action: @escaping () -> Void) {
        self.action = action; label = Text(title)
    }
}
