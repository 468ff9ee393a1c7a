/// The file format a `FlowDocument` was read from (and is saved back to by `FlowFile.save`'s
/// `format: nil`).
public enum FlowFileFormat: String, Hashable, Sendable {
    /// `{nodes, edges, viewport}` JSON (`NativeFormat`).
    case native
    /// A ComfyUI / LiteGraph workflow (`ComfyUIImport`, saved back by `ComfyUIExport`).
    case comfyUI
}

/// A graph loaded from or saved to a file: nodes and edges with JSON payloads, and the saved viewport.
public struct FlowDocument: Equatable, Sendable {
    /// Nodes in file order (duplicates and all); `data` holds the node's JSON payload.
    public var nodes: [Node<JSONValue>]
    /// Edges in file order, including ones naming missing nodes or handles.
    public var edges: [Edge<JSONValue>]
    /// The saved viewport; nil when the file has none.
    public var viewport: Viewport?
    /// Top-level members of the file the model does not hold, in file order, written back on save:
    /// for a native file every member other than `nodes`, `edges` and `viewport` (plus, under
    /// `"viewport"`, the file's viewport object when it has members other than `x`, `y`, `zoom`);
    /// for a ComfyUI workflow every member other than `nodes`, `links` and `groups` (`version`,
    /// `extra`, `definitions`, `last_node_id`, …). Empty for a new document.
    public var extra: JSONObject
    /// The format the document was read from; `.native` for a new document.
    public var format: FlowFileFormat
    /// Non-fatal problems found while loading (e.g. an unknown edge type); empty for a clean file.
    /// Not saved.
    public var diagnostics: [FlowDiagnostic]

    /// Creates a document.
    public init(nodes: [Node<JSONValue>] = [], edges: [Edge<JSONValue>] = [], viewport: Viewport? = nil,
                extra: JSONObject = JSONObject(), format: FlowFileFormat = .native, diagnostics: [FlowDiagnostic] = []) {
        self.nodes = nodes; self.edges = edges; self.viewport = viewport; self.extra = extra; self.format = format
        self.diagnostics = diagnostics
    }
}
