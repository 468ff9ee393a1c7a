@testable import SwiftFlow
import XCTest

/// `RecentNodes`, the few node lookups an edge resolution pass remembers: what it holds, and
/// that edges resolved in one pass (ends recurring, missing and duplicated nodes among them)
/// resolve exactly as each edge does alone.
final class RecentNodesTests: XCTestCase {
    func testHoldsTheLastFourNodesFoundAndNoMissingOne() {
        var recent = RecentNodes()
        XCTAssertNil(recent.index(of: ""))
        XCTAssertNil(recent.noting("gone", nil))
        XCTAssertNil(recent.index(of: "gone"))
        for (k, id) in ["a", "b", "c", "d"].enumerated() { XCTAssertEqual(recent.noting(id, k), k) }
        XCTAssertEqual(["a", "b", "c", "d"].map { recent.index(of: $0) }, [0, 1, 2, 3])
        XCTAssertEqual(recent.noting("e", 4), 4)   // replaces the oldest, "a"
        XCTAssertEqual(["a", "b", "c", "d", "e"].map { recent.index(of: $0) }, [nil, 1, 2, 3, 4])
    }

    func testFollowingFindsOnlyTheIdRightAfterANotedIndex() {
        var recent = RecentNodes()
        let ids = ["a", "b", "c", "b"]
        XCTAssertNil(recent.following("a", in: ids), "nothing noted")
        _ = recent.noting("a", 0)
        XCTAssertEqual(recent.following("b", in: ids), 1)
        XCTAssertNil(recent.following("c", in: ids), "two after a noted index")
        XCTAssertNil(recent.following("a", in: ids), "the noted index itself")
        _ = recent.noting("c", 2)
        XCTAssertEqual(recent.following("b", in: ids), 1, "after a, before the b after c")
        _ = recent.noting("b", 3)
        XCTAssertNil(recent.following("x", in: ids), "past the end")
        XCTAssertNil(recent.following("b", in: []), "other ids")
    }

    /// An end found right after a noted node is that node's first copy's index, as the id map's:
    /// a later copy of a duplicated id falls back to the map.
    func testAnEndAfterANotedNodeResolvesAsTheIdMapDoes() {
        let handles = [NodeHandle(id: "i", type: .target, position: .left, x: 0, y: 25),
                       NodeHandle(id: "o", type: .source, position: .right, x: 100, y: 25)]
        let nodes = ["A", "B", "C", "B", "D"].enumerated().map { k, id in testNode(id, x: Double(k) * 200, y: 0, handles: handles) }
        func edge(_ id: String, _ s: String, _ t: String) -> Edge<JSONValue> {
            Edge(id: id, source: s, target: t, sourceHandle: "o", targetHandle: "i", data: .null)
        }
        let edges = [edge("e0", "C", "B"), edge("e1", "A", "B"), edge("e2", "B", "C"), edge("e3", "C", "D"), edge("e4", "D", "A")]
        let h = CanvasHarness(nodes: nodes, edges: edges)
        XCTAssertEqual(h.canvas.edgeIndex.keys.map { [$0.source, $0.target] }, [[2, 1], [0, 1], [1, 2], [2, 4], [4, 0]])
    }

    func testEdgesResolvedInOnePassMatchEachEdgeResolvedAlone() {
        let handles = [NodeHandle(id: "i", type: .target, position: .left, x: 0, y: 25),
                       NodeHandle(id: "o", type: .source, position: .right, x: 100, y: 25)]
        // "B" twice: ends on it resolve to its first copy.
        let nodes = ["A", "B", "C", "B", "D"].enumerated().map { k, id in
            testNode(id, x: Double(k) * 200, y: Double(k % 2) * 100, handles: handles)
        }
        func edge(_ id: String, _ s: String, _ t: String, _ sh: String? = "o", _ th: String? = "i") -> Edge<JSONValue> {
            Edge(id: id, source: s, target: t, sourceHandle: sh, targetHandle: th, data: .null)
        }
        let edges = [edge("e0", "A", "B"), edge("e1", "A", "C"), edge("e2", "B", "Z"), edge("e3", "B", "C"),
                     edge("e4", "Z", "A"), edge("e5", "C", "D", nil, nil), edge("e6", "D", "A"), edge("e7", "C", "B"),
                     edge("e8", "B", "D", "o", "nope"), edge("e9", "A", "D")]
        let together = CanvasHarness(nodes: nodes, edges: edges)
        for (k, e) in edges.enumerated() {
            let alone = CanvasHarness(nodes: nodes, edges: [e])
            XCTAssertEqual(together.canvas.edgePath(at: k), alone.canvas.edgePath(at: 0), e.id)
            // The nodes the ends found (a missing one's name is numbered per canvas: -1 here).
            let a = together.canvas.edgeIndex.keys[k], b = alone.canvas.edgeIndex.keys[0]
            XCTAssertEqual([max(a.source, -1), max(a.target, -1)], [max(b.source, -1), max(b.target, -1)], e.id)
        }
        XCTAssertNotNil(together.canvas.edgePath(at: 7))
        XCTAssertNil(together.canvas.edgePath(at: 2))
    }
}
