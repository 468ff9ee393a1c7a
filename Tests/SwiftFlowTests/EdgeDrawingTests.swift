import SwiftFlow
import XCTest

/// Edge drawing through the frame loop: culling by each edge's real path bounds, every type drawn.
final class EdgeDrawingTests: XCTestCase {
    /// A.out at (0, 0) facing right, B.in at (−200, 1000) facing left: the smooth step route runs
    /// right 20, down to y = 500, left along y = 500 to x = −220, down to 1000 and right into B.
    private func crossingGraph(_ type: EdgeType) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        ([testNode("A", x: -100, y: -25, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
          testNode("B", x: -200, y: 975, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])],
         [Edge(id: "e", source: "A", target: "B", data: .null, type: type)])
    }

    func testAnEdgeCrossingTheViewIsDrawnWithBothNodesOffScreen() {
        let (nodes, edges) = crossingGraph(.smoothStep)
        let h = CanvasHarness(nodes: nodes, edges: edges, size: Size(width: 200, height: 100))
        // The view shows flow x −100…100, y 450…550: only the route's y = 500 run.
        h.play("viewport 100 -450 1")
        XCTAssertEqual(h.canvas.stats.visibleNodes, 0)
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
        // Further right (flow x 400…600) nothing of the route is in view.
        h.play("viewport -400 -450 1")
        XCTAssertEqual(h.canvas.stats.visibleEdges, 0)
    }

    func testCullingUsesTheRealPathNotTheBezierHull() {
        // The straight line spans x −200…0; a bezier between the same handles has control points
        // out to x ≈ 88 (0.25 · 25 · √200), so its hull reaches into a view of flow x 50…250.
        let (nodes, edges) = crossingGraph(.straight)
        let h = CanvasHarness(nodes: nodes, edges: edges, size: Size(width: 200, height: 100))
        h.play("viewport -50 -450 1")    // flow x 50…250 (culling margin: 20 beyond)
        XCTAssertEqual(h.canvas.stats.visibleEdges, 0)
        let bezier = CanvasHarness(nodes: nodes, edges: crossingGraph(.bezier).1, size: Size(width: 200, height: 100))
        bezier.play("viewport -50 -450 1")
        XCTAssertEqual(bezier.canvas.stats.visibleEdges, 1, "precondition: the bezier's hull reaches the view")
        h.play("viewport 200 -450 1")    // flow x −200…0: the line's x = −100 at y = 500
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
    }

    func testEveryTypeIsDrawnByItsOwnPath() {
        let (nodes, _) = crossingGraph(.bezier)
        for type in EdgeType.allCases {
            let h = CanvasHarness(nodes: nodes, edges: [Edge(id: "e", source: "A", target: "B", data: .null, type: type)])
            let expected = EdgePath(type: type, source: Point(x: 0, y: 0), sourcePosition: .right,
                                    target: Point(x: -200, y: 1000), targetPosition: .left)
            XCTAssertEqual(h.canvas.edgePath(at: 0), expected, "\(type)")
        }
    }
}

/// Bad edge sizes never hide an edge or crash.
final class EdgeRobustnessTests: XCTestCase {
    func testNonFiniteSizesStillDrawTheEdge() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        var e = Edge<JSONValue>(id: "e", source: "A", target: "B", data: .null, label: "x",
                                markerEnd: EdgeMarker(type: .arrow, width: .nan, height: .infinity), interactionWidth: .nan,
                                style: EdgeStyle(strokeWidth: .infinity))
        e.labelStyle.fontSize = .nan
        let h = CanvasHarness(nodes: nodes, edges: [e])
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
        h.play("click 200 25")   // on the path, but a NaN interaction width selects nothing
        XCTAssertEqual(h.store.edges.map(\.selected), [false])
    }
}

extension EdgeRobustnessTests {
    func testAnAnimatedEdgeMillionsOfScreensLongDrawsOnlyTheVisibleDashes() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 1e12, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        let e = Edge<JSONValue>(id: "e", source: "A", target: "B", data: .null, type: .straight, animated: true)
        let h = CanvasHarness(nodes: nodes, edges: [e])
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
        var solid = e
        solid.animated = false
        let s = CanvasHarness(nodes: nodes, edges: [solid])
        // On screen x 100…803 (800 points plus the margin): 71 dashes of 2 points, 4 vertices a
        // point, instead of one 2-point line.
        XCTAssertEqual(h.canvas.stats.vertices - s.canvas.stats.vertices, 71 * 8 - 8)
    }
}
