import SwiftFlowCore

/// SwiftUI's colours that follow the appearance: in a node view they are drawn as the canvas
/// theme's colours (`LayoutEnvironment.resolve`), so the same view reads well in `.light` and
/// `.dark`. They keep an `opacity(_:)` applied to them. Outside node views (components, edge
/// styles) nothing resolves them, and their out-of-range channels draw as black.
extension Color {
    /// The theme's node text colour (`FlowTheme.nodeText`).
    public static let primary = Color(red: -1, green: -1, blue: -1)
    /// The theme's node text colour at 60% opacity.
    public static let secondary = Color(red: -1, green: -1, blue: -2)
    /// The theme's `FlowTheme.accentColor`.
    public static let accentColor = Color(red: -1, green: -1, blue: -3)

    /// Which semantic colour this is; nil for a plain colour.
    var semanticRole: SemanticColorRole? {
        guard red == -1, green == -1 else { return nil }
        return blue == -1 ? .primary : blue == -2 ? .secondary : blue == -3 ? .accent : nil
    }
}

/// The semantic colours (`Color.primary`, `.secondary`, `.accentColor`).
enum SemanticColorRole { case primary, secondary, accent }
