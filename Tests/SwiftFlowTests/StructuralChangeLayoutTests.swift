@testable import SwiftFlow
import XCTest

/// A node array whose id list changes (delete, insert, reorder): surviving nodes keep their
/// layout, handles and index rectangles at their new index, so only new, visible and resized
/// nodes are laid out again (off-screen nodes keep their cached layout).
final class StructuralChangeLayoutTests: XCTestCase {
    /// 10,000 nodes of 100 × 50 in 100 columns (every 200 × 100 flow units), each with a target
    /// "in" at (0, 25) and a source "out" at (100, 25); edge "e<i>" joins node i to node i + 1.
    private func grid() -> CanvasHarness {
        let handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                       NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]
        let nodes = (0..<10_000).map { testNode("n\($0)", x: Double($0 % 100) * 200, y: Double($0 / 100) * 100, handles: handles) }
        let edges = (0..<9_999).map { Edge<JSONValue>(id: "e\($0)", source: "n\($0)", target: "n\($0 + 1)",
                                                      sourceHandle: "out", targetHandle: "in", data: .null) }
        return CanvasHarness(nodes: nodes, edges: edges)
    }

    /// Every registered handle by node id and handle id, checking each entry names its node's index.
    private func anchors(_ h: CanvasHarness, file: StaticString = #filePath, line: UInt = #line) -> [String: Point] {
        var result: [String: Point] = [:]
        for (i, node) in h.store.nodes.enumerated() {
            for e in h.canvas.registry.handles(ofNode: i) {
                XCTAssertEqual(e.nodeId, node.id, file: file, line: line)
                XCTAssertEqual(Int(e.nodeIndex), i, file: file, line: line)
                result["\(node.id).\(e.id)"] = e.anchor
            }
        }
        return result
    }

    /// Each edge's start and end by edge id (nil when not drawn).
    private func endpoints(_ h: CanvasHarness) -> [String: [Point]] {
        var result: [String: [Point]] = [:]
        for (k, e) in h.store.edges.enumerated() {
            result[e.id] = h.canvas.edgePath(at: k).map { [$0.start, $0.end] } ?? []
        }
        return result
    }

    /// The incrementally kept node and edge index entries equal freshly computed ones.
    private func assertIndexesExact(_ h: CanvasHarness, file: StaticString = #filePath, line: UInt = #line) {
        for i in h.canvas.nodeCache.states.indices where h.canvas.nodeCache.states[i].drawable {
            XCTAssertEqual(h.canvas.nodeCache.bounds.rect(of: i), h.canvas.nodeRect(i), file: file, line: line)
        }
        for k in h.store.edges.indices {
            let fresh = h.canvas.edgeBounds(k, h.canvas.resolvedEnds(k, h.store.nodes))
            XCTAssertEqual(h.canvas.edgeIndex.rects.rect(of: k), fresh, "edge \(k)", file: file, line: line)
        }
    }

    func testDeletingAnOffScreenNodeLaysOutOnlyTheVisibleNodes() {
        let h = grid()
        let visible = h.canvas.stats.visibleNodes
        XCTAssertGreaterThan(visible, 0)
        XCTAssertLessThan(visible, 100)
        let anchorsBefore = anchors(h), endsBefore = endpoints(h)
        h.store.nodes.remove(at: 5_000)
        h.frame()
        XCTAssertEqual(h.canvas.stats.laidOutNodes, visible, "only the visible nodes are laid out again")
        XCTAssertEqual(h.canvas.stats.visibleNodes, visible)
        var expected = anchorsBefore
        expected["n5000.in"] = nil; expected["n5000.out"] = nil
        XCTAssertEqual(anchors(h), expected, "every survivor's handles stay at their exact anchors")
        XCTAssertEqual(anchors(h)["n9999.out"], Point(x: 99 * 200 + 100, y: 99 * 100 + 25))
        var ends = endsBefore
        ends["e4999"] = []; ends["e5000"] = []   // they name the deleted node
        XCTAssertEqual(endpoints(h), ends)
        assertIndexesExact(h)
        // Undo-style re-insertion: only the visible nodes are laid out; the returning node,
        // off-screen, is placed from its size and handles without building its view.
        h.store.nodes.insert(testNode("n5000", x: 0, y: 5_000, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                                                                         NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]), at: 5_000)
        h.frame()
        XCTAssertEqual(h.canvas.stats.laidOutNodes, visible)
        XCTAssertEqual(anchors(h), anchorsBefore)
        XCTAssertEqual(endpoints(h), endsBefore)
        assertIndexesExact(h)
    }

    /// Applies `change` to the grid's node array and draws a frame: exactly the visible nodes and
    /// `extra` more are laid out, every handle keeps its anchor apart from `added`, every edge
    /// its ends, and the indexes are exact.
    private func assertLayoutsKept(laidOutBesidesVisible extra: Int, added: [String: Point] = [:],
                                   _ change: (inout [Node<JSONValue>]) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        let h = grid()
        let visible = h.canvas.stats.visibleNodes
        let anchorsBefore = anchors(h), endsBefore = endpoints(h)
        change(&h.store.nodes)
        h.frame()
        XCTAssertEqual(h.canvas.stats.laidOutNodes, visible + extra, file: file, line: line)
        XCTAssertEqual(anchors(h), anchorsBefore.merging(added) { $1 }, file: file, line: line)
        XCTAssertEqual(endpoints(h), endsBefore, file: file, line: line)
        assertIndexesExact(h, file: file, line: line)
    }

    func testInsertingInTheMiddlePlacesTheNewNodeAndKeepsTheOthers() {
        // The new node is off-screen: placed from its size and handles, its view not built.
        assertLayoutsKept(laidOutBesidesVisible: 0, added: ["new.in": Point(x: 30_000, y: 30_010)]) {
            $0.insert(testNode("new", x: 30_000, y: 30_000, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 10)]), at: 1_234)
        }
    }

    func testReorderingKeepsEveryLayout() {
        assertLayoutsKept(laidOutBesidesVisible: 0) { $0.reverse() }
    }

    /// Together with a deletion: an off-screen survivor whose fixed size changed is laid out again
    /// (its handles follow its border), one that moved keeps its layout and moves its handles.
    func testSurvivorsResizedOrMovedInTheSameUpdate() {
        let h = grid()
        let visible = h.canvas.stats.visibleNodes
        h.store.nodes.remove(at: 10)
        h.store.nodes[7_000].width = 300    // n7001, at (200, 7000)
        h.store.nodes[8_000].position = Point(x: -5_000, y: 0)   // n8001
        h.frame()
        XCTAssertEqual(h.canvas.stats.laidOutNodes, visible + 1, "the visible nodes and the resized n7001")
        XCTAssertEqual(h.canvas.nodeCache.states[7_000].size, Size(width: 300, height: 50))
        let a = anchors(h)
        XCTAssertEqual(a["n7001.out"], Point(x: 500, y: 7_025))
        XCTAssertEqual(a["n8001.in"], Point(x: -5_000, y: 25))
        XCTAssertEqual(h.canvas.edgePath(at: 8_000)?.end, Point(x: -5_000, y: 25))   // e8000: n8000 -> n8001
        assertIndexesExact(h)
    }

    /// Ids duplicated before the change start afresh: the remaining copy gets its own handles,
    /// not those of the copy that was removed.
    func testRemovingTheFirstOfTwoDuplicateIdsLaysOutTheOtherCopy() {
        let nodes = [testNode("A", x: 0, y: 0, handles: []),
                     testNode("D", x: -3_000, y: 0, handles: [NodeHandle(id: "first", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("D", x: -5_000, y: 0, handles: [NodeHandle(id: "second", type: .source, position: .right, x: 100, y: 10)])]
        let h = CanvasHarness(nodes: nodes)
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).map(\.id), ["first"])
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 2).map(\.id), [], "a duplicate id has no handles")
        h.store.nodes.remove(at: 1)
        h.frame()
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).map(\.id), ["second"])
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).first?.anchor, Point(x: -4_900, y: 10))
    }

    /// A hidden survivor stays without handles; shown again it gets them back.
    func testHiddenSurvivorStaysHiddenAcrossADeletion() {
        let nodes = [testNode("A", x: 0, y: 0, handles: []), testNode("B", x: 3_000, y: 0, handles: []),
                     testNode("H", x: -3_000, y: 0, handles: [NodeHandle(id: "h", type: .source, position: .right, x: 100, y: 25)])]
        let h = CanvasHarness(nodes: nodes)
        h.store.nodes[2].hidden = true
        h.frame()
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 2).count, 0)
        h.store.nodes.remove(at: 1)
        h.frame()
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).count, 0)
        XCTAssertFalse(h.canvas.nodeCache.states[1].drawable)
        h.store.nodes[1].hidden = false
        h.frame()
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).first?.anchor, Point(x: -2_900, y: 25))
    }
}
