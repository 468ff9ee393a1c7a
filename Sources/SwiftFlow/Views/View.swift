import SwiftFlowCore

/// A piece of a node's user interface, rebuilt every frame (SwiftUI's `View`).
///
/// Write views as in SwiftUI: compose the built-in views (`HStack`, `VStack`, `ZStack`, `Text`,
/// `Handle`, `Spacer`, `Color`, shapes) with modifiers in `body`. Views are values: building
/// one allocates nothing on the heap beyond what its contents need.
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View
    /// The content of this view.
    @ViewBuilder var body: Body { get }
    /// Appends this view's layout nodes to `builder` (an implementation detail, like SwiftUI's
    /// `_makeView`: composite views build their `body`; the built-in views build themselves).
    func _build(into builder: inout LayoutBuilder)
}

extension View {
    public func _build(into builder: inout LayoutBuilder) { body._build(into: &builder) }
}

/// A view the layout engine understands directly; its `body` is never called.
protocol PrimitiveView: View where Body == Never {}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
    public func _build(into builder: inout LayoutBuilder) {}
}

extension PrimitiveView {
    /// Primitive views have no body.
    public var body: Never { fatalError("\(Self.self) is a primitive view") }
}

extension LayoutBuilder {
    /// Appends any view (statically dispatched: no dynamic casts per view per frame).
    mutating func add<V: View>(_ view: V) { view._build(into: &self) }
}
