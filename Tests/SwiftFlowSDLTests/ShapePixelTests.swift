import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Node views' shapes and modifiers through the SDL software renderer: colours at known pixels.
@MainActor
final class ShapePixelTests: XCTestCase {
    static let red = Color(hex: 0xFF0000), blue = Color(hex: 0x0000FF)

    /// Renders one node of `width`x`height` at flow (20, 20) whose view is `body`, on a 200x120
    /// canvas in `theme` at `viewport`, and returns its pixels.
    func render<V: View>(width: Double, height: Double, viewport: Viewport = Viewport(), theme: FlowTheme = .light,
                         selected: Bool = false, showsSelectionRing: Bool = true,
                         @ViewBuilder _ body: @escaping () -> V) throws -> PixelBuffer {
        let host = try SDLHost(headlessSize: Size(width: 200, height: 120))
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: theme, textMeasurer: host.text)
        canvas.nodeTypes["probe"] = NodeType(showsSelectionRing: showsSelectionRing) { _ in body() }
        canvas.viewport = viewport
        let node = Node<JSONValue>(id: "P", position: Point(x: 20, y: 20), data: .null, type: "probe", width: width, height: height,
                                   selected: selected)
        var list = DrawList()
        canvas.frame(nodes: [node], edges: [], into: &list)
        try host.render(list, clear: canvas.theme.background)
        let px = try host.readPixels()
        host.present()
        return px
    }

    func testATenPointCircleAtFullZoomIsRound() async throws {
        let px = try render(width: 10, height: 10) { Circle().fill(Self.red) }
        let background = PackedColor(FlowTheme.light.background)
        XCTAssertEqual(px[25, 25], PackedColor(Self.red), "the centre is the fill")
        XCTAssertEqual(px[20, 20], background, "the bounding box's top-left corner is background")
        XCTAssertEqual(px[29, 29], background, "the bounding box's bottom-right corner is background")
        XCTAssertEqual(px[20, 25], PackedColor(Self.red), "the left edge's middle is the fill")
    }

    func testATenPointCircleAtHalfZoomIsStillRound() async throws {
        // 5 pixels across at zoom 0.5: still drawn round (only circles under 2 pixels are squares).
        let px = try render(width: 10, height: 10, viewport: Viewport(x: 0, y: 0, zoom: 0.5)) { Circle().fill(Self.red) }
        XCTAssertEqual(px[12, 12], PackedColor(Self.red), "the centre is the fill")
        XCTAssertNotEqual(px[10, 10], PackedColor(Self.red), "the bounding box's corner is not")
    }
}

extension ShapePixelTests {
    func testANodeTypeWithoutTheSelectionRingDrawsASelectedNodeLikeAnUnselectedOne() async throws {
        func box() -> some View { Rectangle().fill(Self.blue) }
        let plain = try render(width: 40, height: 30) { box() }
        let ringed = try render(width: 40, height: 30, selected: true) { box() }
        let bare = try render(width: 40, height: 30, selected: true, showsSelectionRing: false) { box() }
        let background = PackedColor(FlowTheme.light.background)
        // The ring: the node's rectangle (20, 20)–(60, 50) grown by 2, a 1.5-point line.
        XCTAssertEqual(plain[40, 18], background)
        XCTAssertNotEqual(ringed[40, 18], background, "the default draws the ring")
        XCTAssertEqual(bare[40, 18], background, "no ring")
        for y in 0..<120 { for x in 0..<200 where bare[x, y] != plain[x, y] { return XCTFail("pixel (\(x), \(y)) differs") } }
    }
}

extension ShapePixelTests {
    func testAnEllipseFillsItsFrameInscribed() async throws {
        let px = try render(width: 60, height: 20) { Ellipse().fill(Self.red) }
        let background = PackedColor(FlowTheme.light.background)
        XCTAssertEqual(px[22, 30], PackedColor(Self.red), "the left end of the long axis")
        XCTAssertEqual(px[77, 30], PackedColor(Self.red), "the right end")
        XCTAssertEqual(px[50, 21], PackedColor(Self.red), "the top of the short axis")
        XCTAssertEqual(px[21, 21], background, "the frame's corner")
        XCTAssertEqual(px[25, 22], background, "outside the curve near the top-left (its top is at y 24.2 there)")
    }

    func testACapsuleHasRoundEndsAndTheBorderIsInsideTheFrame() async throws {
        let capsule = try render(width: 60, height: 20) { Capsule().fill(Self.red) }
        XCTAssertEqual(capsule[20, 20], PackedColor(FlowTheme.light.background), "round ends: the corner is background")
        XCTAssertEqual(capsule[50, 20], PackedColor(Self.red), "straight sides: the top edge's middle is the fill")
        let bordered = try render(width: 60, height: 20) { Color.white.border(Self.blue, width: 4) }
        // The stroke covers x 20–24 of the frame's 20–80, with a half-pixel antialiasing fringe each side.
        XCTAssertEqual(bordered[20, 20], PackedColor(Self.blue), "the border starts at the frame")
        XCTAssertEqual(bordered[22, 30], PackedColor(Self.blue), "4 points wide")
        XCTAssertEqual(bordered[25, 30], PackedColor(Color.white), "the inside")
        XCTAssertEqual(bordered[18, 30], PackedColor(FlowTheme.light.background), "nothing outside")
    }
}
