import SwiftFlowCore

/// The edge index part: each edge's resolved ends (against the handle registry), its
/// geometry-independent facts and bounds (`cache`), the culling index over those bounds and the
/// edges of each node (to follow moved nodes). Written only by the `index` stage
/// (`resolveEdges`, `updateEdgeIndex`); read by `interact` (edge and grip hits) and `draw`.
struct EdgeIndex {
    /// Resolved ends, one per edge of the frame's array.
    var ends: [EdgeEnds] = []
    /// The fields of each edge its resolution depends on, to notice changes cheaply.
    var keys: [EdgeKey] = []
    /// The handle ids and the missing node ids `keys` name (each once), and their places; emptied
    /// when every edge is resolved again.
    var names: [String] = []
    var nameIndex: [String: Int32] = [:]
    /// The connection mode the ends were resolved in.
    var connectionMode = ConnectionMode.strict
    /// The registry structure (`HandleRegistry.structureVersion`) the ends and the gesture were
    /// last resolved against.
    var registryStructure = -1
    /// Per-edge facts, drawing order and selection.
    var cache = EdgeCache()
    /// Each edge's bounds (flow units): its path's (control points included), united with its
    /// label box, grown by its margin (`FlowCanvas.edgeBounds`); nil for an edge that is not
    /// drawn. The culling and hit-testing index, and the only copy of the bounds.
    var rects = RectIndex()
    /// Edges by node (CSR: edges of node n at `byNode[byNodeStart[n]..<byNodeStart[n + 1]]`).
    var byNodeStart: [Int32] = []
    var byNode: [Int32] = []
    /// Edges appended since `byNode` was built (`ArrayChanges.appended`), by node. An edge
    /// removed since (`truncateEdgeIndex`) leaves both lists (`Int32.max` in `byNode`).
    var byNodeAdded: [Int32: [Int32]] = [:]
    /// The ends in `ends` that resolved to `.missing` (a missing node or handle): while there are
    /// none, a node added to the array cannot be one an edge waits for.
    var missingEnds = 0

    /// The place of `name` in `names`, added when new. The last few names are tried before the
    /// dictionary (an edge list names few distinct handles, in runs).
    mutating func intern(_ name: String) -> Int32 {
        for k in names.indices.suffix(4) where names[k] == name { return Int32(k) }
        if let k = nameIndex[name] { return k }
        let k = Int32(names.count)
        names.append(name)
        nameIndex[name] = k
        return k
    }

    /// How many of `ends`' two ends are `.missing`.
    static func missingCount(_ ends: EdgeEnds) -> Int {
        var n = 0
        if case .missing = ends.source { n += 1 }
        if case .missing = ends.target { n += 1 }
        return n
    }

    /// The problems found (empty when all hold): ends, bounds and indexed rectangles for each
    /// of `edgeCount` edges, resolved against the registry structure `structure`.
    func _checkInvariants(edgeCount: Int, structure: Int) -> [String] {
        var problems: [String] = []
        if ends.count != edgeCount { problems.append("edge index: \(ends.count) resolved ends for \(edgeCount) edges") }
        if cache.info.count != edgeCount || rects.count != edgeCount {
            problems.append("edge index: \(cache.info.count) facts, \(rects.count) bounds for \(edgeCount) edges")
        }
        if registryStructure != structure { problems.append("edge index: resolved against registry structure \(registryStructure), not \(structure)") }
        return problems
    }
}
