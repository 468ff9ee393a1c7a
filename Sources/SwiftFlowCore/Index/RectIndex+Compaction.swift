// `RectIndex`'s compaction: every item filed again in the flat cells, on every core.

extension RectIndex {
    /// One chunk's share of a compaction: the cells its items meet, in order of first filing,
    /// with its filings in each (then its first slot in each), and its items too large for cells.
    private struct CellShare {
        var cells = CellTable()
        var sizes: [Int32] = []
        var large: [Int32] = []
    }

    /// Files every item again: those covering few cells in the flat cells (a counting sort by
    /// cell, items ascending in each), the others in rows, columns or the large list. The
    /// counting and the filing run on every core (`ParallelChunks`, chunks of `minimumChunk`
    /// items at least): each chunk counts its filings per cell in a table of its own; the cells
    /// are then numbered in order of first filing (a chunk's new cells after those of the chunks
    /// before it) and each chunk gets its first slot in each, so the cells, their numbers and
    /// their items are those of one pass in item order.
    mutating func compact(minimumChunk: Int = 16_384) {
        clearCells()
        let count = rects.count, inverse = inverseCellSize
        var shares = [CellShare](repeating: CellShare(), count: ParallelChunks.chunkCount(count, minimumChunk: minimumChunk))
        rects.withUnsafeBufferPointer { rects in
            shares.withUnsafeMutableBufferPointer { shares in
                nonisolated(unsafe) let shares = shares
                ParallelChunks.run(count, minimumChunk: minimumChunk) { c, range in
                    var share = CellShare()
                    for i in range {
                        guard let r = Self.unpack(rects[i]) else { continue }
                        let (xs, ys) = Self.cellRange(r, inverse)
                        if xs.count * ys.count > Self.maxCellsPerItem {
                            share.large.append(Int32(i))
                            continue
                        }
                        for cy in ys {
                            for cx in xs {
                                let cell = share.cells.cell(adding: Self.key(cx, cy))
                                if cell == share.sizes.count { share.sizes.append(0) }
                                share.sizes[cell] += 1
                            }
                        }
                    }
                    shares[c] = share
                }
            }
        }
        for share in shares {
            for i in share.large { file(Int(i), Self.unpack(rects[Int(i)]), insert: true) }
        }
        // The cells in order of first filing, then the prefix sums of their sizes.
        var sizes: [Int32] = []
        for share in shares {
            for (local, key) in share.cells.keys.enumerated() {
                let cell = flat.cell(adding: key)
                if cell == sizes.count { sizes.append(0) }
                sizes[cell] += share.sizes[local]
            }
        }
        flatStarts = [Int32](repeating: 0, count: sizes.count + 1)
        for c in sizes.indices { flatStarts[c + 1] = flatStarts[c] + sizes[c] }
        // Each chunk's first slot in each of its cells, the chunks in order.
        var next = flatStarts
        for c in shares.indices {
            for (local, key) in shares[c].cells.keys.enumerated() {
                let cell = flat.cell(key)!, size = shares[c].sizes[local]
                shares[c].sizes[local] = next[cell]
                next[cell] += size
            }
        }
        let filings = Int(flatStarts[sizes.count])
        flatItems = [Int32](unsafeUninitializedCapacity: filings) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            rects.withUnsafeBufferPointer { rects in
                shares.withUnsafeMutableBufferPointer { shares in
                    nonisolated(unsafe) let shares = shares
                    ParallelChunks.run(count, minimumChunk: minimumChunk) { c, range in
                        let cells = shares[c].cells
                        var next = shares[c].sizes
                        shares[c].sizes = []
                        for i in range {
                            guard let r = Self.unpack(rects[i]) else { continue }
                            let (xs, ys) = Self.cellRange(r, inverse)
                            guard xs.count * ys.count <= Self.maxCellsPerItem else { continue }
                            for cy in ys {
                                for cx in xs {
                                    let cell = cells.cell(Self.key(cx, cy))!
                                    (out.baseAddress! + Int(next[cell])).initialize(to: Int32(i))
                                    next[cell] += 1
                                }
                            }
                        }
                    }
                }
            }
            initialized = filings
        }
        // Exact capacity: the keys grew by doubling.
        flat.trim()
    }
}
