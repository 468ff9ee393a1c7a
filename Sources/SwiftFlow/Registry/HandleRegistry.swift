import SwiftFlowCore

/// The per-frame handle registry: every handle placed by a node view, in flat arrays, with a
/// spatial hash over the anchors (flow units) for hit-testing and snapping (handles.md §2, §6).
///
/// Storage is compact (docs/ARCHITECTURE.md, "Memory"): per handle a `PackedHandle` (24 bytes)
/// and its anchor in the hash; ids, types, sides, colours and connectability interned as styles;
/// per node its id and its range of handles. No per-node heap object.
///
/// Nodes that are not laid out in a frame (off-screen) keep their last handle geometry relative
/// to the node and move with it. A node whose handle set changes (ids, types, sides, colours,
/// connectability or count) causes one rebuild of the flat arrays and the hash at `commit()`;
/// a node that only moves re-bins its own handles.
public final class HandleRegistry {
    /// All handles, grouped by node in node order, each group in order of appearance.
    var packed: [PackedHandle] = []
    /// Nodes with more handles than this are looked up through `idMaps` by `find`.
    private static let idMapMinimum = 32
    /// Per node of more than `idMapMinimum` handles that `find` searched, the entry of each of
    /// its handle ids; dropped whenever entries are regrouped (`commit`, `remap`, `replaceTail`).
    var idMaps: [Int32: [String: Int32]] = [:]
    /// Spatial hash over the handles' absolute anchors; the hash index equals the entry index.
    public internal(set) var index = SpatialHash(cellSize: 40)
    /// Bumped by every structural rebuild, so dependants (edge endpoints) know to re-resolve.
    public internal(set) var structureVersion = 0
    /// Bumped whenever any anchor moves or the structure changes, so dependants (cached edge
    /// bounds) know to recompute.
    public internal(set) var geometryVersion = 0
    /// The distinct styles seen (`PackedHandle.style` indexes it), and their indices.
    var styles: [HandleStyle] = []
    private var styleIndex: [HandleStyle: Int32] = [:]
    /// Per node: its id (as last recorded), the start of its handles in `packed` and their count.
    var nodeIds: [String] = []
    var starts: [Int32] = []
    var counts: [Int32] = []
    /// Handle sets recorded since the last commit: node → its group in `pendingGroups`, whose
    /// handles are `pendingHandles[start..<start + count]`. Empty while the groups are a run:
    /// recorded in increasing node order, each node once (every node of a first frame), so that
    /// a group is found by binary search (`pendingGroup(of:)`) and a million nodes are not
    /// hashed into this map; the first group out of order maps the run (`mapRun`).
    var pending: [Int32: Int32] = [:]
    var pendingGroups: [PendingGroup] = []
    var pendingHandles: [PackedHandle] = []
    /// Nodes from this index on were added by `replaceTail` since the last commit: no edge was
    /// resolved against them, so their handles may be appended without a structural rebuild.
    var freshFrom: Int?
    /// On a first frame, the end (in handles) of the pending handles' storage being backed with
    /// pages by another core (`PrefaultAhead`), a window ahead of the appends, so that a wrong
    /// guess of `reserveFirstFrame` backs at most a window more than is written; nil otherwise.
    var pendingBackedTo: Int?
    /// The handles a window of `pendingBackedTo` holds (6 MB of `PackedHandle`s).
    private static let backingWindow = 1 << 18

    /// A node's handle set waiting for `commit`.
    struct PendingGroup {
        var node: Int32
        var nodeId: String
        var origin: Point
        var start: Int32
        var count: Int32
    }

    /// Creates an empty registry.
    public init() {}

    /// The number of registered handles. O(1).
    public var count: Int { packed.count }

    /// Entry `e` (`0 ..< count`). O(1).
    public subscript(e: Int) -> HandleEntry {
        let h = packed[e], s = styles[Int(h.style)], node = Int(h.nodeIndex)
        return HandleEntry(nodeIndex: h.nodeIndex, nodeId: nodeIds[node], id: s.id, type: s.type, position: s.position,
                           anchor: index.position(of: e), localAnchor: h.localAnchor, color: s.color,
                           isConnectable: s.isConnectable, order: Int32(e) - starts[node])
    }

    /// Every entry, grouped by node in node order, each group in order of appearance. O(handles):
    /// builds the array (for tests and tools; the canvas reads entries one by one).
    public var entries: [HandleEntry] { (0..<packed.count).map { self[$0] } }

    /// The handles of node `nodeIndex`, in order of appearance. O(its handles).
    public func handles(ofNode nodeIndex: Int) -> [HandleEntry] { range(ofNode: nodeIndex).map { self[$0] } }

    /// The entry indices of node `nodeIndex`'s handles (empty for an unknown node). O(1).
    public func range(ofNode nodeIndex: Int) -> Range<Int> { HandleTable.range(ofNode: nodeIndex, starts, counts) }

    /// The flat arrays and anchors as one value, for a pass over many edge ends. O(1).
    var table: HandleTable { HandleTable(packed: packed, styles: styles, starts: starts, counts: counts, anchors: index) }

    /// Entry `e`'s node index. O(1).
    func nodeIndex(of e: Int) -> Int { Int(packed[e].nodeIndex) }

    /// Entry `e`'s absolute anchor, flow units. O(1).
    func anchor(of e: Int) -> Point { index.position(of: e) }

    /// Entry `e`'s id, type, side, colour and connectability. O(1).
    func style(of e: Int) -> HandleStyle { styles[Int(packed[e].style)] }

    /// Entry `e`'s side. O(1), without copying its style (a copy retains the id's storage).
    func side(of e: Int) -> Position { styles[Int(packed[e].style)].position }

    /// Entry `e`'s colour (nil: the theme's). O(1), without copying its style.
    func color(of e: Int) -> Color? { styles[Int(packed[e].style)].color }

    /// Entry index of the handle `id` of node `nodeIndex` (optionally of `type`), or nil.
    /// O(its handles); O(1) expected for a node of more than `idMapMinimum` handles, through a
    /// map of their ids built at the first lookup after its handles changed (a scan per edge
    /// made resolving an edge to each of n handles O(n²)).
    public func find(nodeIndex: Int, id: String, type: HandleType? = nil) -> Int? { find(nodeIndex: nodeIndex, id: id, type: type, in: table) }

    /// `find(nodeIndex:id:type:)` through `table`, this registry's `table` as it is now (taken
    /// once for many lookups).
    func find(nodeIndex: Int, id: String, type: HandleType?, in table: HandleTable) -> Int? {
        let handles = table.range(ofNode: nodeIndex)
        guard handles.count > Self.idMapMinimum else { return table.scan(handles, id: id, type: type) }
        let node = Int32(nodeIndex)
        if idMaps[node] == nil { buildIdMap(of: node, handles, table) }
        guard let e = idMaps[node]![id].map(Int.init) else { return nil }
        return type == nil || table.styles[Int(table.packed[e].style)].type == type ? e : nil
    }

    /// Builds the id map of every node of more than `idMapMinimum` handles that has none, so
    /// that `find` then only reads the registry, and may run on many threads at once (until the
    /// registry changes): a parallel resolution of the edges' ends (`FlowCanvas.resolveAll`).
    /// O(nodes + the handles of those nodes).
    func buildIdMaps() {
        let table = table
        for n in 0..<table.counts.count where Int(table.counts[n]) > Self.idMapMinimum && idMaps[Int32(n)] == nil {
            buildIdMap(of: Int32(n), table.range(ofNode: n), table)
        }
    }

    /// Maps node `node`'s handle ids (of its `handles` in `table`) to their entries.
    private func buildIdMap(of node: Int32, _ handles: Range<Int>, _ table: HandleTable) {
        var map = [String: Int32](minimumCapacity: handles.count)
        for e in handles { map[table.styles[Int(table.packed[e].style)].id] = Int32(e) }   // ids are unique in a node
        idMaps[node] = map
    }

    /// Entry index of node `nodeIndex`'s first handle of `type` (by order), or nil.
    public func first(nodeIndex: Int, type: HandleType) -> Int? { table.first(nodeIndex: nodeIndex, type: type) }

    /// Records node `nodeIndex`'s freshly laid-out handles at `origin` (absolute flow units).
    /// Duplicate ids are dropped (the first wins); `onDuplicate` is told each dropped id.
    func update(nodeIndex: Int, nodeId: String, origin: Point, handles: ArraySlice<LaidOutHandle>,
                onDuplicate: (String) -> Void) {
        let s = Int(starts[nodeIndex]), n = Int(counts[nodeIndex]), node = Int32(nodeIndex)
        // The cheap tests first: a node recorded for the first time (every node of a first
        // frame) hashes its index once, to add its group.
        if n == handles.count, pendingGroup(of: node) == nil, holds(handles, at: s) {
            nodeIds[nodeIndex] = nodeId
            var e = s
            for h in handles.indices {
                let local = handles[h].anchor, anchor = origin + local
                if packed[e].localAnchor != local || index.position(of: e) != anchor {
                    packed[e].localAnchor = local
                    index.move(e, to: anchor)
                    geometryVersion += 1
                }
                e += 1
            }
            return
        }
        if pendingGroups.isEmpty && packed.isEmpty { reserveFirstFrame(handlesPerNode: handles.count) }
        let start = pendingHandles.count
        if let last = pendingGroups.last, Int(last.count) == handles.count, !handles.isEmpty,
           Self.appendSharingStyles(handles, of: last, node: node, styles: styles, into: &pendingHandles) {
            // A run of nodes of one type: the last node's styles, its ids unique.
        } else {
            // Duplicate ids: a scan of the few handles of a usual node, a set for a node of many
            // (the scan is quadratic in them).
            let hashes = handles.count > 16
            var seen = Set<String>(minimumCapacity: hashes ? handles.count : 0)
            for h in handles {
                let duplicate = hashes ? !seen.insert(h.id).inserted
                    : pendingHandles[start...].contains(where: { styles[Int($0.style)].id == h.id })
                if duplicate { onDuplicate(h.id); continue }
                let style = intern(HandleStyle(id: h.id, type: h.type, position: h.position, color: h.color, isConnectable: h.isConnectable),
                                   order: pendingHandles.count - start)
                pendingHandles.append(PackedHandle(localAnchor: h.anchor, nodeIndex: node, style: style))
            }
        }
        if let backed = pendingBackedTo, pendingHandles.count + Self.backingWindow / 2 >= backed { backPendingHandles(from: backed) }
        let added = pendingHandles.count - start
        if added == n, pendingGroup(of: node) == nil,
           (0..<n).allSatisfy({ k in
               let old = packed[s + k], new = pendingHandles[start + k]
               return old.style == new.style && old.localAnchor == new.localAnchor && index.position(of: s + k) == origin + new.localAnchor
           }) {
            pendingHandles.removeLast(added)
            nodeIds[nodeIndex] = nodeId
            return
        }
        if !pending.isEmpty || pendingGroups.last.map({ $0.node >= node }) == true {
            mapRun()
            pending[node] = Int32(pendingGroups.count)
        }
        pendingGroups.append(PendingGroup(node: node, nodeId: nodeId, origin: origin, start: Int32(start), count: Int32(added)))
    }

    /// Appends `handles` (of node `node`) to `pending` with the styles of group `last`'s handles
    /// when they have that group's ids, types, sides, colours and connectability, in order, as
    /// the nodes of one type do: no id is then a duplicate (the group's are unique) and each
    /// style is the one `intern` would return, without hashing. Returns false, appending
    /// nothing, otherwise. One exclusivity check of the pending handles, not one per handle.
    /// O(handles).
    private static func appendSharingStyles(_ handles: ArraySlice<LaidOutHandle>, of last: PendingGroup, node: Int32,
                                            styles: [HandleStyle], into pending: inout [PackedHandle]) -> Bool {
        let from = Int(last.start) - handles.startIndex
        for h in handles.indices {
            let style = Int(pending[from + h].style)
            guard styles[style].id == handles[h].id, styles[style].type == handles[h].type, styles[style].position == handles[h].position,
                  HandleStyle.sameColor(styles[style].color, handles[h].color),
                  styles[style].isConnectable == handles[h].isConnectable else { return false }
        }
        for h in handles.indices {
            pending.append(PackedHandle(localAnchor: handles[h].anchor, nodeIndex: node, style: pending[from + h].style))
        }
        return true
    }

    /// Reserves the pending groups and handles of a first frame, which records every node in
    /// order: a group per node and, guessed from the first node, `handlesPerNode` handles each
    /// (at most 16; fewer page faults and no copies from doubling; `clearPending` frees them).
    /// Their pages are backed by another core while the pass appends (`PrefaultAhead`): the
    /// groups' whole (one per node at most), the handles' a window ahead (`pendingBackedTo`).
    private func reserveFirstFrame(handlesPerNode: Int) {
        guard starts.count > 4_096 else { return }
        pendingGroups.reserveCapacity(starts.count)
        pendingHandles.reserveCapacity(starts.count * min(max(handlesPerNode, 1), 16))
        PrefaultAhead.populateCapacity(of: &pendingGroups)
        backPendingHandles(from: pendingHandles.count)
    }

    /// Asks for the next window of the pending handles' storage, from handle `from`, to be
    /// backed (`pendingBackedTo`); stops at the storage's capacity.
    private func backPendingHandles(from: Int) {
        let end = min(pendingHandles.capacity, from + Self.backingWindow)
        guard end > from else { return pendingBackedTo = nil }
        PrefaultAhead.populate(&pendingHandles, elements: from..<end)
        pendingBackedTo = end
    }

    /// Node `node`'s pending group, if any: from `pending`, or in a run by binary search.
    /// O(1), or O(log groups) in a run.
    private func pendingGroup(of node: Int32) -> Int32? {
        guard pending.isEmpty else { return pending[node] }
        var lo = 0, hi = pendingGroups.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if pendingGroups[mid].node < node { lo = mid + 1 } else { hi = mid }
        }
        return lo < pendingGroups.count && pendingGroups[lo].node == node ? Int32(lo) : nil
    }

    /// Ends a run of pending groups: maps each group's node in `pending`. O(groups).
    private func mapRun() {
        guard pending.isEmpty else { return }
        for (g, group) in pendingGroups.enumerated() { pending[group.node] = Int32(g) }
    }

    /// Calls `body(node, group)` for each node's pending group (a run's in node order). O(groups).
    func forEachPendingGroup(_ body: (Int, Int32) -> Void) {
        if pending.isEmpty {
            for (g, group) in pendingGroups.enumerated() { body(Int(group.node), Int32(g)) }
        } else {
            for (node, g) in pending { body(Int(node), g) }
        }
    }

    /// The index of `style` in the style table, added when new. The style at the same `order`
    /// in the last node recorded is tried first (nodes of one type share their styles), so the
    /// table's dictionary is rarely hashed.
    private func intern(_ style: HandleStyle, order: Int) -> Int32 {
        if let last = pendingGroups.last, order < last.count {
            let guess = pendingHandles[Int(last.start) + order].style
            if styles[Int(guess)] == style { return guess }
        }
        if let k = styleIndex[style] { return k }
        let k = Int32(styles.count)
        styles.append(style)
        styleIndex[style] = k
        return k
    }

    /// Whether the entries from `s` on have `handles`' ids, types, sides, colours and
    /// connectability, in order (compared in place, without copying entries).
    private func holds(_ handles: ArraySlice<LaidOutHandle>, at s: Int) -> Bool {
        var e = s
        for h in handles.indices {
            let style = styles[Int(packed[e].style)]
            guard style.id == handles[h].id, style.type == handles[h].type, style.position == handles[h].position,
                  HandleStyle.sameColor(style.color, handles[h].color), style.isConnectable == handles[h].isConnectable else { return false }
            e += 1
        }
        return true
    }

    /// Moves node `nodeIndex`'s handles with the node to `origin` (absolute flow units).
    func move(nodeIndex: Int, to origin: Point) {
        if let g = pendingGroup(of: Int32(nodeIndex)) {
            pendingGroups[Int(g)].origin = origin
            return
        }
        for e in range(ofNode: nodeIndex) { index.move(e, to: origin + packed[e].localAnchor) }
        geometryVersion += 1
    }
}
