import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Translucent fills through SDL's software renderer (`SDL_RenderGeometry`, vertices truncated to
/// whole pixels): every pixel inside a rounded rectangle is blended once, so a translucent fill is
/// one colour away from its anti-aliased edge — also a capsule, whose ends have no straight side.
@MainActor
final class TranslucentFillPixelTests: XCTestCase {
    override func setUp() {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
    }

    /// The pixels of `list` drawn on white on a 460x120 headless host; saved as `name`.png under
    /// `SWIFTFLOW_TEST_SHOTS` when that is set.
    private func draw(_ list: DrawList, on host: SDLHost, clear: Color = .white, name: String) throws -> PixelBuffer {
        try host.render(list, clear: clear)
        if let dir = ProcessInfo.processInfo.environment["SWIFTFLOW_TEST_SHOTS"] { try host.screenshot(to: "\(dir)/\(name).png") }
        let px = try host.readPixels()
        host.present()
        return px
    }

    private func isGrey177(_ c: PackedColor) -> Bool { c.r == 177 && c.g == 177 && c.b == 177 }

    func testATranslucentRoundedRectIsBlendedOnceAtEveryInnerPixel() async throws {
        let host = try SDLHost(headlessSize: Size(width: 460, height: 120))
        let fill = Color(white: 0, opacity: 0.3)
        var list = host.backend.makeDrawList()
        // Slider tracks (4 points tall, radius 2) at zooms 1 to 4, and rounded rectangles with a
        // straight part on every side, at quarter-pixel offsets.
        for (height, radius) in [(4.0, 2.0), (8, 4), (12, 6), (16, 8), (30, 8)] {
            for offset in [0, 0.25, 0.5, 0.75] {
                let r = Rect(x: 34 + offset, y: 55 + offset, width: 372, height: height)
                list.reset(displayScale: host.displayScale)
                list.addRectFill(r, color: fill, cornerRadius: radius)
                let px = try draw(list, on: host, name: "translucent-\(Int(height))-\(Int(offset * 4))")
                // Pixels whose centres are a pixel inside the edge, between the arcs: black at 30%
                // over white, blended once (SDL's geometry path rounds 178.5 down to 177).
                for y in Int((r.minY + 1).rounded(.up))..<Int((r.maxY - 1).rounded(.down)) {
                    for x in Int(r.minX + radius + 1)..<Int(r.maxX - radius - 1) where !isGrey177(px[x, y]) {
                        return XCTFail("\(height)-point rect at +\(offset): pixel (\(x), \(y)) is \(px[x, y]), not grey 177")
                    }
                }
            }
        }
    }

    func testASliderTrackAtZoomTwoIsOneColourFromTheKnobToItsEnd() async throws {
        let host = try SDLHost(headlessSize: Size(width: 460, height: 120))
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        canvas.nodeTypes["slider"] = NodeType { _, data in Slider(value: data["g"].double, in: 0...100) }
        canvas.viewport = Viewport(x: 0, y: 0, zoom: 2)
        let node = Node<JSONValue>(id: "S", position: Point(x: 10, y: 10), data: .object(JSONObject([("g", .number(0))])),
                                   type: "slider", width: 200, height: 40)
        var list = host.backend.makeDrawList()
        list.reset(displayScale: host.displayScale)
        canvas.frame(nodes: [node], edges: [], into: &list)
        let px = try draw(list, on: host, clear: canvas.theme.background, name: "slider-zoom-2")
        // The track: 8 pixels tall, its anti-aliased edge rows 55 and 63, its inner rows 56...62;
        // the knob at the left end, the track's rounded right end at about x 404.
        let track = px[300, 57]
        XCTAssertNotEqual(track, px[300, 50], "the track is drawn")
        XCTAssertEqual(px[300, 55], px[300, 63], "edge rows alike")
        for y in 56...62 {
            for x in 60...396 where px[x, y] != track { return XCTFail("pixel (\(x), \(y)) is \(px[x, y]), not \(track)") }
        }
    }
}
