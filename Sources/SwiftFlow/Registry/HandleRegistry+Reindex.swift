import SwiftFlowCore

// How the registry follows a node array that changed structure: nodes re-numbered (`remap`),
// the last nodes replaced (`replaceTail`) or nodes removed anywhere (`removeNodes`).
extension HandleRegistry {
    /// Re-numbers the nodes after the node array changed structure: new node `i` takes the
    /// handles (anchors unchanged) of old node `source[i]`, or none when `source[i]` is negative.
    /// Pending changes are applied first. Rebuilds the flat arrays and the hash: O(nodes + handles).
    func remap(_ source: [Int32]) {
        commit()
        var total = 0
        for j in source where j >= 0 && Int(j) < starts.count { total += Int(counts[Int(j)]) }
        var rebuilt: [PackedHandle] = [], anchors: [Point] = []
        rebuilt.reserveCapacity(total)
        anchors.reserveCapacity(total)
        var newIds = [String](repeating: "", count: source.count)
        var newStarts = [Int32](repeating: 0, count: source.count)
        var newCounts = [Int32](repeating: 0, count: source.count)
        for (i, j) in source.enumerated() {
            newStarts[i] = Int32(rebuilt.count)
            guard j >= 0, Int(j) < starts.count else { continue }
            newIds[i] = nodeIds[Int(j)]
            for e in range(ofNode: Int(j)) {
                rebuilt.append(PackedHandle(localAnchor: packed[e].localAnchor, nodeIndex: Int32(i), style: packed[e].style))
                anchors.append(index.position(of: e))
            }
            newCounts[i] = Int32(rebuilt.count) - newStarts[i]
        }
        packed = rebuilt
        idMaps.removeAll()
        nodeIds = newIds
        starts = newStarts
        counts = newCounts
        rebuildIndex(anchors)
    }

    /// Follows a node array that kept its first `kept` nodes and has `count` nodes now: drops the
    /// handles of the nodes from `kept` on (the last entries, nodes being in order) and makes the
    /// new nodes' groups empty; their layout records their handles. The other entries keep their
    /// indices, so the structure version does not change. O(dropped handles + new nodes).
    func replaceTail(kept: Int, count: Int) {
        idMaps.removeAll()
        if pending.isEmpty {
            while let last = pendingGroups.last, Int(last.node) >= kept {
                pendingGroups.removeLast()
                pendingHandles.removeLast(pendingHandles.count - Int(last.start))
            }
        } else {
            for node in pending.keys where Int(node) >= kept { pending[node] = nil }
            if pending.isEmpty { clearPending() }   // no group left: not a run
        }
        if kept < starts.count {
            let s = Int(starts[kept])
            while packed.count > s {
                packed.removeLast()
                index.removeLast()
            }
            nodeIds.removeLast(nodeIds.count - kept)
            starts.removeLast(starts.count - kept)
            counts.removeLast(counts.count - kept)
            geometryVersion += 1
        }
        if count > kept { freshFrom = min(freshFrom ?? kept, kept) }
        while starts.count < count {
            nodeIds.append("")
            starts.append(Int32(packed.count))
            counts.append(0)
        }
    }

    /// Whether no handle set waits for `commit` and no node was added since (`replaceTail`).
    var isCommitted: Bool { pendingGroups.isEmpty && pending.isEmpty && freshFrom == nil }

    /// Follows the removal of the nodes at `removed.removed` from a node array that kept the
    /// others' order: drops their handles, and the other nodes and entries move down (the nodes'
    /// ranges and the entries' node indices renumbered in flat passes, the hash's entries too:
    /// `SpatialHash.remove(atSorted:)`). Returns the removed entries, ascending, for those
    /// holding entry indices (edge ends) to renumber the same way; the structure version does
    /// not change. Returns nil, changing nothing, while handle sets wait for `commit` or new
    /// nodes' handles may be appended (`replaceTail`). O(nodes + handles) in flat passes.
    func removeNodes(_ removed: IndexGaps) -> [Int]? {
        guard isCommitted, let last = removed.removed.last, last < starts.count else { return nil }
        var entries: [Int] = []
        for n in removed.removed { entries.append(contentsOf: range(ofNode: n)) }
        let entryGaps = IndexGaps(entries)
        idMaps.removeAll()   // keyed by node index, holding entry indices: both move
        nodeIds.remove(atSorted: removed.removed)
        starts.remove(atSorted: removed.removed)
        counts.remove(atSorted: removed.removed)
        let first = Int32(removed.removed[0])
        starts.withUnsafeMutableBufferPointer { s in
            for n in s.indices { s[n] = entryGaps.shifted(s[n]) }
        }
        if !entries.isEmpty {
            packed.remove(atSorted: entries)
            index.remove(atSorted: entries)
        }
        packed.withUnsafeMutableBufferPointer { p in
            for e in p.indices where p[e].nodeIndex > first { p[e].nodeIndex = removed.shifted(p[e].nodeIndex) }
        }
        geometryVersion += 1
        return entries
    }
}
