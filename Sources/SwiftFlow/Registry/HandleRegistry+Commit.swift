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
    /// pending handles, in node order and without gaps, become the flat array whole (their own
    /// storage when it is within an eighth of exact, else one copy to exact capacity, as the
    /// general commit's) instead of being appended one by one; each node's range, id and anchors
    /// are written in parallel chunks of groups (`ParallelChunks`), each chunk to its own nodes
    /// and entries: the same entries, hash and versions as the general commit. Returns false,
    /// changing nothing, when the registry holds handles or the groups are not such a run.
    /// O(nodes + handles).
    private func commitRunIntoEmpty() -> Bool {
        guard packed.isEmpty, pending.isEmpty else { return false }
        let groups = pendingGroups, nodes = starts.count
        var total: Int32 = 0, previous: Int32 = -1
        for group in groups {
            guard group.start == total, group.node > previous, Int(group.node) < nodes else { return false }
            total += group.count
            previous = group.node
        }
        let source = pendingHandles, count = Int(total)
        guard count == source.count else { return false }
        if source.capacity - count <= count / 8 + 64 {
            packed = source   // unique once `clearPending` drops the pending array below
        } else {
            packed = [PackedHandle](unsafeUninitializedCapacity: count) { buffer, initialized in
                source.withUnsafeBufferPointer { _ = buffer.initialize(fromContentsOf: $0) }
                initialized = count
            }
        }
        let anchors = [Point](unsafeUninitializedCapacity: count) { anchors, initialized in
            groups.withUnsafeBufferPointer { groups in
                source.withUnsafeBufferPointer { source in
                    starts.withUnsafeMutableBufferPointer { starts in
                        counts.withUnsafeMutableBufferPointer { counts in
                            nodeIds.withUnsafeMutableBufferPointer { ids in
                                Self.fillRun(groups, source, anchors: anchors, starts: starts, counts: counts, ids: ids)
                            }
                        }
                    }
                }
            }
            initialized = count
        }
        clearPending()
        rebuildIndex(anchors)
        return true
    }

    /// `commitRunIntoEmpty`'s pass over a run's groups (node order, starts without gaps): each
    /// group's node gets its id, start and count, the nodes between it and the group before
    /// (none of their own) start where it does, empty, and its handles' anchors (`anchors`,
    /// uninitialised) are its origin plus their local anchors; the nodes after the last group
    /// start at the end, empty. Chunks of groups run in parallel, each writing only its groups'
    /// nodes and entries. O(nodes + handles).
    private static func fillRun(_ groups: UnsafeBufferPointer<PendingGroup>, _ source: UnsafeBufferPointer<PackedHandle>,
                                anchors: UnsafeMutableBufferPointer<Point>, starts: UnsafeMutableBufferPointer<Int32>,
                                counts: UnsafeMutableBufferPointer<Int32>, ids: UnsafeMutableBufferPointer<String>) {
        nonisolated(unsafe) let anchors = anchors, starts = starts, counts = counts, ids = ids
        ParallelChunks.run(groups.count) { _, range in
            for g in range {
                let group = groups[g], node = Int(group.node)
                for n in (g == 0 ? 0 : Int(groups[g - 1].node) + 1)..<node {
                    starts[n] = group.start
                    counts[n] = 0
                }
                ids[node] = group.nodeId
                starts[node] = group.start
                counts[node] = group.count
                for e in Int(group.start)..<Int(group.start + group.count) {
                    (anchors.baseAddress! + e).initialize(to: group.origin + source[e].localAnchor)
                }
            }
        }
        let end = Int32(source.count)
        for n in (groups.last.map { Int($0.node) + 1 } ?? 0)..<starts.count {
            starts[n] = end
            counts[n] = 0
        }
    }

    /// Empties the pending sets, keeping their storage only while it is small (after a first
    /// frame that recorded every node, it would hold every handle again).
    func clearPending() {
        idMaps.removeAll()
        pendingBackedTo = nil
        let keep = pendingHandles.capacity <= 4_096
        pending.removeAll(keepingCapacity: keep)
        pendingGroups.removeAll(keepingCapacity: keep)
        pendingHandles.removeAll(keepingCapacity: keep)
    }

    /// Rehashes every anchor (`anchors[e]` for entry `e`) after the flat arrays changed, the
    /// hash taking the array's storage; bumps both versions.
    func rebuildIndex(_ anchors: consuming [Point]) {
        index.rebuild(anchors)
        structureVersion += 1
        geometryVersion += 1
    }
}
