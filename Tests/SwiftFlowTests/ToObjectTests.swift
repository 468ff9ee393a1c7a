@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// `FlowInstance.toObject()` (React Flow's): the nodes, edges and viewport as one
/// `FlowDocument`, the value `FlowFile` saves.
final class ToObjectTests: XCTestCase {
    func testJSONDataGivesTheStoresGraphAndTheViewport() {
        let h = CanvasHarness(nodes: twoNodes(), edges: [testEdge("e1", "A", "B", "out", "in")])
        h.play("viewport 10 20 2\nclick 30 30")   // selects A: the store has it selected
        let object = FlowInstance(canvas: h.canvas, store: h.store).toObject()
        XCTAssertEqual(object, FlowDocument(nodes: h.store.nodes, edges: h.store.edges, viewport: Viewport(x: 10, y: 20, zoom: 2)))
        XCTAssertEqual(object.nodes.map(\.selected), [true, false])
    }

    func testWithoutAStoreItIsTheLastFramesGraph() {
        let h = CanvasHarness(nodes: twoNodes())
        let object = FlowInstance(canvas: h.canvas).toObject()
        XCTAssertEqual(object.nodes, twoNodes())
        XCTAssertEqual(object.edges, [])
        XCTAssertEqual(object.viewport, Viewport(x: 0, y: 0, zoom: 1))
    }

    func testCodableDataIsEncodedAndSavesAndLoadsBack() throws {
        struct Shader: Codable, Equatable { var name: String; var amount: Double }
        let nodes = [Node(id: "s", position: Point(x: 5, y: 6), data: Shader(name: "blur", amount: 0.5))]
        let edges = [Edge(id: "e", source: "s", target: "s", data: EmptyEdgeData())]
        let driver = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in EmptyEdgeData() }, frameDuration: 0)
        driver.frame()
        let object = try FlowInstance(canvas: driver.canvas, store: driver.store).toObject()
        XCTAssertEqual(object.nodes.map { $0.data["name"] }, [.string("blur")], "JSONEncoder's member order is its own")
        XCTAssertEqual(object.nodes.map { $0.data["amount"] }, [.number(0.5)])
        XCTAssertEqual(object.nodes.map { $0.data.objectValue?.members.count }, [2])
        XCTAssertEqual(object.nodes.map(\.position), [Point(x: 5, y: 6)])
        XCTAssertEqual(object.edges.map(\.id), ["e"])
        XCTAssertEqual(object.edges.map(\.data), [.object(JSONObject())])
        XCTAssertEqual(object.viewport, Viewport(x: 0, y: 0, zoom: 1))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("to-object-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FlowFile.save(object, to: path)
        let loaded = try FlowFile.load(path: path)
        XCTAssertEqual(try loaded.nodes.map { try $0.data.decoded(as: Shader.self) }, [Shader(name: "blur", amount: 0.5)])
        XCTAssertEqual(loaded.viewport, object.viewport)
    }
}
