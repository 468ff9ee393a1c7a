import SwiftFlowCore
import XCTest

final class ChangesTests: XCTestCase {
    private func nodes() -> [Node<Int>] {
        [Node(id: "a", position: .zero, data: 1), Node(id: "b", position: Point(x: 5, y: 5), data: 2)]
    }

    func testNodeChangesApplyInOrderAndIgnoreUnknownIds() {
        let result = applyNodeChanges([
            .position(id: "a", position: Point(x: 10, y: 20), dragging: true),
            .select(id: "b", selected: true),
            .dimensions(id: "a", size: Size(width: 30, height: 40)),
            .remove(id: "zzz"),
            .add(Node(id: "c", position: .zero, data: 3)),
            .remove(id: "b"),
        ], to: nodes())
        XCTAssertEqual(result.map(\.id), ["a", "c"])
        XCTAssertEqual(result[0].position, Point(x: 10, y: 20))
        XCTAssertEqual(result[0].fixedSize, Size(width: 30, height: 40))
    }

    func testReplaceAndReAddAfterRemove() {
        var b = nodes()[1]
        b.data = 99
        let result = applyNodeChanges([.remove(id: "b"), .add(b)], to: nodes())
        XCTAssertEqual(result.map(\.id), ["a", "b"])
        XCTAssertEqual(result[1].data, 99)
        XCTAssertEqual(applyNodeChanges([.replace(b)], to: nodes())[1].data, 99)
    }

    func testEdgeChanges() {
        let edges = [Edge(id: "e1", source: "a", target: "b", data: 0), Edge(id: "e2", source: "b", target: "a", data: 0)]
        let result = applyEdgeChanges([.select(id: "e2", selected: true), .remove(id: "e1"), .remove(id: "nope")], to: edges)
        XCTAssertEqual(result.map(\.id), ["e2"])
        XCTAssertEqual(result[0].selected, true)
    }

    func testAddEdgeSkipsDuplicatesAndMakesFreshIds() {
        let c = Connection(source: "a", target: "b", sourceHandle: "o", targetHandle: nil)
        var edges = addEdge(c, to: [Edge<Int>](), data: 0)
        XCTAssertEqual(edges.map(\.id), ["xy-edge__ao-b"])
        XCTAssertEqual(addEdge(c, to: edges, data: 0).count, 1)   // same four fields, nil == nil
        edges.append(Edge(id: "xy-edge__ao-b-2", source: "x", target: "y", data: 0))
        edges = addEdge(Connection(source: "a", target: "b", sourceHandle: "o", targetHandle: "i"), to: edges, data: 0)
        edges[0].sourceHandle = "other"
        edges = addEdge(c, to: edges, data: 0)
        XCTAssertEqual(Set(edges.map(\.id)).count, edges.count)
        XCTAssertEqual(edges.last?.id, "xy-edge__ao-b-3")
    }
}
