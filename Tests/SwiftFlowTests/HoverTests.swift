@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `.onHover` and `.help` in node views, through the frame loop.
final class HoverTests: XCTestCase {
    final class Log { var events: [String] = [] }

    /// Node "h" (160x60 at (100, 100)): its body reports hovering as "body"; a 40x20 badge at its
    /// centre reports "badge" and has the help text "A badge".
    func harness(_ log: Log) -> CanvasHarness {
        CanvasHarness(nodes: [Node(id: "h", position: Point(x: 100, y: 100), data: .null, type: "hover", width: 160, height: 60)]) { canvas in
            canvas.nodeTypes["hover"] = NodeType { _ in
                ZStack {
                    Color.white
                    Color.orange.frame(width: 40, height: 20).onHover { log.events.append("badge \($0)") }.help("A badge")
                }
                .onHover { log.events.append("body \($0)") }
            }
        }
    }

    func testEnteringAndLeavingAreReportedOnceEach() {
        let log = Log(), h = harness(log)
        h.play("move 50 50\nmove 110 110\nmove 115 112\nmove 180 130\nmove 600 500")
        XCTAssertEqual(log.events, ["body true", "badge true", "badge false", "body false"])
    }

    func testTheHelpTooltipShowsAfterHalfASecondOfRest() {
        let log = Log(), h = harness(log)
        h.play("move 180 130")
        XCTAssertNil(h.canvas.tooltip)
        h.play("wait 499")
        XCTAssertNil(h.canvas.tooltip)
        h.play("wait 2")
        XCTAssertEqual(h.canvas.tooltip?.text, "A badge")
        XCTAssertEqual(h.canvas.tooltip?.origin, Point(x: 192, y: 148), "12 right of and 18 below the pointer")
        h.play("move 110 110")
        XCTAssertNil(h.canvas.tooltip)
    }

    func testARemovedNodeReportsLeaving() {
        let log = Log(), h = harness(log)
        h.play("move 110 110")
        h.store.nodes.removeAll()
        h.frame()
        XCTAssertEqual(log.events, ["body true", "body false"])
    }
}
