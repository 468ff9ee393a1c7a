/// Storage owned by a view value (SwiftUI's `@State`), for an app's root view made once by a
/// window host (`SwiftFlowApp.run { ContentView() }`): its `nodes` and `edges`, handed to
/// `SwiftFlow` as `$nodes` and `$edges`. The value lives in a box shared by the copies of the
/// view value, so it lasts as long as the view value does. Node views are made afresh every
/// frame, so a `@State` inside one starts from its initial value every frame: keep a node's
/// state in its data (a data `Binding`) or in the app.
@propertyWrapper
public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    /// Creates the storage holding `wrappedValue`.
    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    /// Creates the storage holding `value`.
    public init(initialValue value: Value) { box = Box(value) }

    /// The stored value; setting it needs no `mutating` (the box is shared).
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the stored value (`$name`).
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}
