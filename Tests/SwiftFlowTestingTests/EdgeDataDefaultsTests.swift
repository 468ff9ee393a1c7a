import SwiftFlowTesting
import XCTest

/// `FlowStore.init(nodes:edges:)` and `EmbeddedCanvas.init(nodes:…)` without a `makeEdgeData`
/// closure, for edges of `EmptyEdgeData` and of `JSONValue`.
final class EdgeDataDefaultsTests: XCTestCase {
    /// Default nodes A (0, 0) and B (300, 0), 100x50: A's source handle at (100, 25), B's target at (0, 25) of B.
    func nodes() -> [Node<String>] {
        [Node(id: "A", position: .zero, data: "A", width: 100, height: 50),
         Node(id: "B", position: Point(x: 300, y: 0), data: "B", width: 100, height: 50)]
    }
    let connect = "press 100 25\nmove 200 25\nmove 300 25\nrelease 300 25"

    func testEmptyEdgeDataDriverConnects() throws {
        let driver = EmbeddedCanvas<String, EmptyEdgeData>(nodes: nodes())
        driver.frame()
        try driver.play(connect)
        XCTAssertEqual(driver.store.edges.map { "\($0.source).\($0.sourceHandle ?? "-") \($0.target).\($0.targetHandle ?? "-")" },
                       ["A.source B.target"])
        XCTAssertEqual(driver.store.edges.first?.data, EmptyEdgeData())
    }

    func testJSONEdgeDataDriverConnectsWithNull() throws {
        let driver = EmbeddedCanvas<String, JSONValue>(nodes: nodes())
        driver.frame()
        try driver.play(connect)
        XCTAssertEqual(driver.store.edges.map(\.data), [.null])
    }

    func testStoresNeedNoEdgeDataClosure() {
        let empty = FlowStore<String, EmptyEdgeData>(nodes: nodes())
        XCTAssertEqual(empty.makeEdgeData(Connection(source: "A", target: "B")), EmptyEdgeData())
        let json = FlowStore<String, JSONValue>(nodes: nodes())
        XCTAssertEqual(json.makeEdgeData(Connection(source: "A", target: "B")), .null)
        XCTAssertEqual(json.nodes.map(\.id), ["A", "B"])
    }
}
