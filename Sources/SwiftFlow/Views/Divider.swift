import SwiftFlowCore

/// A line one flow unit thick across its stack (SwiftUI's `Divider`): vertical, as tall as the
/// row, in an `HStack`; horizontal, as wide as the space offered, anywhere else. Drawn in
/// `Color.secondary` at half its opacity (the theme's node text colour at 30%).
public struct Divider: View, PrimitiveView {
    /// Creates a divider.
    public init() {}
    public func _build(into builder: inout LayoutBuilder) {
        let line = Rectangle().fill(Color.secondary.opacity(0.5))
        var inRow = false
        if builder.current >= 0, case .stack(.horizontal, _, _) = builder.kinds[Int(builder.current)] { inRow = true }
        if inRow { builder.add(line.frame(width: 1)) } else { builder.add(line.frame(height: 1)) }
    }
}
