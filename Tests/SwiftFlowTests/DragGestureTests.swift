@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `.gesture(DragGesture())` inside node views, through the frame loop: values in the view's
/// space, the minimum distance, zoom, and the node staying where it is.
final class DragGestureTests: XCTestCase {
    final class Log { var changed: [DragGesture.Value] = []; var ended: [DragGesture.Value] = [] }

    /// Node "d" (200x100 at (0, 0)) with a 100x50 red view centred in it, at (50, 25)-(150, 75).
    func harness(_ log: Log, minimumDistance: Double = 10) -> CanvasHarness {
        CanvasHarness(nodes: [Node(id: "d", position: .zero, data: .null, type: "d", width: 200, height: 100)]) { canvas in
            canvas.nodeTypes["d"] = NodeType { _ in
                Color.red.frame(width: 100, height: 50)
                    .gesture(DragGesture(minimumDistance: minimumDistance)
                        .onChanged { log.changed.append($0) }
                        .onEnded { log.ended.append($0) })
            }
        }
    }

    func value(_ sx: Double, _ sy: Double, _ x: Double, _ y: Double) -> DragGesture.Value {
        DragGesture.Value(startLocation: Point(x: sx, y: sy), location: Point(x: x, y: y), translation: Size(width: x - sx, height: y - sy))
    }

    func testADragReportsViewLocalValuesAfterTheMinimumDistanceAndDoesNotMoveTheNode() {
        let log = Log(), h = harness(log)
        h.play("press 60 30\nmove 65 30\nmove 90 50\nrelease 100 60")
        XCTAssertEqual(log.changed, [value(10, 5, 40, 25), value(10, 5, 50, 35)], "nothing until 10 points from the press")
        XCTAssertEqual(log.ended, [value(10, 5, 50, 35)])
        XCTAssertEqual(h.node("d")?.position, .zero)
        XCTAssertEqual(h.node("d")?.selected, false)
        // A press released within the minimum distance is no drag.
        h.play("press 60 30\nmove 62 31\nrelease 62 31")
        XCTAssertEqual(log.ended.count, 1)
        // Outside the view, the press drags the node.
        h.drag(from: Point(x: 20, y: 10), to: Point(x: 40, y: 20))
        XCTAssertEqual(h.node("d")?.position, Point(x: 20, y: 10))
    }

    func testZeroMinimumDistanceStartsAtThePressAndZoomKeepsFlowUnits() {
        let log = Log(), h = harness(log, minimumDistance: 0)
        h.canvas.viewport = Viewport(x: 0, y: 0, zoom: 2)
        h.frame()
        // At zoom 2 the view is at (100, 50)-(300, 150) on screen.
        h.play("press 120 60\nmove 180 100\nrelease 180 100")
        XCTAssertEqual(log.changed, [value(10, 5, 10, 5), value(10, 5, 40, 25)])
        XCTAssertEqual(log.ended, [value(10, 5, 40, 25)])
        XCTAssertEqual(DragGesture(minimumDistance: -3).minimumDistance, 0)
        XCTAssertEqual(DragGesture().minimumDistance, 10)
    }
}
