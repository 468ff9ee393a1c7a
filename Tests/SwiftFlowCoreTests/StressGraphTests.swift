import XCTest
@testable import SwiftFlowCore

final class StressGraphTests: XCTestCase {
    func testCountsFor2000Nodes() {
        let doc = StressGraph.make(nodeCount: 2000)
        XCTAssertEqual(doc.nodes.count, 2000)
        XCTAssertEqual(doc.nodes.reduce(0) { $0 + ($1.handles?.count ?? 0) }, 8000)
        XCTAssertEqual(doc.edges.filter { $0.id.hasSuffix("-a") }.count, 1999)
        XCTAssertEqual(doc.edges.filter { $0.id.hasSuffix("-b") }.count, 1993)
        XCTAssertEqual(doc.edges.count, 3992)
        XCTAssertEqual(Set(doc.edges.map(\.id)).count, 3992)
        XCTAssertNil(doc.viewport)
    }

    func testExactLayoutAndWiring() {
        let doc = StressGraph.make(nodeCount: 2000)
        XCTAssertEqual(StressGraph.columns(nodeCount: 2000), 45)
        XCTAssertEqual(doc.nodes[0].position, Point(x: 0, y: 0))
        XCTAssertEqual(doc.nodes[44].position, Point(x: 44 * 220, y: 0))
        XCTAssertEqual(doc.nodes[45].position, Point(x: 0, y: 140))
        XCTAssertEqual(doc.nodes[1999].position, Point(x: 19 * 220, y: 44 * 140))
        let n = doc.nodes[7]
        XCTAssertEqual(n, Node(id: "n7", position: Point(x: 1540, y: 0), data: .object(JSONObject([("label", .string("Node 7"))])),
                               width: 160, height: 80, handles: [
                                NodeHandle(id: "in0", type: .target, position: .left), NodeHandle(id: "in1", type: .target, position: .left),
                                NodeHandle(id: "out0", type: .source, position: .right), NodeHandle(id: "out1", type: .source, position: .right),
                               ]))
        XCTAssertEqual(doc.edges[0], Edge(id: "e0-a", source: "n0", target: "n1", sourceHandle: "out0", targetHandle: "in0", data: .null))
        XCTAssertEqual(doc.edges[1], Edge(id: "e0-b", source: "n0", target: "n7", sourceHandle: "out1", targetHandle: "in1", data: .null))
        XCTAssertEqual(doc.edges.last?.id, "e1998-a")
        XCTAssertEqual(StressGraph.make(nodeCount: 2000), doc)
    }

    func testSmallSizes() {
        XCTAssertEqual(StressGraph.make(nodeCount: 0), FlowDocument())
        XCTAssertEqual(StressGraph.columns(nodeCount: 1), 1)
        XCTAssertEqual(StressGraph.columns(nodeCount: 9), 3)
        XCTAssertEqual(StressGraph.columns(nodeCount: 10), 4)
        let eight = StressGraph.make(nodeCount: 8)
        XCTAssertEqual(eight.edges.map(\.id), ["e0-a", "e0-b", "e1-a", "e2-a", "e3-a", "e4-a", "e5-a", "e6-a"])
        XCTAssertEqual(eight.nodes[3].position, Point(x: 0, y: 140))
    }

    /// Made in parallel chunks: the same graph as the serial construction below, across chunk
    /// boundaries (20,000 nodes: several chunks on a machine with more than one core).
    func testChunkedMakeEqualsTheSerialGraph() {
        let n = 20_000
        let doc = StressGraph.make(nodeCount: n)
        let cols = StressGraph.columns(nodeCount: n)
        let handles = [
            NodeHandle(id: "in0", type: .target, position: .left), NodeHandle(id: "in1", type: .target, position: .left),
            NodeHandle(id: "out0", type: .source, position: .right), NodeHandle(id: "out1", type: .source, position: .right),
        ]
        var nodes: [Node<JSONValue>] = [], edges: [Edge<JSONValue>] = []
        for i in 0..<n {
            nodes.append(Node(id: "n\(i)", position: Point(x: Double(i % cols) * 220, y: Double(i / cols) * 140),
                              data: .object(JSONObject([("label", .string("Node \(i)"))])), width: 160, height: 80, handles: handles))
            if i + 1 < n {
                edges.append(Edge(id: "e\(i)-a", source: "n\(i)", target: "n\(i + 1)", sourceHandle: "out0", targetHandle: "in0", data: .null))
            }
            if i + 7 < n {
                edges.append(Edge(id: "e\(i)-b", source: "n\(i)", target: "n\(i + 7)", sourceHandle: "out1", targetHandle: "in1", data: .null))
            }
        }
        XCTAssertEqual(doc.nodes.count, n)
        XCTAssertEqual(doc.edges.count, 39_992)
        XCTAssertTrue(doc.nodes == nodes)
        XCTAssertTrue(doc.edges == edges)
        XCTAssertEqual(doc.nodes.last?.position, Point(x: 119 * 220, y: 140 * 140))
        XCTAssertEqual(doc.edges[StressGraph.edgesBefore(10_000, nodeCount: n)].id, "e10000-a")
        XCTAssertEqual(doc.edges.suffix(7).map(\.id), ["e19992-b"] + (19_993...19_998).map { "e\($0)-a" })
    }

    func testEdgesBeforeANode() {
        XCTAssertEqual((0...8).map { StressGraph.edgesBefore($0, nodeCount: 8) }, [0, 2, 3, 4, 5, 6, 7, 8, 8])
        XCTAssertEqual(StressGraph.edgesBefore(0, nodeCount: 0), 0)
        XCTAssertEqual((0...3).map { StressGraph.edgesBefore($0, nodeCount: 3) }, [0, 1, 2, 2])
        XCTAssertEqual(StressGraph.edgesBefore(1_000_000, nodeCount: 1_000_000), 1_999_992)
    }
}
