import SwiftFlowCore
import XCTest

final class ReconnectEdgeTests: XCTestCase {
    private func edges() -> [Edge<String>] {
        [Edge(id: "e1", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: "one", type: .smoothStep,
              label: "L", animated: true, markerEnd: EdgeMarker(type: .arrowClosed), selected: true, zIndex: 3,
              style: EdgeStyle(stroke: Color(hex: 0xFF0000), strokeWidth: 2)),
         Edge(id: "e2", source: "C", target: "B", data: "two")]
    }

    func testKeepsEveryOtherFieldAndThePlaceInTheArrayAndTakesReactFlowsId() {
        let new = Connection(source: "A", target: "C", sourceHandle: "out", targetHandle: "in2")
        let result = reconnectEdge(oldEdge: edges()[0], newConnection: new, edges: edges())
        var expected = edges()[0]
        expected.id = "xy-edge__Aout-Cin2"
        expected.target = "C"; expected.targetHandle = "in2"
        XCTAssertEqual(result, [expected, edges()[1]])
    }

    func testKeepsTheIdWhenAskedAndNeverCollides() {
        let new = Connection(source: "A", target: "C", sourceHandle: "out", targetHandle: "in2")
        XCTAssertEqual(reconnectEdge(oldEdge: edges()[0], newConnection: new, edges: edges(), shouldReplaceId: false).map(\.id), ["e1", "e2"])
        var taken = edges()
        taken[1].id = "xy-edge__Aout-Cin2"
        XCTAssertEqual(reconnectEdge(oldEdge: taken[0], newConnection: new, edges: taken).map(\.id), ["xy-edge__Aout-Cin2-2", "xy-edge__Aout-Cin2"])
    }

    func testUnknownEdgeLeavesTheEdgesUnchanged() {
        var ghost = edges()[0]
        ghost.id = "nope"
        XCTAssertEqual(reconnectEdge(oldEdge: ghost, newConnection: Connection(source: "X", target: "Y"), edges: edges()), edges())
    }
}
