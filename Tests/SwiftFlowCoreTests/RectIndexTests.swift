@testable import SwiftFlowCore
import XCTest

/// RectIndex against a scan over the same rectangles: identical answers, in the same order,
/// through random updates; updates re-bin without rebuilding.
final class RectIndexTests: XCTestCase {
    private func scan(_ rects: [Rect?], _ q: Rect) -> [Int32] {
        rects.indices.filter { rects[$0].map { $0.intersects(q) } ?? false }.map { Int32($0) }
    }

    private func randomRect(_ rng: inout SplitMix64) -> Rect? {
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return nil
        case 1: // large: spans far more cells than maxCellsPerItem
            return Rect(x: Double.random(in: -5000...5000, using: &rng), y: Double.random(in: -5000...5000, using: &rng),
                        width: Double.random(in: 3000...9000, using: &rng), height: Double.random(in: 0...4000, using: &rng))
        case 2: // long and flat (in rows), tall and narrow (in columns)
            return Rect(x: Double.random(in: -5000...5000, using: &rng), y: Double.random(in: -5000...5000, using: &rng),
                        width: Double.random(in: 5000...12000, using: &rng), height: Double.random(in: 0...300, using: &rng))
        case 3:
            return Rect(x: Double.random(in: -5000...5000, using: &rng), y: Double.random(in: -5000...5000, using: &rng),
                        width: Double.random(in: 0...300, using: &rng), height: Double.random(in: 5000...12000, using: &rng))
        default:
            return Rect(x: Double.random(in: -5000...5000, using: &rng), y: Double.random(in: -5000...5000, using: &rng),
                        width: Double.random(in: 0...600, using: &rng), height: Double.random(in: 0...300, using: &rng))
        }
    }

    func testQueriesEqualTheScanThroughRandomUpdates() {
        var rng = SplitMix64(seed: 7)
        var rects = (0..<3000).map { _ in randomRect(&rng) }
        var index = RectIndex(cellSize: 256)
        index.rebuild(rects)
        let rebuilds = index.rebuildCount
        var result: [Int32] = []
        for round in 0..<200 {
            for _ in 0..<20 {
                let i = Int.random(in: 0..<rects.count, using: &rng)
                rects[i] = round % 3 == 0 ? randomRect(&rng) : rects[i].map { Rect(origin: $0.origin + Point(37, -11), size: $0.size) }
                index.update(i, to: rects[i])
            }
            // Queries from a view of a few cells to one covering everything (the scan fallback).
            let w = [100.0, 1300, 4000, 30_000][round % 4]
            let q = Rect(x: Double.random(in: -6000...6000, using: &rng), y: Double.random(in: -6000...6000, using: &rng),
                         width: w, height: w * 0.6)
            index.query(q, into: &result)
            XCTAssertEqual(result, scan(rects, q), "round \(round), query \(q)")
        }
        XCTAssertEqual(index.rebuildCount, rebuilds, "updates never rebuild the index")
        XCTAssertGreaterThan(index.rebinCount, 1000)
    }

    /// A rebuild on many chunks (`rebuild(count:minimumChunk:_:)`: the rectangles taken and the
    /// cells counted and filed on every core) files exactly what one chunk files: the same cells
    /// in the same order, the same items in each, and the same answer to every query, which is
    /// the scan's; non-finite and negative rectangles are not indexed.
    func testARebuildOnManyChunksEqualsOneChunk() {
        var rng = SplitMix64(seed: 29)
        let rects = (0..<40_000).map { _ in randomRect(&rng) }
            + [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -1, height: 10)]
        var one = RectIndex(cellSize: 256)
        one.rebuild(count: rects.count, minimumChunk: 1 << 30) { rects[$0] }
        XCTAssertGreaterThan(one.flat.count, 1_000)
        XCTAssertEqual(one.rebuildCount, 1)
        XCTAssertNil(one.rect(of: rects.count - 1))
        XCTAssertNil(one.rect(of: rects.count - 2))
        let queries = (0..<40).map { i -> Rect in
            let w = [100.0, 1300, 4000, 30_000][i % 4]
            return Rect(x: Double.random(in: -6000...6000, using: &rng), y: Double.random(in: -6000...6000, using: &rng),
                        width: w, height: w * 0.6)
        }
        var a: [Int32] = [], b: [Int32] = []
        for minimumChunk in [1, 7, 16_384] {
            var many = RectIndex(cellSize: 256)
            many.rebuild(count: rects.count, minimumChunk: minimumChunk) { rects[$0] }
            XCTAssertEqual(many.flat.keys, one.flat.keys, "\(minimumChunk)")
            XCTAssertEqual(many.flatStarts, one.flatStarts, "\(minimumChunk)")
            XCTAssertEqual(many.flatItems, one.flatItems, "\(minimumChunk)")
            XCTAssertEqual((0..<rects.count).map { many.rect(of: $0) }, (0..<rects.count).map { one.rect(of: $0) })
            for q in queries {
                many.query(q, into: &a)
                one.query(q, into: &b)
                XCTAssertEqual(a, b, "\(minimumChunk) \(q)")
                XCTAssertEqual(a, scan(Array(rects.prefix(40_000)), q), "\(minimumChunk) \(q)")
            }
        }
    }

    /// The flat cells a compaction files answer as the cells `update` files: items given one by
    /// one (as a first layout does: they wait unfiled), compacted, moved again (some into arrays
    /// per cell, some out of flat cells), compacted again; every query equals the scan, and
    /// compacting counts no rebuild.
    func testCompactedCellsAnswerAsTheScanThroughRandomUpdates() {
        var rng = SplitMix64(seed: 17)
        var rects = (0..<4000).map { _ in randomRect(&rng) }
        var index = RectIndex(cellSize: 256)
        index.reset(count: rects.count)
        var result: [Int32] = []
        func check(_ label: String) {
            for w in [100.0, 700, 1300, 4000, 30_000] {
                let q = Rect(x: Double.random(in: -6000...6000, using: &rng), y: Double.random(in: -6000...6000, using: &rng),
                             width: w, height: w * 0.6)
                index.query(q, into: &result)
                XCTAssertEqual(result, scan(rects, q), "\(label), query \(q)")
            }
        }
        for i in rects.indices { index.update(i, to: rects[i]) }
        check("filed by updates")
        let rebuilds = index.rebuildCount
        index.compactIfFragmented()
        check("compacted")
        for round in 0..<60 {
            for _ in 0..<150 {
                let i = Int.random(in: 0..<rects.count, using: &rng)
                rects[i] = round % 2 == 0 ? randomRect(&rng) : rects[i].map { Rect(origin: $0.origin + Point(300, -170), size: $0.size) }
                index.update(i, to: rects[i])
            }
            if round % 3 == 0 { index.append(randomRect(&rng)); rects.append(index.rect(of: rects.count)) }
            if round % 5 == 0 { index.removeLast(); rects.removeLast() }
            check("round \(round)")
            if round % 20 == 19 { index.compactIfFragmented() }
        }
        XCTAssertEqual(index.rebuildCount, rebuilds, "compacting is no rebuild")
    }

    /// Rectangles given one by one to an index that files no item (a first layout) wait
    /// unfiled, queries scanning, until `compactIfFragmented` files them flat; once it files
    /// items, an update files at once. Each item given a rectangle counts as a re-bin.
    func testAFirstLayoutWaitsUnfiledUntilCompacted() {
        var rng = SplitMix64(seed: 29)
        var rects = (0..<500).map { _ in randomRect(&rng) }
        var index = RectIndex(cellSize: 256)
        index.reset(count: rects.count)
        XCTAssertFalse(index.awaitsFiling)
        for i in rects.indices { index.update(i, to: rects[i]) }
        XCTAssertTrue(index.awaitsFiling)
        XCTAssertEqual(index.rebinCount, rects.filter { $0 != nil }.count)
        var result: [Int32] = []
        func check(_ label: String) {
            for q in [Rect(x: -1000, y: -800, width: 1300, height: 700), Rect(x: 2000, y: 100, width: 90, height: 60)] {
                index.query(q, into: &result)
                XCTAssertEqual(result, scan(rects, q), "\(label), query \(q)")
            }
        }
        check("unfiled")
        index.compactIfFragmented()
        XCTAssertFalse(index.awaitsFiling)
        check("compacted")
        rects[0] = Rect(x: 2010, y: 110, width: 5, height: 5)
        index.update(0, to: rects[0])
        XCTAssertFalse(index.awaitsFiling)
        check("updated")
        index.reset(count: 2)
        rects = [nil, Rect(x: 2050, y: 120, width: 5, height: 5)]
        index.update(1, to: rects[1])
        XCTAssertTrue(index.awaitsFiling, "a reset index files nothing")
        check("reset")
    }

    /// Items removed from anywhere (the first, a few, many; filed flat, in arrays per cell by
    /// updates and appends, in rows, columns or the large list) leave an index whose rectangles
    /// and queries equal those of an index rebuilt from the kept rectangles, and of the scan;
    /// removing is no rebuild and records the removed rectangles.
    func testRemovalAnswersAsAnIndexRebuiltFromTheKeptRectangles() {
        var rng = SplitMix64(seed: 23)
        var rects = (0..<3000).map { _ in randomRect(&rng) }
        var index = RectIndex(cellSize: 256)
        index.rebuild(rects)
        index.recordsChanges = true
        let rebuilds = index.rebuildCount
        var result: [Int32] = [], expected: [Int32] = []
        for round in 0..<40 {
            for _ in 0..<30 {
                let i = Int.random(in: 0..<rects.count, using: &rng)
                rects[i] = randomRect(&rng)
                index.update(i, to: rects[i])
            }
            if round % 4 == 0 { index.append(randomRect(&rng)); rects.append(index.rect(of: rects.count)) }
            if round % 10 == 9 { index.compactIfFragmented() }
            let removed: [Int]
            switch round % 4 {
            case 0: removed = [0]
            case 1: removed = [Int.random(in: 0..<rects.count, using: &rng)]
            case 2: removed = Array(Set((0..<5).map { _ in Int.random(in: 0..<rects.count, using: &rng) })).sorted()
            default: removed = Array(Set((0..<200).map { _ in Int.random(in: 0..<rects.count, using: &rng) })).sorted()
            }
            index.clearChangedRects()
            index.remove(atSorted: removed)
            XCTAssertEqual(index.changedRects, removed.compactMap { rects[$0] }, "round \(round): the removed rectangles")
            rects.remove(atSorted: removed)
            var fresh = RectIndex(cellSize: 256)
            fresh.rebuild(rects)
            XCTAssertEqual(index.count, rects.count)
            XCTAssertEqual((0..<index.count).map { index.rect(of: $0) }, (0..<fresh.count).map { fresh.rect(of: $0) }, "round \(round)")
            for w in [100.0, 700, 1300, 4000, 30_000] {
                let q = Rect(x: Double.random(in: -6000...6000, using: &rng), y: Double.random(in: -6000...6000, using: &rng),
                             width: w, height: w * 0.6)
                index.query(q, into: &result)
                fresh.query(q, into: &expected)
                XCTAssertEqual(result, expected, "round \(round), query \(q)")
                XCTAssertEqual(result, scan(rects, q), "round \(round), query \(q)")
            }
        }
        XCTAssertEqual(index.rebuildCount, rebuilds, "removing is no rebuild")
        XCTAssertLessThan(rects.count, 3000)
    }

    func testBordersTouchingCountAndEachItemIsReportedOnce() {
        var index = RectIndex(cellSize: 100)
        // Spans 3x3 cells; the query overlaps it in several cells.
        index.rebuild([Rect(x: 50, y: 50, width: 200, height: 200), Rect(x: 300, y: 0, width: 10, height: 10)])
        var result: [Int32] = []
        index.query(Rect(x: 0, y: 0, width: 300, height: 300), into: &result)
        XCTAssertEqual(result, [0, 1])   // item 1 touches the query's right border at x = 300
        index.query(Rect(x: 260, y: 260, width: 10, height: 10), into: &result)
        XCTAssertEqual(result, [])
    }

    func testNonFiniteRectanglesAndQueriesFindNothing() {
        var index = RectIndex(cellSize: 100)
        index.reset(count: 2)
        index.update(0, to: Rect(x: .nan, y: 0, width: 10, height: 10))
        index.update(1, to: Rect(x: 0, y: 0, width: .infinity, height: 10))
        XCTAssertNil(index.rect(of: 0))
        XCTAssertNil(index.rect(of: 1))
        var result: [Int32] = [9]
        index.query(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), into: &result)
        XCTAssertEqual(result, [])
        index.update(0, to: Rect(x: 5, y: 5, width: 1, height: 1))
        index.query(Rect(x: .nan, y: 0, width: 10, height: 10), into: &result)
        XCTAssertEqual(result, [])
        index.query(Rect(x: 0, y: 0, width: 10, height: 10), into: &result)
        XCTAssertEqual(result, [0])
    }
}
