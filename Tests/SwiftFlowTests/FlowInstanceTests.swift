import SwiftFlow
import XCTest

final class FlowInstanceTests: XCTestCase {
    /// twoNodes() (A at (0,0), B at (300,0), both 100x50) on an 800x600 canvas.
    func make() -> (CanvasHarness, FlowInstance<JSONValue, JSONValue>) {
        let h = CanvasHarness(nodes: twoNodes())
        return (h, FlowInstance(canvas: h.canvas, store: h.store))
    }

    func assertViewport(_ v: Viewport, _ x: Double, _ y: Double, _ zoom: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(v.x, x, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(v.y, y, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(v.zoom, zoom, accuracy: 1e-12, file: file, line: line)
    }

    func testZoomInAndOutAboutTheCanvasCentre() {
        let (h, flow) = make()
        flow.zoomIn()
        // The flow point (400, 300) under the centre stays there at zoom 1.2.
        assertViewport(flow.getViewport(), 400 - 400 * 1.2, 300 - 300 * 1.2, 1.2)
        flow.zoomOut()
        assertViewport(flow.getViewport(), 0, 0, 1)
        flow.zoomTo(8)
        assertViewport(flow.getViewport(), 400 - 400 * 4, 300 - 300 * 4, 4)
        flow.zoomTo(.nan)
        XCTAssertEqual(flow.getViewport().zoom, 4)
        h.frame()
        XCTAssertEqual(h.canvas.viewport.zoom, 4)
    }

    func testSetCenterPutsTheFlowPointInTheMiddle() {
        let (h, flow) = make()
        flow.setCenter(x: 150, y: 25, zoom: 2)
        assertViewport(flow.getViewport(), 100, 250, 2)
        XCTAssertEqual(flow.flowToScreenPosition(Point(x: 150, y: 25)), Point(x: 400, y: 300))
        flow.setCenter(x: 150, y: 25)   // React Flow's default zoom: maxZoom
        assertViewport(flow.getViewport(), 400 - 600, 300 - 100, 4)
        // The live canvas: B's body is now under the screen point its flow point maps to.
        flow.setCenter(x: 350, y: 25, zoom: 0.5)
        h.play("click 400 300")
        XCTAssertEqual(h.node("B")?.selected, true)
        XCTAssertEqual(h.node("A")?.selected, false)
    }

    func testFitViewToSomeNodesOrAll() {
        let (h, flow) = make()
        flow.fitView(nodes: ["A"])
        XCTAssertEqual(flow.getViewport(), Viewport(), "applied at the next frame, after layout")
        h.frame()
        // A: 100x50 → zoom min(800 / 110, 600 / 55) ≈ 7.3, clamped to 4, centred on (50, 25).
        assertViewport(flow.getViewport(), 200, 200, 4)
        flow.fitView(padding: 0)
        h.frame()
        // Both: (0,0)–(400,50) → zoom min(800/400, 600/50) = 2, centred on (200, 25).
        assertViewport(flow.getViewport(), 0, 250, 2)
        flow.fitView(nodes: ["missing"])
        h.frame()
        assertViewport(flow.getViewport(), 0, 250, 2)
    }

    func testSetViewportAndConversions() {
        let (_, flow) = make()
        flow.setViewport(Viewport(x: 100, y: 50, zoom: 2))
        XCTAssertEqual(flow.screenToFlowPosition(Point(x: 300, y: 150)), Point(x: 100, y: 50))
        XCTAssertEqual(flow.flowToScreenPosition(Point(x: 100, y: 50)), Point(x: 300, y: 150))
        flow.setViewport(Viewport(x: .infinity, y: 0, zoom: 1))
        XCTAssertEqual(flow.getViewport(), Viewport(x: 100, y: 50, zoom: 2), "invalid viewports are ignored")
        flow.setViewport(Viewport(x: 0, y: 0, zoom: 0.01))
        XCTAssertEqual(flow.getViewport().zoom, 0.1)
    }

    func testAnimatedViewportFollowsTheFrameClock() {
        let (h, flow) = make()
        var reported: [Viewport] = []
        h.canvas.onViewportChange = { reported.append($0) }
        flow.setViewport(Viewport(x: 100, y: 0, zoom: 3), duration: 100)
        h.time = 1000; h.frame()                     // the animation starts at this frame's time
        XCTAssertEqual(flow.getViewport(), Viewport())
        h.time = 1025; h.frame()                     // t = 0.25: cubic in-out 4t³ = 0.0625
        assertViewport(flow.getViewport(), 6.25, 0, 1.125)
        h.time = 1050; h.frame()                     // t = 0.5: halfway
        assertViewport(flow.getViewport(), 50, 0, 2)
        h.time = 1200; h.frame()                     // past the end: exactly the target
        XCTAssertEqual(flow.getViewport(), Viewport(x: 100, y: 0, zoom: 3))
        XCTAssertEqual(reported.count, 3)
        // A wheel during an animation stops it where the user left it.
        flow.zoomTo(1, duration: 100)
        h.time = 1300; h.frame()
        h.time = 1350; h.frame([.wheel(Point(x: 0, y: 0), dx: 0, dy: 1, modifiers: [])])
        let afterWheel = flow.getViewport()
        h.time = 1400; h.frame()
        XCTAssertEqual(flow.getViewport(), afterWheel)
    }

    func testAnimatedFitView() {
        let (h, flow) = make()
        flow.fitView(nodes: ["A"], duration: 200)
        h.time = 0; h.frame()
        XCTAssertEqual(flow.getViewport(), Viewport())
        h.time = 200; h.frame()
        assertViewport(flow.getViewport(), 200, 200, 4)
    }

    func testBoundsUseMeasuredSizesAndParents() {
        // A node without width/height is measured by its view (the default type: 150x40),
        // and a child's position is relative to its parent.
        let nodes = [Node<JSONValue>(id: "P", position: Point(x: 100, y: 100), data: .null),
                     Node<JSONValue>(id: "C", position: Point(x: 10, y: 200), data: .null, parentId: "P")]
        let h = CanvasHarness(nodes: nodes)
        let flow = FlowInstance(canvas: h.canvas, store: h.store)
        XCTAssertEqual(flow.getNodesBounds(["P", "C"]), Rect(x: 100, y: 100, width: 160, height: 240))
    }

    func testGetInternalNodeGivesTheLaidOutSizePositionAndHandles() throws {
        let (h, flow) = make()
        let a = try XCTUnwrap(flow.getInternalNode("A"))
        XCTAssertEqual(a.node.id, "A")
        XCTAssertEqual(a.measured, Size(width: 100, height: 50))
        XCTAssertEqual(a.positionAbsolute, Point(x: 0, y: 0))
        XCTAssertEqual(a.handles.map(\.id), ["out"])
        XCTAssertEqual(a.handles.map(\.anchor), [Point(x: 100, y: 25)])
        let b = try XCTUnwrap(flow.getInternalNode("B"))
        XCTAssertEqual(b.handles.map(\.id), ["in"])
        XCTAssertEqual(b.handles.map(\.type), [.target])
        XCTAssertEqual(b.handles.map(\.anchor), [Point(x: 300, y: 25)], "absolute")
        XCTAssertEqual(b.handles.map(\.localAnchor), [Point(x: 0, y: 25)], "from the node's top-left")
        XCTAssertNil(flow.getInternalNode("nope"))
        // Added to the store: nil until a frame lays it out; hidden: nil again.
        try h.store.addNodes([testNode("D", x: 40, y: 300, handles: [])])
        XCTAssertNil(flow.getInternalNode("D"))
        h.frame()
        XCTAssertEqual(flow.getInternalNode("D")?.positionAbsolute, Point(x: 40, y: 300))
        try h.store.updateNode("D") { $0.hidden = true }
        h.frame()
        XCTAssertNil(flow.getInternalNode("D"))
        // Moved: the position as of the last frame.
        try h.store.updateNode("B") { $0.position = Point(x: 500, y: 20) }
        XCTAssertEqual(flow.getInternalNode("B")?.positionAbsolute, Point(x: 300, y: 0))
        h.frame()
        XCTAssertEqual(flow.getInternalNode("B")?.positionAbsolute, Point(x: 500, y: 20))
        XCTAssertEqual(flow.getInternalNode("B")?.handles.map(\.anchor), [Point(x: 500, y: 45)])
    }

    /// A deletion the store applies in place shifts the arrays before the canvas' next frame
    /// follows it: until then no node is answered (not the node now at the old index), after it
    /// the moved node is answered at its new index.
    func testGetInternalNodeAfterADeletionAppliedInPlace() throws {
        let nodes = [testNode("A", x: 0, y: 0, handles: []), testNode("B", x: 200, y: 0, handles: []),
                     testNode("C", x: 400, y: 0, handles: [])]
        let h = CanvasHarness(nodes: nodes)
        let flow = FlowInstance(canvas: h.canvas, store: h.store)
        XCTAssertEqual(flow.getInternalNode("B")?.node.id, "B")
        h.click(Point(x: 10, y: 10))
        h.key("Delete")
        XCTAssertEqual(flow.getNodes().map(\.id), ["B", "C"], "the store applied the deletion")
        XCTAssertNil(flow.getInternalNode("B"), "not C, now at B's old index")
        h.frame()
        XCTAssertEqual(flow.getInternalNode("B")?.node.id, "B")
        XCTAssertEqual(flow.getInternalNode("B")?.positionAbsolute, Point(x: 200, y: 0))
        XCTAssertEqual(flow.getInternalNode("C")?.node.id, "C")
        XCTAssertNil(flow.getInternalNode("A"))
    }

    func testGetInternalNodeMeasuresAndAddsParents() throws {
        // No width/height: measured by the default view (150x40); C's position is P-relative.
        let nodes = [Node<JSONValue>(id: "P", position: Point(x: 100, y: 100), data: .null),
                     Node<JSONValue>(id: "C", position: Point(x: 10, y: 200), data: .null, parentId: "P")]
        let h = CanvasHarness(nodes: nodes)
        let flow = FlowInstance(canvas: h.canvas)
        XCTAssertEqual(flow.getInternalNode("P")?.measured, Size(width: 150, height: 40))
        let c = try XCTUnwrap(flow.getInternalNode("C"))
        XCTAssertEqual(c.node.position, Point(x: 10, y: 200))
        XCTAssertEqual(c.positionAbsolute, Point(x: 110, y: 300))
        XCTAssertEqual(c.measured, Size(width: 150, height: 40))
    }

    func testDeleteElementsActsOnTheLiveGraph() {
        let (h, flow) = make()
        try? h.store.addEdges([Edge(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)])
        h.frame()
        let removed = flow.deleteElements(nodes: ["A"])
        XCTAssertEqual(removed.nodes.map(\.id), ["A"])
        XCTAssertEqual(removed.edges.map(\.id), ["e"], "the attached edge goes too")
        XCTAssertEqual(flow.getNodes().map(\.id), ["B"])
        XCTAssertEqual(flow.getEdges().count, 0)
        h.frame()
        h.canvas.undo()
        h.frame()
        XCTAssertEqual(Set(flow.getNodes().map(\.id)), ["A", "B"])
        XCTAssertEqual(flow.getEdges().map(\.id), ["e"])
    }

    func testGraphReads() {
        let (h, flow) = make()
        XCTAssertEqual(flow.getNodes().map(\.id), ["A", "B"])
        XCTAssertEqual(flow.getNode("B")?.position, Point(x: 300, y: 0))
        XCTAssertNil(flow.getNode("C"))
        XCTAssertEqual(flow.getEdges().count, 0)
        XCTAssertEqual(flow.getNodesBounds(["A", "B"]), Rect(x: 0, y: 0, width: 400, height: 50))
        XCTAssertEqual(flow.getNodesBounds(["B", "nope"]), Rect(x: 300, y: 0, width: 100, height: 50))
        XCTAssertEqual(flow.getNodesBounds(["nope"]), Rect(x: 0, y: 0, width: 0, height: 0))
        // Without a store: the arrays of the canvas' last frame.
        let bare = FlowInstance(canvas: h.canvas)
        XCTAssertEqual(bare.getNodes().map(\.id), ["A", "B"])
    }
}
