import SwiftFlow
import XCTest

final class FlowStoreTests: XCTestCase {
    func edge(_ id: String, _ s: String, _ t: String) -> Edge<JSONValue> { Edge(id: id, source: s, target: t, data: .null) }

    /// The canvas holds its store weakly: a canvas that outlives the store drops its changes
    /// instead of crashing (it held the store `unowned`).
    func testCanvasOutlivingItsStoreDropsItsChanges() {
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
        let nodes = twoNodes()
        weak var released: FlowStore<JSONValue, JSONValue>?
        do {
            let store = FlowStore<JSONValue, JSONValue>(nodes: nodes, makeEdgeData: { _ in .null })
            store.attach(to: canvas)
            released = store
        }
        XCTAssertNil(released, "the canvas must not keep the store alive")
        var list = DrawList()
        canvas.frame(nodes: nodes, edges: [], events: [], time: 0, into: &list)
        // A click selects A and a drag moves it: both are changes with no store to apply them.
        let press = InputEvent.pointerDown(Point(x: 50, y: 25), button: .primary, modifiers: [], clickCount: 1)
        canvas.frame(nodes: nodes, edges: [], events: [press], time: 16, into: &list)
        canvas.frame(nodes: nodes, edges: [], events: [.pointerMove(Point(x: 90, y: 45), modifiers: [])], time: 32, into: &list)
        canvas.frame(nodes: nodes, edges: [], events: [.pointerUp(Point(x: 90, y: 45), button: .primary, modifiers: [])], time: 48, into: &list)
        XCTAssertEqual(canvas.stats.totalNodes, 2)
    }

    func testAddNodesAndEdgesAllOrNone() throws {
        let h = CanvasHarness(nodes: twoNodes())
        try h.store.addNodes([testNode("C", x: 0, y: 200, handles: [])])
        XCTAssertThrowsError(try h.store.addNodes([testNode("D", x: 0, y: 0, handles: []), testNode("A", x: 0, y: 0, handles: [])])) {
            XCTAssertEqual($0 as? FlowStoreError, .duplicateNodeId("A"))
        }
        XCTAssertThrowsError(try h.store.addNodes([testNode("E", x: 0, y: 0, handles: []), testNode("E", x: 0, y: 0, handles: [])])) {
            XCTAssertEqual($0 as? FlowStoreError, .duplicateNodeId("E"))
        }
        XCTAssertEqual(h.store.nodes.map(\.id), ["A", "B", "C"])

        try h.store.addEdges([edge("e1", "A", "B")])
        XCTAssertThrowsError(try h.store.addEdges([edge("e2", "A", "C"), edge("e1", "B", "C")])) {
            XCTAssertEqual($0 as? FlowStoreError, .duplicateEdgeId("e1"))
        }
        XCTAssertThrowsError(try h.store.addEdges([edge("e3", "A", "Z")])) {
            XCTAssertEqual($0 as? FlowStoreError, .missingNode(edgeId: "e3", nodeId: "Z"))
        }
        XCTAssertEqual(h.store.edges.map(\.id), ["e1"])
        // The canvas draws the new node at the next frame: a click on it selects it.
        h.play("click 50 225")
        XCTAssertEqual(h.node("C")?.selected, true)
    }

    func testUpdateNodeAndItsData() throws {
        let h = CanvasHarness(nodes: twoNodes())
        try h.store.updateNode("A") { $0.position = Point(x: 10, y: 20) }
        XCTAssertEqual(h.node("A")?.position, Point(x: 10, y: 20))
        try h.store.updateNodeData("A", .string("new"))
        XCTAssertEqual(h.node("A")?.data, .string("new"))
        try h.store.updateNodeData("B") { $0 = .object(JSONObject([("label", .string("Bee"))])) }
        XCTAssertEqual(h.node("B")?.data["label"]?.stringValue, "Bee")
        XCTAssertThrowsError(try h.store.updateNode("Z") { $0.hidden = true }) { XCTAssertEqual($0 as? FlowStoreError, .unknownNode("Z")) }
        XCTAssertThrowsError(try h.store.updateNode("A") { $0.id = "B" }) { XCTAssertEqual($0 as? FlowStoreError, .duplicateNodeId("B")) }
        XCTAssertEqual(h.store.nodes.map(\.id), ["A", "B"])
        // The canvas sees the moved node: A's handle "out" is now at (110, 45).
        h.frame()
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 0).first?.anchor, Point(x: 110, y: 45))
    }

    func testSetNodesAndEdges() {
        let h = CanvasHarness(nodes: twoNodes())
        h.store.setNodes { $0.filter { $0.id != "A" } }
        XCTAssertEqual(h.store.nodes.map(\.id), ["B"])
        h.store.setNodes(twoNodes())
        h.store.setEdges([edge("x", "A", "B")])
        h.store.setEdges { $0 + [self.edge("y", "B", "A")] }
        XCTAssertEqual(h.store.edges.map(\.id), ["x", "y"])
        h.frame()
        XCTAssertEqual(h.canvas.stats.totalEdges, 2)
    }
}
