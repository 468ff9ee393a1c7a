import SwiftFlow
import XCTest

/// `FlowFrameContext` as a custom component sees it: exact rectangles, ids, selection, versions
/// and frame numbers, while drawing and while handling input (800x600 canvas).
final class FrameContextTests: XCTestCase {
    /// What one call saw of the frame context.
    struct Seen: Equatable {
        var frame: Int, rects: [Rect?], ids: [String], selected: [Bool]
        var nodesVersion: Int, layoutVersion: Int, gesture: Bool

        init(_ c: FlowFrameContext) {
            frame = c.frameNumber
            rects = (0..<c.nodeCount).map { c.nodeRect(at: $0) }
            ids = (0..<c.nodeCount).map { c.nodeID(at: $0) }
            selected = (0..<c.nodeCount).map { c.isSelected(at: $0) }
            nodesVersion = c.nodesVersion; layoutVersion = c.layoutVersion; gesture = c.isGestureInProgress
        }
    }

    /// Records the context in every `draw`, and in `handle` for the key "k" (which it consumes).
    final class Recorder: FlowComponent {
        let layer = ComponentLayer.foreground
        var drawn: [Seen] = []
        var keyed: [Seen] = []
        var last: FlowFrameContext?

        func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
            drawn.append(Seen(canvas.frameContext))
            last = canvas.frameContext
        }

        func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
            guard case .keyDown("k", _) = event else { return false }
            keyed.append(Seen(canvas.frameContext))
            return true
        }
    }

    private func graph() -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
        var b = testNode("B", x: 300, y: 0, handles: [])
        b.selected = true
        var c = testNode("C", x: 10, y: 20, width: 30, height: 20, handles: [])
        c.parentId = "A"
        var d = testNode("D", x: 500, y: 500, handles: [])
        d.hidden = true
        return ([testNode("A", x: 0, y: 0, handles: []), b, c, d], [Edge(id: "e", source: "A", target: "B", data: .null)])
    }

    func testAComponentSeesExactRectanglesIdsSelectionAndTypedNodes() throws {
        let recorder = Recorder()
        let g = graph()
        let h = CanvasHarness(nodes: g.nodes, edges: g.edges) { $0.components = [recorder] }
        let a = Rect(x: 0, y: 0, width: 100, height: 50), b = Rect(x: 300, y: 0, width: 100, height: 50)
        let c = Rect(x: 10, y: 20, width: 30, height: 20)
        XCTAssertEqual(recorder.drawn.map(\.frame), [1])
        XCTAssertEqual(recorder.drawn[0].rects, [a, b, c, nil], "absolute flow units; the hidden node has none")
        XCTAssertEqual(recorder.drawn[0].ids, ["A", "B", "C", "D"])
        XCTAssertEqual(recorder.drawn[0].selected, [false, true, false, false])
        XCTAssertFalse(recorder.drawn[0].gesture)
        let context = try XCTUnwrap(recorder.last)
        XCTAssertEqual(context.canvasSize, Size(width: 800, height: 600))
        XCTAssertEqual(context.viewport, Viewport())
        XCTAssertEqual(context.displayScale, 1)
        XCTAssertEqual(context.theme, .light)
        XCTAssertEqual(context.visibleFlowRect, Rect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertEqual(context.nodeIndex(id: "C"), 2)
        XCTAssertNil(context.nodeIndex(id: "Z"))
        XCTAssertEqual(context.nodeRect(id: "C"), c)
        XCTAssertEqual(context.edgeCount, 1)
        XCTAssertEqual(context.nodes(as: JSONValue.self)?.map(\.id), h.store.nodes.map(\.id))
        XCTAssertEqual(context.edges(as: JSONValue.self)?.map(\.id), ["e"])
        XCTAssertNil(context.nodes(as: String.self), "another data type: no nodes")
        XCTAssertNil(context.edges(as: Int.self))
        recorder.last = nil
    }

    func testVersionsChangeWithTheRectanglesAndFrameNumbersCount() {
        let recorder = Recorder()
        let g = graph()
        let h = CanvasHarness(nodes: g.nodes, edges: g.edges) { $0.components = [recorder] }
        h.frame()
        XCTAssertEqual(recorder.drawn.map(\.frame), [1, 2])
        XCTAssertEqual(recorder.drawn[1].layoutVersion, recorder.drawn[0].layoutVersion, "same nodes: same version")
        XCTAssertEqual(recorder.drawn[1].nodesVersion, recorder.drawn[0].nodesVersion)
        h.store.nodes[0].position = Point(x: 50, y: 10)   // A, and its child C with it
        h.frame()
        XCTAssertEqual(recorder.drawn[2].frame, 3)
        XCTAssertEqual(recorder.drawn[2].rects, [Rect(x: 50, y: 10, width: 100, height: 50), Rect(x: 300, y: 0, width: 100, height: 50),
                                                 Rect(x: 60, y: 30, width: 30, height: 20), nil])
        XCTAssertNotEqual(recorder.drawn[2].layoutVersion, recorder.drawn[1].layoutVersion)
        XCTAssertNotEqual(recorder.drawn[2].nodesVersion, recorder.drawn[1].nodesVersion)
        // Input: the key handled in frame 4 sees frame 4, as its draw does.
        h.frame([.keyDown("k", modifiers: []), .keyUp("k", modifiers: [])])
        XCTAssertEqual(recorder.keyed.map(\.frame), [4])
        XCTAssertEqual(recorder.keyed[0], recorder.drawn[3])
        // A press on node B starts a gesture; its release ends it.
        let p = h.canvas.flowToScreenPosition(Point(x: 350, y: 25))
        h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1)])
        XCTAssertTrue(recorder.drawn[4].gesture)
        h.frame([.pointerUp(p, button: .primary, modifiers: [])])
        XCTAssertFalse(recorder.drawn[5].gesture)
    }
}
