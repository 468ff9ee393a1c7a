import SwiftFlowCore

/// A value a control reads and writes without owning it (SwiftUI's `Binding`): a getter and a
/// setter over state that lives elsewhere — the app's model, or a node's `data` (see
/// `NodeType.init(showsSelectionRing:_:)` with a data binding), where a write becomes a
/// `NodeChange.replace` through `onNodesChange`, so the canvas stays controlled.
///
/// `$binding.field` (dynamic member lookup) binds a writable property of the value.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let getter: () -> Value
    let setter: (Value) -> Void
    /// Why the value cannot be edited as the control expects (set by the `JSONValue` accessors
    /// when the member holds another JSON type); nil when it can. A control with a problem shows
    /// a placeholder, takes no input and reports the problem through `onError`.
    var problem: (() -> String?)?
    /// Reads the value and its problem together, with one read of the state underneath (set by
    /// the typed `JSONValue` accessors); nil where the getter and `problem` are called apart.
    var read: (() -> (value: Value, problem: String?))?

    /// Creates a binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get; setter = set
    }

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void, problem: (() -> String?)?,
         read: (() -> (value: Value, problem: String?))? = nil) {
        getter = get; setter = set; self.problem = problem; self.read = read
    }

    /// The bound value and why it cannot be edited (`problem`; nil when it can), as a control
    /// reads them when it is built: one read of the state underneath where the binding knows how.
    func valueAndProblem() -> (value: Value, problem: String?) {
        if let read { return read() }
        return (getter(), problem?())
    }

    /// The bound value; setting it calls the setter.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself (`$value`).
    public var projectedValue: Binding<Value> { self }

    /// A binding that always reads `value` and ignores writes (SwiftUI's `.constant`).
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// A binding to the property at `keyPath` of the bound value: reading reads it, writing
    /// writes the whole value back with that property changed.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { getter()[keyPath: keyPath] },
                         set: { var v = getter(); v[keyPath: keyPath] = $0; setter(v) },
                         problem: problem)
    }
}

extension Binding where Value == JSONValue {
    /// A binding to the member `key` of a JSON object: reads `.null` when the value is not an
    /// object or lacks the member; writing sets the member and keeps every other member (a value
    /// that is not an object becomes one holding only `key`).
    public subscript(key: String) -> Binding<JSONValue> {
        // One object the three closures share: each captures only it, so a binding costs one
        // allocation per frame, not one per closure (node views are rebuilt every frame).
        let member = JSONMember(parent: self, key: key)
        return Binding(get: { member.value }, set: { member.value = $0 }, problem: problem == nil ? nil : { member.parent.problem?() })
    }

    /// The JSON string as a `String`: `""` for null or a missing member. Any other JSON type is a
    /// problem (the control shows a placeholder and reports it; the value is left as it is).
    public var string: Binding<String> {
        typed(expected: "a string", get: { $0.stringValue }, empty: "", make: JSONValue.string)
    }

    /// The JSON number as a `Double`: 0 for null or a missing member; any other type is a problem.
    public var double: Binding<Double> {
        typed(expected: "a number", get: { $0.doubleValue }, empty: 0, make: JSONValue.number)
    }

    /// The JSON number as an `Int` (rounded toward zero when it has a fraction; a number beyond
    /// `Int`'s range or NaN is a problem): 0 for null or a missing member.
    public var int: Binding<Int> {
        typed(expected: "an integer", get: { v in v.doubleValue.flatMap { $0.isFinite && abs($0) < 9.0e15 ? Int($0) : nil } },
              empty: 0, make: { .number(Double($0)) })
    }

    /// The JSON Bool as a `Bool`: false for null or a missing member; any other type is a problem.
    public var bool: Binding<Bool> {
        typed(expected: "true or false", get: { $0.boolValue }, empty: false, make: JSONValue.bool)
    }

    private func typed<T>(expected: String, get read: @escaping (JSONValue) -> T?, empty: T,
                          make: @escaping (T) -> JSONValue) -> Binding<T> {
        let typed = TypedJSON(json: self, expected: expected, read: read, empty: empty, make: make)
        return Binding<T>(get: { typed.value }, set: { typed.value = $0 }, problem: { typed.problem }, read: { typed.valueAndProblem })
    }
}

/// The member `key` of a bound JSON object (`Binding<JSONValue>.subscript`).
private final class JSONMember {
    let parent: Binding<JSONValue>
    let key: String
    init(parent: Binding<JSONValue>, key: String) { self.parent = parent; self.key = key }

    var value: JSONValue {
        get { parent.getter()[key] ?? .null }
        set {
            var object = parent.getter().objectValue ?? JSONObject()
            object[key] = newValue
            parent.setter(.object(object))
        }
    }
}

/// A bound JSON value read as a Swift type (`Binding<JSONValue>.string`, `.double`…).
private final class TypedJSON<T> {
    let json: Binding<JSONValue>
    let expected: String
    let read: (JSONValue) -> T?
    let empty: T
    let make: (T) -> JSONValue
    init(json: Binding<JSONValue>, expected: String, read: @escaping (JSONValue) -> T?, empty: T, make: @escaping (T) -> JSONValue) {
        self.json = json; self.expected = expected; self.read = read; self.empty = empty; self.make = make
    }

    var value: T {
        get { read(json.getter()) ?? empty }
        set { json.setter(make(newValue)) }
    }

    /// The outer binding's problem, else a value of another JSON type than expected (null reads
    /// as the empty value).
    var problem: String? { valueAndProblem.problem }

    /// `value` and `problem` from one read of the JSON value.
    var valueAndProblem: (value: T, problem: String?) {
        let outer = json.problem?()
        let v = json.getter()
        let typed = read(v)
        if let outer { return (typed ?? empty, outer) }
        return (typed ?? empty, v == .null || typed != nil ? nil : "expected \(expected), found \(v.kindDescription)")
    }
}

extension JSONValue {
    /// The JSON type and a short excerpt of the value, for diagnostics ("number 3", "string \"a\"").
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "bool \(b)"
        case .number(let d): return "number \(d)"
        case .string(let s): return "string \"\(s.messageExcerpt())\""
        case .array(let a): return "array of \(a.count)"
        case .object(let o): return "object of \(o.members.count) members"
        }
    }
}
