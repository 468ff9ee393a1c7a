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
    /// Whether this view is a group of sibling views (`ForEach`, a `for` loop, consecutive
    /// statements, `if`) rather than one view, so that a modifier on it modifies each element,
    /// as in SwiftUI. An implementation detail; composite views are what their `body` is.
    static var _isGroup: Bool { get }
    /// Inside a `Picker`'s content: appends the options this view declares (its `.tag`ged
    /// views, each with its label) to the options being collected, without building it, and
    /// returns true; returns false when it cannot tell without building (the picker then builds
    /// its content to collect them). An implementation detail; the default returns false.
    func _collectOptions(into builder: inout LayoutBuilder) -> Bool
}

extension View {
    public func _build(into builder: inout LayoutBuilder) { body._build(into: &builder) }
    public static var _isGroup: Bool { Body._isGroup }
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool { false }
}

/// A view the layout engine understands directly; its `body` is never called.
protocol PrimitiveView: View where Body == Never {}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
    public func _build(into builder: inout LayoutBuilder) {}
    public static var _isGroup: Bool { false }
}

extension PrimitiveView {
    /// Primitive views have no body.
    public var body: Never { fatalError("\(Self.self) is a primitive view") }
}

extension LayoutBuilder {
    /// Appends any view (statically dispatched: no dynamic casts per view per frame).
    mutating func add<V: View>(_ view: V) { view._build(into: &self) }

    /// Appends one element of a group (`View._isGroup`): inside the containers of the modifiers
    /// pending on the group (`elementModifiers`, outermost first), or as it is when it is a group
    /// itself (its elements take them) or none are pending. The element takes one place of the
    /// structural identity (`identityPlace`), `branch` telling an `if`'s branches apart.
    mutating func addElement<V: View>(_ view: V, branch: UInt64 = 0) {
        let saved = (identityScope, identityPlace)
        (identityScope, identityPlace) = (Self.identity(Self.identity(identityScope, identityPlace), branch), 0)
        defer { (identityScope, identityPlace) = (saved.0, saved.1 &+ 1) }
        guard !elementModifiers.isEmpty, !V._isGroup else { return add(view) }
        let pending = elementModifiers
        elementModifiers = []
        wrap(view, in: pending[...])
        elementModifiers = pending
    }

    /// A group element that builds nothing (an `if` without `else` whose condition is false):
    /// it takes its place of the structural identity all the same.
    mutating func skipElement() { identityPlace &+= 1 }

    private mutating func wrap<V: View>(_ view: V, in kinds: ArraySlice<LayoutKind>) {
        guard let outer = kinds.first else { return add(view) }
        container(outer) { $0.wrap(view, in: kinds.dropFirst()) }
    }

    /// Appends a view inside a container of `kind` (a modifier): one container around it, or,
    /// when it is a group (`View._isGroup`), one around each of its elements (SwiftUI's rule).
    mutating func add<V: View>(_ view: V, modifiedBy kind: LayoutKind) {
        guard V._isGroup else { return container(kind) { $0.add(view) } }
        elementModifiers.append(kind)
        add(view)
        elementModifiers.removeLast()
    }
}
