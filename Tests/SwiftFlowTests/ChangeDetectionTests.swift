@testable import SwiftFlow
import XCTest

/// The canvas with unchanged arrays (the O(1) change detection), off-screen resizes and canvas resizes.
final class ChangeDetectionTests: XCTestCase {
    // zIndex / selection draw order is lost for nodes that scroll into view while the node array is unchanged:
    // the fast path only sorts when the last *full* pass saw a visible node needing it.
    func testZIndexOrderAfterPanWithUnchangedNodes() {
        var front = testNode("front", x: 2000, y: 0, handles: [])
        front.zIndex = 5
        let back = testNode("back", x: 2020, y: 10, handles: [])
        let nodes = [front, back, testNode("A", x: 0, y: 0, handles: [])]
        let h = CanvasHarness(nodes: nodes)     // frame 1: only A visible
        h.canvas.viewport = Viewport(x: -1900, y: 0, zoom: 1)
        h.frame()                                 // same array -> fast path
        let order = h.canvas.nodeCache.visible.map { h.store.nodes[Int($0)].id }
        XCTAssertEqual(order, ["back", "front"], "zIndex 5 node must be drawn last (on top)")
    }

    func testSelectedNodeOrderAfterPanWithUnchangedNodes() {
        var sel = testNode("sel", x: 2000, y: 0, handles: [])
        sel.selected = true
        let nodes = [sel, testNode("other", x: 2020, y: 10, handles: []), testNode("A", x: 0, y: 0, handles: [])]
        let h = CanvasHarness(nodes: nodes)
        h.canvas.viewport = Viewport(x: -1900, y: 0, zoom: 1)
        h.frame()
        let order = h.canvas.nodeCache.visible.map { h.store.nodes[Int($0)].id }
        XCTAssertEqual(order, ["other", "sel"], "selected node must be drawn above unselected ones")
    }

    // Resizing (width/height) a node while it is off-screen leaves its handles and rectangle stale.
    func testOffscreenResizeMovesHandles() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)]),
                     testNode("B", x: -3000, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right)])]
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "B", "A", "out", "in")])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: -2900, y: 25))
        h.store.nodes[1].width = 400; h.store.nodes[1].height = 100
        h.frame(); h.frame()
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: -2600, y: 50), "edge must leave B's right border at its new size")
    }

    func testFitViewAfterOffscreenResize() {
        let nodes = [testNode("A", x: 0, y: 0, handles: []), testNode("B", x: 3000, y: 0, handles: [])]
        let h = CanvasHarness(nodes: nodes)
        h.store.nodes[1].width = 1000; h.store.nodes[1].height = 50
        h.frame()
        h.canvas.fitView(padding: 0); h.frame()
        // bounds are x 0...4000 -> zoom 800/4000 = 0.2
        XCTAssertEqual(h.canvas.viewport.zoom, 0.2, accuracy: 1e-6, "fitView must use B's new width")
    }

    // A resize event that reveals more canvas: the nodes in the revealed area are not laid out / drawn that frame.
    func testResizeRevealsNodesInSameFrame() {
        let nodes = [testNode("A", x: 0, y: 0, handles: []), testNode("B", x: 600, y: 400, handles: [])]
        let h = CanvasHarness(nodes: nodes, size: Size(width: 400, height: 300))
        XCTAssertEqual(h.canvas.stats.visibleNodes, 1)
        h.frame([.resize(Size(width: 800, height: 600))])
        XCTAssertEqual(h.canvas.stats.visibleNodes, 2, "B is inside the resized canvas and must be drawn in this frame")
    }

    final class Model { var nodes: [Node<JSONValue>] = [] }
    func testInPlaceMutationsAreNoticed() {
        let m = Model()
        m.nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "o", type: .source, position: .right)])]
        let c = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
        var list = DrawList()
        c.frame(nodes: m.nodes, edges: [], into: &list)
        m.nodes[0].position.x = 50
        c.frame(nodes: m.nodes, edges: [], into: &list)
        XCTAssertEqual(c.registry.handles(ofNode: 0).first?.anchor.x, 150)
        m.nodes.removeAll(keepingCapacity: true)
        m.nodes.append(testNode("A", x: 70, y: 0, handles: [NodeHandle(id: "o", type: .source, position: .right)]))
        c.frame(nodes: m.nodes, edges: [], into: &list)
        XCTAssertEqual(c.registry.handles(ofNode: 0).first?.anchor.x, 170)
        m.nodes.withUnsafeMutableBufferPointer { $0[0].hidden = true }
        c.frame(nodes: m.nodes, edges: [], into: &list)
        XCTAssertEqual(c.stats.visibleNodes, 0)
    }

    // Cached edge bounds follow moved nodes: an edge that comes to cross the view is drawn.
    func testMovedNodeBringsItsEdgeIntoView() {
        let nodes = [testNode("A", x: -3000, y: 100, handles: [NodeHandle(id: "o", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: -2500, y: 100, handles: [NodeHandle(id: "i", type: .target, position: .left, x: 0, y: 25)])]
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B")])
        XCTAssertEqual(h.canvas.stats.visibleEdges, 0)
        h.frame()
        XCTAssertEqual(h.canvas.stats.visibleEdges, 0)
        h.store.nodes[1].position = Point(x: 3000, y: 100)
        h.frame()
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
        h.frame()
        XCTAssertEqual(h.canvas.stats.visibleEdges, 1)
    }
}
