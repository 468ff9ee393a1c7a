/// A JSON document or fragment, used as the payload of nodes and edges loaded from files
/// (`Node<JSONValue>`), so that fields SwiftFlow does not interpret are kept and saved back.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Keys keep their order of appearance, so a file saves back as it was read.
    case object(JSONObject)

    /// The string, when this is a string.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, when this is a number.
    public var doubleValue: Double? { if case .number(let d) = self { return d } else { return nil } }
    /// The Bool, when this is a Bool.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The object, when this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// Whether `other` is the same JSON with objects' members in any order (arrays keep theirs).
    public func hasSameMembers(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameMembers(as: $1) }
        case (.object(let a), .object(let b)):
            return a.members.count == b.members.count && a.members.allSatisfy { m in b[m.key].map { m.value.hasSameMembers(as: $0) } ?? false }
        default: return self == other
        }
    }
}

/// A JSON object whose keys keep their order of insertion. Keys are told apart by their UTF-8
/// bytes, not by `String`'s canonical equivalence (`same`).
public struct JSONObject: Hashable, Sendable {
    /// Members in order.
    public private(set) var members: [(key: String, value: JSONValue)] = []

    /// Creates an empty object.
    public init() {}
    /// Creates an object from members in order; a repeated key keeps its last value (at the
    /// place of its first appearance). O(members).
    public init(_ members: [(String, JSONValue)]) {
        self.members.reserveCapacity(members.count)
        // A small object (most of a graph file's) finds repeated keys by comparing them, without
        // hashing or allocating; a larger one through a map of its keys.
        guard members.count > Self.smallCount else {
            for (k, v) in members {
                if let i = self.members.firstIndex(where: { Self.same($0.key, k) }) { self.members[i].value = v } else {
                    self.members.append((k, v))
                }
            }
            return
        }
        var slot = [ExactKey: Int](minimumCapacity: members.count)
        for (k, v) in members {
            if let i = slot[ExactKey(k)] { self.members[i].value = v } else {
                slot[ExactKey(k)] = self.members.count
                self.members.append((k, v))
            }
        }
    }

    /// Up to this many members, `init` compares keys instead of hashing them.
    private static let smallCount = 12

    /// Whether two keys are the same: the same UTF-8 bytes, as JSON compares member names
    /// (`==` of Strings also calls canonically equivalent spellings equal, `"é"` precomposed and
    /// `"e"` with a combining accent, which a file may hold as two members). Their UTF-8 lengths
    /// are compared first (O(1) for the small strings keys are): keys that differ mostly differ in
    /// length, and the test is then a comparison of two integers instead of a call into the
    /// string comparison; the bytes are read only for keys `==` calls equal.
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b && a.utf8.elementsEqual(b.utf8)
    }

    /// A key hashed and compared by its UTF-8 bytes (`same`), for the map of a large object's keys.
    private struct ExactKey: Hashable {
        let key: String
        init(_ key: String) { self.key = key }
        static func == (a: ExactKey, b: ExactKey) -> Bool { JSONObject.same(a.key, b.key) }
        func hash(into h: inout Hasher) { h.combine(key) }
    }

    /// The value for `key`; setting nil removes the member. O(members).
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { Self.same($0.key, key) })?.value }
        set {
            if let i = members.firstIndex(where: { Self.same($0.key, key) }) {
                if let v = newValue { members[i].value = v } else { members.remove(at: i) }
            } else if let v = newValue {
                members.append((key, v))
            }
        }
    }
    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { same($0.key, $1.key) && $0.value == $1.value }
    }
    public func hash(into h: inout Hasher) {
        for m in members { h.combine(m.key); h.combine(m.value) }
    }
}
