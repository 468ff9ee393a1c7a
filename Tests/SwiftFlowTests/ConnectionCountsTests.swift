@testable import SwiftFlow
import SwiftFlowCore
import SwiftFlowTesting
import XCTest

/// `FlowStore`'s flat table of edges per connection hash against a Dictionary kept beside it:
/// runs of hashes with one start slot, runs wrapping past the table's end, counts dropping to
/// zero inside runs (the entries after them moved back), growth, and the 65,535 limit.
final class ConnectionCountsTests: XCTestCase {
    /// Hashes that start in the last slot of a 16-slot table wrap to its front; removing the
    /// first of the run moves the others back, and each is still found.
    func testARunWrappingPastTheEndClosesItsHoles() {
        var counts = ConnectionCounts()
        for h: UInt32 in [15, 31, 47, 0] { XCTAssertTrue(counts.add(h, 1)) }
        XCTAssertTrue(counts.add(31, 2))
        XCTAssertEqual([15, 31, 47, 0, 63].map { counts[$0] }, [1, 3, 1, 1, nil])
        XCTAssertTrue(counts.add(31, -3))
        XCTAssertEqual([15, 31, 47, 0].map { counts[$0] }, [1, nil, 1, 1])
        XCTAssertTrue(counts.add(15, -1))
        XCTAssertEqual([15, 31, 47, 0].map { counts[$0] }, [nil, nil, 1, 1])
        XCTAssertEqual(counts.count, 2)
        XCTAssertTrue(counts.add(5, -1), "an absent hash taken below zero: nothing to remove")
        XCTAssertNil(counts[5])
    }

    /// A count stops at 65,535: one more is refused and leaves it as it was.
    func testACountPastItsMaximumIsRefused() {
        var counts = ConnectionCounts()
        XCTAssertTrue(counts.add(7, 65_534))
        XCTAssertTrue(counts.add(7, 1))
        XCTAssertFalse(counts.add(7, 1))
        XCTAssertEqual(counts[7], 65_535)
        XCTAssertTrue(counts.add(7, -65_535))
        XCTAssertNil(counts[7])
        XCTAssertEqual(counts.count, 0)
    }

    /// Random additions and removals over hashes crowded onto few start slots (their low bits
    /// drawn from 0..<8), through growth, checked against a Dictionary after each step.
    func testRandomChangesMatchADictionary() {
        var rng = SplitMix64(seed: 29)
        var counts = ConnectionCounts()
        var expected: [UInt32: UInt16] = [:]
        for step in 0..<4000 {
            let hash = UInt32.random(in: 0..<300, using: &rng) << 8 | UInt32.random(in: 0..<8, using: &rng)
            let old = Int(expected[hash] ?? 0)
            let delta = old > 0 && Bool.random(using: &rng) ? -Int.random(in: 1...old, using: &rng) : Int.random(in: 1...3, using: &rng)
            XCTAssertTrue(counts.add(hash, delta))
            expected[hash] = old + delta > 0 ? UInt16(old + delta) : nil
            XCTAssertEqual(counts.count, expected.count, "step \(step)")
            if step % 100 == 0 || step == 3999 {
                for h in 0..<UInt32(300) { for low in 0..<UInt32(8) { XCTAssertEqual(counts[h << 8 | low], expected[h << 8 | low], "step \(step)") } }
            }
        }
    }
}
