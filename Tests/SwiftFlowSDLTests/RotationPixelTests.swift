import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// `.rotationEffect` drawn by both backends (SDL's software renderer and the GL backend on the
/// offscreen driver), and `SwiftFlowApp.run` hosting an app's root view headless.
@MainActor
final class RotationPixelTests: XCTestCase {
    private let red = PackedColor(r: 255, g: 0, b: 0, a: 255), black = PackedColor(r: 0, g: 0, b: 0, a: 255)

    override func setUp() {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
    }

    /// Node (100x60 at (20, 20)) with an 80x20 red bar turned a quarter about its centre, on black.
    private func render(_ host: SDLHost) throws -> PixelBuffer {
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        canvas.nodeTypes["bar"] = NodeType(showsSelectionRing: false) { _ in
            Color(hex: 0xFF0000).frame(width: 80, height: 20).rotationEffect(.degrees(90))
        }
        var list = host.backend.makeDrawList()
        list.reset(displayScale: host.displayScale)
        canvas.frame(nodes: [Node(id: "n", position: Point(x: 20, y: 20), data: .null, type: "bar", width: 100, height: 60)], edges: [], into: &list)
        try host.render(list, clear: .black)
        let pixels = try host.readPixels()
        host.present()
        return pixels
    }

    private func check(_ px: PixelBuffer, _ backend: String) {
        // Unturned the bar would cover (30, 40)–(110, 60) on screen; turned, (60, 10)–(80, 90).
        XCTAssertEqual(px[70, 50], red, "the centre (\(backend))")
        XCTAssertEqual(px[70, 14], red, "near the turned top end (\(backend))")
        XCTAssertEqual(px[70, 86], red, "near the turned bottom end (\(backend))")
        XCTAssertEqual(px[35, 50], black, "where the unturned bar's left end was (\(backend))")
        XCTAssertEqual(px[105, 50], black, "where the unturned bar's right end was (\(backend))")
        XCTAssertEqual(px[56, 50], black, "left of the turned bar (\(backend))")
    }

    func testATurnedBarIsDrawnTurnedInTheSoftwareRenderer() async throws {
        check(try render(try SDLHost(headlessSize: Size(width: 240, height: 160))), "software")
    }

    func testATurnedBarIsDrawnTurnedInTheGLBackend() async throws {
        var fellBack: String?
        let host = try SDLHost(title: "RotationPixelTests", size: Size(width: 240, height: 160), backend: .gl, notice: { fellBack = $0 })
        if let fellBack { throw XCTSkip("no GL backend here: \(fellBack)") }
        check(try render(host), "gl")
    }

    struct ContentView: View {
        @State var nodes: [Node<String>] = [Node(id: "a", position: Point(x: 40, y: 40), data: "A", type: "box")]
        @State var edges: [FlowEdge<EmptyEdgeData>] = []
        var body: some View {
            SwiftFlow(nodes: $nodes, edges: $edges) { _ in Color(hex: 0xFF0000).frame(width: 60, height: 30) }
        }
    }

    func testSwiftFlowAppRunsARootViewInOneCall() async throws {
        let path = NSTemporaryDirectory() + "swiftflow-app-\(getpid()).png"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(SwiftFlowApp.run(size: Size(width: 200, height: 120), headless: true, frames: 2, screenshot: path) { ContentView() }, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(SwiftFlowApp.run(headless: true, frames: 1) { Text("no canvas") }, 1, "no SwiftFlow in the view")
    }

    /// A screenshot with no frame to draw was silently not written; it is an error now.
    func testAScreenshotWithZeroFramesIsAnErrorAndWritesNothing() {
        let path = NSTemporaryDirectory() + "swiftflow-app-zero-\(getpid()).png"
        XCTAssertEqual(SwiftFlowApp.run(headless: true, frames: 0, screenshot: path) { ContentView() }, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(SwiftFlowApp.run(headless: true, frames: 0) { ContentView() }, 0, "no screenshot asked for: nothing to report")
    }
}
