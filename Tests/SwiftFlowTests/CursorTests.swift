import SwiftFlow
import XCTest

final class CursorTests: XCTestCase {
    func testTheCursorFollowsWhatIsUnderThePointerAndTheGesture() throws {
        let clicks = Clicks()
        var n = testNode("N", x: 0, y: 200, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25, isConnectable: false)])
        n.draggable = false
        var r = resizableNode()
        r.position = Point(x: 500, y: 100)
        var t = toolbarNode(selected: false)
        t.position = Point(x: 500, y: 300)
        let h = CanvasHarness(nodes: twoNodes() + [n, r, t]) {
            $0.nodeTypes["resizable"] = resizableType()
            $0.nodeTypes["toolbar"] = toolbarType(clicks, isVisible: true)
        }
        XCTAssertEqual(h.canvas.cursor, .default, "no pointer yet")
        // Each line of the replay is played on its own; its comment names the cursor expected after it.
        for (k, line) in try XCTUnwrap(replayText("cursor-hover")).split(separator: "\n").enumerated() {
            let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            guard let command = parts.first, !command.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            h.play(String(command))
            guard parts.count == 2, let expected = parts[1].split(separator: " ").first else { continue }
            XCTAssertEqual(h.canvas.cursor.cssName, String(expected), "line \(k + 1): \(line)")
        }
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")])
        XCTAssertEqual(h.node("R")?.position, Point(x: 490, y: 95))
    }

    func testLeavingTheCanvasResetsTheCursor() {
        let h = CanvasHarness(nodes: twoNodes())
        h.frame([.pointerMove(Point(x: 50, y: 10), modifiers: [])])
        XCTAssertEqual(h.canvas.cursor, .grab)
        h.frame([.pointerLeave])
        XCTAssertEqual(h.canvas.cursor, .default)
    }

    func testReconnectGripsAndComponentButtons() {
        let edge = Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)
        let h = CanvasHarness(nodes: twoNodes(), edges: [edge]) { $0.components.append(Controls()) }
        h.frame([.pointerMove(Point(x: 282, y: 25), modifiers: [])])
        XCTAssertEqual(h.canvas.cursor, .default, "over the edge, which is not selected: no reconnect grips")
        h.store.edges[0].selected = true
        h.frame()
        // The target's grip is 10 left of (300, 25): (282, 25) is on it, outside B's handle target.
        XCTAssertEqual(h.canvas.cursor, .crosshair)
        // Controls at the bottom left of 800x600: five 26-point buttons from (15, 455).
        h.frame([.pointerMove(Point(x: 28, y: 468), modifiers: [])])
        XCTAssertEqual(h.canvas.cursor, .pointer)
        h.frame([.pointerMove(Point(x: 28, y: 590), modifiers: [])])
        XCTAssertEqual(h.canvas.cursor, .default)
    }

    func testEveryCursorHasADistinctName() {
        XCTAssertEqual(Set(FlowCursor.allCases.map(\.cssName)).count, FlowCursor.allCases.count)
        XCTAssertEqual(ControlPosition.allCases.map(\.cursor.cssName),
                       ["nwse-resize", "ns-resize", "nesw-resize", "ew-resize", "nwse-resize", "ns-resize", "nesw-resize", "ew-resize"])
    }
}
