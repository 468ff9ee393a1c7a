@testable import SwiftFlow
import XCTest

/// `EdgeEndReader` (the overview tiles' way to the edges' ends) gives, edge by edge, what the
/// canvas' `resolvedEnds` gives: handle anchors, side centres, and nil for a missing node, a
/// missing handle and a hidden node.
final class EdgeEndReaderTests: XCTestCase {
    private func harness() -> CanvasHarness {
        var nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "o1", type: .source, position: .right, x: 100, y: 10),
                                                         NodeHandle(id: "o2", type: .source, position: .right, x: 100, y: 40)]),
                     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "i1", type: .target, position: .left, x: 0, y: 10)]),
                     testNode("C", x: 0, y: 200, handles: []),
                     testNode("D", x: 300, y: 200, handles: []),
                     testNode("H", x: 600, y: 0, handles: [])]
        nodes[2].sourcePosition = .bottom
        nodes[3].targetPosition = .top
        nodes[4].hidden = true
        let edges = [testEdge("handles", "A", "B", "o2", "i1"), testEdge("sides", "C", "D"), testEdge("mixed", "A", "D"),
                     testEdge("missing node", "A", "Z"), testEdge("missing handle", "A", "B", "nope", "i1"),
                     testEdge("hidden node", "H", "B")]
        let h = CanvasHarness(nodes: nodes, edges: edges)
        h.frame()
        return h
    }

    func testTheReaderGivesTheCanvasEndsForEveryEdge() {
        let h = harness()
        let reader = h.canvas.edgeEndReader, nodes = h.store.nodes
        for k in 0...h.store.edges.count {
            let a = reader.anchors(ofEdge: k), b = h.canvas.resolvedEnds(k, nodes)
            XCTAssertEqual(a?.source, b?.source, "edge \(k)")
            XCTAssertEqual(a?.sourcePosition, b?.sourcePosition, "edge \(k)")
            XCTAssertEqual(a?.target, b?.target, "edge \(k)")
            XCTAssertEqual(a?.targetPosition, b?.targetPosition, "edge \(k)")
        }
    }

    func testHandlesAndSidesResolveToTheirAnchorsAndTheRestToNil() {
        let reader = harness().canvas.edgeEndReader
        XCTAssertEqual(reader.anchors(ofEdge: 0)?.source, Point(x: 100, y: 40))
        XCTAssertEqual(reader.anchors(ofEdge: 0)?.target, Point(x: 300, y: 10))
        XCTAssertEqual(reader.anchors(ofEdge: 1)?.source, Point(x: 50, y: 250), "C's bottom centre")
        XCTAssertEqual(reader.anchors(ofEdge: 1)?.sourcePosition, .bottom)
        XCTAssertEqual(reader.anchors(ofEdge: 1)?.target, Point(x: 350, y: 200), "D's top centre")
        XCTAssertEqual(reader.anchors(ofEdge: 1)?.targetPosition, .top)
        XCTAssertEqual(reader.anchors(ofEdge: 2)?.source, Point(x: 100, y: 10), "A's first source handle")
        XCTAssertEqual(reader.anchors(ofEdge: 2)?.target, Point(x: 350, y: 200))
        for k in [3, 4, 5, 6, -1] { XCTAssertNil(reader.anchors(ofEdge: k), "edge \(k)") }
    }
}
