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
}
