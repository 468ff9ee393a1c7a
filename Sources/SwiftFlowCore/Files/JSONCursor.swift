/// A JSON value together with its path in the document, for decoders that report exact paths.
///
/// Every accessor throws `FlowFileError.invalidValue` naming the member's path (e.g.
/// `nodes[3].position.x`). The `optional…` accessors treat a missing member and `null` alike.
struct JSONCursor {
    /// Where a value sits in the document; turned into text only for messages.
    private indirect enum Location {
        case root
        case member(Location, String)
        case element(Location, Int)

        var text: String {
            switch self {
            case .root: return ""
            case .member(let parent, let key):
                let plain = !key.isEmpty && key.utf8.allSatisfy { b in
                    (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x5F || b == 0x24
                }
                if !plain { return parent.text + "[" + JSONWriter.string(.string(key)) + "]" }
                if case .root = parent { return key }
                return parent.text + "." + key
            case .element(let parent, let index): return parent.text + "[\(index)]"
            }
        }
    }

    /// The last step of a path, kept unboxed: reading a member of a value costs no allocation
    /// (a decoder reads a few dozen members of each node; paths are made into text only for
    /// messages).
    private enum Step {
        case none
        case member(String)
    }

    let value: JSONValue
    /// Where the value sits, up to `step`.
    private let base: Location
    private let step: Step
    /// File name used in errors.
    let file: String

    /// A cursor at the root of a document from `file`.
    init(_ value: JSONValue, file: String) { self.init(value, base: .root, step: .none, file: file) }

    /// A cursor at element `index` of top-level array member `key` (`nodes[3]`) of a document from `file`.
    init(_ value: JSONValue, element index: Int, of key: String, file: String) {
        self.init(value, base: .element(.member(.root, key), index), step: .none, file: file)
    }

    private init(_ value: JSONValue, base: Location, step: Step, file: String) {
        self.value = value; self.base = base; self.step = step; self.file = file
    }

    /// Where the value sits (boxing `step` into it).
    private var location: Location {
        switch step {
        case .none: return base
        case .member(let key): return .member(base, key)
        }
    }

    /// Path from the document root, like `nodes[3].position`; empty for the root.
    var path: String { location.text }

    /// The path of member `key` (`a.key`, or `a["odd key"]` when the key is not an identifier).
    func path(of key: String) -> String { Location.member(location, key).text }

    /// An error saying the value at `path` (or member `key`) should have been `expected`.
    func mismatch(_ expected: String, key: String? = nil) -> FlowFileError {
        let found = key.map { value[$0] } ?? value
        return .invalidValue(file: file, path: key.map(path(of:)) ?? path, expected: expected, found: FlowFileError.describe(found))
    }

    // MARK: Members

    /// Member `key`, or nil when it is missing or null. Throws when this value is not an object.
    func optionalMember(_ key: String) throws -> JSONCursor? {
        guard let object = value.objectValue else { throw mismatch("an object") }
        guard let member = object[key], member != .null else { return nil }
        return JSONCursor(member, base: location, step: .member(key), file: file)
    }

    /// Member `key`; throws when it is missing or null.
    func member(_ key: String, expected: String) throws -> JSONCursor {
        guard let m = try optionalMember(key) else { throw mismatch(expected, key: key) }
        return m
    }

    func string(_ key: String) throws -> String { try member(key, expected: "a string").asString() }
    func optionalString(_ key: String) throws -> String? { try optionalMember(key)?.asString() }
    /// A finite number.
    func double(_ key: String) throws -> Double { try member(key, expected: "a finite number").asDouble() }
    func optionalDouble(_ key: String) throws -> Double? { try optionalMember(key)?.asDouble() }
    func coordinate(_ key: String) throws -> Double { try member(key, expected: "a finite number").asCoordinate() }
    func optionalCoordinate(_ key: String) throws -> Double? { try optionalMember(key)?.asCoordinate() }
    /// An integral number within ±9e15 (`asInt`).
    func optionalInt(_ key: String) throws -> Int? { try optionalMember(key)?.asInt() }
    func optionalBool(_ key: String) throws -> Bool? { try optionalMember(key)?.asBool() }
    /// The elements of array member `key`.
    func array(_ key: String) throws -> [JSONCursor] { try member(key, expected: "an array").elements() }
    func optionalArray(_ key: String) throws -> [JSONCursor]? { try optionalMember(key)?.elements() }
    /// Object member `key`.
    func object(_ key: String) throws -> JSONCursor { try member(key, expected: "an object").asObject() }
    func optionalObject(_ key: String) throws -> JSONCursor? { try optionalMember(key)?.asObject() }

    // MARK: This value

    func asString() throws -> String {
        guard let s = value.stringValue else { throw mismatch("a string") }
        return s
    }

    func asDouble() throws -> Double {
        guard let d = value.doubleValue, d.isFinite else { throw mismatch("a finite number") }
        return d
    }

    /// The largest coordinate or size a file may give, flow units: 1e15. Beyond it screen
    /// coordinates lose all precision and overflow the draw list's 32-bit floats (a node at 1e308
    /// would draw as infinite vertices once the view fits it).
    static let maxCoordinate = 1e15

    /// A position or size: a finite number (else "expected a finite number") within
    /// ±`maxCoordinate` (else "expected a number within ±1e15").
    func asCoordinate() throws -> Double {
        let d = try asDouble()
        guard abs(d) <= Self.maxCoordinate else { throw mismatch("a number within ±1e15") }
        return d
    }

    /// An integral number (else "expected an integer") within ±9e15, where every integer is a
    /// distinct `Double` (else "expected an integer within ±9e15").
    func asInt() throws -> Int {
        guard let d = value.doubleValue, d == d.rounded() else { throw mismatch("an integer") }
        guard abs(d) < 9.0e15 else { throw mismatch("an integer within ±9e15") }
        return Int(d)
    }

    func asBool() throws -> Bool {
        guard let b = value.boolValue else { throw mismatch("true or false") }
        return b
    }

    /// This object, its path boxed once for the members read from it.
    func asObject() throws -> JSONCursor {
        guard value.objectValue != nil else { throw mismatch("an object") }
        return JSONCursor(value, base: location, step: .none, file: file)
    }

    /// The elements of this array, each with its `[i]` path.
    func elements() throws -> [JSONCursor] {
        guard let a = value.arrayValue else { throw mismatch("an array") }
        let location = self.location
        return a.enumerated().map { JSONCursor($1, base: .element(location, $0), step: .none, file: file) }
    }

    /// A string member that must be one of `T`'s raw values.
    func optionalEnum<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        guard let m = try optionalMember(key) else { return nil }
        guard let s = m.value.stringValue, let v = T(rawValue: s) else {
            throw m.mismatch("one of " + T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        return v
    }
}
