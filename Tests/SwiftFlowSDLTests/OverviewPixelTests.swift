import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// The overview picture drawn by both backends (SDL's software renderer and the GL backend on
/// the offscreen driver): red nodes a few pixels across, at zoom 1/16 so that a tile pixel is a
/// screen pixel, are red at their centres on the black background; a moved node's tile is
/// uploaded again (its old place black, its new place red); a selected node is drawn on top.
@MainActor
final class OverviewPixelTests: XCTestCase {
    private let red = PackedColor(r: 255, g: 0, b: 0, a: 255), black = PackedColor(r: 0, g: 0, b: 0, a: 255)

    override func setUp() {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
    }

    /// Renders red 160x96 nodes at `positions` (flow units) at zoom 1/16 from the origin.
    @MainActor
    private final class Scene {
        let canvas: FlowCanvas<JSONValue, JSONValue>
        var list: DrawList
        init(_ host: SDLHost) {
            canvas = FlowCanvas(size: host.canvasSize, theme: .light, textMeasurer: host.text)
            canvas.nodeTypes["box"] = NodeType(showsSelectionRing: true) { _ in Color(hex: 0xFF0000).frame(width: 160, height: 96) }
            canvas.minZoom = 0.01
            canvas.overviewPicture = true
            canvas.overviewTileBudget = .max   // every tile in the one frame drawn
            canvas.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 16)
            list = host.backend.makeDrawList()
        }
        func render(_ host: SDLHost, _ positions: [Point], selected: Int? = nil) throws -> PixelBuffer {
            let nodes = positions.enumerated().map { k, p in
                Node<JSONValue>(id: "n\(k)", position: p, data: .null, type: "box", selected: k == selected)
            }
            list.reset(displayScale: host.displayScale)
            canvas.frame(nodes: nodes, edges: [], into: &list)
            XCTAssertGreaterThan(canvas.stats.overviewTiles, 0, "drawn from the overview picture")
            try host.render(list, clear: .black)
            let pixels = try host.readPixels()
            host.present()
            return pixels
        }
    }

    private func check(_ host: SDLHost, _ backend: String) throws {
        let scene = Scene(host)
        // Node 0 at flow (160, 320): pixels (10, 20)–(20, 26), centre (15, 23); node 1 at (1600, 320): centre (105, 23).
        var px = try scene.render(host, [Point(x: 160, y: 320), Point(x: 1600, y: 320)])
        XCTAssertEqual(px[15, 23], red, "node 0's centre (\(backend))")
        XCTAssertEqual(px[105, 23], red, "node 1's centre (\(backend))")
        XCTAssertEqual(px[60, 60], black, "between the nodes (\(backend))")
        px = try scene.render(host, [Point(x: 640, y: 960), Point(x: 1600, y: 320)])   // node 0 by (30, 40) pixels
        XCTAssertEqual(px[15, 23], black, "node 0's old place (\(backend))")
        XCTAssertEqual(px[45, 63], red, "node 0's new centre (\(backend))")
        px = try scene.render(host, [Point(x: 640, y: 960), Point(x: 1600, y: 320)], selected: 1)
        XCTAssertEqual(scene.canvas.stats.drawnNodes, 1, "the selected node drawn live (\(backend))")
        XCTAssertEqual(px[105, 23], red, "the selected node's centre (\(backend))")
        XCTAssertTrue((96...99).contains { px[$0, 23] != black }, "its selection outline, 2 points left of its border (\(backend))")
    }

    func testTheOverviewPictureInTheSoftwareRenderer() async throws {
        try check(try SDLHost(headlessSize: Size(width: 240, height: 160)), "software")
    }

    func testTheOverviewPictureInTheGLBackend() async throws {
        var fellBack: String?
        let host = try SDLHost(title: "OverviewPixelTests", size: Size(width: 240, height: 160), backend: .gl, notice: { fellBack = $0 })
        if let fellBack { throw XCTSkip("no GL backend here: \(fellBack)") }
        try check(host, "gl")
    }
}
