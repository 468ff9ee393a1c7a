import Foundation
import SwiftFlow
import XCTest

/// `swiftflow-stress --backend gl` for real on the three display paths Linux users have: SDL's
/// offscreen driver (Mesa EGL), X11 (Xvfb) and Wayland (weston's x11 backend nested in Xvfb).
/// Each test starts and stops its own server and fails when the server or the canvas does not
/// run, or the GL backend fell back to another one; the screenshot (read back with glReadPixels)
/// must show the graph.
final class GLDisplayPathTests: XCTestCase {
    @discardableResult
    private func checkGLRun(_ environment: [String: String], driver: String) throws -> StressRun {
        let run = try StressRun.run(backend: "gl", environment: environment)
        // The project's own notices only (SDLHost): libraries print their own fallbacks, e.g.
        // libdecor's "No plugins found, falling back on no decorations".
        XCTAssertFalse(run.stderr.contains("falling back to the sdl backend") || run.stderr.contains("rendering headless"),
                       "\(driver): \(run.stderr)")
        XCTAssertEqual(run.report["headless"], .bool(false), driver)
        guard case .string(let renderer)? = run.report["backend"] else { XCTFail("\(driver): no backend in the report"); return run }
        XCTAssertTrue(renderer.hasPrefix("OpenGL"), "\(driver): rendered by \(renderer)")
        XCTAssertEqual(run.report["frames"], .number(3), driver)
        // Two nodes, two handles, one edge: at least five shapes in the instance form, no triangles.
        guard case .number(let instances)? = run.report["draw_list_instances"] else { XCTFail("\(driver): no instance count"); return run }
        XCTAssertGreaterThanOrEqual(instances, 5, driver)
        XCTAssertEqual(run.report["draw_list_vertices"], .number(0), driver)
        let shot = run.screenshot
        XCTAssertEqual(shot.width, 420, driver)
        XCTAssertEqual(shot.height, 200, driver)
        XCTAssertEqual(shot[100, 25], PackedColor(r: 255, g: 0, b: 0, a: 255), "\(driver): source handle centre")
        XCTAssertEqual(shot[200, 75], PackedColor(r: 0, g: 0, b: 255, a: 255), "\(driver): edge at its label point")
        XCTAssertEqual(shot[50, 10], PackedColor(FlowTheme.light.nodeBackground), "\(driver): node body")
        XCTAssertEqual(shot[200, 40], PackedColor(FlowTheme.light.background), "\(driver): canvas beside the edge")
        return run
    }

    func testOffscreenEGL() throws {
        try checkGLRun(["SDL_VIDEODRIVER": "offscreen"], driver: "offscreen")
    }

    func testX11UnderXvfb() throws {
        let server = try TestDisplayServer.xvfb()
        defer { server.stop() }
        try checkGLRun(server.environment, driver: "x11")
    }

    func testWaylandUnderWestonNestedInXvfb() throws {
        let server = try TestDisplayServer.weston()
        defer { server.stop() }
        let run = try checkGLRun(server.environment, driver: "wayland")
        // Windows get title bars: libdecor finds its decoration plugin (scripts/setup.sh).
        XCTAssertFalse(run.stderr.contains("No plugins found"), "libdecor has no decoration plugin: \(run.stderr)")
    }
}
