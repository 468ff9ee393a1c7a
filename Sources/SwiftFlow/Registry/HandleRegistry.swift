import SwiftFlowCore

/// One handle recorded in the frame's registry (handles.md §2).
public struct HandleEntry: Hashable {
    /// Index of the node in the array the canvas was given this frame.
    public var nodeIndex: Int32
    public var nodeId: String
    public var id: String
    public var type: HandleType
    public var position: Position
    /// Where edges attach and snapping measures from: absolute flow units.
    public var anchor: Point
    /// The anchor relative to the node's top-left, flow units.
    public var localAnchor: Point
    public var color: Color?
    public var isConnectable: Bool
    /// Order of appearance within the node, from 0.
    public var order: Int32
}

/// The per-frame handle registry: every handle placed by a node view, in flat arrays, with a
/// spatial hash over the anchors (flow units) for hit-testing and snapping (handles.md §2, §6).
///
/// Nodes that are not laid out in a frame (off-screen) keep their last handle geometry relative
/// to the node and move with it. A node whose handle set changes (ids, types, sides, colours,
/// connectability or count) causes one rebuild of the flat arrays and the hash at `commit()`;
/// a node that only moves re-bins its own handles.
public final class HandleRegistry {
    /// All handles, grouped by node in node order, each group in order of appearance.
    public private(set) var entries: [HandleEntry] = []
    /// Spatial hash over `entries[i].anchor`; the hash index equals the entry index.
    public private(set) var index = SpatialHash(cellSize: 40)
    /// Bumped by every structural rebuild, so dependants (edge endpoints) know to re-resolve.
    public private(set) var structureVersion = 0
    /// Bumped whenever any anchor moves or the structure changes, so dependants (cached edge
    /// bounds) know to recompute.
    public private(set) var geometryVersion = 0
    private var starts: [Int32] = []
    private var counts: [Int32] = []
    private var pending: [Int: [HandleEntry]] = [:]
    private var anchorsScratch: [Point] = []
    /// Nodes from this index on were added by `replaceTail` since the last commit: no edge was
    /// resolved against them, so their handles may be appended without a structural rebuild.
    private var freshFrom: Int?
    /// While the registry fills from empty in node order (`remap` left no node any handle, as in
    /// a first frame): the node from which on no node holds handles yet, so that a node's handles
    /// go straight to the end of `entries` instead of through `pending` (whose per-node lists a
    /// first frame of a million nodes would allocate a million of); the hash is built once, at
    /// `commit`. Nil otherwise, and after `commit`.
    private var fillingFrom: Int?

    /// Creates an empty registry.
    public init() {}

    /// Re-numbers the nodes after the node array changed structure: new node `i` takes the
    /// handles (anchors unchanged) of old node `source[i]`, or none when `source[i]` is negative.
    /// Pending changes are applied first. Rebuilds the flat arrays and the hash: O(nodes + handles).
    func remap(_ source: [Int32]) {
        commit()
        var rebuilt: [HandleEntry] = []
        rebuilt.reserveCapacity(entries.count)
        var newStarts = [Int32](repeating: 0, count: source.count)
        var newCounts = [Int32](repeating: 0, count: source.count)
        for (i, j) in source.enumerated() {
            newStarts[i] = Int32(rebuilt.count)
            guard j >= 0, Int(j) < starts.count else { continue }
            let s = Int(starts[Int(j)])
            for var e in entries[s..<s + Int(counts[Int(j)])] {
                e.nodeIndex = Int32(i)
                rebuilt.append(e)
            }
            newCounts[i] = Int32(rebuilt.count) - newStarts[i]
        }
        entries = rebuilt
        starts = newStarts
        counts = newCounts
        fillingFrom = entries.isEmpty ? 0 : nil
        rebuildIndex()
    }

    /// Follows a node array that kept its first `kept` nodes and has `count` nodes now: drops the
    /// handles of the nodes from `kept` on (the last entries, nodes being in order) and makes the
    /// new nodes' groups empty; their layout records their handles. The other entries keep their
    /// indices, so the structure version does not change. O(dropped handles + new nodes).
    func replaceTail(kept: Int, count: Int) {
        for node in pending.keys where node >= kept { pending[node] = nil }
        if kept < starts.count {
            let s = Int(starts[kept])
            while entries.count > s {
                entries.removeLast()
                index.removeLast()
            }
            starts.removeLast(starts.count - kept)
            counts.removeLast(counts.count - kept)
            geometryVersion += 1
        }
        if count > kept { freshFrom = min(freshFrom ?? kept, kept) }
        while starts.count < count {
            starts.append(Int32(entries.count))
            counts.append(0)
        }
    }

    /// The handles of node `nodeIndex`, in order of appearance.
    public func handles(ofNode nodeIndex: Int) -> ArraySlice<HandleEntry> {
        guard nodeIndex < starts.count else { return [] }
        let s = Int(starts[nodeIndex])
        return entries[s..<s + Int(counts[nodeIndex])]
    }

    /// Entry index of the handle `id` of node `nodeIndex` (optionally of `type`), or nil.
    public func find(nodeIndex: Int, id: String, type: HandleType? = nil) -> Int? {
        guard nodeIndex < starts.count else { return nil }
        let s = Int(starts[nodeIndex])
        for i in s..<s + Int(counts[nodeIndex]) where entries[i].id == id && (type == nil || entries[i].type == type) { return i }
        return nil
    }

    /// Entry index of node `nodeIndex`'s first handle of `type` (by order), or nil.
    public func first(nodeIndex: Int, type: HandleType) -> Int? {
        guard nodeIndex < starts.count else { return nil }
        let s = Int(starts[nodeIndex])
        for i in s..<s + Int(counts[nodeIndex]) where entries[i].type == type { return i }
        return nil
    }

    /// Records node `nodeIndex`'s freshly laid-out handles at `origin` (absolute flow units).
    /// Duplicate ids are dropped (the first wins); `onDuplicate` is told each dropped id.
    func update(nodeIndex: Int, nodeId: String, origin: Point, handles: ArraySlice<LaidOutHandle>,
                onDuplicate: (String) -> Void) {
        let s = Int(starts[nodeIndex]), n = Int(counts[nodeIndex])
        if pending.isEmpty || pending[nodeIndex] == nil, n == handles.count, holds(handles, at: s) {
            var e = s
            for h in handles.indices {
                let anchor = handles[h].anchor
                if entries[e].localAnchor != anchor || entries[e].anchor != origin + anchor {
                    entries[e].localAnchor = anchor
                    entries[e].anchor = origin + anchor
                    if e < index.count { index.move(e, to: entries[e].anchor) }   // else hashed at `commit`
                    geometryVersion += 1
                }
                e += 1
            }
            return
        }
        var list: [HandleEntry] = []
        list.reserveCapacity(handles.count)
        for h in handles {
            if list.contains(where: { $0.id == h.id }) { onDuplicate(h.id); continue }
            list.append(HandleEntry(nodeIndex: Int32(nodeIndex), nodeId: nodeId, id: h.id, type: h.type, position: h.position,
                                    anchor: origin + h.anchor, localAnchor: h.anchor, color: h.color,
                                    isConnectable: h.isConnectable, order: Int32(list.count)))
        }
        if pending[nodeIndex] == nil, list.count == n, zip(entries[s..<s + n], list).allSatisfy({ $0 == $1 }) { return }
        if let from = fillingFrom, nodeIndex >= from, pending.isEmpty {
            for k in from...nodeIndex { starts[k] = Int32(entries.count) }   // the nodes between hold none
            entries.append(contentsOf: list)
            counts[nodeIndex] = Int32(list.count)
            fillingFrom = nodeIndex + 1
            geometryVersion += 1
            return
        }
        fillingFrom = nil   // out of node order: through `pending` from here on
        pending[nodeIndex] = list
    }

    /// Whether the entries from `s` on have `handles`' ids, types, sides, colours and
    /// connectability, in order (compared in place, without copying entries).
    private func holds(_ handles: ArraySlice<LaidOutHandle>, at s: Int) -> Bool {
        var e = s
        for h in handles.indices {
            guard entries[e].id == handles[h].id, entries[e].type == handles[h].type, entries[e].position == handles[h].position,
                  entries[e].color == handles[h].color, entries[e].isConnectable == handles[h].isConnectable else { return false }
            e += 1
        }
        return true
    }

    /// Moves node `nodeIndex`'s handles with the node to `origin` (absolute flow units).
    func move(nodeIndex: Int, to origin: Point) {
        if pending[nodeIndex] != nil {
            for k in pending[nodeIndex]!.indices { pending[nodeIndex]![k].anchor = origin + pending[nodeIndex]![k].localAnchor }
            return
        }
        let s = Int(starts[nodeIndex])
        for i in s..<s + Int(counts[nodeIndex]) {
            entries[i].anchor = origin + entries[i].localAnchor
            if i < index.count { index.move(i, to: entries[i].anchor) }   // else hashed at `commit`
        }
        geometryVersion += 1
    }

    /// Applies structural changes recorded since the last commit: appends the handles of nodes
    /// new since then (`appendPendingAtTail`), else rebuilds the flat arrays and the hash
    /// (O(handles)) when any node's handle set changed; else does nothing.
    func commit() {
        defer { freshFrom = nil; fillingFrom = nil }
        if pending.isEmpty && index.count != entries.count { rebuildIndex() }   // handles filled in (`fillingFrom`)
        guard !pending.isEmpty else { return }
        if appendPendingAtTail() { return }
        var rebuilt: [HandleEntry] = []
        rebuilt.reserveCapacity(entries.count + 16)
        for node in 0..<starts.count {
            let start = Int32(rebuilt.count)
            if let list = pending[node] {
                rebuilt.append(contentsOf: list)
            } else {
                let s = Int(starts[node])
                rebuilt.append(contentsOf: entries[s..<s + Int(counts[node])])
            }
            starts[node] = start
            counts[node] = Int32(rebuilt.count) - start
        }
        entries = rebuilt
        pending.removeAll(keepingCapacity: true)
        rebuildIndex()
    }

    /// Commits the pending handle sets by appending them when they all belong to nodes new since
    /// the last commit (`replaceTail`) after the last node holding handles: the other entries keep their indices,
    /// so the structure version does not change. Returns false, changing nothing, otherwise.
    /// O(pending nodes + their handles + nodes after the first of them).
    private func appendPendingAtTail() -> Bool {
        guard let fresh = freshFrom, let first = pending.keys.min(), first >= fresh, first < starts.count,
              Int(starts[first]) == entries.count else { return false }
        for node in first..<starts.count {
            starts[node] = Int32(entries.count)
            for e in pending[node] ?? [] {
                entries.append(e)
                index.append(e.anchor)
            }
            counts[node] = Int32(entries.count) - starts[node]
        }
        pending.removeAll(keepingCapacity: true)
        geometryVersion += 1
        return true
    }

    /// Rehashes every anchor after the flat arrays changed; bumps both versions.
    private func rebuildIndex() {
        anchorsScratch.removeAll(keepingCapacity: true)
        for e in entries { anchorsScratch.append(e.anchor) }
        index.rebuild(anchorsScratch)
        structureVersion += 1
        geometryVersion += 1
    }
}
