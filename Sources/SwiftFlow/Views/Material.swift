import SwiftFlowCore

/// A translucent background (SwiftUI's `Material`): the theme's node background at an opacity
/// from 40% (`ultraThin`) to 92% (`ultraThick`), filling the space offered. Nothing behind it is
/// blurred (the canvas draws no blur): what shows through is only dimmed.
public struct Material: View, PrimitiveView, Hashable, Sendable {
    /// The opacity of the theme's node background, 0...1.
    let opacity: Double

    public static let ultraThinMaterial = Material(opacity: 0.4)
    public static let thinMaterial = Material(opacity: 0.55)
    public static let regularMaterial = Material(opacity: 0.7)
    public static let thickMaterial = Material(opacity: 0.82)
    public static let ultraThickMaterial = Material(opacity: 0.92)

    public func _build(into builder: inout LayoutBuilder) {
        builder.append(shape: ShapePaintStyle(fill: builder.environment.background.opacity(opacity), stroke: nil, lineWidth: 0, cornerRadius: 0))
    }
}

// `.background(.ultraThinMaterial)`: the materials as members of any view type (SE-0299).
extension View where Self == Material {
    public static var ultraThinMaterial: Material { Material.ultraThinMaterial }
    public static var thinMaterial: Material { Material.thinMaterial }
    public static var regularMaterial: Material { Material.regularMaterial }
    public static var thickMaterial: Material { Material.thickMaterial }
    public static var ultraThickMaterial: Material { Material.ultraThickMaterial }
}
