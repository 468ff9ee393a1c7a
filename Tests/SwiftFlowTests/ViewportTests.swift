import SwiftFlow
import XCTest

final class ViewportTests: XCTestCase {
    func testDraggingEmptyCanvasPansByThePointerDelta() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("viewport 0 0 1\npress 500 400\nmove 480 390\nmove 450 380\nrelease 450 380")
        XCTAssertEqual(h.canvas.viewport, Viewport(x: -50, y: -20, zoom: 1))
    }

    func testMiddleAndRightButtonDragsPanEvenOverANode() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 50 25 right\nmove 60 35\nrelease 60 35")
        XCTAssertEqual(h.canvas.viewport, Viewport(x: 10, y: 10, zoom: 1))
        XCTAssertEqual(h.node("A")?.position, Point(x: 0, y: 0))
    }

    func testWheelStepKeepsTheFlowPointUnderThePointerFixed() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("viewport 10 20 1")
        let before = h.canvas.screenToFlowPosition(Point(x: 400, y: 300))
        h.play("wheel 400 300 1")
        XCTAssertEqual(h.canvas.viewport.zoom, 1.2, accuracy: 1e-12)
        let after = h.canvas.screenToFlowPosition(Point(x: 400, y: 300))
        XCTAssertEqual(after.x, before.x, accuracy: 1e-9)
        XCTAssertEqual(after.y, before.y, accuracy: 1e-9)
        XCTAssertEqual(before, Point(x: 390, y: 280))
        h.play("wheel 400 300 -2")
        XCTAssertEqual(h.canvas.viewport.zoom, 1 / 1.2, accuracy: 1e-12)
    }

    func testZoomIsClampedAndTheAnchorStillHolds() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play(Array(repeating: "wheel 200 100 3", count: 40).joined(separator: "\n"))
        XCTAssertEqual(h.canvas.viewport.zoom, 4)
        let p = h.canvas.screenToFlowPosition(Point(x: 200, y: 100))
        XCTAssertEqual(p.x, 200, accuracy: 1e-9)
        XCTAssertEqual(p.y, 100, accuracy: 1e-9)
        h.play(Array(repeating: "wheel 200 100 -3", count: 40).joined(separator: "\n"))
        XCTAssertEqual(h.canvas.viewport.zoom, 0.1)
    }

    func testFitViewCentresTheBoundsWithPadding() {
        // Bounds: (0,0)–(400,50); canvas 800x600, padding 0.1 (React Flow's formula)
        // → zoom min(800 / (400·1.1), 600 / (50·1.1)) = 800/440.
        let h = CanvasHarness(nodes: twoNodes())
        h.canvas.fitView(padding: 0.1)
        h.frame()
        XCTAssertEqual(h.canvas.viewport.zoom, 800.0 / 440, accuracy: 1e-12)
        XCTAssertEqual(h.canvas.viewport.x, 400 - 200 * 800.0 / 440, accuracy: 1e-9)
        XCTAssertEqual(h.canvas.viewport.y, 300 - 25 * 800.0 / 440, accuracy: 1e-9)
    }

    func testFitViewOnEmptyAndDegenerateGraphsStaysFinite() {
        let empty = CanvasHarness(nodes: [])
        empty.canvas.fitView()
        empty.frame()
        XCTAssertEqual(empty.canvas.viewport, Viewport())
        let point = CanvasHarness(nodes: [testNode("Z", x: 10, y: 20, width: 0, height: 0, handles: [])])
        point.canvas.fitView()
        point.frame()
        XCTAssertTrue(point.canvas.viewport.isValid)
        XCTAssertEqual(point.canvas.viewport.zoom, 4, "a point's fit zoom is infinite, clamped to maxZoom")
        XCTAssertEqual(point.canvas.flowToScreenPosition(Point(x: 10, y: 20)), Point(x: 400, y: 300))
    }

    /// fitView's zoom is continuous as nodes shrink to nothing: zero, tiny and huge bounds.
    func testFitViewAtZeroTinyAndHugeBounds() {
        func fitted(_ nodes: [Node<JSONValue>]) -> Viewport {
            let h = CanvasHarness(nodes: nodes)
            h.canvas.fitView()
            h.frame()
            return h.canvas.viewport
        }
        // Several zero-size nodes at one point: centred at maxZoom.
        let stacked = fitted((0..<3).map { testNode("P\($0)", x: -30, y: 70, width: 0, height: 0, handles: []) })
        XCTAssertEqual(stacked, Viewport(x: 400 + 30 * 4, y: 300 - 70 * 4, zoom: 4))
        // 0×50: only the height limits, 600 / (50·1.1) ≈ 10.9, clamped to 4; 1×1 also 4.
        XCTAssertEqual(fitted([testNode("L", x: 0, y: 0, width: 0, height: 50, handles: [])]), Viewport(x: 400, y: 300 - 25 * 4, zoom: 4))
        XCTAssertEqual(fitted([testNode("T", x: 0, y: 0, width: 1, height: 1, handles: [])]), Viewport(x: 400 - 0.5 * 4, y: 300 - 0.5 * 4, zoom: 4))
        // 1,000,000 wide: 800 / 1.1e6 is below minZoom, clamped to 0.1.
        XCTAssertEqual(fitted([testNode("H", x: 0, y: 0, width: 1_000_000, height: 10, handles: [])]),
                       Viewport(x: 400 - 500_000 * 0.1, y: 300 - 5 * 0.1, zoom: 0.1))
    }

    func testNonFiniteViewportIsIgnored() {
        let h = CanvasHarness(nodes: twoNodes())
        h.canvas.viewport = Viewport(x: .nan, y: 0, zoom: 1)
        h.canvas.viewport = Viewport(x: 0, y: 0, zoom: 0)
        XCTAssertEqual(h.canvas.viewport, Viewport())
    }

    func testDoubleClickOnEmptyCanvasZoomsInTwiceAboutThePointer() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("dblclick 500 300")
        XCTAssertEqual(h.canvas.viewport.zoom, 2)
        XCTAssertEqual(h.canvas.screenToFlowPosition(Point(x: 500, y: 300)), Point(x: 500, y: 300))
    }
}

final class PanOnScrollTests: XCTestCase {
    func testWheelPansWithPanOnScrollAndCtrlWheelStillZooms() {
        let h = CanvasHarness(nodes: twoNodes()) { $0.panOnScroll = true }
        h.frame([.wheel(Point(x: 400, y: 300), dx: 0.5, dy: 1, modifiers: [])])
        XCTAssertEqual(h.canvas.viewport, Viewport(x: -10, y: 20, zoom: 1))
        h.frame([.wheel(Point(x: 400, y: 300), dx: 0, dy: 1, modifiers: .ctrl)])
        XCTAssertEqual(h.canvas.viewport.zoom, 1.2, accuracy: 1e-12)
        XCTAssertEqual(h.canvas.screenToFlowPosition(Point(x: 400, y: 300)).x, 410, accuracy: 1e-9)
    }
}
