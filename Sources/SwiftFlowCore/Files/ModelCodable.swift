/// `Codable` conformances of the model in React Flow's JSON shape, the native format's
/// (`NativeFormat`): what `JSONEncoder` writes the native loader reads, and the other way round.
/// Bad input throws a `DecodingError` (positions must be finite, within ±1e15, …); warnings of
/// the loader (a colour that is not CSS hex loads as nil) are dropped.

extension Node: Encodable where Data: Encodable {
    /// The node as `NativeFormat.encode` writes it, `data` by its own `Encodable`. A
    /// `Node<JSONValue>` writes its stash back (`NativeFormat.extraFieldsKey`) as the native format does.
    public func encode(to encoder: any Encoder) throws {
        if let native = self as? Node<JSONValue> { return try NativeFormat.encodeNode(native).encode(to: encoder) }
        try NativeFormat.encode(NativeFormat.encodeNodeFields(mapData { _ in JSONValue.null }, data: .null), data: data, to: encoder)
    }
}

extension Node: Decodable where Data: Decodable {
    /// Reads a node by the native loader's rules, `data` by its own `Decodable`. Fields the
    /// model does not hold are kept (in the stash) only for `Node<JSONValue>`.
    public init(from decoder: any Decoder) throws {
        let node = try NativeFormat.decodeModel(from: decoder) { try NativeFormat.decodeNode($0, diagnostics: &$1) }
        if let native = node as? Node<Data> { self = native; return }
        let data: Data = try NativeFormat.decodeData(from: decoder)
        self = node.mapData { _ in data }
    }
}

extension Edge: Encodable where Data: Encodable {
    /// The edge as `NativeFormat.encode` writes it, `data` by its own `Encodable`. An
    /// `Edge<JSONValue>` writes its stash back (`NativeFormat.extraFieldsKey`) as the native format does.
    public func encode(to encoder: any Encoder) throws {
        if let native = self as? Edge<JSONValue> { return try NativeFormat.encodeEdge(native).encode(to: encoder) }
        try NativeFormat.encode(NativeFormat.encodeEdgeFields(mapData { _ in JSONValue.null }, data: .null), data: data, to: encoder)
    }
}

extension Edge: Decodable where Data: Decodable {
    /// Reads an edge by the native loader's rules, `data` by its own `Decodable`. Fields the
    /// model does not hold are kept (in the stash) only for `Edge<JSONValue>`.
    public init(from decoder: any Decoder) throws {
        let edge = try NativeFormat.decodeModel(from: decoder) { try NativeFormat.decodeEdge($0, diagnostics: &$1) }
        if let native = edge as? Edge<Data> { self = native; return }
        let data: Data = try NativeFormat.decodeData(from: decoder)
        self = edge.mapData { _ in data }
    }
}

extension Color: Codable {
    /// Reads CSS hex (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`); anything else throws.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let color = Color(css: text) else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "colour '\(text)' is not CSS hex") }
        self = color
    }

    /// Writes `cssHex` (8 bits per channel).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(cssHex)
    }
}

extension EdgeMarker: Codable {
    /// Reads `"arrow"`, `"arrowclosed"` or `{type, color, width, height}`.
    public init(from decoder: any Decoder) throws {
        self = try NativeFormat.decodeModel(from: decoder) { try NativeFormat.decodeMarker($0, diagnostics: &$1) }
    }

    /// Writes the type's name alone when colour and size are the defaults.
    public func encode(to encoder: any Encoder) throws { try NativeFormat.encodeMarker(self).encode(to: encoder) }
}

extension EdgeStyle: Codable {
    /// Reads `{stroke, strokeWidth}`.
    public init(from decoder: any Decoder) throws {
        self = try NativeFormat.decodeModel(from: decoder) { try NativeFormat.decodeStyle($0, diagnostics: &$1) }
    }

    /// Writes the members that are set or not their default.
    public func encode(to encoder: any Encoder) throws { try JSONValue.object(NativeFormat.encodeStyle(self)).encode(to: encoder) }
}

extension NodeHandle: Codable {
    /// Reads `{id, type, position, x?, y?, isConnectable?, color?}`.
    public init(from decoder: any Decoder) throws {
        self = try NativeFormat.decodeModel(from: decoder) { try NativeFormat.decodeHandle($0, diagnostics: &$1) }
    }

    public func encode(to encoder: any Encoder) throws { try NativeFormat.encodeHandle(self).encode(to: encoder) }
}
