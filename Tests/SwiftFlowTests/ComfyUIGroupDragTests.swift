import SwiftFlow
import XCTest

/// Dragging an imported ComfyUI group on the canvas moves the nodes inside it.
final class ComfyUIGroupDragTests: XCTestCase {
    func testDraggingAGroupMovesItsMembers() throws {
        let doc = try FlowFile.decode(Array(#"""
            {"nodes": [{"id": 1, "type": "A", "pos": [100, 100], "size": [150, 60], "inputs": [], "outputs": []},
                       {"id": 2, "type": "B", "pos": [600, 100], "size": [150, 60], "inputs": [], "outputs": []}],
             "links": [], "groups": [{"title": "G", "bounding": [50, 20, 300, 200]}]}
            """#.utf8), file: "wf.json")
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { ComfyUINodeTypes.register(on: $0) }
        XCTAssertEqual(h.node("1")?.parentId, "group-0")
        XCTAssertNil(h.node("2")?.parentId)
        // Press on the group beside its member (flow (300, 180)), drag by (40, 30).
        h.drag(from: Point(x: 300, y: 180), to: Point(x: 340, y: 210))
        XCTAssertEqual(h.node("group-0")?.position, Point(x: 90, y: 50))
        XCTAssertEqual(h.node("1")?.position, Point(x: 50, y: 50), "relative to the group: unchanged")
        XCTAssertEqual(h.node("2")?.position, Point(x: 600, y: 70), "outside the group: not moved")
        // Saved back, the member's pos moved with the group.
        var moved = doc
        moved.nodes = h.store.nodes
        XCTAssertEqual(ComfyUIExport.encode(moved).json["nodes"]?.arrayValue?.map { $0["pos"] },
                       [.array([.number(140), .number(130)]), .array([.number(600), .number(100)])])
    }
}
