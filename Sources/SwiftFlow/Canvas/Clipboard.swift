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
/// The default converts by a dynamic cast, which works when the data types are `JSONValue`; an
/// app with other data types sets the four closures. A decode that returns nil rejects the paste
/// (reported through `onError`).
public struct ClipboardCoding<NodeData, EdgeData> {
    public var encodeNodeData: (NodeData) -> JSONValue
    public var decodeNodeData: (JSONValue) -> NodeData?
    public var encodeEdgeData: (EdgeData) -> JSONValue
    public var decodeEdgeData: (JSONValue) -> EdgeData?

    /// Creates a coding; every closure defaults to a dynamic cast to or from `JSONValue`
    /// (encoding data that is not a `JSONValue` gives `null`).
    public init(encodeNodeData: @escaping (NodeData) -> JSONValue = { ($0 as? JSONValue) ?? .null },
                decodeNodeData: @escaping (JSONValue) -> NodeData? = { $0 as? NodeData },
                encodeEdgeData: @escaping (EdgeData) -> JSONValue = { ($0 as? JSONValue) ?? .null },
                decodeEdgeData: @escaping (JSONValue) -> EdgeData? = { $0 as? EdgeData }) {
        self.encodeNodeData = encodeNodeData; self.decodeNodeData = decodeNodeData
        self.encodeEdgeData = encodeEdgeData; self.decodeEdgeData = decodeEdgeData
    }
}
