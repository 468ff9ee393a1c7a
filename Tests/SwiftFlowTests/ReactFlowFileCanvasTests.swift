import Foundation
import SwiftFlow
import XCTest

/// The hand-written React Flow files of SwiftFlowCoreTests/Fixtures/reactflow, drawn: edges end on
/// the declared handles, children sit inside their parents, every edge is drawn.
final class ReactFlowFileCanvasTests: XCTestCase {
    private func harness(_ name: String) throws -> (CanvasHarness, FlowDocument) {
        let path = reactFlowFixtureDirectory + "/" + name
        let doc = try FlowFile.load(path: path)
        return (CanvasHarness(nodes: doc.nodes, edges: doc.edges), doc)
    }

    func testHandlesFileDrawsTheEdgeBetweenTheDeclaredHandles() throws {
        let (h, _) = try harness("handles.json")
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: 120, y: 60), "a.out-bottom")
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 360, y: 100), "b.in, on b's top side")
        XCTAssertEqual(h.diagnostics, [])
    }

    func testSubflowChildIsDrawnRelativeToItsParent() throws {
        let (h, doc) = try harness("subflows-extent.json")
        // The same child without a parent, at the group's offset (100, 50) added by hand, draws the
        // same edge start: the child's position is relative to its parent.
        var nodes = doc.nodes
        nodes[0].position = Point(x: 100, y: 50)
        let moved = CanvasHarness(nodes: nodes, edges: doc.edges)
        nodes[1].parentId = nil
        nodes[1].position = Point(x: 120, y: 90)
        let flat = CanvasHarness(nodes: nodes, edges: doc.edges)
        let start = try XCTUnwrap(moved.canvas.edgePath(at: 0)?.start)
        XCTAssertEqual(flat.canvas.edgePath(at: 0)?.start, start)
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: start.x - 100, y: start.y - 50))
        XCTAssertGreaterThan(start.x, 120, "on the child's right side")
    }

    func testEveryFixtureDrawsEveryEdge() throws {
        for name in ["positions-measured.json", "handles.json", "subflows-extent.json", "markers-style.json", "custom-data.json"] {
            let (h, doc) = try harness(name)
            for k in doc.edges.indices { XCTAssertNotNil(h.canvas.edgePath(at: k), "\(name): edge \(doc.edges[k].id)") }
            XCTAssertGreaterThan(h.list.vertices.count, 0, name)
        }
    }
}
