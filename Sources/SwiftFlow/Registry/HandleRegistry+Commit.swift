import SwiftFlowCore

// How the handle sets recorded since the last commit become the flat arrays and the hash:
// appended after the last node, copied whole into an empty registry (a first frame), or the
// arrays rebuilt.
extension HandleRegistry {
    /// Applies structural changes recorded since the last commit: appends the handles of nodes
    /// new since then (`appendPendingAtTail`), else rebuilds the flat arrays and the hash
    /// (O(handles)) when any node's handle set changed; else does nothing.
    func commit() {
        defer { freshFrom = nil }
        guard !pendingGroups.isEmpty else { return }   // nothing pending (`pending` is empty in a run)
        if appendPendingAtTail() || commitRunIntoEmpty() { return }
        var total = packed.count
        forEachPendingGroup { node, g in total += Int(pendingGroups[Int(g)].count) - Int(counts[node]) }
        var rebuilt: [PackedHandle] = [], anchors: [Point] = []
        rebuilt.reserveCapacity(total)
        anchors.reserveCapacity(total)
        // Each node's group, by node index: one pass over the map instead of a lookup per node.
        var groupOf = [Int32](repeating: -1, count: starts.count)
        forEachPendingGroup { node, g in if node < groupOf.count { groupOf[node] = g } }
        for node in 0..<starts.count {
            let start = Int32(rebuilt.count)
            let g = groupOf[node]
            if g >= 0 {
                let group = pendingGroups[Int(g)]
                nodeIds[node] = group.nodeId
                for h in pendingHandles[Int(group.start)..<Int(group.start + group.count)] {
                    rebuilt.append(h)
                    anchors.append(group.origin + h.localAnchor)
                }
            } else {
                for e in range(ofNode: node) {
                    rebuilt.append(packed[e])
                    anchors.append(index.position(of: e))
                }
            }
            starts[node] = start
            counts[node] = Int32(rebuilt.count) - start
        }
        packed = rebuilt
        clearPending()
        rebuildIndex(anchors)
    }

    /// Commits the pending handle sets by appending them when they all belong to nodes new since
    /// the last commit (`replaceTail`) after the last node holding handles: the other entries keep their indices,
    /// so the structure version does not change. Returns false, changing nothing, otherwise.
    /// O(pending nodes + their handles + nodes after the first of them).
    private func appendPendingAtTail() -> Bool {
        let run = pending.isEmpty
        guard let fresh = freshFrom, let first = (run ? pendingGroups.first?.node : pending.keys.min()).map(Int.init),
              first >= fresh, first < starts.count, Int(starts[first]) == packed.count else { return false }
        var next = 0   // a run's next group
        for node in first..<starts.count {
            starts[node] = Int32(packed.count)
            var found: Int32?
            if !run {
                found = pending[Int32(node)]
            } else if next < pendingGroups.count && Int(pendingGroups[next].node) == node {
                found = Int32(next)
                next += 1
            }
            if let g = found {
                let group = pendingGroups[Int(g)]
                nodeIds[node] = group.nodeId
                for h in pendingHandles[Int(group.start)..<Int(group.start + group.count)] {
                    packed.append(h)
                    index.append(group.origin + h.localAnchor)
                }
            }
            counts[node] = Int32(packed.count) - starts[node]
        }
        clearPending()
        geometryVersion += 1
        return true
    }

    /// Commits a run of pending groups into a registry holding no handle (a first frame): the
    /// pending handles, in node order and without gaps, become the flat array in one copy (to
    /// exact capacity, as the general commit's) instead of being appended one by one; the same
    /// entries, hash and versions as the general commit. Returns false, changing nothing, when
    /// the registry holds handles or the groups are not such a run.
    /// O(nodes + handles).
    private func commitRunIntoEmpty() -> Bool {
        guard packed.isEmpty, pending.isEmpty else { return false }
        let groups = pendingGroups, nodes = starts.count
        var total: Int32 = 0
        for group in groups {
            guard group.start == total, Int(group.node) < nodes else { return false }
            total += group.count
        }
        let source = pendingHandles
        guard Int(total) == source.count else { return false }
        packed = [PackedHandle](unsafeUninitializedCapacity: source.count) { buffer, initialized in
            source.withUnsafeBufferPointer { _ = buffer.initialize(fromContentsOf: $0) }
            initialized = source.count
        }
        var anchors: [Point] = []
        anchors.reserveCapacity(source.count)
        var g = 0
        for node in 0..<nodes {
            let start = Int32(anchors.count)
            if g < groups.count && Int(groups[g].node) == node {
                let group = groups[g]
                g += 1
                nodeIds[node] = group.nodeId
                for e in Int(group.start)..<Int(group.start + group.count) { anchors.append(group.origin + source[e].localAnchor) }
            }
            starts[node] = start
            counts[node] = Int32(anchors.count) - start
        }
        clearPending()
        rebuildIndex(anchors)
        return true
    }

    /// Empties the pending sets, keeping their storage only while it is small (after a first
    /// frame that recorded every node, it would hold every handle again).
    func clearPending() {
        idMaps.removeAll()
        let keep = pendingHandles.capacity <= 4_096
        pending.removeAll(keepingCapacity: keep)
        pendingGroups.removeAll(keepingCapacity: keep)
        pendingHandles.removeAll(keepingCapacity: keep)
    }

    /// Rehashes every anchor (`anchors[e]` for entry `e`) after the flat arrays changed; bumps
    /// both versions.
    func rebuildIndex(_ anchors: [Point]) {
        index.rebuild(anchors)
        structureVersion += 1
        geometryVersion += 1
    }
}
