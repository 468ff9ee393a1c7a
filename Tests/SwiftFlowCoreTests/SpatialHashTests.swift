import XCTest
@testable import SwiftFlowCore


/// Coordinates that often fall exactly on cell borders (multiples of half a cell) and are
/// negative half of the time.
private func coordinate(_ rng: inout SplitMix64, span: Double, cellSize: Double) -> Double {
    if Int.random(in: 0 ..< 4, using: &rng) == 0 {
        let steps = Int(span / (cellSize / 2))
        return Double(Int.random(in: -steps ... steps, using: &rng)) * (cellSize / 2)
    }
    return Double.random(in: -span ... span, using: &rng)
}

private func randomPoint(_ rng: inout SplitMix64, span: Double, cellSize: Double) -> Point {
    Point(coordinate(&rng, span: span, cellSize: cellSize), coordinate(&rng, span: span, cellSize: cellSize))
}

final class SpatialHashTests: XCTestCase {
    // MARK: Reference: linear scans over the same points

    private func linearWithin(_ points: [Point], _ radius: Double, _ q: Point) -> [Int: Double] {
        var result: [Int: Double] = [:]
        guard q.isFinite, radius >= 0 else { return result }
        for (i, p) in points.enumerated() where p.isFinite {
            let d = p.squaredDistance(to: q)
            if d <= radius * radius { result[i] = d }
        }
        return result
    }

    /// The smallest (squared distance, index) among accepted hits.
    private func linearNearest(_ hits: [Int: Double], _ accept: (Int) -> Bool) -> Int? {
        hits.filter { accept($0.key) }.min { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    private func linearRect(_ points: [Point], _ rect: Rect) -> Set<Int> {
        Set(points.indices.filter { points[$0].isFinite && rect.contains(points[$0]) })
    }

    /// Checks one circle query, one nearest query and one rect query against the linear scan.
    /// Returns how many points the circle query found.
    @discardableResult
    private func assertAgrees(_ hash: SpatialHash, _ points: [Point], query q: Point, radius: Double,
                              rect: Rect, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var found: [Int: Double] = [:]
        var reports = 0
        hash.forEach(within: radius, of: q) { i, d in found[i] = d; reports += 1 }
        let expected = linearWithin(points, radius, q)
        XCTAssertEqual(reports, found.count, "an index was reported twice near \(q) r=\(radius)", file: file, line: line)
        XCTAssertEqual(found, expected, "circle \(q) r=\(radius)", file: file, line: line)

        let accept: (Int) -> Bool = { $0 % 3 != 1 }
        XCTAssertEqual(hash.nearest(to: q, within: radius, where: accept),
                       linearNearest(expected, accept), "nearest \(q) r=\(radius)", file: file, line: line)
        XCTAssertEqual(hash.nearest(to: q, within: radius, where: { _ in true }),
                       linearNearest(expected, { _ in true }), "nearest(all) \(q) r=\(radius)", file: file, line: line)

        var inRect: [Int] = []
        hash.forEach(in: rect) { inRect.append($0) }
        XCTAssertEqual(inRect.count, Set(inRect).count, "an index was reported twice in \(rect)", file: file, line: line)
        XCTAssertEqual(Set(inRect), linearRect(points, rect), "rect \(rect)", file: file, line: line)
        return found.count
    }

    private func randomQueries(_ hash: SpatialHash, _ points: [Point], count: Int, span: Double,
                               rng: inout SplitMix64, file: StaticString = #filePath, line: UInt = #line) {
        var nonEmpty = 0
        for k in 0 ..< count {
            let q = randomPoint(&rng, span: span, cellSize: hash.cellSize)
            let radius: Double
            switch k % 10 {
            case 0: radius = 0
            case 1: radius = hash.cellSize  // exactly one cell: border-to-border distances
            case 2: radius = 1e7  // more cells than buckets: the linear fallback
            default: radius = Double.random(in: 0 ... 3 * hash.cellSize, using: &rng)
            }
            let corner = randomPoint(&rng, span: span, cellSize: hash.cellSize)
            let rect = Rect(origin: corner, size: Size(width: Double.random(in: 0 ... 200, using: &rng),
                                                       height: Double.random(in: 0 ... 200, using: &rng)))
            if assertAgrees(hash, points, query: q, radius: radius, rect: rect, file: file, line: line) > 0 { nonEmpty += 1 }
        }
        // The workload must actually find things, or agreement would prove nothing.
        XCTAssertGreaterThan(nonEmpty, count / 4, file: file, line: line)
    }

    // MARK: Tests

    func testRandomPointsAgreeWithLinearScan() {
        var rng = SplitMix64(seed: 1)
        let points = (0 ..< 4000).map { _ in randomPoint(&rng, span: 1500, cellSize: 32) }
        var hash = SpatialHash(cellSize: 32)
        hash.rebuild(points)
        XCTAssertEqual(hash.count, 4000)
        for i in [0, 17, 3999] { XCTAssertEqual(hash.position(of: i), points[i]) }
        randomQueries(hash, points, count: 3000, span: 1600, rng: &rng)
    }

    /// The hash takes the points' storage at a rebuild: a move afterwards changes the hash, not
    /// the caller's array, and a later rebuild from that array finds its points where they were.
    func testARebuildSharesNothingTheCallerSees() {
        var rng = SplitMix64(seed: 11)
        let points = (0 ..< 50_000).map { _ in randomPoint(&rng, span: 4000, cellSize: 40) }
        var hash = SpatialHash(cellSize: 40)
        hash.rebuild(points)
        hash.move(7, to: Point(x: -900, y: -900))
        XCTAssertEqual(hash.position(of: 7), Point(x: -900, y: -900))
        XCTAssertNotEqual(points[7], Point(x: -900, y: -900))
        XCTAssertEqual(hash.nearest(to: Point(x: -900, y: -900), within: 1) { _ in true }, 7)
        var again = SpatialHash(cellSize: 40)
        again.rebuild(points)
        XCTAssertEqual(again.position(of: 7), points[7])
        XCTAssertEqual(again.nearest(to: Point(x: -900, y: -900), within: 1) { _ in true }, nil)
        randomQueries(again, points, count: 500, span: 4000, rng: &rng)
    }

    func testMovesAgreeWithLinearScan() {
        var rng = SplitMix64(seed: 2)
        let cellSize = 32.0  // a power of two: the test's cell arithmetic matches the hash's exactly
        var points = (0 ..< 3000).map { _ in randomPoint(&rng, span: 1000, cellSize: cellSize) }
        var hash = SpatialHash(cellSize: cellSize)
        hash.rebuild(points)
        var selfRebuilds = 0
        for round in 0 ..< 40 {
            for _ in 0 ..< 60 {
                let i = Int.random(in: 0 ..< points.count, using: &rng)
                let before = hash.overflowCount
                let p: Point
                if Int.random(in: 0 ..< 3, using: &rng) == 0 {
                    // Stay in the same cell: only the stored position may change.
                    let cx = (points[i].x / cellSize).rounded(.down), cy = (points[i].y / cellSize).rounded(.down)
                    p = Point((cx + Double.random(in: 0 ..< 1, using: &rng)) * cellSize,
                              (cy + Double.random(in: 0 ..< 1, using: &rng)) * cellSize)
                    points[i] = p
                    hash.move(i, to: p)
                    XCTAssertEqual(hash.overflowCount, before, "a move inside a cell must not overflow")
                } else {
                    p = randomPoint(&rng, span: 1000, cellSize: cellSize)
                    points[i] = p
                    hash.move(i, to: p)
                    if hash.overflowCount < before { selfRebuilds += 1 }
                }
                XCTAssertEqual(hash.position(of: i), p)
            }
            randomQueries(hash, points, count: round % 8 == 0 ? 400 : 60, span: 1100, rng: &rng)
        }
        // 2400 moves, two thirds crossing cells, threshold max(32, 3000 / 16) = 187.
        XCTAssertGreaterThanOrEqual(selfRebuilds, 5)
        XCTAssertGreaterThan(hash.overflowCount, 0, "queries must also have run with a non-empty overflow list")
    }

    /// Points appended (through the overflow list, with its rebuilds) and removed from the end,
    /// in the bucket or in the overflow list, answer as a scan over the remaining points.
    func testAppendAndRemoveLastAgreeWithLinearScan() {
        var rng = SplitMix64(seed: 6)
        var points = (0 ..< 2000).map { _ in randomPoint(&rng, span: 1000, cellSize: 32) }
        var hash = SpatialHash(cellSize: 32)
        hash.rebuild(points)
        let rebuilds = hash.rebuildCount
        for round in 0 ..< 30 {
            for _ in 0 ..< Int.random(in: 0 ..< 40, using: &rng) {
                let p = randomPoint(&rng, span: 1000, cellSize: 32)
                points.append(p)
                hash.append(p)
            }
            for _ in 0 ..< Int.random(in: 0 ..< 30, using: &rng) {
                points.removeLast()
                hash.removeLast()
            }
            XCTAssertEqual(hash.count, points.count)
            randomQueries(hash, points, count: round % 10 == 0 ? 300 : 40, span: 1100, rng: &rng)
        }
        XCTAssertGreaterThan(hash.rebuildCount, rebuilds, "appends past the overflow limit rebuild the hash")
        XCTAssertLessThan(points.count, 2000 + 30 * 40)
    }

    /// Points removed from anywhere (the first, a few, many; in the buckets or in the overflow
    /// list after moves and appends) leave a hash that finds what a hash rebuilt from the kept
    /// positions finds (the same nearest point), and what a scan finds; removing is no rebuild.
    func testRemovalAgreesWithAHashRebuiltFromTheKeptPoints() {
        var rng = SplitMix64(seed: 9)
        var points = (0 ..< 3000).map { _ in randomPoint(&rng, span: 1000, cellSize: 32) }
        points[5] = Point(.nan, 3)
        var hash = SpatialHash(cellSize: 32)
        hash.rebuild(points)
        for round in 0 ..< 24 {
            for _ in 0 ..< 20 {
                let i = Int.random(in: 0 ..< points.count, using: &rng)
                points[i] = randomPoint(&rng, span: 1000, cellSize: 32)
                hash.move(i, to: points[i])
            }
            if round % 3 == 0 {
                let p = randomPoint(&rng, span: 1000, cellSize: 32)
                points.append(p)
                hash.append(p)
            }
            let removed: [Int]
            switch round % 4 {
            case 0: removed = [0]
            case 1: removed = [Int.random(in: 0 ..< points.count, using: &rng)]
            case 2: removed = Array(Set((0 ..< 5).map { _ in Int.random(in: 0 ..< points.count, using: &rng) })).sorted()
            default: removed = Array(Set((0 ..< 150).map { _ in Int.random(in: 0 ..< points.count, using: &rng) })).sorted()
            }
            let rebuilds = hash.rebuildCount
            hash.remove(atSorted: removed)
            XCTAssertEqual(hash.rebuildCount, rebuilds, "round \(round): removing is no rebuild")
            points.remove(atSorted: removed)
            var fresh = SpatialHash(cellSize: 32)
            fresh.rebuild(points)
            XCTAssertEqual(hash.count, points.count)
            for i in points.indices where points[i].isFinite { XCTAssertEqual(hash.position(of: i), points[i]) }
            for _ in 0 ..< 60 {
                let q = randomPoint(&rng, span: 1100, cellSize: 32), radius = Double.random(in: 0 ... 96, using: &rng)
                var found: [Int: Double] = [:], rebuilt: [Int: Double] = [:]
                hash.forEach(within: radius, of: q) { i, d in found[i] = d }
                fresh.forEach(within: radius, of: q) { i, d in rebuilt[i] = d }
                XCTAssertEqual(found, rebuilt, "round \(round), circle \(q) r=\(radius)")
                XCTAssertEqual(hash.nearest(to: q, within: radius, where: { $0 % 3 != 1 }),
                               fresh.nearest(to: q, within: radius, where: { $0 % 3 != 1 }), "round \(round), nearest \(q)")
            }
            randomQueries(hash, points, count: 40, span: 1100, rng: &rng)
        }
        XCTAssertLessThan(points.count, 3000)
    }

    func testSmallStepDragAgreesWithLinearScan() {
        var rng = SplitMix64(seed: 3)
        var points = (0 ..< 500).map { _ in randomPoint(&rng, span: 400, cellSize: 20) }
        var hash = SpatialHash(cellSize: 20)
        hash.rebuild(points)
        for frame in 0 ..< 300 {
            let step = Point(Double.random(in: -7 ... 7, using: &rng), Double.random(in: -7 ... 7, using: &rng))
            for i in 0 ..< 4 {
                points[i] += step
                hash.move(i, to: points[i])
            }
            if frame % 10 == 0 { randomQueries(hash, points, count: 50, span: 450, rng: &rng) }
            assertAgrees(hash, points, query: points[0], radius: 25, rect: Rect(corner: points[1], corner: points[2]))
        }
    }

    func testStackedPointsInOneCell() {
        let stacked = Point(-5.5, 12.25)
        var points = Array(repeating: stacked, count: 1000)
        points += [Point(-5, 12), Point(100, 100), Point(-5.5, 12.25 + 1e-9)]
        var hash = SpatialHash(cellSize: 32)
        hash.rebuild(points)
        var found = 0
        hash.forEach(within: 0, of: stacked) { i, d in
            XCTAssertLessThan(i, 1000)
            XCTAssertEqual(d, 0)
            found += 1
        }
        XCTAssertEqual(found, 1000)
        XCTAssertEqual(hash.nearest(to: stacked, within: 1, where: { _ in true }), 0)
        XCTAssertEqual(hash.nearest(to: stacked, within: 1, where: { $0 >= 377 }), 377)
        XCTAssertEqual(hash.nearest(to: stacked, within: 1, where: { $0 >= 1000 }), 1002)
        XCTAssertEqual(hash.nearest(to: Point(-5, 12), within: 1, where: { _ in true }), 1000)
        var rng = SplitMix64(seed: 4)
        randomQueries(hash, points, count: 200, span: 40, rng: &rng)
    }

    func testCellBordersAndNegativeCoordinates() {
        // A lattice exactly on cell borders, around the origin.
        var points: [Point] = []
        for y in -4 ... 4 { for x in -4 ... 4 { points.append(Point(Double(x) * 32, Double(y) * 32)) } }
        var hash = SpatialHash(cellSize: 32)
        hash.rebuild(points)
        func within(_ r: Double, _ q: Point) -> Set<Int> {
            var s = Set<Int>()
            hash.forEach(within: r, of: q) { i, _ in s.insert(i) }
            return s
        }
        let origin = 40, left = 39, up = 31, right = 41, down = 49
        XCTAssertEqual(points[origin], .zero)
        XCTAssertEqual(points[left], Point(-32, 0))
        XCTAssertEqual(within(32, .zero), [origin, left, up, right, down])
        XCTAssertEqual(within(31.999, .zero), [origin])
        XCTAssertEqual(within(0, Point(-128, -128)), [0])
        XCTAssertEqual(hash.nearest(to: Point(-16, 0), within: 16, where: { _ in true }), left)  // tie → smaller index
        XCTAssertNil(hash.nearest(to: Point(-16, 16), within: 22, where: { _ in true }))
        var inRect = Set<Int>()
        hash.forEach(in: Rect(x: -32, y: -32, width: 32, height: 32)) { inRect.insert($0) }
        XCTAssertEqual(inRect, [30, 31, left, origin])
        var rng = SplitMix64(seed: 5)
        randomQueries(hash, points, count: 500, span: 160, rng: &rng)
    }

    func testCollidingCellsAreReportedOnce() {
        // 128 points → 64 buckets (at least half the point count), row stride 39: cells 64
        // columns apart share a bucket, and cell (0, 5) shares bucket 3 with cell (3, 0), so one
        // query visits both. The last 64 points lie far below, out of every query here.
        var points: [Point] = []
        for k in 0 ..< 16 { points.append(Point(Double(k * 64) + 0.5, 0.5)) }
        for k in 0 ..< 48 { points.append(Point(Double(k % 8) + 0.5, Double(k / 8) + 0.5)) }
        for k in 0 ..< 64 { points.append(Point(Double(k) + 0.5, 1000.5)) }
        var hash = SpatialHash(cellSize: 1)
        hash.rebuild(points)
        var inRect: [Int] = []
        hash.forEach(in: Rect(x: 0, y: 0, width: 4, height: 6)) { inRect.append($0) }
        XCTAssertEqual(inRect.sorted(), [0] + (0 ..< 6).flatMap { row in (0 ..< 4).map { 16 + row * 8 + $0 } })
        var rng = SplitMix64(seed: 8)
        randomQueries(hash, points, count: 500, span: 8, rng: &rng)
    }

    func testNonFinitePoints() {
        var points = [Point(0, 0), Point(.nan, 0), Point(3, .infinity), Point(-.infinity, -.infinity), Point(1, 1)]
        var hash = SpatialHash(cellSize: 10)
        hash.rebuild(points)
        XCTAssertEqual(hash.count, 5)
        XCTAssertTrue(hash.position(of: 1).x.isNaN)
        XCTAssertEqual(hash.position(of: 2), Point(3, .infinity))
        for radius in [5.0, 1e9, .infinity] {
            var found = Set<Int>()
            hash.forEach(within: radius, of: .zero) { i, _ in found.insert(i) }
            XCTAssertEqual(found, [0, 4], "radius \(radius)")
        }
        var inRect = Set<Int>()
        hash.forEach(in: Rect(x: -1e308, y: -1e308, width: .infinity, height: .infinity)) { inRect.insert($0) }
        XCTAssertEqual(inRect, [0, 4])
        // Degenerate queries find nothing.
        hash.forEach(within: .nan, of: .zero) { _, _ in XCTFail("NaN radius") }
        hash.forEach(within: -1, of: .zero) { _, _ in XCTFail("negative radius") }
        hash.forEach(within: 5, of: Point(.nan, 0)) { _, _ in XCTFail("NaN point") }
        hash.forEach(in: Rect(x: .nan, y: 0, width: 5, height: 5)) { _ in XCTFail("NaN rect") }
        hash.forEach(in: Rect(x: 0, y: 0, width: -1, height: 5)) { _ in XCTFail("negative width") }
        // NaN point moves into the grid, a finite one moves out, and back.
        points[1] = Point(2, 2); hash.move(1, to: points[1])
        points[0] = Point(.nan, .nan); hash.move(0, to: points[0])
        XCTAssertEqual(hash.nearest(to: .zero, within: 5, where: { _ in true }), 4)
        XCTAssertEqual(hash.nearest(to: .zero, within: 5, where: { $0 != 4 }), 1)
        points[1] = Point(.nan, 1); hash.move(1, to: points[1])
        XCTAssertEqual(hash.nearest(to: .zero, within: 5, where: { $0 != 4 }), nil)
        points[0] = Point(0.5, 0); hash.move(0, to: points[0])
        XCTAssertEqual(hash.nearest(to: .zero, within: 5, where: { _ in true }), 0)
        var rng = SplitMix64(seed: 6)
        randomQueries(hash, points, count: 200, span: 3, rng: &rng)
    }

    func testHugeCoordinatesAreClampedNotTrapped() {
        let points = [Point(1e300, -1e300), Point(-1e300, 1e300), Point(1e15, 1e15), Point(0, 0)]
        var hash = SpatialHash(cellSize: 0.5)
        hash.rebuild(points)
        XCTAssertEqual(hash.nearest(to: Point(1e300, -1e300), within: 1, where: { _ in true }), 0)
        XCTAssertEqual(hash.nearest(to: Point(1e15, 1e15), within: 1, where: { _ in true }), 2)
        XCTAssertEqual(hash.nearest(to: Point(1e15, 1e15), within: 0.5, where: { $0 != 2 }), nil)
        var inRect = Set<Int>()
        hash.forEach(in: Rect(x: 1e299, y: -2e300, width: 1e301, height: 2e300)) { inRect.insert($0) }
        XCTAssertEqual(inRect, [0])
    }

    func testEmptyHashAndShrinkingRebuild() {
        var hash = SpatialHash(cellSize: 32)
        XCTAssertEqual(hash.count, 0)
        hash.forEach(within: 1e9, of: .zero) { _, _ in XCTFail("empty") }
        hash.forEach(within: 10, of: .zero) { _, _ in XCTFail("empty") }
        hash.forEach(in: Rect(x: -10, y: -10, width: 20, height: 20)) { _ in XCTFail("empty") }
        XCTAssertNil(hash.nearest(to: .zero, within: 100, where: { _ in true }))

        var rng = SplitMix64(seed: 7)
        let many = (0 ..< 2000).map { _ in randomPoint(&rng, span: 300, cellSize: 32) }
        hash.rebuild(many)
        let few = Array(many.prefix(200))
        hash.rebuild(few)
        XCTAssertEqual(hash.count, 200)
        randomQueries(hash, few, count: 300, span: 300, rng: &rng)
        hash.rebuild([])
        XCTAssertEqual(hash.count, 0)
        XCTAssertNil(hash.nearest(to: many[0], within: 1, where: { _ in true }))
    }

    func testInvalidCellSizeFallsBack() {
        XCTAssertEqual(SpatialHash(cellSize: 0).cellSize, 32)
        XCTAssertEqual(SpatialHash(cellSize: -3).cellSize, 32)
        XCTAssertEqual(SpatialHash(cellSize: .nan).cellSize, 32)
        XCTAssertEqual(SpatialHash(cellSize: .infinity).cellSize, 32)
        XCTAssertEqual(SpatialHash(cellSize: 7.5).cellSize, 7.5)
    }
}
