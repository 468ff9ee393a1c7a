import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// NodeResizer grips and a NodeToolbar through the SDL software renderer.
@MainActor
final class NodeToolsPixelTests: XCTestCase {
    static let grip = Color(hex: 0x3367D9), green = Color(hex: 0x00AA00)

    /// Node R at flow (60, 80), 120x60, selected: a white box, a resizer (2-point lines) and a
    /// toolbar with one green 60x20 button labelled "Del".
    func render(_ host: SDLHost, viewport: Viewport, shot: String? = nil) throws -> PixelBuffer {
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        canvas.nodeTypes["tools"] = NodeType { _ in
            Rectangle().fill(.white)
            NodeResizer(lineWidth: 2)
            NodeToolbar {
                Button(action: {}) { Text("Del").foregroundColor(.white).frame(width: 60, height: 20).background(Self.green) }
            }
        }
        canvas.viewport = viewport
        let node = Node<JSONValue>(id: "R", position: Point(x: 60, y: 80), data: .null, type: "tools", width: 120, height: 60, selected: true)
        var list = DrawList()
        canvas.frame(nodes: [node], edges: [], into: &list)
        try host.render(list, clear: canvas.theme.background)
        if let shot { try host.screenshot(to: shot) }
        let px = try host.readPixels()
        host.present()
        return px
    }

    func testGripsAndToolbarAtKnownPixels() async throws {
        let host = try SDLHost(headlessSize: Size(width: 320, height: 200))
        // SWIFTFLOW_TEST_SHOTS=dir keeps a screenshot to look at.
        let shot = ProcessInfo.processInfo.environment["SWIFTFLOW_TEST_SHOTS"].map { "\($0)/node-tools.png" }
        let px = try render(host, viewport: Viewport(), shot: shot)
        let grip = PackedColor(Self.grip), green = PackedColor(Self.green)
        // Corner grips: 8-point squares centred on the corners (60, 80), (180, 80), (60, 140), (180, 140).
        XCTAssertEqual(px[60, 80], grip, "top-left grip")
        XCTAssertEqual(px[179, 139], grip, "bottom-right grip")
        XCTAssertEqual(px[63, 143], grip, "bottom-left grip, inside its square")
        XCTAssertEqual(px[64, 144], PackedColor(Color.white), "bottom-left grip's white border")
        // Side lines, 2 points wide on the border: x 179–181 on the right side.
        XCTAssertEqual(px[180, 110], grip, "right side line")
        XCTAssertEqual(px[120, 80], grip, "top side line")
        XCTAssertEqual(px[120, 110], PackedColor(Color.white), "node body")
        // Toolbar: 60x20 centred above the node's top centre (120, 80), 10 points up: (90, 50)–(150, 70).
        XCTAssertEqual(px[92, 52], green, "toolbar button")
        XCTAssertEqual(px[148, 68], green, "toolbar button")
        XCTAssertEqual(px[120, 45], PackedColor(FlowTheme.light.background), "above the toolbar")
        XCTAssertEqual(px[120, 74], PackedColor(FlowTheme.light.background), "between toolbar and node")
        var whitish = 0
        for x in 90..<150 { for y in 50..<70 where px[x, y].r > 200 && px[x, y].b > 200 { whitish += 1 } }
        XCTAssertGreaterThan(whitish, 10, "the label's white text is drawn")
    }

    func testTheToolbarHasTheSameScreenPixelsAtZoomTwo() async throws {
        let host = try SDLHost(headlessSize: Size(width: 320, height: 200))
        // The node's top centre, flow (120, 80), stays at screen (120, 80) at zoom 2.
        let px = try render(host, viewport: Viewport(x: -120, y: -80, zoom: 2))
        let green = PackedColor(Self.green)
        XCTAssertEqual(px[92, 52], green)
        XCTAssertEqual(px[148, 68], green)
        XCTAssertNotEqual(px[152, 60], green, "no wider than at zoom 1")
        XCTAssertNotEqual(px[120, 47], green, "no taller than at zoom 1")
        // The grips keep their size too: the top-left corner is at screen (0, 80), its grip 4 points each way.
        XCTAssertEqual(px[3, 83], PackedColor(Self.grip))
        XCTAssertEqual(px[4, 84], PackedColor(Color.white), "the grip's border")
        XCTAssertEqual(px[3, 40], PackedColor(FlowTheme.light.background))
    }
}
