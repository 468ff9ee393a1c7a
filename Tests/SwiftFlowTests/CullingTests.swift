@testable import SwiftFlow
import XCTest

/// Culling through the node and edge indexes: the same nodes and edges as a scan over the graph,
/// edges by their real path bounds with a margin (nothing pops in at the border), and a drag
/// that re-bins what moved without rebuilding any index.
final class IndexCullingTests: XCTestCase {
    /// Drawable nodes whose laid-out rectangle meets the cull rectangle, by a scan.
    private func scannedNodes(_ c: FlowCanvas<JSONValue, JSONValue>) -> [Int32] {
        c.nodeCache.states.indices.filter { c.nodeCache.states[$0].drawable && c.nodeRect($0).intersects(c.cullRect) }.map { Int32($0) }
    }

    /// Edges of which some point of the real path lies in the visible area grown by `grow`
    /// flow units, by a scan over `edgePath(at:)` (flattened within a tenth of a unit).
    private func scannedEdges(_ c: FlowCanvas<JSONValue, JSONValue>, edgeCount: Int, grow: Double) -> Set<Int32> {
        let view = c.viewport.visibleFlowRect(canvasSize: c.size).insetBy(-grow)
        var points: [Point] = []
        return Set((0..<edgeCount).filter { k in
            guard let path = c.edgePath(at: k) else { return false }
            points.removeAll()
            path.flatten(tolerance: 0.1, into: &points)
            return points.contains { view.contains($0) }
        }.map { Int32($0) })
    }

    private func indexedEdges(_ c: FlowCanvas<JSONValue, JSONValue>) -> Set<Int32> {
        var result: [Int32] = []
        c.edgeIndex.rects.query(c.cullRect, into: &result)
        return Set(result)
    }

    func testPanAndZoomCullLikeAScanAndNoEdgeOnScreenIsMissed() {
        let doc = StressGraph.make(nodeCount: 2000)
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges, size: Size(width: 1280, height: 800))
        var visibleEdgeCounts: [Int] = []
        for step in 0..<20 {
            let zoom = [1.0, 0.5, 0.25, 2][step % 4]
            h.canvas.viewport = Viewport(x: -Double(step) * 743, y: -Double(step) * 301, zoom: zoom)
            h.frame()
            XCTAssertEqual(h.canvas.nodeCache.visible, scannedNodes(h.canvas), "step \(step)")
            // Every edge with a point on screen — or within its stroke's half width — is drawn.
            let onScreen = scannedEdges(h.canvas, edgeCount: doc.edges.count, grow: 0.5)
            XCTAssertTrue(onScreen.isSubset(of: indexedEdges(h.canvas)), "step \(step): \(onScreen.subtracting(indexedEdges(h.canvas)))")
            visibleEdgeCounts.append(h.canvas.stats.visibleEdges)
        }
        XCTAssertGreaterThan(visibleEdgeCounts.max()!, 50)
    }

    func testAnEdgeWhoseCurveCrossesTheViewIsDrawnWithBothEndsOffScreen() {
        // A backward edge: source far right of the view, target far left; its bezier loops out of
        // both ends, but its middle runs through the view.
        let nodes = [testNode("L", x: -3000, y: 280, handles: [NodeHandle(id: "in", type: .target, position: .left)]),
                     testNode("R", x: 3000, y: 260, handles: [NodeHandle(id: "out", type: .source, position: .right)])]
        let h = CanvasHarness(nodes: nodes, edges: [Edge(id: "e", source: "R", target: "L", sourceHandle: "out", targetHandle: "in", data: .null)])
        XCTAssertEqual(h.canvas.nodeCache.visible, [])
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
        XCTAssertGreaterThan(h.canvas.stats.edgeVertices, 0)
    }

    func testDraggingNodesRebinsWithoutRebuildingAndKeepsEdgeBoundsExact() {
        let doc = StressGraph.make(nodeCount: 2000)
        var nodes = doc.nodes
        for i in [0, 1, 45] { nodes[i].selected = true }
        let h = CanvasHarness(nodes: nodes, edges: doc.edges, size: Size(width: 1280, height: 800))
        h.frame([.pointerDown(Point(x: 80, y: 40), button: .primary, modifiers: [], clickCount: 1)])
        XCTAssertFalse(h.canvas.nodeCache.bounds.awaitsFiling, "the index stage files the first layout's rectangles")
        var rebuilds = 0, rebins = 0
        for f in 1...30 {
            h.frame([.pointerMove(Point(x: 80 + Double(7 * f), y: 40 + Double(5 * f)), modifiers: [])])
            rebuilds += h.canvas.stats.indexRebuilds
            rebins += h.canvas.stats.indexRebins
        }
        h.frame([.pointerUp(Point(x: 290, y: 190), button: .primary, modifiers: [])])
        XCTAssertEqual(h.node("n45")?.position, Point(x: 210, y: 290))   // 45 columns: n45 starts row 1 at (0, 140)
        XCTAssertEqual(rebuilds, 0, "a drag re-bins, never rebuilds")
        XCTAssertGreaterThan(rebins, 0)
        // The incrementally kept bounds equal freshly computed ones for every node and edge.
        for i in h.canvas.nodeCache.states.indices where h.canvas.nodeCache.states[i].drawable {
            XCTAssertEqual(h.canvas.nodeCache.bounds.rect(of: i), h.canvas.nodeRect(i))
        }
        for k in doc.edges.indices {
            let fresh = h.canvas.edgeBounds(k, h.canvas.resolvedEnds(k, h.store.nodes))
            XCTAssertNotNil(fresh)
            XCTAssertEqual(h.canvas.edgeIndex.rects.rect(of: k), fresh, "edge \(k)")
        }
    }
}
