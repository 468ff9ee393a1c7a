/// A graph loaded from or saved to a file: nodes and edges with JSON payloads, and the saved viewport.
public struct FlowDocument: Equatable, Sendable {
    /// Nodes in file order (duplicates and all); `data` holds the node's JSON payload.
    public var nodes: [Node<JSONValue>]
    /// Edges in file order, including ones naming missing nodes or handles.
    public var edges: [Edge<JSONValue>]
    /// The saved viewport; nil when the file has none.
    public var viewport: Viewport?
    /// Non-fatal problems found while loading (e.g. an unknown edge type); empty for a clean file.
    /// Not saved.
    public var diagnostics: [FlowDiagnostic]

    /// Creates a document.
    public init(nodes: [Node<JSONValue>] = [], edges: [Edge<JSONValue>] = [], viewport: Viewport? = nil,
                diagnostics: [FlowDiagnostic] = []) {
        self.nodes = nodes; self.edges = edges; self.viewport = viewport; self.diagnostics = diagnostics
    }
}
