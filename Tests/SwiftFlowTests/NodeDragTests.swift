import SwiftFlow
import XCTest

final class NodeDragTests: XCTestCase {
    func testDraggingANodeEmitsPositionChangesAndMovesIt() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 50 25\nmove 70 35\nmove 100 45\nrelease 100 45")
        let positions = h.nodeChanges.compactMap { c -> String? in
            if case .position(let id, let p, let dragging) = c { return "\(id) \(p.x),\(p.y) \(dragging)" }
            return nil
        }
        XCTAssertEqual(positions, ["A 20.0,10.0 true", "A 50.0,20.0 true", "A 50.0,20.0 false"])
        XCTAssertEqual(h.node("A")?.position, Point(x: 50, y: 20))
        XCTAssertEqual(h.node("B")?.position, Point(x: 300, y: 0))
        XCTAssertEqual(h.node("A")?.selected, true)
    }

    func testDragAtZoomTwoMovesByTheFlowDelta() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("viewport 0 0 2\npress 100 50\nmove 150 70\nmove 200 90\nrelease 200 90")
        XCTAssertEqual(h.node("A")?.position, Point(x: 50, y: 20))
    }

    func testMovementWithinOnePointIsAClickNotADrag() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 50 25\nmove 51 25\nrelease 51 25")
        XCTAssertEqual(h.node("A")?.position, Point(x: 0, y: 0))
        XCTAssertEqual(h.node("A")?.selected, true)
        h.play("click 600 500")
        XCTAssertEqual(h.node("A")?.selected, false)
    }

    func testNonDraggableNodeDoesNotMove() {
        var nodes = twoNodes()
        nodes[0].draggable = false
        let h = CanvasHarness(nodes: nodes)
        h.play("press 50 25\nmove 100 45\nrelease 100 45")
        XCTAssertEqual(h.node("A")?.position, Point(x: 0, y: 0))
    }

    func testEscapeDuringADragRestoresTheStartPosition() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 50 25\nmove 100 45\nkey Escape\nrelease 100 45")
        XCTAssertEqual(h.node("A")?.position, Point(x: 0, y: 0))
    }

    func testHandlesMoveWithTheDraggedNode() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 50 25\nmove 100 45\nrelease 100 45")
        let out = h.canvas.registry.handles(ofNode: 0).first
        XCTAssertEqual(out?.anchor, Point(x: 150, y: 45))
        // The moved handle is found where it now is.
        h.play("press 150 45\nmove 250 30\nrelease 300 25")
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")])
    }

    func testAutoPanNearTheEdgeOnlyWhenTheClockAdvances() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 100 25\nmove 100 10")
        XCTAssertEqual(h.canvas.viewport, Viewport())
        h.play("wait 16")
        // 10 points from the top edge: (40 - 10) / 40 of 15 points per 16.67 ms, for 16 ms.
        XCTAssertEqual(h.canvas.viewport.y, 0.75 * 15 * 16 / (1000.0 / 60), accuracy: 1e-9)
        XCTAssertEqual(h.canvas.viewport.x, 0)
    }
}
