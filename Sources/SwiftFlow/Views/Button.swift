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
        let style = builder.environment.buttonStyle
        builder.button(TapAction(action: action)) { b in
            switch style {
            case .plain, .borderless:
                b.container(.zstack(.center)) { $0.add(label) }
            case .bordered:
                b.add(label.padding(EdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8))
                    .background(RoundedRectangle(cornerRadius: 5).fill(Color.secondary.opacity(0.2))))
            case .borderedProminent:
                b.add(label.foregroundColor(.white).padding(EdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8))
                    .background(RoundedRectangle(cornerRadius: 5).fill(Color.accentColor)))
            }
        }
    }
}

/// How `Button`s draw (SwiftUI's `PrimitiveButtonStyle` values, chosen with `.buttonStyle`):
/// `.plain` and `.borderless` (the default) draw only the label; `.bordered` puts it on a
/// rounded, lightly tinted background; `.borderedProminent` on the accent colour, in white.
public struct ButtonStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case plain, borderless, bordered, borderedProminent }
    let kind: Kind
    public static let plain = ButtonStyle(kind: .plain)
    public static let borderless = ButtonStyle(kind: .borderless)
    public static let bordered = ButtonStyle(kind: .bordered)
    public static let borderedProminent = ButtonStyle(kind: .borderedProminent)
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
    /// A `DragGesture` (`.gesture`): the press drags instead of tapping.
    var drag: DragGesture?
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

    /// Draws the `Button`s inside in `style` (SwiftUI's `buttonStyle`; default `.borderless`).
    public func buttonStyle(_ style: ButtonStyle) -> some View {
        EnvironmentView(change: { $0.buttonStyle = style.kind }, content: self)
    }

    /// With `false`, the buttons, tap gestures and controls inside take no input: a press there
    /// goes to the node (select, drag) as on its body (SwiftUI's `allowsHitTesting`). Default true.
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        EnvironmentView(change: { if !enabled { $0.allowsHitTesting = false } }, content: self)
    }
}
