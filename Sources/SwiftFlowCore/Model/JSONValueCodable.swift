import Foundation

/// `JSONValue` is `Codable` as the JSON it holds, so it can sit inside `Codable` types and
/// cross `JSONEncoder`/`JSONDecoder` unchanged. Objects decoded through a `Decoder` get its
/// `allKeys` order (`JSONDecoder` does not promise file order); `NativeFormat` keeps file order.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            self = .object(JSONObject(try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) }))
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let d = try? c.decode(Double.self) { self = .number(d) }
            else { self = .string(try c.decode(String.self)) }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .number(let d): var c = encoder.singleValueContainer(); try c.encode(d)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let elements):
            var c = encoder.unkeyedContainer()
            for e in elements { try c.encode(e) }
        case .object(let object):
            var c = encoder.container(keyedBy: JSONKey.self)
            for (key, value) in object.members { try c.encode(value, forKey: JSONKey(key)) }
        }
    }

    /// `value` as JSON, written by `JSONEncoder` (so by `value`'s own `Encodable`), each object's
    /// members in sorted key order: `JSONEncoder`'s own order follows a hashed dictionary and
    /// changes from run to run, which made a saved graph of `Codable` data a different file each
    /// time. O(size of the JSON).
    public init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        self = try FlowFile.parseJSON(Array(encoder.encode(value)), file: "JSONValue(encoding:)")
    }

    /// This JSON read by `JSONDecoder` as a `T` (so by `T`'s own `Decodable`).
    public func decoded<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Foundation.Data(JSONWriter.string(self).utf8))
    }
}

/// A coding key naming a JSON object member.
struct JSONKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.init(stringValue) }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
