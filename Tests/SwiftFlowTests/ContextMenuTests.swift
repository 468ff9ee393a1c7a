@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `.contextMenu` in node views: opened by a secondary click, chosen by keys or a click.
final class ContextMenuTests: XCTestCase {
    final class Log { var ran: [String] = [] }

    /// Node "m" (160x60 at (100, 100)) with a menu of Rename, Duplicate, Delete on its body and
    /// an inner 40x20 badge at its centre with a menu of its own.
    func harness(_ log: Log) -> CanvasHarness {
        CanvasHarness(nodes: [Node(id: "m", position: Point(x: 100, y: 100), data: .null, type: "menu", width: 160, height: 60)]) { canvas in
            canvas.nodeTypes["menu"] = NodeType { _ in
                ZStack {
                    Color.white
                    Color.orange.frame(width: 40, height: 20).contextMenu { Button("Badge") { log.ran.append("badge") } }
                }
                .contextMenu {
                    Button("Rename") { log.ran.append("rename") }
                    Button("Duplicate") { log.ran.append("duplicate") }
                    Text("not an item")
                    Button("Delete") { log.ran.append("delete") }
                }
            }
        }
    }

    func testASecondaryClickOpensTheMenuAndDownDownReturnRunsTheThirdItem() {
        let log = Log(), h = harness(log)
        h.play("click 110 110 right")
        let labels = h.canvas.popupListModel()?.labels
        XCTAssertEqual(labels, ["Rename", "Duplicate", "Delete"])
        let layout = try! XCTUnwrap(h.canvas.popupLayout())
        XCTAssertEqual(layout.frame.minX, 110, "opened at the pointer")
        h.play("key Down\nkey Down\nkey Return")
        XCTAssertEqual(log.ran, ["delete"])
        XCTAssertNil(h.canvas.controlState.popup)
        XCTAssertNotNil(h.node("m"), "Return in the menu does not reach the canvas")
    }

    func testAClickOnAnItemRunsItAndEscapeClosesWithoutRunning() {
        let log = Log(), h = harness(log)
        h.play("click 110 110 right")
        let frame = try! XCTUnwrap(h.canvas.popupLayout()).frame
        h.play("click \(frame.minX + 20) \(frame.minY + 4 + 22 * 1.5)")
        XCTAssertEqual(log.ran, ["duplicate"])
        h.play("click 110 110 right\nkey Escape")
        XCTAssertNil(h.canvas.controlState.popup)
        XCTAssertEqual(log.ran, ["duplicate"])
        XCTAssertEqual(h.node("m")?.position, Point(x: 100, y: 100))
    }

    func testTheInnermostMenuOpensAndTheEmptyCanvasHasNone() {
        let log = Log(), h = harness(log)
        h.play("click 180 130 right")
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["Badge"])
        h.play("key Return")
        XCTAssertEqual(log.ran, ["badge"])
        h.play("click 600 500 right")
        XCTAssertNil(h.canvas.controlState.popup)
    }
}
