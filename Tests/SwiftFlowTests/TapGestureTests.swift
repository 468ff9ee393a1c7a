@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `.onTapGesture(count:)` and `.allowsHitTesting(false)` inside node views, through the frame loop.
final class TapGestureTests: XCTestCase {
    final class Taps { var single = 0, double = 0, button = 0 }

    /// Node "t" (200x100 at (0, 0)): a 200x40 strip tapped once at the top, a 200x40 strip
    /// tapped twice at the bottom, and between them a button inside `.allowsHitTesting(false)`.
    func harness(_ taps: Taps) -> CanvasHarness {
        CanvasHarness(nodes: [Node(id: "t", position: .zero, data: .null, type: "taps", width: 200, height: 100)]) { canvas in
            canvas.nodeTypes["taps"] = NodeType { _ in
                VStack(spacing: 0) {
                    Color.red.frame(height: 40).onTapGesture { taps.single += 1 }
                    Button("B") { taps.button += 1 }.frame(height: 20).allowsHitTesting(false)
                    Color.blue.frame(height: 40).onTapGesture(count: 2) { taps.double += 1 }
                }
            }
        }
    }

    func testASingleTapRunsItsActionAndNeitherSelectsNorDragsTheNode() {
        let taps = Taps(), h = harness(taps)
        h.play("click 100 20")
        XCTAssertEqual(taps.single, 1)
        XCTAssertEqual(h.node("t")?.selected, false)
        h.drag(from: Point(x: 100, y: 20), to: Point(x: 150, y: 60))
        XCTAssertEqual(h.node("t")?.position, .zero, "a press on a tap target does not drag")
        XCTAssertEqual(taps.single, 1, "released elsewhere: no tap")
        XCTAssertEqual(h.canvas.cursor, .grab, "no pointer cursor over a tap gesture")
    }

    func testADoubleTapRunsOnTheSecondClickAndTheFirstReachesTheNode() {
        let taps = Taps(), h = harness(taps)
        h.play("click 100 80")
        XCTAssertEqual(taps.double, 0)
        XCTAssertEqual(h.node("t")?.selected, true, "the first click selects the node")
        h.play("dblclick 100 80")
        XCTAssertEqual(taps.double, 1)
    }

    func testAButtonWithoutHitTestingLetsThePressDragTheNode() {
        let taps = Taps(), h = harness(taps)
        h.play("click 100 50")
        XCTAssertEqual(taps.button, 0)
        XCTAssertEqual(h.node("t")?.selected, true)
        h.drag(from: Point(x: 100, y: 50), to: Point(x: 130, y: 70))
        XCTAssertEqual(h.node("t")?.position, Point(x: 30, y: 20))
    }

    func testAControlWithoutHitTestingTakesNoFocusAndIsNotFaded() {
        let h = CanvasHarness(nodes: [Node(id: "f", position: .zero, data: .object(JSONObject([("s", .string("x"))])), type: "f", width: 200, height: 40)]) { canvas in
            canvas.nodeTypes["f"] = NodeType { _, data in TextField("", text: data["s"].string).allowsHitTesting(false) }
        }
        let c = h.canvas.tools.controls[0]
        XCTAssertFalse(c.spec.disabled)
        h.play("click \(h.canvas.screenRect(of: c).center.x) \(h.canvas.screenRect(of: c).center.y)")
        XCTAssertFalse(h.canvas.isEditingText)
        XCTAssertEqual(h.node("f")?.selected, true)
    }
}
