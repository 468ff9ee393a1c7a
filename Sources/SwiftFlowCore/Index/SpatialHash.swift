/// A uniform-grid spatial hash over points in flow units, for handle hit-testing and
/// connection snapping (handles.md §6: a query costs in proportion to the points near it,
/// not to the points in the graph).
///
/// Points are identified by their index in the array given to `rebuild(_:)` (moved down over
/// the gaps by `remove(atSorted:)`). The plane is cut
/// into square cells of `cellSize` flow units; cell `(cx, cy)` goes to bucket
/// `(cy · rowStride + cx) mod buckets`, with a power-of-two bucket count (at least half the
/// point count, at least 16). Storage is
/// flat and reused: a full rebuild is a counting sort of the point indices by bucket into one
/// `entries` array, so a steady-state rebuild allocates nothing; per point, its position, its
/// entry and a bit (about 25 bytes with the buckets' starts). Several cells may share a
/// bucket; queries check real positions, so collisions cost time, never correctness.
///
/// Points with a NaN or infinite coordinate keep their index but are never found by a query.
/// Distances are compared squared (`dx² + dy² ≤ radius²`), so a point whose squared distance
/// overflows to infinity counts as farther than any finite radius.
///
/// Pick `cellSize` near the diameter of the usual query circle (for snapping with
/// `connectionRadius` 20, a cell of 40 makes a snap query visit at most 2×2 cells).
public struct SpatialHash: Sendable {
    /// Edge length of one grid cell, in flow units.
    public let cellSize: Double
    private let inverseCellSize: Double
    /// Each point's position in flow units, by index.
    private var positions: [Point] = []
    /// One bit per point (`index / 64`, bit `index % 64`), set while the point is in the overflow
    /// list. A point whose bit is clear is in the grid (filed in the bucket of its position)
    /// when its position is finite, else in neither.
    private var overflowed: [UInt64] = []
    /// Bucket `b` holds `entries[starts[b] ..< starts[b + 1]]`; `starts.count` is buckets + 1.
    private var starts: [Int32]
    /// Point indices grouped by bucket, ascending within a bucket; `Self.stale` where a point
    /// has moved out of the bucket since the last rebuild.
    private var entries: [Int32] = []
    /// Points moved out of their bucket since the last rebuild; every query scans them.
    private var overflow: [Int32] = []
    /// Bucket count - 1 (a power of two minus one).
    private var bucketMask: Int
    /// Bucket distance between vertically adjacent cells: odd, near bucket count × (√5 − 1)/2,
    /// so that cells sharing a bucket lie about √(bucket count) cells apart (a Fibonacci
    /// lattice) while horizontal neighbours stay in adjacent buckets (cache-friendly).
    private var rowStride: Int

    private static let stale: Int32 = -1
    private static let minimumBucketBits = 4
    /// Cell coordinates are clamped to ±2³⁰ so that huge finite coordinates never trap and
    /// cell counts never overflow; clamped points share border cells and are still exact.
    private static let cellLimit = Double(1 << 30)

    /// Creates an empty hash.
    ///
    /// - Parameter cellSize: edge length of a grid cell in flow units. A value that is not
    ///   finite and > 0 falls back to 32 (the hash never traps on configuration).
    public init(cellSize: Double = 32) {
        self.cellSize = cellSize.isFinite && cellSize > 0 ? cellSize : 32
        inverseCellSize = 1 / self.cellSize
        bucketMask = (1 << Self.minimumBucketBits) - 1
        rowStride = Self.rowStride(bucketMask + 1)
        starts = Array(repeating: 0, count: bucketMask + 2)
    }

    /// How many full reindexes (`rebuild(_:)` or an overflowing `move`) happened since creation.
    public private(set) var rebuildCount = 0
    /// How many `move`s took a point out of its bucket since creation.
    public private(set) var rebinCount = 0

    /// The number of points, including those with non-finite coordinates. O(1).
    public var count: Int { positions.count }

    /// The stored position of point `index`, in flow units. O(1); `index` must be in
    /// `0 ..< count`.
    public func position(of index: Int) -> Point { positions[index] }

    /// How many points sit in the overflow list (moved out of their bucket since the last
    /// rebuild). O(1); for tests and diagnostics.
    var overflowCount: Int { overflow.count }

    /// Replaces all points with `points` (flow units); point `i` gets index `i`.
    ///
    /// O(n) counting sort. Takes `points`' storage as its own, not a copy (a caller keeping its
    /// array shares it until one of them writes); the buckets reuse theirs, so once capacities
    /// have grown to the largest point count seen a rebuild allocates only what the caller
    /// passed. Points with a NaN or infinite coordinate keep their index and position but are
    /// left out of the grid.
    public mutating func rebuild(_ points: consuming [Point]) {
        positions = points
        reindex()
    }

    /// Moves point `index` to `point` (flow units); `index` must be in `0 ..< count`.
    ///
    /// O(1) when the point stays in its bucket (only its position changes) or was already
    /// in the overflow list. Otherwise its old entry is marked stale (found in O(points in its
    /// bucket)) and it joins the overflow
    /// list, which every query scans; once that list holds more than `max(32, count / 16)`
    /// points the hash rebuilds itself in O(n). Rebuilds therefore happen at most once per
    /// `count / 16` distinct points moved out of their buckets: amortised O(1) per move, and
    /// queries pay at most `max(32, count / 16)` extra distance checks meanwhile.
    public mutating func move(_ index: Int, to point: Point) {
        let old = positions[index]
        positions[index] = point
        if isOverflowed(index) { return }
        let newBucket = point.isFinite ? bucket(cell(point.x), cell(point.y)) : -1
        if old.isFinite {
            // A point in the grid always lies in the bucket it is filed under.
            let oldBucket = bucket(cell(old.x), cell(old.y))
            if oldBucket == newBucket { return }
            leaveBucket(oldBucket, index)
        }
        rebinCount += 1
        if newBucket >= 0 { enterOverflow(index) }
    }

    /// Adds `point` (flow units) at index `count`. Amortised O(1): like a point moved out of its
    /// bucket, it joins the overflow list until the next rebuild (one per `count / 16` of them).
    public mutating func append(_ point: Point) {
        let index = positions.count
        positions.append(point)
        if overflowed.count * 64 < positions.count { overflowed.append(0) }
        overflowed[index >> 6] &= ~(1 << UInt64(index & 63))
        if point.isFinite { enterOverflow(index) }
    }

    /// Removes the point at index `count - 1`; the hash must not be empty. O(points in its bucket)
    /// for a point in the grid (its entry turns stale); for one in the overflow list, O(points after it there)
    /// (appended points sit at its end).
    public mutating func removeLast() {
        let index = positions.count - 1, p = positions[index]
        if isOverflowed(index) {
            if let k = overflow.lastIndex(of: Int32(truncatingIfNeeded: index)) { overflow.remove(at: k) }
        } else if p.isFinite {
            leaveBucket(bucket(cell(p.x), cell(p.y)), index)
        }
        positions.removeLast()
    }

    /// Removes the points at `removed` (ascending, distinct, each in `0 ..< count`); the others
    /// move down over the gaps (point `i` becomes `i` less the removed points before it), as
    /// `Array.remove(atSorted:)` moves an array of their positions, and every query then finds
    /// the points a hash rebuilt from the kept positions would (`nearest` the same one). Not a
    /// rebuild (`rebuildCount` stays): one pass over the entries renumbers them in place (the
    /// removed points' turn stale) and the overflow list is renumbered; the buckets stay.
    /// O(count).
    public mutating func remove(atSorted removed: [Int]) {
        guard let firstRemoved = removed.first else { return }
        let gaps = IndexGaps(removed), first = Int32(firstRemoved)
        positions.remove(atSorted: removed)
        entries.withUnsafeMutableBufferPointer { entries in
            for k in entries.indices where entries[k] >= first { entries[k] = gaps.renumbered(entries[k]) ?? Self.stale }
        }
        overflow = overflow.compactMap { gaps.renumbered($0) }
        overflowed.removeAll(keepingCapacity: true)
        overflowed.append(contentsOf: repeatElement(0, count: (positions.count + 63) / 64))
        for i in overflow { overflowed[Int(i) >> 6] |= 1 << UInt64(i & 63) }
    }

    /// Calls `body(index, squaredDistance)` for every point within `radius` of `point`
    /// (all in flow units; squared distance in flow units²), in no particular order.
    ///
    /// Visits only the cells that the circle's bounding box overlaps, plus the overflow list:
    /// O(cells + points in their buckets). When those cells outnumber the buckets it scans all
    /// points instead, so a huge or infinite radius costs O(n). A NaN or negative radius, or a
    /// non-finite `point`, finds nothing; radius 0 finds points at exactly `point`.
    public func forEach(within radius: Double, of point: Point, _ body: (Int, Double) -> Void) {
        guard point.isFinite, radius >= 0 else { return }
        let r2 = radius * radius
        // A hair of padding so that rounding in `point ± radius` never drops a border cell.
        let padX = radius + (abs(point.x) + radius) * 0x1p-40
        let padY = radius + (abs(point.y) + radius) * 0x1p-40
        visit(cellsX: cell(point.x - padX) ... cell(point.x + padX), cellsY: cell(point.y - padY) ... cell(point.y + padY)) { i, p in
            let d = p.squaredDistance(to: point)
            if d <= r2 { body(i, d) }
        }
    }

    /// The index of the point nearest to `point` within `radius` (flow units) for which
    /// `accept(index)` is true, or nil. Equal distances go to the smaller index, so the answer
    /// is deterministic. `accept` is called only for candidates that would improve on the best
    /// so far. Cost as `forEach(within:of:_:)`.
    public func nearest(to point: Point, within radius: Double, where accept: (Int) -> Bool) -> Int? {
        var best = Int.max, bestDistance = Double.infinity
        forEach(within: radius, of: point) { i, d in
            if d < bestDistance || (d == bestDistance && i < best), accept(i) {
                best = i
                bestDistance = d
            }
        }
        return best == Int.max ? nil : best
    }

    /// Calls `body(index)` for every point inside `rect` or on its border (flow units), in no
    /// particular order. Visits only the cells `rect` overlaps, plus the overflow list; when
    /// those cells outnumber the buckets it scans all points instead (O(n)). A rect with a
    /// NaN coordinate or negative size finds nothing.
    public func forEach(in rect: Rect, _ body: (Int) -> Void) {
        guard rect.minX <= rect.maxX, rect.minY <= rect.maxY else { return }
        visit(cellsX: cell(rect.minX) ... cell(rect.maxX), cellsY: cell(rect.minY) ... cell(rect.maxY)) { i, p in
            if rect.contains(p) { body(i) }
        }
    }

    // MARK: - Internals

    /// Whether point `index` is in the overflow list.
    @inline(__always)
    private func isOverflowed(_ index: Int) -> Bool { overflowed[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    /// Marks grid point `index`'s entry in bucket `b` stale. O(points in the bucket).
    private mutating func leaveBucket(_ b: Int, _ index: Int) {
        let i = Int32(truncatingIfNeeded: index)
        for k in Int(starts[b]) ..< Int(starts[b + 1]) where entries[k] == i {
            entries[k] = Self.stale
            return
        }
    }

    /// Puts point `index` (finite, in no bucket) in the overflow list; rebuilds once that list
    /// holds more than `max(32, count / 16)` points.
    private mutating func enterOverflow(_ index: Int) {
        overflowed[index >> 6] |= 1 << UInt64(index & 63)
        overflow.append(Int32(truncatingIfNeeded: index))
        if overflow.count > max(32, positions.count / 16) { reindex() }
    }

    /// Calls `body(index, position)` once for every finite point that may lie in the given cell
    /// range: the points filed in those cells plus the overflow list — or every finite point when
    /// the range has more cells than there are buckets. Callers test the real geometry.
    @inline(__always)
    private func visit(cellsX: ClosedRange<Int>, cellsY: ClosedRange<Int>, _ body: (Int, Point) -> Void) {
        if cellsX.count * cellsY.count > starts.count - 1 {
            for (i, p) in positions.enumerated() where p.isFinite { body(i, p) }
            return
        }
        for cy in cellsY {
            for cx in cellsX {
                let b = bucket(cx, cy)
                for k in Int(starts[b]) ..< Int(starts[b + 1]) {
                    let e = entries[k]
                    if e == Self.stale { continue }
                    let i = Int(e), p = positions[i]
                    // The cell test reports a point once even when several visited cells
                    // share its bucket.
                    if cell(p.x) == cx, cell(p.y) == cy { body(i, p) }
                }
            }
        }
        for e in overflow where positions[Int(e)].isFinite { body(Int(e), positions[Int(e)]) }
    }

    /// The clamped integer cell coordinate of a finite flow-unit coordinate. Monotonic in `v`.
    @inline(__always)
    private func cell(_ v: Double) -> Int { Self.cell(v, inverseCellSize) }

    /// The bucket of cell `(cx, cy)`.
    @inline(__always)
    private func bucket(_ cx: Int, _ cy: Int) -> Int { Self.bucket(cx, cy, rowStride, bucketMask) }

    /// `floor(v * inverseCellSize)` clamped to ±`cellLimit`, without a libm call.
    @inline(__always)
    private static func cell(_ v: Double, _ inverseCellSize: Double) -> Int {
        let c = Swift.min(Swift.max(v * inverseCellSize, -cellLimit), cellLimit)
        let t = Int(c)  // rounds toward zero
        return Double(t) > c ? t - 1 : t
    }

    /// `(cy · rowStride + cx) mod (mask + 1)`, wrapping (only the low bits matter).
    @inline(__always)
    private static func bucket(_ cx: Int, _ cy: Int, _ rowStride: Int, _ mask: Int) -> Int {
        (cy &* rowStride &+ cx) & mask
    }

    /// The odd row stride near `buckets × (√5 − 1)/2` (see `rowStride`).
    private static func rowStride(_ buckets: Int) -> Int { Int(Double(buckets) * 0.6180339887498949) | 1 }

    /// Counting sort of all finite points by bucket; empties the overflow list.
    private mutating func reindex() {
        rebuildCount += 1
        let n = positions.count
        var bits = Self.minimumBucketBits
        while 2 << bits < n { bits += 1 }
        let bucketCount = 1 << bits, mask = bucketCount - 1, rows = Self.rowStride(bucketCount)
        let inverse = inverseCellSize
        bucketMask = mask
        rowStride = rows
        starts.fill(repeating: 0, count: bucketCount + 1)
        overflowed.fill(repeating: 0, count: (n + 63) / 64)
        overflow.removeAll(keepingCapacity: true)
        var finite = 0
        positions.withUnsafeBufferPointer { positions in
            starts.withUnsafeMutableBufferPointer { starts in
                // Pass 1: bucket sizes.
                for i in 0 ..< n where positions[i].isFinite {
                    let p = positions[i]
                    starts[Self.bucket(Self.cell(p.x, inverse), Self.cell(p.y, inverse), rows, mask)] &+= 1
                    finite += 1
                }
                // Prefix sums: starts[b] becomes the end of bucket b.
                var sum: Int32 = 0
                for b in 0 ..< bucketCount {
                    sum &+= starts[b]
                    starts[b] = sum
                }
                starts[bucketCount] = sum
            }
        }
        // Pass 2, backwards: each point steps its bucket's end down into place, which leaves
        // starts[b] at the bucket's beginning and indices ascending within a bucket.
        entries.fill(repeating: Self.stale, count: finite)
        positions.withUnsafeBufferPointer { positions in
            starts.withUnsafeMutableBufferPointer { starts in
                entries.withUnsafeMutableBufferPointer { entries in
                    for i in stride(from: n - 1, through: 0, by: -1) where positions[i].isFinite {
                        let p = positions[i]
                        let b = Self.bucket(Self.cell(p.x, inverse), Self.cell(p.y, inverse), rows, mask)
                        starts[b] &-= 1
                        entries[Int(starts[b])] = Int32(truncatingIfNeeded: i)
                    }
                }
            }
        }
    }
}
