import SwiftFlowCore

/// Builds views from closures the way SwiftUI's `@ViewBuilder` does: statements become
/// children; `if`, `if/else`, `switch` and `for … in` are allowed.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> OptionalView<Content> { OptionalView(content: content) }
    public static func buildEither<First: View, Second: View>(first: First) -> EitherView<First, Second> { EitherView(storage: .first(first)) }
    public static func buildEither<First: View, Second: View>(second: Second) -> EitherView<First, Second> { EitherView(storage: .second(second)) }
    public static func buildArray<Content: View>(_ components: [Content]) -> ArrayView<Content> { ArrayView(elements: components) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content { content }
}

/// No content.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public func _build(into builder: inout LayoutBuilder) {}
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool { true }
}

/// Several views in a row, made by `@ViewBuilder` from consecutive statements.
public struct TupleView<each Content: View>: View, PrimitiveView {
    let content: (repeat each Content)
    init(_ content: repeat each Content) { self.content = (repeat each content) }
    public func _build(into builder: inout LayoutBuilder) {
        for view in repeat each content { builder.addElement(view) }
    }
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool {
        for view in repeat each content { guard view._collectOptions(into: &builder) else { return false } }
        return true
    }
    public static var _isGroup: Bool { true }
}

/// The content of an `if` without `else`, or nothing.
public struct OptionalView<Content: View>: View, PrimitiveView {
    let content: Content?
    public func _build(into builder: inout LayoutBuilder) { if let content { builder.addElement(content) } else { builder.skipElement() } }
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool { content?._collectOptions(into: &builder) ?? true }
    public static var _isGroup: Bool { true }
}

/// One of two branches of an `if/else` or `switch`.
public struct EitherView<First: View, Second: View>: View, PrimitiveView {
    enum Storage { case first(First), second(Second) }
    let storage: Storage
    public func _build(into builder: inout LayoutBuilder) {
        switch storage {
        case .first(let v): builder.addElement(v, branch: 1)
        case .second(let v): builder.addElement(v, branch: 2)
        }
    }
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool {
        switch storage {
        case .first(let v): v._collectOptions(into: &builder)
        case .second(let v): v._collectOptions(into: &builder)
        }
    }
    public static var _isGroup: Bool { true }
}

/// The views made by a `for … in` loop in a builder.
public struct ArrayView<Content: View>: View, PrimitiveView {
    let elements: [Content]
    public func _build(into builder: inout LayoutBuilder) { for v in elements { builder.addElement(v) } }
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool {
        for v in elements { guard v._collectOptions(into: &builder) else { return false } }
        return true
    }
    public static var _isGroup: Bool { true }
}

/// A view for each element of a collection (SwiftUI's `ForEach`).
public struct ForEach<Data: RandomAccessCollection, Content: View>: View, PrimitiveView {
    let data: Data
    let content: (Data.Element) -> Content

    /// Builds `content` for each element of `data`, in order.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
    }
    /// SwiftUI's spelling with an identity key path; the identity is not needed by an
    /// immediate-mode canvas and is ignored.
    public init<ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
    }
    public func _build(into builder: inout LayoutBuilder) {
        // By index: a generic `for in` allocates its iterator's element per step here (the view
        // types are not specialised across modules).
        var i = data.startIndex
        while i != data.endIndex {
            builder.addElement(content(data[i]))
            data.formIndex(after: &i)
        }
    }
    public func _collectOptions(into builder: inout LayoutBuilder) -> Bool {
        var i = data.startIndex
        while i != data.endIndex {
            guard content(data[i])._collectOptions(into: &builder) else { return false }
            data.formIndex(after: &i)
        }
        return true
    }
    public static var _isGroup: Bool { true }
}

/// A type-erased view (SwiftUI's `AnyView`).
public struct AnyView: View, PrimitiveView {
    let buildContent: (inout LayoutBuilder) -> Void
    /// Wraps `view`.
    public init<V: View>(_ view: V) { buildContent = { $0.add(view) } }
    public func _build(into builder: inout LayoutBuilder) { buildContent(&builder) }
}
