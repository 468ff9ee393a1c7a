import SwiftFlow
import SwiftFlowTesting
import XCTest

/// `Handle(id:type:position:)`: a handle of the node whose view places it, as React Flow's
/// `<Handle>` inside a custom node, registered and connected as one given its `nodeId`.
final class HandleWithoutNodeIdTests: XCTestCase {
    func testHandlesWithoutNodeIdRegisterAndConnect() throws {
        let nodes = [Node(id: "a", position: .zero, data: "a", type: "port"),
                     Node(id: "b", position: Point(x: 300, y: 0), data: "b", type: "port")]
        let driver = EmbeddedCanvas<String, EmptyEdgeData>(nodes: nodes)
        driver.canvas.nodeTypes["port"] = NodeType { node in
            HStack {
                Handle(id: "in", type: .target, position: .left)
                Text(node.data)
                Handle(id: "out", position: .right, color: .green)
            }
            .frame(width: 100, height: 40)
        }
        driver.frame()
        let handles = driver.canvas.registry.entries
        XCTAssertEqual(handles.map { "\($0.nodeId).\($0.id) \($0.type) \($0.anchor)" },
                       ["a.in target (0.0, 20.0)", "a.out source (100.0, 20.0)", "b.in target (300.0, 20.0)", "b.out source (400.0, 20.0)"])
        XCTAssertEqual(handles[1].color, .green)
        try driver.play("press 100 20\nmove 200 20\nmove 300 20\nrelease 300 20")
        XCTAssertEqual(driver.store.edges.map { "\($0.source).\($0.sourceHandle ?? "-") → \($0.target).\($0.targetHandle ?? "-")" },
                       ["a.out → b.in"])
        XCTAssertEqual(driver.drainDiagnostics(), [])
    }
}
