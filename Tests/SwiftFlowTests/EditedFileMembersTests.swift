@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// A React Flow file's members the model does not hold (`style`, `dragHandle`, `origin`,
/// `ariaLabel`, an edge's `focusable`) through edits on the canvas: a drag, its undo and redo, a
/// copy pasted, a delete undone; saved, every node and edge still carries them, pasted copies too.
final class EditedFileMembersTests: XCTestCase {
    func testUnknownMembersSurviveCanvasEditsAndSave() throws {
        let path = reactFlowFixtureDirectory + "/custom-data.json"
        let doc = try FlowFile.load(path: path)
        let d = EmbeddedCanvas(nodes: doc.nodes, edges: doc.edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600), frameDuration: 0)
        d.canvas.viewport = Viewport(x: 300, y: 100, zoom: 1)
        d.frame()
        d.frame()
        let grab = d.canvas.flowToScreenPosition(Point(x: -120 + 5, y: 50 + 5))
        d.frame([.pointerDown(grab, button: .primary, modifiers: [], clickCount: 1)])
        d.frame([.pointerMove(grab + Point(x: 20, y: 10), modifiers: [])])
        d.frame([.pointerUp(grab + Point(x: 30, y: 20), button: .primary, modifiers: [])])
        d.frame()
        d.key("z", .ctrl); d.frame()
        d.key("y", .ctrl); d.frame()
        d.key("c", .ctrl)
        d.frame([.pointerMove(Point(x: 600, y: 450), modifiers: [])])
        d.key("v", .ctrl); d.frame()
        d.store.apply(d.store.nodes.map { NodeChange<JSONValue>.select(id: $0.id, selected: $0.id == "text") })
        d.frame()
        d.key("Delete"); d.frame()
        XCTAssertEqual(d.store.nodes.map(\.id), ["color-picker", "color-picker-1"])
        d.key("z", .ctrl); d.frame()
        XCTAssertEqual(d.store.nodes.map(\.id).sorted(), ["color-picker", "color-picker-1", "text"])
        let saved = NativeFormat.encode(FlowDocument(nodes: d.store.nodes, edges: d.store.edges, viewport: d.canvas.viewport, extra: doc.extra))
        let nodes = saved["nodes"]?.arrayValue ?? []
        for id in ["color-picker", "color-picker-1"] {
            let n = nodes.first { $0["id"]?.stringValue == id }
            XCTAssertEqual(n?["dragHandle"], .string(".custom-drag-handle"), id)
            XCTAssertEqual(n?["ariaLabel"], .string("colour picker"), id)
            XCTAssertEqual(n?["origin"], .array([.number(0.5), .number(0.5)]), id)
            XCTAssertNotNil(n?["style"], id)
        }
        XCTAssertEqual(nodes.first { $0["id"]?.stringValue == "color-picker" }?["position"], .object(JSONObject([("x", .number(-90)), ("y", .number(70))])))
        let e = saved["edges"]?.arrayValue?.first { $0["id"]?.stringValue == "e" }
        XCTAssertEqual(e?["focusable"], .bool(true))
        XCTAssertEqual(e?["ariaLabel"], .string("link"))
        _ = d.drainOutbound()
    }
}
