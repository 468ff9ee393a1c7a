@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// `onNodeMouseEnter` / `Move` / `Leave` and `onEdgeMouseEnter` / `Move` / `Leave` (React
/// Flow's) through scripted input in the real frame loop: the exact callbacks each pointer path
/// reports, in order, and the cases that report nothing.
final class MouseHoverCallbackTests: XCTestCase {
    final class Log { var events: [String] = [] }

    /// `twoNodes()` (A at (0, 0) and B at (300, 0), 100x50 each) joined by e1, a straight line
    /// along y = 25 from x 100 to 300, at the identity viewport, plus the hidden node H at
    /// (0, 200). The six callbacks log "enter A", "move A", "leave A", "edge enter e1", …;
    /// without `edges`, only the node callbacks are set.
    private func harness(_ log: Log, edges: Bool = true, nodes: Bool = true) -> CanvasHarness {
        var all = twoNodes()
        var hidden = testNode("H", x: 0, y: 200, handles: [])
        hidden.hidden = true
        all.append(hidden)
        return CanvasHarness(nodes: all, edges: [testEdge("e1", "A", "B", "out", "in")]) { canvas in
            if nodes {
                canvas.onNodeMouseEnter = { log.events.append("enter \($0.id)") }
                canvas.onNodeMouseMove = { log.events.append("move \($0.id)") }
                canvas.onNodeMouseLeave = { log.events.append("leave \($0.id)") }
            }
            if edges {
                canvas.onEdgeMouseEnter = { log.events.append("edge enter \($0.id)") }
                canvas.onEdgeMouseMove = { log.events.append("edge move \($0.id)") }
                canvas.onEdgeMouseLeave = { log.events.append("edge leave \($0.id)") }
            }
        }
    }

    func testEnteringMovingOverAndLeavingANode() {
        let log = Log(), h = harness(log)
        h.play("move 600 500\nmove 50 25\nmove 60 30\nwait 16\nmove 600 500")
        XCTAssertEqual(log.events, ["enter A", "move A", "move A", "leave A"],
                       "one move per frame the pointer moved over it (the entering one too), none for the wait's still frame")
    }

    func testTheNodePassedIsAsTheFrameHasIt() {
        var got: [Node<JSONValue>] = []
        let h = CanvasHarness(nodes: twoNodes()) { canvas in canvas.onNodeMouseEnter = { got.append($0) } }
        h.play("move 350 10")
        XCTAssertEqual(got.map(\.id), ["B"])
        XCTAssertEqual(got.first?.position, Point(x: 300, y: 0))
    }

    func testFromANodeOverTheEdgeToTheOtherNode() {
        let log = Log(), h = harness(log)
        h.play("move 50 25\nmove 200 25\nmove 200 30\nmove 350 25\nmove 200 200")
        XCTAssertEqual(log.events, ["enter A", "move A", "leave A", "edge enter e1", "edge move e1", "edge move e1",
                                    "edge leave e1", "enter B", "move B", "leave B"])
    }

    func testSeveralMovesInOneFrameReportOneMove() {
        let log = Log(), h = harness(log)
        h.frame([.pointerMove(Point(x: 10, y: 10), modifiers: []), .pointerMove(Point(x: 20, y: 10), modifiers: []),
                 .pointerMove(Point(x: 30, y: 10), modifiers: [])])
        XCTAssertEqual(log.events, ["enter A", "move A"])
    }

    func testWithoutEdgeCallbacksEdgesAreNotMeasured() {
        let log = Log(), h = harness(log, edges: false)
        h.play("move 50 25\nmove 200 25\nmove 350 25")
        XCTAssertEqual(log.events, ["enter A", "move A", "leave A", "enter B", "move B"])
        XCTAssertNil(h.canvas.hoverState.mouse.edge)
    }

    func testWithoutAnyMouseCallbackNothingIsTracked() {
        let log = Log(), h = harness(log, edges: false, nodes: false)
        h.play("move 50 25\nmove 200 25")
        XCTAssertEqual(log.events, [])
        XCTAssertNil(h.canvas.hoverState.mouse.node)
        XCTAssertNil(h.canvas.hoverState.mouse.pointer, "updateMouseHover never ran")
    }

    func testANodeThatSlidesAwayUnderAStillPointerIsLeftWithoutAMove() {
        let log = Log(), h = harness(log)
        h.play("move 50 25")
        h.store.nodes[0].position = Point(x: 500, y: 400)
        h.frame()
        h.store.nodes[0].position = Point(x: 0, y: 0)
        h.frame()
        XCTAssertEqual(log.events, ["enter A", "move A", "leave A", "enter A"])
    }

    func testHiddenNodesReportNothing() {
        let log = Log(), h = harness(log)
        h.play("move 50 225\nmove 60 225")
        XCTAssertEqual(log.events, [], "H is hidden")
        h.play("move 50 25")
        h.store.nodes[0].hidden = true
        h.frame()
        XCTAssertEqual(log.events, ["enter A", "move A"], "a node hidden while hovered gets no leave")
        h.store.nodes[0].hidden = false
        h.frame()
        XCTAssertEqual(log.events, ["enter A", "move A", "enter A"], "shown again under the pointer: entered again")
    }

    func testANodeRemovedWhileHoveredGetsNoLeave() {
        let log = Log(), h = harness(log)
        h.play("move 50 25")
        h.store.nodes.removeAll { $0.id == "A" }
        h.frame()
        h.play("move 350 25")
        XCTAssertEqual(log.events, ["enter A", "move A", "enter B", "move B"])
    }

    func testAnEdgeRemovedWhileHoveredGetsNoLeave() {
        let log = Log(), h = harness(log)
        h.play("move 200 25")
        h.store.edges.removeAll()
        h.frame()
        h.play("move 350 25")
        XCTAssertEqual(log.events, ["edge enter e1", "edge move e1", "enter B", "move B"])
    }

    func testAHoveredNodeWhoseIndexChangesStaysHovered() {
        let log = Log(), h = harness(log)
        h.play("move 350 25")
        h.store.nodes.remove(at: 0)   // A goes: B moves to index 0 (e1 dangles)
        h.frame()
        h.play("move 360 25")
        XCTAssertEqual(log.events, ["enter B", "move B", "move B"])
    }

    func testNothingIsReportedDuringAPanAndItsEndReportsWhatChanged() {
        let log = Log(), h = harness(log)
        h.play("press 600 500\nmove 610 500")
        XCTAssertEqual(log.events, [], "the pane under the pointer")
        // B slides under the pointer during the pan (flow point (600, 500) under screen (610, 500)).
        h.store.nodes[1].position = Point(x: 560, y: 470)
        h.play("move 612 500")
        XCTAssertEqual(log.events, [], "not during a pan")
        h.play("release 612 500")
        XCTAssertEqual(log.events, ["enter B"], "the release ends the pan; the pointer did not move in that frame")
    }

    func testLeavingTheCanvasLeavesTheNode() {
        let log = Log(), h = harness(log)
        h.play("move 50 25")
        h.frame([.pointerLeave])
        XCTAssertEqual(log.events, ["enter A", "move A", "leave A"])
    }

    func testAForegroundComponentOverANodeHidesIt() {
        let log = Log(), h = harness(log)
        h.canvas.components = [Controls()]
        let corner = Controls().frame(canvasSize: h.canvas.size)
        h.store.nodes[1].position = Point(x: corner.minX - 10, y: corner.minY - 10)
        h.frame()
        h.play("move \(corner.minX - 5) \(corner.minY - 5)\nmove \(corner.minX + 5) \(corner.minY + 5)")
        XCTAssertEqual(log.events, ["enter B", "move B", "leave B"])
    }
}
