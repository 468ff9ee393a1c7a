@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// A node never laid out whose origin is left of or above the view but whose body reaches into
/// it is drawn in the frame that first lays it out (its size is known only then).
final class FirstFrameEdgeNodesTests: XCTestCase {
    private func drawnIds(_ d: EmbeddedCanvas<JSONValue, JSONValue>) -> [String] {
        d.canvas.nodeCache.visible.map { d.canvas.nodeCache.ids[Int($0)] }.sorted()
    }

    /// Built-in nodes (placed without their view when off screen) and nodes of a view-only type,
    /// 150 and 120 flow units wide at x -120 or -110 and y -100 on an 800x600 canvas at zoom 1 (the
    /// culling margin is 80): the first frame draws them, as the second does.
    func testNodesReachingIntoTheViewFromTheLeftOrTopAreDrawnInTheFirstFrame() {
        let nodes = [
            Node<JSONValue>(id: "left", position: Point(x: -120, y: 100), data: .null),
            Node<JSONValue>(id: "top", position: Point(x: 300, y: -100), data: .null, width: 150, height: 120),
            Node<JSONValue>(id: "view", position: Point(x: -110, y: 300), data: .null, type: "box"),
            Node<JSONValue>(id: "up", position: Point(x: 500, y: -100), data: .null),
            Node<JSONValue>(id: "off", position: Point(x: -400, y: 100), data: .null),
        ]
        let d = EmbeddedCanvas(nodes: nodes, edges: [Edge<JSONValue>](), makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.canvas.nodeTypes["box"] = NodeType<JSONValue> { _ in Rectangle().fill(Color.gray).frame(width: 120, height: 30) }
        d.frame()
        XCTAssertEqual(drawnIds(d), ["left", "top", "up", "view"])
        XCTAssertEqual(d.canvas.nodeCache.states[0].opsFrame, d.canvas.frameInput.number, "laid out in full, not placed")
        d.frame()
        XCTAssertEqual(drawnIds(d), ["left", "top", "up", "view"])
    }
}
