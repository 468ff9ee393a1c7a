import XCTest
@testable import SwiftFlowCore

/// `Array.fill(repeating:count:capacity:)` (fresh storage written in chunks on every core) and
/// `PrefaultAhead` (pages backed from another thread while this one writes them).
final class ParallelFillTests: XCTestCase {
    /// Fresh storage of many chunks holds exactly `count` copies, with the room asked for.
    func testAFillInFreshStorageHoldsEveryCopy() {
        var a: [Int64] = [1, 2, 3]
        a.fill(repeating: -7, count: 100_003, capacity: 120_000)
        XCTAssertEqual(a.count, 100_003)
        XCTAssertGreaterThanOrEqual(a.capacity, 120_000)
        XCTAssertEqual(a.firstIndex { $0 != -7 }, nil)
        // A value holding a reference is copied into every element.
        var strings: [[String]] = []
        strings.fill(repeating: ["a", "b"], count: 40_000)
        XCTAssertEqual(strings.count, 40_000)
        XCTAssertEqual(strings[0], ["a", "b"])
        XCTAssertEqual(strings[39_999], ["a", "b"])
        XCTAssertEqual(strings.firstIndex { $0 != ["a", "b"] }, nil)
    }

    /// Storage with room is kept (the same buffer) and rewritten whole; a smaller fill drops the
    /// elements after it; a negative count empties the array.
    func testAFillWithRoomKeepsTheStorage() {
        var a = [Int32](repeating: 5, count: 50_000)
        let base = a.withUnsafeBufferPointer { $0.baseAddress }
        a.fill(repeating: 9, count: 30_000)
        XCTAssertEqual(a.withUnsafeBufferPointer { $0.baseAddress }, base)
        XCTAssertEqual(a.count, 30_000)
        XCTAssertEqual(a.firstIndex { $0 != 9 }, nil)
        a.fill(repeating: 1, count: -3)
        XCTAssertEqual(a, [])
    }

    /// A copy made before a fill keeps its values (the fill writes new storage, not the shared one).
    func testAFillLeavesACopyAlone() {
        var a = [UInt8](repeating: 3, count: 70_000)
        let copy = a
        a = []
        a.fill(repeating: 4, count: 70_000)
        XCTAssertEqual(copy.firstIndex { $0 != 3 }, nil)
        XCTAssertEqual(a.firstIndex { $0 != 4 }, nil)
    }

    /// Appends into capacity whose pages another thread is backing meanwhile keep every value
    /// (the kernel backs pages without writing them), and a range freed before the other thread
    /// gets to it is skipped.
    func testWritesWhilePagesAreBackedKeepTheirValues() {
        for round in 0..<4 {
            var a: [Int64] = []
            a.reserveCapacity(4 << 20)   // 32 MB
            PrefaultAhead.populateCapacity(of: &a)
            for i in 0..<(4 << 20) { a.append(Int64(i) &* 31 &+ Int64(round)) }
            XCTAssertEqual(a.count, 4 << 20)
            XCTAssertEqual(a.indices.first { a[$0] != Int64($0) &* 31 &+ Int64(round) }, nil, "round \(round)")
        }
        var freed: [Int64] = []
        freed.reserveCapacity(1 << 20)
        PrefaultAhead.populateCapacity(of: &freed)
        freed = []
        XCTAssertEqual(freed.count, 0)
        // Too little to be worth a thread: nothing happens.
        var small: [UInt8] = []
        small.reserveCapacity(1_000)
        PrefaultAhead.populateCapacity(of: &small)
        small.append(1)
        XCTAssertEqual(small, [1])
    }
}
