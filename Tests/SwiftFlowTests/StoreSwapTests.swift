@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// A canvas run by one `FlowStore`, then by another (or by the app's own arrays), then by the
/// first again: the first store's journal describes its arrays since its own last frame, not
/// since the canvas' last frame, so the canvas must re-read every element rather than trust it.
final class StoreSwapTests: XCTestCase {
    private func node(_ id: String, x: Double) -> Node<JSONValue> {
        var n = Node<JSONValue>(id: id, position: Point(x: x, y: 40), data: .object(JSONObject([("label", .string(id))])))
        n.width = 60; n.height = 40
        return n
    }

    private func driver() -> EmbeddedCanvas<JSONValue, JSONValue> {
        let d = EmbeddedCanvas(nodes: [node("a", x: 0), node("b", x: 120)], edges: [Edge<JSONValue>(id: "e", source: "a", target: "b", data: .null)],
                               makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.recordsOutbound = false
        d.frame()
        return d
    }

    func testAStoreRunningTheCanvasAgainAfterAnotherStoreMovedANodeRereadsItsNodes() throws {
        let d = driver()
        let other = FlowStore<JSONValue, JSONValue>(nodes: d.store.nodes, edges: d.store.edges, makeEdgeData: { _ in .null })
        other.attach(to: d.canvas)
        var list = DrawList()
        other.frame(d.canvas, into: &list)
        try other.updateNode("a") { $0.position = Point(x: 300, y: 200) }
        other.frame(d.canvas, into: &list)
        XCTAssertEqual(d.canvas.nodeCache.states[0].origin, Point(x: 300, y: 200))
        d.store.attach(to: d.canvas)
        d.frame()
        XCTAssertEqual(d.canvas.nodeCache.states[0].origin, Point(x: 0, y: 40))
        XCTAssertEqual(differencesFromFresh(d), [])
    }

    func testAStoreRunningTheCanvasAgainAfterAnotherStoreRenamedANodeRereadsTheIds() throws {
        let d = driver()
        let other = FlowStore<JSONValue, JSONValue>(nodes: d.store.nodes, edges: d.store.edges, makeEdgeData: { _ in .null })
        other.attach(to: d.canvas)
        var list = DrawList()
        other.frame(d.canvas, into: &list)
        other.apply([NodeChange<JSONValue>.remove(id: "a"), .add(node("c", x: 200))])
        other.frame(d.canvas, into: &list)
        XCTAssertEqual(d.canvas.nodeCache.ids, ["b", "c"])
        d.store.attach(to: d.canvas)
        d.frame()
        XCTAssertEqual(d.canvas.nodeCache.ids, ["a", "b"])
        XCTAssertEqual(d.canvas.nodeCache.index(of: "a"), 0)
        XCTAssertNil(d.canvas.nodeCache.index(of: "c"))
        XCTAssertEqual(differencesFromFresh(d), [])
    }

    func testAStoreRunningTheCanvasAgainAfterTheAppRanItOnOtherArraysRereadsItsNodes() {
        let d = driver()
        var list = DrawList()
        d.canvas.frame(nodes: [node("a", x: 400), node("b", x: 120)], edges: [], into: &list)
        XCTAssertEqual(d.canvas.nodeCache.states[0].origin, Point(x: 400, y: 40))
        d.frame()
        XCTAssertEqual(d.canvas.nodeCache.states[0].origin, Point(x: 0, y: 40))
        XCTAssertEqual(differencesFromFresh(d), [])
    }

    func testAnEditOfAStoreThatNoLongerRunsTheCanvasLeavesTheCanvasArrays() throws {
        let d = driver()
        let other = FlowStore<JSONValue, JSONValue>(nodes: [node("x", x: 0)], edges: [], makeEdgeData: { _ in .null })
        other.attach(to: d.canvas)
        var list = DrawList()
        other.frame(d.canvas, into: &list)
        // d.store last ran the canvas before `other` did: its in-place edit must not hand the
        // canvas d.store's arrays between frames.
        try d.store.updateNode("a") { $0.position = Point(x: 10, y: 10) }
        XCTAssertEqual(d.canvas.frameInput.nodes.map(\.id), ["x"])
    }
}
