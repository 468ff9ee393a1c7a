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
        builder.button(TapAction(action: action)) { $0.container(.zstack(.center)) { $0.add(label) } }
    }
}

extension Button where Label == Text {
    /// Creates a button labelled with `title`.
    public init(_ title: String, action: @escaping () -> Void) {
        self.action = action; label = Text(title)
    }
}

/// What a press on a `Button` or a view with `.onTapGesture` runs: the action, after how many
/// clicks, and whether it is a button (the pointer cursor over it).
struct TapAction {
    var action: () -> Void
    var count = 1
    var isButton = true
}

/// A view with `.onTapGesture`: its content, and the action a tap on it runs.
public struct TapGestureView<Content: View>: View, PrimitiveView {
    let content: Content
    let tap: TapAction

    public func _build(into builder: inout LayoutBuilder) {
        builder.button(tap) { $0.container(.zstack(.center)) { $0.add(content) } }
    }
}

extension View {
    /// Runs `action` when the view is tapped `count` times (SwiftUI's `onTapGesture`): the
    /// primary button pressed and released over it, the press being the `count`-th click of a
    /// multi-click. Earlier clicks of the series reach the node (they select and drag it); the
    /// counted press neither selects nor drags. Unlike `Button`, no pointer cursor. Default 1.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> TapGestureView<Self> {
        TapGestureView(content: self, tap: TapAction(action: action, count: max(count, 1), isButton: false))
    }

    /// With `false`, the buttons, tap gestures and controls inside take no input: a press there
    /// goes to the node (select, drag) as on its body (SwiftUI's `allowsHitTesting`). Default true.
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        EnvironmentView(change: { if !enabled { $0.allowsHitTesting = false } }, content: self)
    }
}
