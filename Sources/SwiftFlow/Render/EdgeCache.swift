import SwiftFlowCore

/// What edge drawing and hit-testing keep between frames (built by `FlowCanvas.updateEdgeIndex`
/// in the index stage; read by interaction and drawing).
/// Reading a field of a generic `Edge` copies the edge, so the edges are read once when their
/// array changes (`info`, `order`, `selected`); the bounds (kept only in the edge index,
/// `EdgeIndex.rects`) are recomputed from `info` when the geometry changes, only for the edges
/// of moved nodes when nothing else changed. An edge's anchors are not kept: they are its
/// resolved ends' registry anchors or node sides (`resolvedEnds`), read when drawn.
struct EdgeCache {
    /// Per edge, what does not depend on the nodes' geometry.
    var info = EdgeInfoTable()
    /// Edge indices in drawing order (ascending zIndex, stable); empty when every zIndex is 0.
    var order: [Int32] = []
    /// Indices of the selected edges.
    var selected: [Int32] = []
}

/// The geometry-independent facts about one edge that its bounds need.
struct EdgeDrawInfo: Hashable {
    /// How far the stroke, markers, hit area and grips reach beyond the path, flow units.
    var margin: Double
    /// The label box (text plus padding), flow units; nil without a label (or with a non-finite size).
    var labelSize: Size?
    var type: EdgeType
    var hidden: Bool

    /// The bounds (flow units) of an edge of these facts between `ends`: its path's (control
    /// points included), united with its label box, grown by its margin; nil when it is hidden,
    /// its ends are not drawable (nil) or the result is not finite.
    func bounds(_ ends: EdgeAnchors?) -> Rect? {
        guard !hidden, let ends else { return nil }
        let path = ends.path(type)
        var b = path.bounds
        if let s = labelSize {
            b = b.union(Rect(x: path.labelPoint.x - s.width / 2, y: path.labelPoint.y - s.height / 2, width: s.width, height: s.height))
        }
        return b.isFinite ? b.insetBy(-margin) : nil
    }
}

/// Each edge's `EdgeDrawInfo`, interned: per edge a 4-byte index into a table of the distinct
/// facts (edges drawn alike share one: the stress graph's edges all do). Facts no edge refers to
/// any more stay in the table until it holds twice as many as there are edges (at least 1,024),
/// then it is compacted: amortised O(1) per change.
struct EdgeInfoTable: Equatable {
    private var refs: [Int32] = []
    private var table: [EdgeDrawInfo] = []
    private var lookup: [EdgeDrawInfo: Int32] = [:]

    init() {}

    /// Edge `k` refers to `table[refs[k]]`; `lookup` finds each of `table`'s facts' index.
    init(refs: [Int32], table: [EdgeDrawInfo], lookup: [EdgeDrawInfo: Int32]) {
        self.refs = refs
        self.table = table
        self.lookup = lookup
    }

    /// The number of edges. O(1).
    var count: Int { refs.count }

    /// Edge `k`'s facts. O(1) to read; amortised O(1) to write.
    subscript(k: Int) -> EdgeDrawInfo {
        get { table[Int(refs[k])] }
        set {
            let r = intern(newValue)
            refs[k] = r
        }
    }

    mutating func append(_ info: EdgeDrawInfo) { refs.append(intern(info)) }

    mutating func removeLast(_ n: Int) { refs.removeLast(n) }

    /// Removes the facts of the edges at `removed` (ascending, distinct), the others moving down.
    mutating func remove(atSorted removed: [Int]) { refs.remove(atSorted: removed) }

    mutating func removeAll(keepingCapacity: Bool) {
        refs.removeAll(keepingCapacity: keepingCapacity)
        table.removeAll(keepingCapacity: keepingCapacity)
        lookup.removeAll(keepingCapacity: keepingCapacity)
    }

    mutating func reserveCapacity(_ n: Int) { refs.reserveCapacity(n) }

    /// The index of `info` in the table, added when new; the last one interned is tried first.
    private mutating func intern(_ info: EdgeDrawInfo) -> Int32 {
        if let last = refs.last, table[Int(last)] == info { return last }
        if let k = lookup[info] { return k }
        if table.count >= Swift.max(1_024, 2 * refs.count) { compact() }
        let k = Int32(table.count)
        table.append(info)
        lookup[info] = k
        return k
    }

    /// Keeps only the facts some edge refers to. O(edges).
    private mutating func compact() {
        let old = table
        table.removeAll(keepingCapacity: true)
        lookup.removeAll(keepingCapacity: true)
        for k in refs.indices {
            let info = old[Int(refs[k])]
            if let j = lookup[info] { refs[k] = j; continue }
            refs[k] = Int32(table.count)
            lookup[info] = refs[k]
            table.append(info)
        }
    }
}
