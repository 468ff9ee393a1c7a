import XCTest
@testable import SwiftFlowCore

final class ParallelChunksTests: XCTestCase {
    func testChunksCoverTheRangeInOrderWithoutOverlap() {
        for chunks in 1...7 {
            var next = 0
            for c in 0..<chunks {
                let r = ParallelChunks.range(of: c, chunks, count: 100)
                XCTAssertEqual(r.lowerBound, next)
                XCTAssertTrue(r.count == 100 / chunks || r.count == 100 / chunks + 1)
                next = r.upperBound
            }
            XCTAssertEqual(next, 100)
        }
    }

    func testChunkCountFollowsTheMinimumChunkAndTheCores() {
        XCTAssertEqual(ParallelChunks.chunkCount(0, minimumChunk: 10), 1)
        XCTAssertEqual(ParallelChunks.chunkCount(19, minimumChunk: 10), 1)
        XCTAssertEqual(ParallelChunks.chunkCount(20, minimumChunk: 10), min(2, ParallelChunks.cores))
        XCTAssertEqual(ParallelChunks.chunkCount(1_000_000, minimumChunk: 10), ParallelChunks.cores)
    }

    func testEveryItemIsVisitedOnceAndEachChunkSeesItsOwnRange() {
        let count = 100_003
        var hits = [UInt8](repeating: 0, count: count)
        let chunks = ParallelChunks.chunkCount(count, minimumChunk: 1_000)
        var seen = [Range<Int>](repeating: 0..<0, count: chunks)
        hits.withUnsafeMutableBufferPointer { hits in
            seen.withUnsafeMutableBufferPointer { seen in
                nonisolated(unsafe) let hits = hits, seen = seen
                ParallelChunks.run(count, minimumChunk: 1_000) { chunk, range in
                    seen[chunk] = range
                    for i in range { hits[i] &+= 1 }
                }
            }
        }
        XCTAssertEqual(hits.filter { $0 != 1 }.count, 0)
        XCTAssertEqual(seen, (0..<chunks).map { ParallelChunks.range(of: $0, chunks, count: count) })
    }

    /// A negative count (a difference of two counts gone wrong) runs the body once over nothing
    /// (it built the range `0..<-5`, a trap).
    func testANegativeCountIsAnEmptyRange() {
        var ranges: [Range<Int>] = []
        ParallelChunks.run(-5) { _, range in ranges.append(range) }
        XCTAssertEqual(ranges, [0..<0])
    }
}
