import SwiftFlowTesting
import XCTest

final class EmbeddedCanvasTests: XCTestCase {
    /// A (0, 0) and B (300, 0), both 100x50 with no handles, on an 800x600 canvas, first frame run.
    func make(_ nodes: [Node<JSONValue>]? = nil, frameDuration: Double = 1000.0 / 60) -> EmbeddedCanvas<JSONValue, JSONValue> {
        let driver = EmbeddedCanvas<JSONValue, JSONValue>(
            nodes: nodes ?? [node("A", x: 0), node("B", x: 300)], makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600),
            frameDuration: frameDuration)
        driver.frame()
        return driver
    }

    func node(_ id: String, x: Double) -> Node<JSONValue> {
        Node(id: id, position: Point(x: x, y: 0), data: .null, width: 100, height: 50)
    }

    /// Every position change in the node change batches, in order.
    func positionChanges(_ entries: [FlowOutbound<JSONValue, JSONValue>]) -> [NodeChange<JSONValue>] {
        entries.flatMap { entry -> [NodeChange<JSONValue>] in
            guard case .nodesChange(let changes) = entry else { return [] }
            return changes.filter { if case .position = $0 { return true } else { return false } }
        }
    }

    func testAScriptedDragYieldsItsPositionChangesAndTheStoreAppliesThem() throws {
        let driver = make()
        try driver.play("press 50 25\nmove 70 25\nmove 90 25\nrelease 90 25")
        let outbound = driver.drainOutbound()
        XCTAssertEqual(positionChanges(outbound), [
            .position(id: "A", position: Point(x: 20, y: 0), dragging: true),
            .position(id: "A", position: Point(x: 40, y: 0), dragging: true),
            .position(id: "A", position: Point(x: 40, y: 0), dragging: false),
        ])
        XCTAssertEqual(driver.store.nodes[0].position, Point(x: 40, y: 0))
        let dragCallbacks = outbound.compactMap { entry -> String? in
            switch entry {
            case .nodeDragStart(let n, _): return "start \(n.id)"
            case .nodeDrag(let n, _): return "drag \(n.id) \(n.position.x)"
            case .nodeDragStop(let n, _): return "stop \(n.id) \(n.position.x)"
            default: return nil
            }
        }
        XCTAssertEqual(dragCallbacks, ["start A", "drag A 20.0", "drag A 40.0", "stop A 40.0"])
        XCTAssertEqual(driver.finish(), .clean)
    }

    func testReadOutboundTakesEntriesOneAtATime() {
        let driver = make()
        driver.play([.pointerDown(Point(x: 600, y: 300), button: .primary, modifiers: [], clickCount: 1),
                     .pointerUp(Point(x: 600, y: 300), button: .primary, modifiers: [])])
        XCTAssertEqual(driver.readOutbound(), .paneClick(Point(x: 600, y: 300)))
        XCTAssertNil(driver.readOutbound())
    }

    func testAPressWithoutReleaseIsAnOpenGesture() throws {
        let driver = make()
        try driver.play("press 50 25")
        var left = driver.finish()
        XCTAssertEqual(left.openGesture, .pointerDown)
        XCTAssertFalse(left.isClean)

        try driver.play("move 80 25")
        left = driver.finish()
        XCTAssertEqual(left.openGesture, .nodeDrag)
        XCTAssertFalse(left.unreadOutbound.isEmpty, "the drag's changes were not read")

        try driver.play("release 80 25")
        XCTAssertNil(driver.finish().openGesture)
    }

    func testAnUnsettledCommitIsAPendingHistoryStep() {
        let driver = make()
        driver.frame([.pointerDown(Point(x: 50, y: 25), button: .primary, modifiers: [], clickCount: 1)])
        driver.frame([.pointerMove(Point(x: 80, y: 25), modifiers: [])])
        driver.frame([.pointerUp(Point(x: 80, y: 25), button: .primary, modifiers: [])])
        XCTAssertEqual(driver.finish().pendingHistoryStep, true, "the drag's undo step completes at the next frame")
        driver.frame()
        XCTAssertEqual(driver.finish(), .clean)
    }

    func testDiagnosticsAreRecorded() {
        let driver = make([node("A", x: 0), node("A", x: 300)])
        XCTAssertEqual(driver.diagnostics, [.duplicateNodeId("A")])
        XCTAssertEqual(driver.finish(), LeftOvers(unreadDiagnostics: [.duplicateNodeId("A")]))
        XCTAssertEqual(driver.finish(), .clean, "finish drains what it reports")
    }

    func testTheManualClockDrivesAnAnimatedFitViewToExactValues() {
        let driver = make(frameDuration: 50)   // the first frame ran at 50 ms
        FlowInstance(canvas: driver.canvas, store: driver.store).fitView(nodes: ["A"], duration: 200)
        driver.frame()                       // the animation starts at this frame's clock (100 ms)
        XCTAssertEqual(driver.canvas.viewport, Viewport())
        for _ in 0..<3 { driver.frame() }    // t = 0.25, 0.5, 0.75 of d3's cubic in-out
        driver.advance(by: 1000)             // far past the end: exactly the target
        driver.frame()
        // A 100x50 fitted into 800x600 with 10% padding: zoom 4 (the maximum), centred.
        XCTAssertEqual(driver.drainOutbound(), [
            .viewportChange(Viewport(x: 12.5, y: 12.5, zoom: 1.1875)),
            .viewportChange(Viewport(x: 100, y: 100, zoom: 2.5)),
            .viewportChange(Viewport(x: 187.5, y: 187.5, zoom: 3.8125)),
            .viewportChange(Viewport(x: 200, y: 200, zoom: 4)),
        ])
        XCTAssertEqual(driver.time, 1300)
    }

    func testWithoutRecordingTheStoreStillAppliesChanges() {
        let driver = make()
        driver.recordsOutbound = false
        driver.play([.keyDown("a", modifiers: [.ctrl])])   // select all
        XCTAssertTrue(driver.outbound.isEmpty)
        XCTAssertEqual(driver.store.nodes.map(\.selected), [true, true], "the store applied the selection")
    }
}
