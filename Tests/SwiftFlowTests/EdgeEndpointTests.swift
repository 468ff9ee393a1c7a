import SwiftFlow
import XCTest

final class EdgeEndpointTests: XCTestCase {
    private func twoHandlesEach() -> [Node<JSONValue>] {
        [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "o1", type: .source, position: .right, x: 100, y: 10),
                                             NodeHandle(id: "o2", type: .source, position: .right, x: 100, y: 40)]),
         testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "i1", type: .target, position: .left, x: 0, y: 10),
                                               NodeHandle(id: "i2", type: .target, position: .left, x: 0, y: 40)])]
    }

    func testNamedHandlesResolveToTheirAnchors() {
        let h = CanvasHarness(nodes: twoHandlesEach(), edges: [testEdge("e", "A", "B", "o2", "i1")])
        let path = h.canvas.edgePath(at: 0)
        XCTAssertEqual(path?.start, Point(x: 100, y: 40))
        XCTAssertEqual(path?.end, Point(x: 300, y: 10))
    }

    func testNilHandleIdsResolveToTheFirstHandleOfTheType() {
        let h = CanvasHarness(nodes: twoHandlesEach(), edges: [testEdge("e", "A", "B")])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: 100, y: 10))
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 300, y: 10))
    }

    func testNodeWithoutHandlesOfTheTypeUsesTheSideCentreOfSourcePosition() {
        var nodes = [testNode("A", x: 0, y: 0, handles: []), testNode("B", x: 300, y: 100, handles: [])]
        nodes[0].sourcePosition = .bottom
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B")])
        let path = h.canvas.edgePath(at: 0)
        XCTAssertEqual(path?.start, Point(x: 50, y: 50))     // bottom centre of A
        XCTAssertEqual(path?.end, Point(x: 300, y: 125))     // left centre of B (targetPosition default)
        // Routed by those sides: leaves A downward, enters B from the left.
        let expected = BezierPath(start: Point(x: 50, y: 50), control1: Point(x: 50, y: 50 + 0.5 * 75),
                                  control2: Point(x: 300 - 0.5 * 250, y: 125), end: Point(x: 300, y: 125))
        XCTAssertEqual(path?.shape, .cubic(expected))
    }

    func testNamedMissingHandleIsNotDrawnNotReattachedAndReportedOnce() {
        let h = CanvasHarness(nodes: twoHandlesEach(), edges: [testEdge("e", "A", "B", "nope", "i1")])
        h.frame(); h.frame()
        XCTAssertNil(h.canvas.edgePath(at: 0))
        XCTAssertEqual(h.diagnostics, [.edgeHandleMissing(edgeId: "e", nodeId: "A", handleId: "nope", type: .source)])
        XCTAssertEqual(h.canvas.stats.visibleEdges, 0)
        XCTAssertEqual(h.store.edges.count, 1)
    }

    func testMissingNodeIsReportedAndTheEdgeNotDrawn() {
        let h = CanvasHarness(nodes: twoHandlesEach(), edges: [testEdge("e", "A", "Z")])
        XCTAssertNil(h.canvas.edgePath(at: 0))
        XCTAssertEqual(h.diagnostics, [.edgeTargetMissing(edgeId: "e", nodeId: "Z")])
    }

    func testDuplicateHandleIdFirstWinsWithOneDiagnostic() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "o", type: .source, position: .right, x: 100, y: 10),
                                                         NodeHandle(id: "o", type: .source, position: .right, x: 100, y: 40)]),
                     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "i", type: .target, position: .left, x: 0, y: 25)])]
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B", "o", "i")])
        h.frame()
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 0).count, 1)
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: 100, y: 10))
        XCTAssertEqual(h.diagnostics, [.duplicateHandleId(nodeId: "A", handleId: "o")])
    }

    func testDuplicateNodeIdIsReportedAndTheLaterNodeIgnored() {
        let nodes = twoHandlesEach() + [testNode("A", x: 500, y: 500, handles: [])]
        let h = CanvasHarness(nodes: nodes)
        XCTAssertEqual(h.diagnostics, [.duplicateNodeId("A")])
        XCTAssertEqual(h.canvas.stats.visibleNodes, 2)
    }

    func testHiddenNodeRegistersNoHandlesAndItsEdgesAreNotDrawn() {
        var nodes = twoHandlesEach()
        nodes[1].hidden = true
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B")])
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).count, 0)
        XCTAssertNil(h.canvas.edgePath(at: 0))
        XCTAssertEqual(h.diagnostics, [])
    }

    func testOffScreenNodeKeepsItsHandlesAndMovesThem() {
        var nodes = twoHandlesEach()
        nodes[1].position = Point(x: 5000, y: 0)
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B", "o1", "i2")])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 5000, y: 40))
        XCTAssertEqual(h.canvas.stats.visibleNodes, 1)
        h.store.nodes[1].position = Point(x: 6000, y: 100)
        h.frame()
        XCTAssertEqual(h.canvas.stats.laidOutNodes, 1)          // only A was rebuilt
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 6000, y: 140))
    }

    func testEdgeCrossingTheViewIsDrawnWhenBothNodesAreOffScreen() {
        let nodes = [testNode("A", x: -3000, y: 200, handles: [NodeHandle(id: "o", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 3000, y: 200, handles: [NodeHandle(id: "i", type: .target, position: .left, x: 0, y: 25)])]
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B")])
        XCTAssertEqual(h.canvas.stats.visibleNodes, 0)
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
    }

    func testNonFiniteNodePositionIsReportedNotDrawnAndNeverNaNInTheViewport() {
        var nodes = twoHandlesEach()
        nodes[0].position = Point(x: .nan, y: 0)
        let h = CanvasHarness(nodes: nodes)
        h.canvas.fitView()
        h.frame()
        XCTAssertEqual(h.diagnostics, [.nonFiniteNode(nodeId: "A")])
        XCTAssertTrue(h.canvas.viewport.isValid)
        XCTAssertTrue(h.list.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }
}
