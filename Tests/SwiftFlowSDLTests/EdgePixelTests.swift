import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Edges drawn through the SDL software renderer: path, label background, marker, dashes and
/// z-order at known pixels.
@MainActor
final class EdgePixelTests: XCTestCase {
    private let blue = Color(hex: 0x0000FF), red = Color(hex: 0xFF0000), green = Color(hex: 0x00FF00)

    private func node(_ id: String, _ x: Double, _ y: Double, _ handles: [NodeHandle], size: Double = 100) -> Node<JSONValue> {
        Node(id: id, position: Point(x: x, y: y), data: .object(JSONObject([("label", .string(id))])),
             width: size, height: size == 100 ? 50 : size, handles: handles)
    }

    private func render(_ nodes: [Node<JSONValue>], _ edges: [Edge<JSONValue>], size: Size, time: Double = 0,
                        screenshot: String? = nil) throws -> (PixelBuffer, FlowCanvas<JSONValue, JSONValue>) {
        let host = try SDLHost(headlessSize: size)
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        var list = DrawList()
        canvas.frame(nodes: nodes, edges: edges, time: time, into: &list)
        try host.render(list, clear: canvas.theme.background)
        let px = try host.readPixels()
        if let screenshot { try host.screenshot(to: NSTemporaryDirectory() + screenshot) }
        host.present()
        return (px, canvas)
    }

    func testSmoothStepWithLabelBackgroundAndClosedArrow() async throws {
        // A.out (120, 45) → B.in (300, 165): corners (140, 45) (210, 45) (210, 165) (280, 165); label (210, 105).
        let a = node("A", 20, 20, [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)])
        let b = node("B", 300, 140, [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])
        let e = Edge<JSONValue>(id: "e", source: "A", target: "B", data: .null, type: .smoothStep, label: "Hi",
                                markerEnd: EdgeMarker(type: .arrowClosed, color: red, width: 20, height: 20),
                                style: EdgeStyle(stroke: blue, strokeWidth: 3), labelBgStyle: EdgeLabelBgStyle(fill: green))
        let (px, canvas) = try render([a, b], [e], size: Size(width: 420, height: 220), screenshot: "swiftflow-edge-smoothstep.png")
        let bg = PackedColor(canvas.theme.background)
        XCTAssertEqual(canvas.edgePath(at: 0)?.labelPoint, Point(x: 210, y: 105))
        XCTAssertEqual(px[210, 70], PackedColor(blue), "vertical middle segment")
        XCTAssertEqual(px[175, 45], PackedColor(blue), "first horizontal run")
        XCTAssertEqual(px[245, 165], PackedColor(blue), "last horizontal run")
        XCTAssertEqual(px[216, 70], bg, "beside the path")
        XCTAssertEqual(px[175, 105], bg, "no bezier: nothing between the runs")
        // The label background: text size plus padding (2, 4), centred on (210, 105), above the edge.
        let text = canvas.textMeasurer.measure("Hi", fontSize: 10)
        XCTAssertEqual(px[210, Int(105 - text.height / 2 - 2)], PackedColor(green), "label background over the edge, in the top padding")
        XCTAssertEqual(px[Int(210 - text.width / 2 - 1), 105], PackedColor(green), "label background, left padding")
        XCTAssertEqual(px[210, Int(105 + text.height / 2 + 6)], PackedColor(blue), "the edge again below the label box")
        // Closed arrow, 20 × 20, tip on B.in (300, 165), pointing right: back corners (280, 155) and (280, 175).
        XCTAssertEqual(px[289, 165], PackedColor(red), "inside the arrow head")
        XCTAssertEqual(px[289, 167], PackedColor(red), "inside the arrow head, beside the stroke")
        XCTAssertEqual(px[289, 158], bg, "outside the arrow head's slanted side")
        XCTAssertEqual(px[270, 158], bg, "behind the arrow head")
        var bare = e
        bare.labelShowBg = false
        let (noBg, _) = try render([a, b], [bare], size: Size(width: 420, height: 220))
        XCTAssertEqual(noBg[210, Int(105 - text.height / 2 - 2)], PackedColor(blue), "labelShowBg false: the edge shows through")
    }

    func testAnimatedDashesMoveWithTheFrameClock() async throws {
        // A straight horizontal edge from A.out (120, 45) to B.in (300, 45): 5-unit dashes and gaps
        // from the start at time 0; 250 ms later they have moved 5 units toward the target.
        let a = node("A", 20, 20, [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)])
        let b = node("B", 300, 20, [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])
        let e = Edge<JSONValue>(id: "e", source: "A", target: "B", data: .null, type: .straight, animated: true,
                                style: EdgeStyle(stroke: blue, strokeWidth: 3))
        let (at0, canvas) = try render([a, b], [e], size: Size(width: 420, height: 100))
        let bg = PackedColor(canvas.theme.background)
        XCTAssertEqual(at0[172, 45], PackedColor(blue), "s = 52.5: in a dash")
        XCTAssertEqual(at0[177, 45], bg, "s = 57.5: in a gap")
        let (at250, _) = try render([a, b], [e], size: Size(width: 420, height: 100), time: 250)
        XCTAssertEqual(at250[172, 45], bg)
        XCTAssertEqual(at250[177, 45], PackedColor(blue))
    }

    func testHigherZIndexDrawsOnTopAndSelectedUsesTheThemeColour() async throws {
        // Two straight edges crossing at (170, 120): e1 (red, zIndex 1) first in the array, e2 (green, selected) second.
        let nodes = [node("P", 0, 0, [], size: 40), node("Q", 300, 200, [], size: 40),
                     node("R", 0, 200, [], size: 40), node("S", 300, 0, [], size: 40)]
        let e1 = Edge<JSONValue>(id: "e1", source: "P", target: "Q", data: .null, type: .straight, zIndex: 1,
                                 style: EdgeStyle(stroke: red, strokeWidth: 5))
        let e2 = Edge<JSONValue>(id: "e2", source: "R", target: "S", data: .null, type: .straight, selected: true,
                                 style: EdgeStyle(stroke: green, strokeWidth: 5))
        let (px, canvas) = try render(nodes, [e1, e2], size: Size(width: 360, height: 260))
        XCTAssertEqual(px[170, 120], PackedColor(red), "zIndex 1 above zIndex 0 whatever the array order")
        XCTAssertEqual(px[105, 170], PackedColor(canvas.theme.edgeSelectedColor), "selected edge in the theme's selected colour")
    }
}
