import SwiftFlowCore

/// Where Ctrl+C / Ctrl+X put text and Ctrl+V reads it. The canvas layer knows no platform: the
/// SDL runner plugs in the system clipboard (`SDLClipboard`), tests use `InMemoryClipboard`.
public protocol Clipboard: AnyObject {
    /// Replaces the clipboard's text.
    func setText(_ text: String)
    /// The clipboard's text; nil when it holds none.
    func text() -> String?
}

/// A clipboard that lives in the process (the canvas' default, and the tests').
public final class InMemoryClipboard: Clipboard {
    private var stored: String?

    /// Creates a clipboard holding `text`.
    public init(text: String? = nil) { stored = text }
    public func setText(_ text: String) { stored = text }
    public func text() -> String? { stored }
}

/// How node and edge data cross the clipboard, which holds native JSON (NativeFormat).
///
/// The default works for `JSONValue` data (kept as it is) and for any `Codable` data (through
/// its own `Codable`, `JSONValue(encoding:)` / `decoded(as:)`); an app with other data types sets
/// the four closures. A decode that returns nil rejects the paste (reported through `onError`).
public struct ClipboardCoding<NodeData, EdgeData> {
    public var encodeNodeData: (NodeData) -> JSONValue
    public var decodeNodeData: (JSONValue) -> NodeData?
    public var encodeEdgeData: (EdgeData) -> JSONValue
    public var decodeEdgeData: (JSONValue) -> EdgeData?

    /// Creates a coding; every closure defaults to `ClipboardCoding.encode` / `decode` (encoding
    /// data that is neither `JSONValue` nor `Encodable`, or fails to encode, gives `null`).
    public init(encodeNodeData: @escaping (NodeData) -> JSONValue = { ClipboardCoding.encode($0) },
                decodeNodeData: @escaping (JSONValue) -> NodeData? = { ClipboardCoding.decode($0) },
                encodeEdgeData: @escaping (EdgeData) -> JSONValue = { ClipboardCoding.encode($0) },
                decodeEdgeData: @escaping (JSONValue) -> EdgeData? = { ClipboardCoding.decode($0) }) {
        self.encodeNodeData = encodeNodeData; self.decodeNodeData = decodeNodeData
        self.encodeEdgeData = encodeEdgeData; self.decodeEdgeData = decodeEdgeData
    }

    /// `data` itself when it is a `JSONValue`, else its `Encodable` JSON; `null` when it is neither
    /// or does not encode.
    public static func encode<T>(_ data: T) -> JSONValue {
        if let json = data as? JSONValue { return json }
        guard let encodable = data as? any Encodable else { return .null }
        return (try? JSONValue(encoding: encodable)) ?? .null
    }

    /// `json` itself when `T` is `JSONValue`, else `T`'s `Decodable` reading of it; nil when `T` is
    /// neither or `json` does not decode.
    public static func decode<T>(_ json: JSONValue) -> T? {
        if let data = json as? T { return data }
        guard let decodable = T.self as? any Decodable.Type else { return nil }
        return (try? json.decoded(as: decodable)) as? T
    }
}
