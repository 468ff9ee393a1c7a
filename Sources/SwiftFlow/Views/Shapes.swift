import SwiftFlowCore

/// A colour fills the space it is offered, as in SwiftUI.
extension Color: View, PrimitiveView {
    public func _build(into builder: inout LayoutBuilder) {
        builder.append(shape: ShapePaintStyle(fill: self, stroke: nil, lineWidth: 0, cornerRadius: 0))
    }
}

/// A shape that can be filled or stroked; fills the space it is offered.
public protocol Shape: View {
    /// Corner radius in flow units (0 for a plain rectangle; see `ShapePaintStyle.cornerRadius`).
    var cornerRadius: Double { get }
    /// The outline drawn in the shape's frame. Default `.rectangle`.
    var outline: ShapeOutline { get }
}

extension Shape {
    public var outline: ShapeOutline { .rectangle }
    /// The shape filled with `color`.
    public func fill(_ color: Color) -> ShapeView {
        ShapeView(paint: ShapePaintStyle(fill: color, stroke: nil, lineWidth: 0, cornerRadius: cornerRadius, outline: outline))
    }
    /// The shape's outline stroked with `color`, `lineWidth` flow units wide (default 1), centred on the border.
    public func stroke(_ color: Color, lineWidth: Double = 1) -> ShapeView {
        ShapeView(paint: ShapePaintStyle(fill: nil, stroke: color, lineWidth: lineWidth, cornerRadius: cornerRadius, outline: outline))
    }
    public var body: ShapeView { fill(.black) }
}

/// A rectangle (SwiftUI's `Rectangle`).
public struct Rectangle: Shape {
    public var cornerRadius: Double { 0 }
    public init() {}
}

/// A rectangle with rounded corners (SwiftUI's `RoundedRectangle`).
public struct RoundedRectangle: Shape {
    public let cornerRadius: Double
    /// Creates a rounded rectangle; `cornerRadius` in flow units.
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
}

/// The largest circle centred in the space it is offered (SwiftUI's `Circle`).
public struct Circle: Shape {
    public var cornerRadius: Double { .infinity }
    public var outline: ShapeOutline { .circle }
    public init() {}
}

/// A rectangle whose shorter sides are half circles (SwiftUI's `Capsule`).
public struct Capsule: Shape {
    public var cornerRadius: Double { .infinity }
    public init() {}
}

/// The ellipse inscribed in the space it is offered (SwiftUI's `Ellipse`).
public struct Ellipse: Shape {
    public var cornerRadius: Double { .infinity }
    public var outline: ShapeOutline { .ellipse }
    public init() {}
}

/// A painted shape.
public struct ShapeView: View, PrimitiveView {
    let paint: ShapePaintStyle
    /// The same shape also filled with `color` (keeps its stroke).
    public func fill(_ color: Color) -> ShapeView { var p = paint; p.fill = color; return ShapeView(paint: p) }
    /// The same shape also stroked (keeps its fill).
    public func stroke(_ color: Color, lineWidth: Double = 1) -> ShapeView {
        var p = paint; p.stroke = color; p.lineWidth = lineWidth; return ShapeView(paint: p)
    }
    public func _build(into builder: inout LayoutBuilder) { builder.append(shape: paint) }
}
