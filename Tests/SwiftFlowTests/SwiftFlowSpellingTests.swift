import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Code written for SwiftFlow (the SwiftUI port) in its own spellings compiles and behaves.
final class SwiftFlowSpellingTests: XCTestCase {
    struct Label: Codable, Hashable { var text: String }

    func testSwiftFlowSpellingsOfTheModelAndChanges() {
        let position = XYPosition(x: 10, y: 20)
        var nodes = [Node(id: "a", position: position, data: Label(text: "A")),
                     Node(id: "b", position: XYPosition(x: 200, y: 20), data: Label(text: "B"))]
        nodes = applyNodeChanges([.position(id: "a", position: XYPosition(x: 5, y: 6), dragging: false),
                                  .select(id: "b", selected: true)], nodes: nodes)
        XCTAssertEqual(nodes.map(\.position), [Point(x: 5, y: 6), Point(x: 200, y: 20)])
        XCTAssertEqual(nodes.map(\.selected), [false, true])

        var edges: [FlowEdge<EmptyEdgeData>] = [FlowEdge(id: "e", source: "a", target: "b", data: EmptyEdgeData(), type: .smoothstep)]
        edges = applyEdgeChanges([.select(id: "e", selected: true)], edges: edges)
        XCTAssertEqual(edges[0].type, .smoothStep)
        XCTAssertEqual(EdgeType.smoothstep.rawValue, "smoothstep")
        XCTAssertTrue(edges[0].selected)
        // As in SwiftFlow, an edge without data needs no `data:` argument.
        let plain = FlowEdge(id: "p", source: "a", target: "b", sourceHandle: "out", animated: true)
        XCTAssertEqual([plain.id, plain.source, plain.target, plain.sourceHandle], ["p", "a", "b", "out"])
        XCTAssertEqual(plain.data, EmptyEdgeData())
        XCTAssertTrue(plain.animated)
        XCTAssertEqual(plain.type, .bezier)
    }

    func testDefaultEdgeOptionsShapeEdgesMadeByOnConnect() {
        let driver = EmbeddedCanvas(nodes: [Node(id: "a", position: XYPosition(x: 0, y: 0), data: Label(text: "A")),
                                            Node(id: "b", position: XYPosition(x: 300, y: 0), data: Label(text: "B"))],
                                    edges: [FlowEdge<EmptyEdgeData>](), makeEdgeData: { _ in EmptyEdgeData() })
        driver.store.defaultEdgeOptions = DefaultEdgeOptions(type: .smoothstep, animated: true,
                                                             style: EdgeStyle(stroke: .red, strokeWidth: 2),
                                                             markerEnd: EdgeMarker(type: .arrowClosed))
        driver.canvas.onConnect?(Connection(source: "a", target: "b"))
        XCTAssertEqual(driver.store.edges, [FlowEdge(id: "xy-edge__a-b", source: "a", target: "b", data: EmptyEdgeData(),
                                                     type: .smoothStep, animated: true, markerEnd: EdgeMarker(type: .arrowClosed),
                                                     style: EdgeStyle(stroke: .red, strokeWidth: 2))])
    }

    func testBackgroundVariantLabel() {
        let bg = Background(variant: .cross, gap: 24)
        XCTAssertEqual(bg.variant, .cross)
        XCTAssertEqual(bg.gap, 24)
        XCTAssertEqual(bg.size, 6)
        XCTAssertEqual(Background(variant: .dots, gap: 10, size: 2).size, 2)
    }
}
