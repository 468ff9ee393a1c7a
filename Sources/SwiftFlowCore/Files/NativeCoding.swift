/// The bridge between `Codable` and the native format: model types encode the JSON
/// `NativeFormat` writes for them and decode by its loader's rules, so the field names and checks
/// live in one place (NativeFormat.swift, NativeEncoding.swift).
extension NativeFormat {
    /// Decodes a model value from `decoder` by the native loader's rules: `read` gets the value as
    /// a cursor (its warnings are dropped, as for `Color`s that are not CSS hex, which load as nil).
    /// A value the loader rejects throws `DecodingError.dataCorrupted` with the `FlowFileError`.
    static func decodeModel<T>(from decoder: any Decoder,
                               _ read: (JSONCursor, inout [FlowDiagnostic]) throws -> T) throws -> T {
        let json = try JSONValue(from: decoder)
        var ignoredWarnings: [FlowDiagnostic] = []
        do {
            return try read(JSONCursor(json, file: "Codable"), &ignoredWarnings)
        } catch let error as FlowFileError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the native `fields` of a node or edge in order, with `data` (the app's own
    /// `Encodable`) in place of the `data` member.
    static func encode(_ fields: JSONObject, data: some Encodable, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        for (key, value) in fields.members {
            if key == "data" { try c.encode(data, forKey: JSONKey(key)) } else { try c.encode(value, forKey: JSONKey(key)) }
        }
    }

    /// Decodes a node's or edge's `data` member with `Data`'s own `Decodable` (a missing member
    /// reads as `null`).
    static func decodeData<Data: Decodable>(from decoder: any Decoder) throws -> Data {
        try Data(from: decoder.container(keyedBy: JSONKey.self).superDecoder(forKey: JSONKey("data")))
    }
}
