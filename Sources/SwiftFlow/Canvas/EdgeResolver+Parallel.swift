import SwiftFlowCore

// Resolving every edge's ends on every core (`ParallelChunks`), with the result of one pass in
// edge order: the same ends, keys, names and problems, whatever the number of chunks.

extension EdgeResolver {
    /// One chunk's share of a parallel pass: the names its keys hold (numbered by the chunk,
    /// in order of first use), its problems (in edge order) and its missing ends.
    struct Share {
        var names: [String] = []
        var problems: [Problem] = []
        var missingEnds = 0
    }

    /// Merges the chunks' `shares` (in chunk order) into `index`, whose names must be empty:
    /// each chunk's names are interned in turn, so a name's place is that of its first use in
    /// edge order (as in one pass), the keys of a chunk that numbered its names otherwise are
    /// renumbered (on every core), and the missing ends summed. `keys` holds every edge's key as
    /// its chunk numbered it, chunk `c` over `ParallelChunks.range(of: c, shares.count, count:)`.
    /// Returns the problems, in edge order. O(names + edges of renumbered chunks).
    static func merge(_ shares: [Share], keys: UnsafeMutableBufferPointer<EdgeKey>, into index: inout EdgeIndex) -> [Problem] {
        var renumbering = [[Int32]?](repeating: nil, count: shares.count)
        var problems: [Problem] = []
        problems.reserveCapacity(shares.reduce(0) { $0 + $1.problems.count })
        for (c, share) in shares.enumerated() {
            let places = share.names.map { index.intern($0) }
            if places.indices.contains(where: { places[$0] != Int32($0) }) { renumbering[c] = places }
            problems += share.problems
            index.missingEnds += share.missingEnds
        }
        guard renumbering.contains(where: { $0 != nil }) else { return problems }
        nonisolated(unsafe) let keys = keys
        ParallelChunks.run(shares.count, minimumChunk: 1) { _, chunks in
            for c in chunks {
                guard let places = renumbering[c] else { continue }
                for k in ParallelChunks.range(of: c, shares.count, count: keys.count) { keys[k] = renumbered(keys[k], places) }
            }
        }
        return problems
    }

    /// `key` with its names' places (`EdgeKey`: a missing node's `-1 - k`, a handle's `k`)
    /// taken from `places`.
    private static func renumbered(_ key: EdgeKey, _ places: [Int32]) -> EdgeKey {
        func node(_ v: Int32) -> Int32 { v >= 0 ? v : -1 - places[Int(-1 - v)] }
        func name(_ v: Int32) -> Int32 { v >= 0 ? places[Int(v)] : v }
        return EdgeKey(source: node(key.source), target: node(key.target), sourceHandle: name(key.sourceHandle),
                       targetHandle: name(key.targetHandle))
    }
}

extension FlowCanvas {
    /// Resolves every edge's ends into the edge index (emptied by the caller) on every core,
    /// as `EdgeResolver.append` over the edges in order would, then reports the problems found,
    /// in edge order. The registry's id maps are built first (`HandleRegistry.buildIdMaps`):
    /// the chunks only read it. Reads the edges' fields in place. `minimumChunk`: the fewest
    /// edges a chunk takes. O(edges).
    func resolveAll(_ edges: [Edge<EdgeData>], minimumChunk: Int = 16_384) {
        if ParallelChunks.chunkCount(edges.count, minimumChunk: minimumChunk) > 1 { registry.buildIdMaps() }
        let resolver = EdgeResolver(nodes: nodeCache, registry: registry, connectionMode: connectionMode)
        let problems = Self.resolveAll(edges, resolver, into: &edgeIndex, minimumChunk: minimumChunk)
        for p in problems { report(p.diagnostic(edgeId: edges[p.edge].id)) }
    }

    /// The parallel pass, given only its parts: each chunk resolves its edges with its own copy
    /// of `resolver` into its own slots of the keys and ends (made with room for appended edges:
    /// the first one must not copy every edge's ends) and its own names, merged after
    /// (`EdgeResolver.merge`).
    @_specialize(where NodeData == JSONValue, EdgeData == JSONValue)
    static func resolveAll(_ edges: [Edge<EdgeData>], _ resolver: EdgeResolver, into index: inout EdgeIndex,
                           minimumChunk: Int) -> [EdgeResolver.Problem] {
        let count = edges.count, room = count + count / 8 + 16
        var shares = [EdgeResolver.Share](repeating: .init(), count: ParallelChunks.chunkCount(count, minimumChunk: minimumChunk))
        var problems: [EdgeResolver.Problem] = []
        var ends: [EdgeEnds] = []
        let keys = [EdgeKey](unsafeUninitializedCapacity: room) { keyBuffer, keysMade in
            ends = [EdgeEnds](unsafeUninitializedCapacity: room) { endBuffer, endsMade in
                edges.withUnsafeBufferPointer { edges in
                    shares.withUnsafeMutableBufferPointer { shares in
                        nonisolated(unsafe) let keyBuffer = keyBuffer, endBuffer = endBuffer, shares = shares
                        ParallelChunks.run(count, minimumChunk: minimumChunk) { c, range in
                            var resolver = resolver, names = EdgeIndex(), missing = 0
                            for k in range {
                                let (key, e) = resolver.resolve(edge: k, source: edges[k].source, target: edges[k].target,
                                                                sourceHandle: edges[k].sourceHandle, targetHandle: edges[k].targetHandle,
                                                                names: &names)
                                (keyBuffer.baseAddress! + k).initialize(to: key)
                                (endBuffer.baseAddress! + k).initialize(to: e)
                                missing += EdgeIndex.missingCount(e)
                            }
                            shares[c] = EdgeResolver.Share(names: names.names, problems: resolver.problems, missingEnds: missing)
                        }
                    }
                }
                endsMade = count
            }
            keysMade = count
            problems = EdgeResolver.merge(shares, keys: UnsafeMutableBufferPointer(rebasing: keyBuffer[0..<count]), into: &index)
        }
        index.keys = keys
        index.ends = ends
        return problems
    }
}
