/// A uniform grid over rectangles in flow units, for culling (docs/ARCHITECTURE.md, index stage: the coarse index
/// over node and edge bounds): which items' rectangles meet a query rectangle, at a cost that
/// follows the items near the query rather than the items indexed.
///
/// Items are identified by an index `0 ..< count`; each has an optional rectangle (nil = not
/// indexed, e.g. a hidden node). An item is filed in every cell of `cellSize` flow units its
/// rectangle overlaps; one overlapping more than `maxCellsPerItem` cells (a long edge, a big
/// group) is filed instead in each row of cells it overlaps when it spans at most that many
/// rows (a long flat edge, such as one wrapping from the end of a row of nodes to the start of
/// the next), else in each column when it spans at most that many columns, else in a list that
/// every query scans. A query thus visits the items of the rows and columns it overlaps, not
/// every long item of the graph. `update(_:to:)` re-bins one item
/// in O(cells it covers), so moving a few items never rebuilds the index, and
/// `remove(atSorted:)` renumbers the filings in place; `rebuildCount` and `rebinCount` count the
/// two kinds of work (for benchmarks and tests).
///
/// Storage: `rebuild(_:)` and `compactIfFragmented()` file the cells flat, every cell's items in
/// one array found through a hash table of cells (about 4 bytes a filing); cells filed by
/// `update(_:to:)` since keep an array each (a heap object per cell) until the next compaction.
/// Rectangles given to an index that files no item (a first layout, item by item) are not filed
/// at all until the next `compactIfFragmented()` files them flat (`awaitsFiling`; queries scan
/// meanwhile), so a first layout makes no array per cell.
///
/// Queries report each item once (in the one visited cell that holds the top-left of the
/// item's overlap with the query) and in ascending index order, so culling through the index
/// gives exactly the items, in exactly the order, of a scan over every rectangle.
public struct RectIndex: Sendable {
    /// Edge length of one grid cell, flow units.
    public let cellSize: Double
    /// Items covering more cells than this are not filed in cells but in rows or columns (or,
    /// spanning more than this many of both, scanned by every query).
    public static let maxCellsPerItem = 16
    /// How many full rebuilds (`rebuild(_:)`, `reset(count:)`) happened since creation.
    public private(set) var rebuildCount = 0
    /// How many times an item was moved to other cells by `update(_:to:)` since creation.
    public private(set) var rebinCount = 0
    /// Whether `update` records the rectangles it replaces and sets in `changedRects` (for a
    /// cache of what the items look like, e.g. the canvas' overview picture). Default false.
    public var recordsChanges = false
    /// With `recordsChanges`: the old and the new rectangle (each when not nil) of every
    /// `update` and `append` since the last `clearChangedRects()`; a `rebuild` is told by
    /// `rebuildCount` instead.
    public private(set) var changedRects: [Rect] = []

    let inverseCellSize: Double
    /// Each item's rectangle; `Self.none` (a NaN origin, which no indexable rectangle has) for
    /// nil, so that an item costs 32 bytes, not an optional's 40.
    var rects: [Rect] = []
    static let none = Rect(x: .nan, y: .nan, width: 0, height: 0)
    /// The cells as the last compaction filed them, flat (no array per cell): cell `c` (key
    /// `flat.keys[c]`, see `key(_:_:)`) holds `flatItems[flatStarts[c] ..< flatStarts[c + 1]]`,
    /// ascending, `Self.stale` where an item has left since.
    var flat = CellTable()
    var flatStarts: [Int32] = [0]
    var flatItems: [Int32] = []
    /// Items filed in cells since the last compaction (by `update` and `append`): key to the
    /// items filed there; `filedSinceCompaction` counts those filings.
    private var cells: [UInt64: [Int32]] = [:]
    private var filedSinceCompaction = 0
    /// Whether items have rectangles that no cell, row, column or large list holds (see
    /// `awaitsFiling`); the cells are then all empty, so every query scans.
    private var unfiled = false
    private static let stale: Int32 = -1
    /// Items too large for the cells, by row (`cy`) they overlap, and by column (`cx`).
    private var rows: [Int: [Int32]] = [:]
    private var columns: [Int: [Int32]] = [:]
    /// Items too large for the cells, the rows and the columns.
    private var large: [Int32] = []
    /// Cells are clamped to ±2³⁰ so that huge finite coordinates never trap.
    private static let cellLimit = Double(1 << 30)

    /// Creates an empty index.
    /// - Parameter cellSize: grid cell edge, flow units; a value that is not finite and > 0
    ///   falls back to 512.
    public init(cellSize: Double = 512) {
        self.cellSize = cellSize.isFinite && cellSize > 0 ? cellSize : 512
        inverseCellSize = 1 / self.cellSize
    }

    /// The number of items (indexed or not). O(1).
    public var count: Int { rects.count }

    /// Whether rectangles given by `update(_:to:)` or `append(_:)` to an index that filed no item
    /// wait, unfiled, for the next `compactIfFragmented()`, which files them flat; until then
    /// every query scans the rectangles (O(count)), with the same answers. O(1).
    public var awaitsFiling: Bool { unfiled }

    /// Item `index`'s rectangle as last given, or nil. O(1); `index` must be in `0 ..< count`.
    public func rect(of index: Int) -> Rect? { Self.unpack(rects[index]) }

    /// Forgets every item and makes `count` items with no rectangle, with room to grow as
    /// `rebuild(_:)` leaves (an eighth more). O(count).
    public mutating func reset(count: Int) {
        let count = max(count, 0)
        rects.fill(repeating: Self.none, count: count, capacity: count + count / 8 + 16)
        clearCells()
        rebuildCount += 1
    }

    /// Replaces every item: item `i` gets `rects[i]` (one with a non-finite coordinate or a
    /// negative size counts as nil), copied. O(total cells covered).
    public mutating func rebuild(_ newRects: [Rect?]) {
        newRects.withUnsafeBufferPointer { newRects in rebuild(count: newRects.count) { newRects[$0] } }
    }

    /// Replaces every item with `count` items: item `i` gets `rect(i)` (nil, or one with a
    /// non-finite coordinate or a negative size: not indexed), then files them. Both passes run on
    /// every core (`ParallelChunks`): `rect` is called once per item from several threads at
    /// once, so it must only read. The index is the same for any number of chunks.
    /// `minimumChunk`: the fewest items a chunk takes (default 16,384). O(count + total cells
    /// covered).
    public mutating func rebuild(count: Int, minimumChunk: Int = 16_384, _ rect: (Int) -> Rect?) {
        reset(count: 0)
        let count = max(count, 0)
        // The index's own array, filled in place (no copy), with room to grow: `append`
        // reallocates once per eighth of the items.
        rects = [Rect](unsafeUninitializedCapacity: count + count / 8 + 16) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            ParallelChunks.run(count, minimumChunk: minimumChunk) { _, range in
                for i in range { (out.baseAddress! + i).initialize(to: rect(i).flatMap { Self.isIndexable($0) ? $0 : nil } ?? Self.none) }
            }
            initialized = count
        }
        compact(minimumChunk: minimumChunk)
    }

    /// Files every item again in flat cells (as `rebuild` does, without counting a rebuild: the
    /// rectangles and every query's answer stay the same) when the index `awaitsFiling` (a first
    /// layout), or when more than an eighth of the cell filings, and more than 1,024, were made by
    /// `update` or `append` since the last compaction (a long drag): those cost an array each per
    /// cell. O(1) otherwise, else O(count + cells covered).
    public mutating func compactIfFragmented() {
        if unfiled || filedSinceCompaction > max(1_024, flatItems.count / 8) { compact() }
    }

    /// Removes the items at `removed` (ascending, distinct, each in `0 ..< count`); the others
    /// move down over the gaps (item `i` becomes `i` less the removed items before it), as
    /// `Array.remove(atSorted:)` moves an array of their rectangles, and every query then answers
    /// as an index rebuilt from the kept rectangles would. With `recordsChanges`, the removed
    /// rectangles join `changedRects`. Not a rebuild (`rebuildCount` stays): one pass over the
    /// filings renumbers them in place, the removed items' flat filings turn stale (counted as
    /// filings, so that `compactIfFragmented` drops them in time), nothing is filed again.
    /// O(count + filings).
    public mutating func remove(atSorted removed: [Int]) {
        guard let firstRemoved = removed.first else { return }
        let gaps = IndexGaps(removed), first = Int32(firstRemoved)
        if recordsChanges {
            for r in removed { if let old = Self.unpack(rects[r]) { changedRects.append(old) } }
        }
        rects.remove(atSorted: removed)
        flatItems.withUnsafeMutableBufferPointer { items in
            for k in items.indices where items[k] >= first { items[k] = gaps.renumbered(items[k]) ?? Self.stale }
        }
        Self.renumber(&cells, gaps)
        Self.renumber(&rows, gaps)
        Self.renumber(&columns, gaps)
        large = large.compactMap { gaps.renumbered($0) }
        filedSinceCompaction += removed.count   // stale filings: `compactIfFragmented` drops them in time
    }

    /// Sets item `index`'s rectangle (nil removes it from queries); `index` must be in
    /// `0 ..< count`. O(1) when the item stays in the same cells, else O(cells covered × items
    /// per cell). A rectangle with a non-finite coordinate or a negative size counts as nil.
    public mutating func update(_ index: Int, to rect: Rect?) {
        let old = Self.unpack(rects[index])
        let new = rect.flatMap { Self.isIndexable($0) ? $0 : nil }
        rects[index] = new ?? Self.none
        if recordsChanges && old != new {
            if let old { changedRects.append(old) }
            if let new { changedRects.append(new) }
        }
        if let o = old, let n = new, cellRange(o) == cellRange(n) { return }
        if old == nil && new == nil { return }
        rebinCount += 1
        // An index that files nothing leaves the rectangles to `compactIfFragmented`.
        if !unfiled && new != nil && flatItems.isEmpty && cells.isEmpty && rows.isEmpty && columns.isEmpty && large.isEmpty {
            unfiled = true
        }
        if unfiled { return }
        file(index, old, insert: false)
        file(index, new, insert: true)
    }

    /// Forgets the rectangles `changedRects` holds, keeping its storage.
    public mutating func clearChangedRects() { changedRects.removeAll(keepingCapacity: true) }

    /// Adds an item at index `count` with `rect` (nil: not in queries). O(cells covered).
    public mutating func append(_ rect: Rect?) {
        rects.append(Self.none)
        update(rects.count - 1, to: rect)
    }

    /// Removes the item at index `count - 1`; the index must not be empty. O(cells it covered).
    public mutating func removeLast() {
        update(rects.count - 1, to: nil)
        rects.removeLast()
    }

    /// Replaces `result` with the indices, ascending, of the items whose rectangle meets `query`
    /// (touching borders count, as `Rect.intersects`). Visits the cells, rows and columns `query`
    /// overlaps plus the items too large for them; scans every rectangle instead when that is
    /// fewer cells than the query covers. A query with a non-finite coordinate or negative size
    /// finds nothing.
    public func query(_ query: Rect, into result: inout [Int32]) {
        result.removeAll(keepingCapacity: true)
        guard Self.isIndexable(query) else { return }
        let (xs, ys) = cellRange(query)
        if unfiled || xs.count * ys.count >= flat.count + cells.count {
            for i in rects.indices { if let r = Self.unpack(rects[i]), r.intersects(query) { result.append(Int32(i)) } }
            return
        }
        // Reported by the cell holding the top-left of the overlap only.
        func visit(_ i: Int32, _ cx: Int, _ cy: Int) {
            let r = rects[Int(i)]
            if r.intersects(query), cell(max(r.minX, query.minX)) == cx, cell(max(r.minY, query.minY)) == cy { result.append(i) }
        }
        for cy in ys {
            for cx in xs {
                let key = Self.key(cx, cy)
                if let c = flat.cell(key) {
                    for k in Int(flatStarts[c]) ..< Int(flatStarts[c + 1]) where flatItems[k] != Self.stale { visit(flatItems[k], cx, cy) }
                }
                if !cells.isEmpty, let items = cells[key] { for i in items { visit(i, cx, cy) } }
            }
        }
        // Rows and columns, each item reported by the one holding the top (left) of the overlap.
        strips(rows, ys, query, into: &result) { r in self.cell(Swift.max(r.minY, query.minY)) }
        strips(columns, xs, query, into: &result) { r in self.cell(Swift.max(r.minX, query.minX)) }
        for i in large where rects[Int(i)].intersects(query) { result.append(i) }
        result.sort()
    }

    /// Appends the items of the strips (rows or columns) at `range` that meet `query`, each from
    /// the strip `home` names for it; visits the non-empty strips instead when there are fewer.
    private func strips(_ strips: [Int: [Int32]], _ range: ClosedRange<Int>, _ query: Rect, into result: inout [Int32],
                        home: (Rect) -> Int) {
        guard !strips.isEmpty else { return }
        func visit(_ k: Int, _ items: [Int32]) {
            for i in items {
                let r = rects[Int(i)]
                if r.intersects(query), home(r) == k { result.append(i) }
            }
        }
        if range.count >= strips.count {
            for (k, items) in strips where range.contains(k) { visit(k, items) }
        } else {
            for k in range { if let items = strips[k] { visit(k, items) } }
        }
    }

    // MARK: - Internals

    /// A stored rectangle, nil for `none`.
    @inline(__always)
    static func unpack(_ r: Rect) -> Rect? { r.origin.x.isNaN ? nil : r }

    static func isIndexable(_ r: Rect) -> Bool {
        r.origin.isFinite && r.width.isFinite && r.height.isFinite && r.width >= 0 && r.height >= 0
    }

    /// Adds item `i` to (or removes it from) the cells of `rect`, or its rows, its columns or the
    /// large list.
    mutating func file(_ i: Int, _ rect: Rect?, insert: Bool) {
        guard let rect else { return }
        let (xs, ys) = cellRange(rect)
        let item = Int32(i)
        if xs.count * ys.count > Self.maxCellsPerItem {
            if ys.count <= Self.maxCellsPerItem {
                for cy in ys { Self.file(item, in: &rows, at: cy, insert: insert) }
            } else if xs.count <= Self.maxCellsPerItem {
                for cx in xs { Self.file(item, in: &columns, at: cx, insert: insert) }
            } else if insert {
                large.append(item)
            } else if let k = large.firstIndex(of: item) {
                large.swapAt(k, large.count - 1)
                large.removeLast()
            }
            return
        }
        for cy in ys {
            for cx in xs {
                let key = Self.key(cx, cy)
                if insert {
                    cells[key, default: []].append(item)
                    filedSinceCompaction += 1
                } else if let c = flat.cell(key),
                          let k = flatItems[Int(flatStarts[c]) ..< Int(flatStarts[c + 1])].firstIndex(of: item) {
                    flatItems[k] = Self.stale
                } else if let k = cells[key]?.firstIndex(of: item) {
                    if cells[key]!.count == 1 { cells[key] = nil } else { cells[key]!.swapAt(k, cells[key]!.count - 1); cells[key]!.removeLast() }
                }
            }
        }
    }

    /// Empties the cells, the rows, the columns and the large list.
    mutating func clearCells() {
        flat = CellTable()
        flatStarts = [0]
        flatItems.removeAll()
        cells.removeAll()
        filedSinceCompaction = 0
        unfiled = false
        rows.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
        large.removeAll(keepingCapacity: true)
    }

    /// Renumbers the items of `lists` over `gaps`, dropping the removed ones and the lists left
    /// empty.
    private static func renumber<Key: Hashable>(_ lists: inout [Key: [Int32]], _ gaps: IndexGaps) {
        guard !lists.isEmpty else { return }
        lists = lists.compactMapValues { items in
            let kept = items.compactMap { gaps.renumbered($0) }
            return kept.isEmpty ? nil : kept
        }
    }

    /// Adds `item` to (or removes it from) strip `k` of `strips`.
    private static func file(_ item: Int32, in strips: inout [Int: [Int32]], at k: Int, insert: Bool) {
        if insert {
            strips[k, default: []].append(item)
        } else if let j = strips[k]?.firstIndex(of: item) {
            if strips[k]!.count == 1 { strips[k] = nil } else { strips[k]!.swapAt(j, strips[k]!.count - 1); strips[k]!.removeLast() }
        }
    }

    private func cellRange(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) { Self.cellRange(r, inverseCellSize) }

    /// The columns and rows of cells of edge `1 / inverse` that `r` overlaps.
    static func cellRange(_ r: Rect, _ inverse: Double) -> (ClosedRange<Int>, ClosedRange<Int>) {
        (cell(r.minX, inverse) ... cell(r.maxX, inverse), cell(r.minY, inverse) ... cell(r.maxY, inverse))
    }

    @inline(__always)
    private func cell(_ v: Double) -> Int { Self.cell(v, inverseCellSize) }

    /// `floor(v * inverse)` (the cell of coordinate `v`) clamped to ±2³⁰.
    @inline(__always)
    private static func cell(_ v: Double, _ inverse: Double) -> Int {
        let c = Swift.min(Swift.max(v * inverse, -Self.cellLimit), Self.cellLimit)
        let t = Int(c)
        return Double(t) > c ? t - 1 : t
    }

    @inline(__always)
    static func key(_ cx: Int, _ cy: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: cy)) << 32 | UInt64(UInt32(truncatingIfNeeded: cx))
    }
}
