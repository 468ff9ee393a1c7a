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
}

/// A view the layout engine understands directly; its `body` is never called.
protocol PrimitiveView {
    /// Appends this view's layout node(s) under the builder's current parent.
    func build(into builder: inout LayoutBuilder)
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

extension PrimitiveView {
    /// Primitive views have no body.
    public var body: Never { fatalError("\(Self.self) is a primitive view") }
}

extension LayoutBuilder {
    /// Appends any view: primitives build themselves, composite views build their `body`.
    mutating func add<V: View>(_ view: V) {
        if let primitive = view as? PrimitiveView {
            primitive.build(into: &self)
        } else {
            add(view.body)
        }
    }
}
