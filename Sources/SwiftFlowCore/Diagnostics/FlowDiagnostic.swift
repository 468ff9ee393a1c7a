/// A problem with the graph the canvas was given, reported through `onError` once per cause
/// while the rest of the graph keeps drawing.
public enum FlowDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Two nodes share an id; the later ones are ignored.
    case duplicateNodeId(String)
    /// A node's view places two handles with the same id; the first wins.
    case duplicateHandleId(nodeId: String, handleId: String)
    /// An edge names a node that does not exist; the edge is not drawn.
    case edgeSourceMissing(edgeId: String, nodeId: String)
    case edgeTargetMissing(edgeId: String, nodeId: String)
    /// An edge names a handle its node does not have; the edge is not drawn (never re-attached).
    case edgeHandleMissing(edgeId: String, nodeId: String, handleId: String, type: HandleType)
    /// A node's position or size is NaN or infinite; the node is not drawn.
    case nonFiniteNode(nodeId: String)
    /// Two edges share an id (both are still drawn).
    case duplicateEdgeId(String)
    /// A node's `type` is not registered in `nodeTypes`; it is drawn as "default".
    case unknownNodeType(nodeId: String, type: String)
    /// A file-level problem that did not stop the load (e.g. a ComfyUI link to a missing slot).
    case fileWarning(String)
    /// A paste did nothing, and why (the clipboard is empty, not a graph, or has no nodes).
    case pasteRejected(String)
    /// A setting that cannot work as given (e.g. a `MiniMap` typed for other node data than the canvas').
    case configuration(String)
    /// A control in node `nodeId` is bound to a value it cannot edit (`problem` says why: a
    /// JSON member of another type, a NaN for a slider); it shows a placeholder and the value is kept.
    case invalidControlValue(nodeId: String, problem: String)
    /// A node's `Image` cannot be shown (missing, corrupt or oversized file, bad pixels, no image
    /// provider): `source` describes it, `reason` says why. A placeholder is drawn in its frame.
    case imageUnavailable(nodeId: String, source: String, reason: String)

    public var description: String {
        switch self {
        case .duplicateNodeId(let id): return "duplicate node id '\(id)': later nodes with this id are ignored"
        case .duplicateHandleId(let n, let h): return "node '\(n)' has two handles with id '\(h)': the first wins"
        case .edgeSourceMissing(let e, let n): return "edge '\(e)': source node '\(n)' does not exist; not drawn"
        case .edgeTargetMissing(let e, let n): return "edge '\(e)': target node '\(n)' does not exist; not drawn"
        case .edgeHandleMissing(let e, let n, let h, let t):
            return "edge '\(e)': node '\(n)' has no \(t.rawValue) handle '\(h)'; not drawn"
        case .nonFiniteNode(let n): return "node '\(n)' has a NaN or infinite position or size; not drawn"
        case .duplicateEdgeId(let e): return "duplicate edge id '\(e)': ids should be unique"
        case .unknownNodeType(let n, let t): return "node '\(n)': unknown type '\(t)'; drawn as 'default'"
        case .fileWarning(let s): return s
        case .pasteRejected(let why): return "paste: \(why); nothing pasted"
        case .configuration(let what): return what
        case .invalidControlValue(let n, let p): return "node '\(n)': a control cannot edit its value (\(p)); shown as a placeholder, the value is kept"
        case .imageUnavailable(let n, let source, let reason): return "node '\(n)': image \(source) unavailable: \(reason); a placeholder is drawn"
        }
    }
}
