import SwiftFlowCore

/// One pass resolving edge ends (handles.md §3) into an `EdgeIndex`, outside the generic canvas
/// (`FlowCanvas.resolveEdges`): the node cache and the registry's table are taken once for the
/// pass, so that an end costs no exclusivity check of the canvas' or the registry's properties
/// and no generic metadata. In loose mode a named handle of either type may end an edge (React
/// Flow does the same). The problems found are kept, in edge order, for the canvas to report
/// once the pass is over. Valid while the node cache and the registry do not change.
struct EdgeResolver {
    /// One end's problem, kept until the pass is over (the edge's id is read then).
    enum Problem: Equatable {
        /// Edge `edge`'s `type` end names node `node`, which the array does not hold.
        case missingNode(edge: Int, node: String, type: HandleType)
        /// Edge `edge`'s `type` end names handle `handle` of the drawable node `node`, which has none such.
        case missingHandle(edge: Int, node: String, handle: String, type: HandleType)

        /// The index of the edge the problem is of.
        var edge: Int {
            switch self {
            case .missingNode(let k, _, _), .missingHandle(let k, _, _, _): return k
            }
        }

        /// The diagnostic for the edge of id `edgeId`.
        func diagnostic(edgeId: String) -> FlowDiagnostic {
            switch self {
            case .missingNode(_, let node, let type):
                return type == .source ? .edgeSourceMissing(edgeId: edgeId, nodeId: node) : .edgeTargetMissing(edgeId: edgeId, nodeId: node)
            case .missingHandle(_, let node, let handle, let type):
                return .edgeHandleMissing(edgeId: edgeId, nodeId: node, handleId: handle, type: type)
            }
        }
    }

    private let nodes: NodeCache
    private let registry: HandleRegistry
    private let handles: HandleTable
    private let loose: Bool
    private var recent = RecentNodes()
    /// The problems found so far, in edge order.
    private(set) var problems: [Problem] = []

    /// A pass over the nodes of `nodes` and the handles `registry` holds now, in `connectionMode`.
    init(nodes: NodeCache, registry: HandleRegistry, connectionMode: ConnectionMode) {
        self.nodes = nodes
        self.registry = registry
        handles = registry.table
        loose = connectionMode == .loose
    }

    /// Resolves edge `k`'s ends (from node `source`'s handle `sourceHandle` to node `target`'s
    /// handle `targetHandle`) and appends them and its key to `index`. O(1) expected.
    mutating func append(edge k: Int, source: String, target: String, sourceHandle: String?, targetHandle: String?,
                         to index: inout EdgeIndex) {
        let (key, ends) = resolve(edge: k, source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle,
                                  names: &index)
        index.keys.append(key)
        index.ends.append(ends)
        index.missingEnds += EdgeIndex.missingCount(ends)
    }

    /// Edge `k`'s key and resolved ends (as `append` appends them), the names its key holds
    /// interned in `names` (`EdgeIndex.intern`; its other parts stay). O(1) expected.
    mutating func resolve(edge k: Int, source: String, target: String, sourceHandle: String?, targetHandle: String?,
                          names: inout EdgeIndex) -> (key: EdgeKey, ends: EdgeEnds) {
        let (s, sourceNode) = resolve(edge: k, node: source, handle: sourceHandle, type: .source, &names)
        let (t, targetNode) = resolve(edge: k, node: target, handle: targetHandle, type: .target, &names)
        let key = EdgeKey(source: sourceNode, target: targetNode, sourceHandle: sourceHandle.map { names.intern($0) } ?? -1,
                          targetHandle: targetHandle.map { names.intern($0) } ?? -1)
        return (key, EdgeEnds(source: s, target: t))
    }

    /// handles.md §3 for one end of edge `k`, and the end's node for its key (`EdgeKey`; a
    /// missing node's id is interned in `index`).
    private mutating func resolve(edge k: Int, node id: String, handle: String?, type: HandleType,
                                  _ index: inout EdgeIndex) -> (EdgeEndResolution, Int32) {
        guard let n = recent.index(of: id) ?? recent.noting(id, following(id) ?? nodes.index(of: id)) else {
            problems.append(.missingNode(edge: k, node: id, type: type))
            return (.missing, -1 - index.intern(id))
        }
        if let handle {
            if let e = registry.find(nodeIndex: n, id: handle, type: type, in: handles)
                ?? (loose ? registry.find(nodeIndex: n, id: handle, type: nil, in: handles) : nil) {
                return (.handle(Int32(e)), Int32(n))
            }
            if nodes.states[n].drawable { problems.append(.missingHandle(edge: k, node: id, handle: handle, type: type)) }
            return (.missing, Int32(n))
        }
        if let e = handles.first(nodeIndex: n, type: type) { return (.handle(Int32(e)), Int32(n)) }
        return (.side(node: Int32(n)), Int32(n))
    }

    /// The index of node `id` when it follows a node `recent` holds in the node array and is not
    /// a later copy of a duplicated id (so it is what `NodeCache.index(of:)` finds for `id`), else nil:
    /// edges listed in node order (a generated or saved graph's) find most of their other ends
    /// there, without hashing their id. O(1).
    private func following(_ id: String) -> Int? {
        guard let j = recent.following(id, in: nodes.ids), !nodes.states[j].duplicate else { return nil }
        return j
    }
}
