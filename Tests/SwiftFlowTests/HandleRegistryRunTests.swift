@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// A registry holding no handle records new nodes in increasing order as a run of pending groups
/// (no map of them); a node recorded again or out of order maps the run. Either way the commit
/// gives the same entries: in node order, each node's latest handles at its latest origin.
final class HandleRegistryRunTests: XCTestCase {
    private func handle(_ id: String, _ x: Double) -> LaidOutHandle {
        LaidOutHandle(id: id, type: .source, position: .right, anchor: Point(x: x, y: 1), color: nil, isConnectable: true)
    }

    /// Entries as (node, handle id, anchor x, anchor y, order).
    private func summary(_ registry: HandleRegistry) -> [String] {
        registry.entries.map { "\($0.nodeIndex) \($0.nodeId)/\($0.id) \($0.anchor.x),\($0.anchor.y) #\($0.order)" }
    }

    private func emptyRegistry(nodes: Int) -> HandleRegistry {
        let registry = HandleRegistry()
        registry.remap([Int32](repeating: -1, count: nodes))
        return registry
    }

    func testARunOfNewNodesCommitsInNodeOrderWithMovesAndDuplicates() {
        let registry = emptyRegistry(nodes: 4)
        let structure = registry.structureVersion
        var duplicates: [String] = []
        registry.update(nodeIndex: 0, nodeId: "a", origin: Point(x: 10, y: 0), handles: [handle("s", 1), handle("t", 2)][...]) { duplicates.append($0) }
        registry.update(nodeIndex: 1, nodeId: "b", origin: .zero, handles: [][...]) { duplicates.append($0) }
        registry.update(nodeIndex: 2, nodeId: "c", origin: Point(x: 20, y: 0), handles: [handle("s", 3), handle("s", 4)][...]) { duplicates.append($0) }
        registry.update(nodeIndex: 3, nodeId: "d", origin: Point(x: 30, y: 0), handles: [handle("u", 5)][...]) { duplicates.append($0) }
        registry.move(nodeIndex: 2, to: Point(x: 200, y: 7))
        XCTAssertEqual(registry.count, 0, "nothing committed yet")
        registry.commit()
        XCTAssertEqual(duplicates, ["s"])
        XCTAssertEqual(summary(registry), ["0 a/s 11.0,1.0 #0", "0 a/t 12.0,1.0 #1", "2 c/s 203.0,8.0 #0", "3 d/u 35.0,1.0 #0"])
        XCTAssertEqual(registry.range(ofNode: 1), 2..<2)
        XCTAssertEqual(registry.range(ofNode: 3), 3..<4)
        XCTAssertEqual(registry.structureVersion, structure + 1)
    }

    func testANodeRecordedAgainOrOutOfOrderEndsTheRunWithTheSameResult() {
        let registry = emptyRegistry(nodes: 4)
        registry.update(nodeIndex: 1, nodeId: "b", origin: Point(x: 10, y: 0), handles: [handle("s", 1)][...]) { _ in }
        registry.update(nodeIndex: 3, nodeId: "d", origin: Point(x: 30, y: 0), handles: [handle("s", 2)][...]) { _ in }
        registry.update(nodeIndex: 1, nodeId: "b", origin: Point(x: 50, y: 0), handles: [handle("v", 3), handle("w", 4)][...]) { _ in }
        registry.update(nodeIndex: 0, nodeId: "a", origin: .zero, handles: [handle("x", 5)][...]) { _ in }
        registry.move(nodeIndex: 3, to: Point(x: 60, y: 2))
        registry.commit()
        XCTAssertEqual(summary(registry), ["0 a/x 5.0,1.0 #0", "1 b/v 53.0,1.0 #0", "1 b/w 54.0,1.0 #1", "3 d/s 62.0,3.0 #0"])
        XCTAssertEqual(registry.find(nodeIndex: 3, id: "s"), 3)
    }

    func testARunCutByReplaceTailKeepsTheGroupsBeforeTheCut() {
        let registry = emptyRegistry(nodes: 3)
        registry.update(nodeIndex: 0, nodeId: "a", origin: .zero, handles: [handle("s", 1)][...]) { _ in }
        registry.update(nodeIndex: 2, nodeId: "c", origin: .zero, handles: [handle("s", 2)][...]) { _ in }
        registry.replaceTail(kept: 1, count: 2)
        registry.update(nodeIndex: 1, nodeId: "n", origin: Point(x: 100, y: 0), handles: [handle("t", 3)][...]) { _ in }
        registry.commit()
        XCTAssertEqual(summary(registry), ["0 a/s 1.0,1.0 #0", "1 n/t 103.0,1.0 #0"])
    }

    /// A seeded first frame of `count` nodes, node `i` with `handleCount(i, random)` handles:
    /// every node's handles, origin and id, recorded in node order except that `firstLast`
    /// records node 0 last (which maps the run and takes the general commit).
    private func seededFrame(_ count: Int, firstLast: Bool, handleCount: (Int, inout UInt64) -> Int) -> HandleRegistry {
        let registry = emptyRegistry(nodes: count)
        var random: UInt64 = 0x5EED
        var frame: [(Int, Point, [LaidOutHandle])] = []
        for i in 0..<count {
            let n = handleCount(i, &random)
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let origin = Point(x: Double(random >> 40) / 8, y: Double((random >> 20) & 0xFFFF) / 4)
            frame.append((i, origin, (0..<n).map { k in
                LaidOutHandle(id: k % 2 == 0 ? "t\(k)" : "s\(k)", type: k % 2 == 0 ? .target : .source, position: k % 2 == 0 ? .left : .right,
                              anchor: Point(x: Double(k * 10 + i % 7), y: Double(i % 5)), color: nil, isConnectable: true)
            }))
        }
        if firstLast { frame.append(frame.removeFirst()) }
        for (i, origin, handles) in frame {
            registry.update(nodeIndex: i, nodeId: "n\(i)", origin: origin, handles: handles[...]) { _ in XCTFail("no duplicate") }
        }
        registry.commit()
        return registry
    }

    /// A first frame of more nodes than one chunk (`ParallelChunks`) committed into an empty
    /// registry, with two handles per node (the pending storage adopted) and with 0 to 3 (copied),
    /// gives exactly the entries, node ranges and versions of the general commit.
    func testAFirstFrameRunCommittedInChunksEqualsTheGeneralCommit() {
        let count = 40_000
        let counts: [(Int, inout UInt64) -> Int] = [{ _, _ in 2 }, { i, random in i == 0 ? 2 : Int(random >> 62) }]
        for handleCount in counts {
            let run = seededFrame(count, firstLast: false, handleCount: handleCount)
            let general = seededFrame(count, firstLast: true, handleCount: handleCount)
            XCTAssertGreaterThan(run.count, count)
            XCTAssertEqual(run.entries, general.entries)
            XCTAssertEqual((0..<count).map { run.range(ofNode: $0) }, (0..<count).map { general.range(ofNode: $0) })
            XCTAssertEqual(run.structureVersion, general.structureVersion)
            XCTAssertEqual(run.geometryVersion, general.geometryVersion)
            XCTAssertEqual(run.find(nodeIndex: count - 1, id: "s1"), general.find(nodeIndex: count - 1, id: "s1"))
        }
    }
}
