import Foundation
import SwiftFlow
import XCTest

/// The stress-test executable in a real window on a private Xvfb server: it must open an X11
/// window (not fall back to headless), and its screenshot must show the graph.
final class X11WindowTests: XCTestCase {
    private func runInWindow(backend: String) throws {
        let server = try TestDisplayServer.xvfb()
        defer { server.stop() }
        let run = try StressRun.run(backend: backend, environment: server.environment)
        XCTAssertFalse(run.stderr.contains("headless"), "fell back to headless: \(run.stderr)")
        XCTAssertEqual(run.report["headless"], .bool(false))
        XCTAssertEqual(run.report["frames"], .number(3))
        XCTAssertEqual(run.report["visible_edges"], .number(1))
        XCTAssertEqual(run.screenshot.width, 420)
        XCTAssertEqual(run.screenshot[100, 25], PackedColor(r: 255, g: 0, b: 0, a: 255), "source handle centre")
        XCTAssertEqual(run.screenshot[200, 75], PackedColor(r: 0, g: 0, b: 255, a: 255), "edge at its label point")
    }

    func testSoftwareRendererWindowOnXvfb() throws { try runInWindow(backend: "software") }

    func testAcceleratedRendererWindowOnXvfb() throws { try runInWindow(backend: "sdl") }
}
