/// One chunk's share of an `EdgeInfoTable` built on every core (`FlowCanvas.rebuildEdgeInfo`):
/// the facts its edges use, interned in a table of its own with each one's first edge, and what
/// else the pass reads per edge. `EdgeInfoTable.merging(_:refs:)` joins the shares into the
/// table one pass in edge order builds.
struct EdgeInfoShare {
    /// The chunk's distinct facts, each with the first of the chunk's edges using it.
    private(set) var table: [EdgeDrawInfo] = []
    private(set) var firstUse: [Int] = []
    private var lookup: [EdgeDrawInfo: Int32] = [:]
    private var last: Int32 = -1
    /// The chunk's edges whose facts need the calling thread (a label to measure), ascending.
    var labelled: [Int] = []
    /// The chunk's selected edges, ascending.
    var selected: [Int32] = []
    /// Whether an edge of the chunk has a `zIndex`.
    var layered = false

    /// The chunk's number for `info`, used by edge `k`; the last one interned is tried first.
    /// O(1) expected.
    mutating func intern(_ info: EdgeDrawInfo, edge k: Int) -> Int32 {
        if last >= 0, table[Int(last)] == info {
            firstUse[Int(last)] = min(firstUse[Int(last)], k)
            return last
        }
        if let r = lookup[info] {
            firstUse[Int(r)] = min(firstUse[Int(r)], k)
            last = r
            return r
        }
        last = Int32(table.count)
        table.append(info)
        firstUse.append(k)
        lookup[info] = last
        return last
    }
}

extension EdgeInfoTable {
    /// The table of the edges whose `refs` number their chunk's facts (the edges of chunk `c` of
    /// `shares.count`, `ParallelChunks.range(of:_:count:)`, refer to `shares[c].table`), the refs
    /// renumbered in place: the facts in order of first use in edge order, so the table equals
    /// the one `append` builds edge by edge. O(edges + facts × log facts); the renumbering, needed
    /// only for a chunk whose facts are numbered otherwise, runs on every core.
    static func merging(_ shares: [EdgeInfoShare], refs: inout [Int32]) -> EdgeInfoTable {
        var table: [EdgeDrawInfo] = [], lookup: [EdgeDrawInfo: Int32] = [:]
        // Per chunk, its numbers' places in the merged table; nil where they are the same.
        var renumbering = [[Int32]?](repeating: nil, count: shares.count)
        for (c, share) in shares.enumerated() {
            var map = [Int32](repeating: 0, count: share.table.count)
            for local in share.table.indices.sorted(by: { share.firstUse[$0] < share.firstUse[$1] }) {
                let info = share.table[local]
                if let r = lookup[info] { map[local] = r; continue }
                map[local] = Int32(table.count)
                lookup[info] = map[local]
                table.append(info)
            }
            if map.enumerated().contains(where: { Int($1) != $0 }) { renumbering[c] = map }
        }
        if renumbering.contains(where: { $0 != nil }) {
            let chunks = shares.count, count = refs.count
            refs.withUnsafeMutableBufferPointer { refs in
                nonisolated(unsafe) let refs = refs
                ParallelChunks.run(chunks, minimumChunk: 1) { _, range in
                    for c in range {
                        guard let map = renumbering[c] else { continue }
                        for k in ParallelChunks.range(of: c, chunks, count: count) { refs[k] = map[Int(refs[k])] }
                    }
                }
            }
        }
        return EdgeInfoTable(refs: refs, table: table, lookup: lookup)
    }
}
