import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// A graph with a red source handle at (100, 25) and a blue edge to (300, 125).
func pixelTestGraph() -> FlowDocument {
    let red = Color(hex: 0xFF0000)
    let a = Node<JSONValue>(id: "A", position: Point(x: 0, y: 0), data: .object(JSONObject([("label", .string("A"))])),
                            width: 100, height: 50, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25, color: red)])
    let b = Node<JSONValue>(id: "B", position: Point(x: 300, y: 100), data: .object(JSONObject([("label", .string("B"))])),
                            width: 100, height: 50, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])
    let e = Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null,
                            style: EdgeStyle(stroke: Color(hex: 0x0000FF), strokeWidth: 3))
    return FlowDocument(nodes: [a, b], edges: [e], viewport: Viewport())
}

/// The canvas drawn through the SDL software renderer: colours at known coordinates.
@MainActor
final class CanvasPixelTests: XCTestCase {
    func testHandleCentreHasItsColourAndTheEdgePassesThroughItsMidpoint() async throws {
        let host = try SDLHost(headlessSize: Size(width: 420, height: 200))
        let doc = pixelTestGraph()
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        var list = DrawList()
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        try host.render(list, clear: canvas.theme.background)
        let px = try host.readPixels()
        host.present()

        XCTAssertEqual(px[100, 25], PackedColor(r: 255, g: 0, b: 0, a: 255), "source handle centre")
        XCTAssertEqual(px[300, 125], PackedColor(canvas.theme.handleColor), "target handle centre (theme colour)")
        // Bezier right → left: controls (200, 25) and (200, 125), so t = 0.5 is (200, 75).
        XCTAssertEqual(canvas.edgePath(at: 0)?.labelPoint, Point(x: 200, y: 75))
        XCTAssertEqual(px[200, 75], PackedColor(r: 0, g: 0, b: 255, a: 255), "edge at its label point")
        XCTAssertEqual(px[200, 40], PackedColor(canvas.theme.background), "canvas beside the edge")
        XCTAssertEqual(px[50, 10], PackedColor(canvas.theme.nodeBackground), "node body")
    }
}
