import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// A text field's caret and selection through the SDL software renderer, driven by the frame
/// loop: the caret at the end of the typed text, blinking on the frame clock; the selection
/// highlight in the accent colour at 30% over the field.
@MainActor
final class ControlPixelTests: XCTestCase {
    var host: SDLHost!
    var canvas: FlowCanvas<JSONValue, JSONValue>!
    var store: FlowStore<JSONValue, JSONValue>!
    var list = DrawList()

    /// One 200x30 node at (20, 20) holding a text field bound to `data.t`.
    override func setUp() async throws {
        host = try SDLHost(headlessSize: Size(width: 260, height: 80))
        canvas = FlowCanvas(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        canvas.nodeTypes["field"] = NodeType { _, data in TextField("", text: data["t"].string) }
        store = FlowStore(nodes: [Node(id: "F", position: Point(x: 20, y: 20), data: .object(JSONObject([("t", .string(""))])),
                                       type: "field", width: 200, height: 30)], makeEdgeData: { _ in .null })
        store.attach(to: canvas)
    }

    func frame(_ events: [InputEvent] = [], time: Double) throws -> PixelBuffer {
        store.frame(canvas, events: events, time: time, into: &list)
        try host.render(list, clear: canvas.theme.background)
        if let dir = ProcessInfo.processInfo.environment["SWIFTFLOW_TEST_SHOTS"] { try host.screenshot(to: "\(dir)/control-field-\(Int(time)).png") }
        let px = try host.readPixels()
        host.present()
        return px
    }

    func testTheCaretFollowsTheTextAndBlinksAndTheSelectionIsHighlighted() async throws {
        _ = try frame(time: 0)
        let field = canvas.textInputRect ?? Rect(x: 0, y: 0, width: 0, height: 0)
        XCTAssertEqual(field.width, 0, "no field has focus yet")
        _ = try frame([.pointerDown(Point(x: 120, y: 35), button: .primary, modifiers: [], clickCount: 1),
                       .pointerUp(Point(x: 120, y: 35), button: .primary, modifiers: [])], time: 10)
        // The input method's rectangle: the caret, 6 points into the field at (20, 24), a line high.
        let empty = try XCTUnwrap(canvas.textInputRect)
        XCTAssertEqual(empty.minX, 26)
        let lineHeight = host.text.measure("", fontSize: 12).height
        XCTAssertEqual(empty.height, lineHeight)
        let r = Rect(x: 20, y: empty.minY - 4, width: 200, height: lineHeight + 8)   // the field
        _ = try frame([.text("abc")], time: 20)
        let px = try frame(time: 30)   // the text and the caret as of the typing
        XCTAssertEqual(store.nodes[0].data["t"], .string("abc"))
        let caretX = r.minX + 6 + host.text.measure("abc", fontSize: 12).width
        XCTAssertEqual(canvas.textInputRect?.minX ?? 0, caretX, accuracy: 1e-9, "the candidate window follows the caret")
        let midY = Int(r.center.y)
        let darkest = (Int(caretX) - 1...Int(caretX) + 1).map { Int(px[$0, midY].r) }.min()!
        // A 1-point caret with the anti-aliasing fringe: about half its colour over two pixels.
        XCTAssertLessThan(darkest, 160, "the caret at x \(caretX)")
        XCTAssertGreaterThan(Int(px[Int(caretX) + 4, midY].r), 200, "nothing after the caret")
        // 500 ms after the last key the caret hides (it shows 500 of every 1000 ms).
        let hidden = try frame(time: 20 + 600)
        XCTAssertGreaterThan((Int(caretX) - 1...Int(caretX) + 1).map { Int(hidden[$0, midY].r) }.min()!, 200, "the caret blinked off")
        // Ctrl+A: the selection highlight, accent #007AFF at 30%, over the field's fill (#222222 at
        // 0.6 × 0.14 over the canvas' #F7F7F8: 229.1, 229.1, 230.0): r 160.4, g 197.0, b 237.5, on
        // the line box's top row.
        _ = try frame([.keyDown("A", modifiers: .ctrl), .keyUp("A", modifiers: .ctrl)], time: 700)
        let selected = try frame(time: 710)
        let top = Int((r.minY + 4).rounded(.up)), x = Int(r.minX + 6 + 2)
        XCTAssertEqual(Double(selected[x, top].r), 160.4, accuracy: 4)
        XCTAssertEqual(Double(selected[x, top].g), 197.0, accuracy: 4)
        XCTAssertEqual(Double(selected[x, top].b), 237.5, accuracy: 4)
        XCTAssertEqual(Double(selected[Int(caretX) + 6, top].r), 229.1, accuracy: 4, "the field's fill after the selection")
    }
}
