import SwiftFlowCore

/// Arranges its children left to right (SwiftUI's `HStack`).
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: Double
    let content: Content

    /// Creates a row; `spacing` in flow units between children (default 8), children aligned
    /// vertically by `alignment` (default centre).
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing ?? 8; self.content = content()
    }
    public func _build(into builder: inout LayoutBuilder) {
        builder.container(.stack(.horizontal, spacing: spacing, alignment: alignment.fraction)) { $0.add(content) }
    }
}

/// Arranges its children top to bottom (SwiftUI's `VStack`).
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Double
    let content: Content

    /// Creates a column; `spacing` in flow units between children (default 8), children aligned
    /// horizontally by `alignment` (default centre).
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing ?? 8; self.content = content()
    }
    public func _build(into builder: inout LayoutBuilder) {
        builder.container(.stack(.vertical, spacing: spacing, alignment: alignment.fraction)) { $0.add(content) }
    }
}

/// Overlays its children, first at the back (SwiftUI's `ZStack`).
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    /// Creates a stack; children aligned by `alignment` (default centre).
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    public func _build(into builder: inout LayoutBuilder) {
        builder.container(.zstack(alignment)) { $0.add(content) }
    }
}

/// Flexible space that grows along its stack's axis (SwiftUI's `Spacer`).
public struct Spacer: View, PrimitiveView {
    let minLength: Double
    /// Creates a spacer at least `minLength` flow units long (default 0).
    public init(minLength: Double? = nil) { self.minLength = minLength ?? 0 }
    public func _build(into builder: inout LayoutBuilder) { builder.append(.spacer(minLength: minLength)) }
}
