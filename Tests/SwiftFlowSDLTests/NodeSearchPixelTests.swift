import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// The node search box through the SDL software renderer: opened by a double-click, drawn above
/// the graph with its text field on top and the best match highlighted in the accent colour.
@MainActor
final class NodeSearchPixelTests: XCTestCase {
    func testTheBoxDrawsItsFieldAndTheHighlightedMatchAboveTheNodes() async throws {
        let host = try SDLHost(headlessSize: Size(width: 400, height: 300))
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        canvas.nodeCatalog = NodeCatalog(["Blur", "Sharpen", "Crop"].map { t in
            NodeTemplate(type: t) { id, at in Node(id: id, position: at, data: .null, width: 100, height: 40) }
        })
        // A node under where the box opens: the box covers it.
        let store = FlowStore<JSONValue, JSONValue>(nodes: [Node(id: "n", position: Point(x: 60, y: 60), data: .null, width: 200, height: 150)],
                                                    makeEdgeData: { _ in .null })
        store.attach(to: canvas)
        var list = DrawList()
        store.frame(canvas, events: [], time: 0, into: &list)
        let at = Point(x: 30, y: 40)
        store.frame(canvas, events: [.pointerDown(at, button: .primary, modifiers: [], clickCount: 1), .pointerUp(at, button: .primary, modifiers: []),
                                     .pointerDown(at, button: .primary, modifiers: [], clickCount: 2), .pointerUp(at, button: .primary, modifiers: [])],
                    time: 10, into: &list)
        store.frame(canvas, events: [.text("sh")], time: 20, into: &list)
        list = DrawList()
        store.frame(canvas, events: [], time: 30, into: &list)
        try host.render(list, clear: canvas.theme.background)
        if let dir = ProcessInfo.processInfo.environment["SWIFTFLOW_TEST_SHOTS"] { try host.screenshot(to: "\(dir)/node-search.png") }
        let px = try host.readPixels()
        // The box: (30, 40), 280 wide; the field inset 4 (30 - 6 = 24 high), one row below it.
        XCTAssertEqual(px[36, 52], PackedColor(canvas.theme.background), "the field, left of its text")
        XCTAssertEqual(px[38, 80], PackedColor(canvas.theme.accentColor), "the highlighted row (Sharpen), left of its label")
        XCTAssertEqual(px[300, 80], PackedColor(canvas.theme.accentColor), "the row's right end, over the node below")
        XCTAssertEqual(px[45, 98], PackedColor(canvas.theme.nodeBackground), "the box under its one row, over the empty canvas")
    }
}
