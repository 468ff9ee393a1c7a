/// An immutable value on the heap, shared by the copies of the struct that holds it: the
/// fields of nodes and edges that most leave at their defaults (`Node`, `Edge`). A change makes
/// a new box, so a box is never written after it is shared.
final class Box<Value: Hashable & Sendable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }

    /// Whether two optional boxes hold equal values (the same box, or both absent, included).
    static func equal(_ a: Box?, _ b: Box?) -> Bool { a === b || a?.value == b?.value }
}
