import Foundation
import SwiftFlow
import SwiftFlowSDL
import XCTest

/// `swiftflow-stress` on a HiDPI display for real: weston's output at scale 2 (nested in Xvfb,
/// kiosk shell, so the window fills the 512x384-point output at its origin), and X11 (Xvfb) with
/// the host's own scale of 2 (`X11Scale`: `SWIFTFLOW_SCALE`, `GDK_SCALE` or `Xft.dpi` 192; the
/// 420x200-point window is 840x400 pixels). The canvas must render at device pixels (a
/// screenshot of twice the point size, sharp: a 1-point border is exactly two pixel rows, the
/// graph's known points at twice their coordinates), and pointer input in window points must
/// move the node by the same distance in flow units as at scale 1: scripted (`--replay`) on both
/// window backends, and through SDL from real X input (xdotool on the Xvfb, at pixel = point ×
/// 2), which on Wayland weston turns into Wayland pointer events.
final class HiDPIDisplayPathTests: XCTestCase {
    /// Drags node B (flow (300, 100), 100x50, zoom 1) by (-50, +20) points from its body.
    private static let dragB = """
        press 350 125
        move 325 135
        move 300 145
        release 300 145
        """

    /// Checks that a run in a window at scale 2 dragged node B to flow (250, 120) (where
    /// `dragB` takes it at scale 1) and drew its last frame at device pixels: a screenshot of
    /// `pixels` (the window's points × 2; by default weston's 512x384-point output).
    /// Returns whether the screenshot has that size.
    @discardableResult
    private func checkDraggedAtScale2(_ run: StressRun, _ label: String, pixels: (width: Int, height: Int) = (1024, 768)) -> Bool {
        XCTAssertFalse(run.stderr.contains("falling back to the sdl backend") || run.stderr.contains("rendering headless"), "\(label): \(run.stderr)")
        XCTAssertEqual(run.report["headless"], .bool(false), label)
        XCTAssertEqual(run.saved.nodes.map(\.position), [Point(x: 0, y: 0), Point(x: 250, y: 120)], "\(label): saved positions")
        XCTAssertEqual(run.screenshot.width, pixels.width, label)
        XCTAssertEqual(run.screenshot.height, pixels.height, label)
        return (run.screenshot.width, run.screenshot.height) == pixels
    }

    /// The box of the dark (ink) pixels of node A's label inside its body (flow 4…96 × 4…46),
    /// in screenshot pixels, for `scale` pixels per point.
    private func inkBox(_ shot: PixelBuffer, scale: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 4 * scale..<46 * scale {
            for x in 4 * scale..<96 * scale where max(shot[x, y].r, shot[x, y].g, shot[x, y].b) < 128 { xs.append(x); ys.append(y) }
        }
        return xs.isEmpty ? nil : (xs.min()!...xs.max()!, ys.min()!...ys.max()!)
    }

    /// Checks the screenshot of the graph after the drag: known points at twice their coordinates;
    /// when `sharp`, also the label's ink box and a 1-point border on exactly two pixel rows
    /// (SDL's software renderer, headless too, draws that border at scale 2 as one full row between
    /// two partly covered ones).
    private func checkDraggedPicture(_ shot: PixelBuffer, _ label: String, sharp: Bool = true) {
        let theme = FlowTheme.light
        XCTAssertEqual(shot[200, 50], PackedColor(r: 255, g: 0, b: 0, a: 255), "\(label): source handle centre (100, 25)")
        XCTAssertEqual(shot[500, 290], PackedColor(theme.handleColor), "\(label): moved target handle centre (250, 145)")
        // Bezier (100, 25) right → (250, 145) left: controls (175, 25) and (175, 145), t = 0.5 at (175, 85).
        XCTAssertEqual(shot[350, 170], PackedColor(r: 0, g: 0, b: 255, a: 255), "\(label): edge at its label point (175, 85)")
        XCTAssertEqual(shot[100, 20], PackedColor(theme.nodeBackground), "\(label): node A's body (50, 10)")
        XCTAssertEqual(shot[400, 80], PackedColor(theme.background), "\(label): canvas (200, 40)")
        guard sharp else { return }
        // The label "A" rasterised at 24 pixels (12 points × 2): an ink box twice the 1× one.
        XCTAssertEqual(inkBox(shot, scale: 2)?.x, 92...107, "\(label): label ink columns")
        XCTAssertEqual(inkBox(shot, scale: 2)?.y, 40...57, "\(label): label ink rows")
        // Node A's bottom border (1 point, centred on y = 50): pixel rows 99 and 100 exactly.
        XCTAssertEqual((98...101).map { shot[100, $0] },
                       [PackedColor(theme.nodeBackground), PackedColor(theme.nodeBorder), PackedColor(theme.nodeBorder), PackedColor(theme.background)],
                       "\(label): node A's bottom border at x = 50")
    }

    private func dragThroughReplay(backend: String) throws {
        let server = try TestDisplayServer.weston(scale: 2, kiosk: true)
        defer { server.stop() }
        let run = try StressRun.run(backend: backend, environment: server.environment, replay: Self.dragB)
        checkDraggedAtScale2(run, backend)
        checkDraggedPicture(run.screenshot, backend)
    }

    func testGLBackendAtScale2OnWayland() throws { try dragThroughReplay(backend: "gl") }

    func testSDLBackendAtScale2OnWayland() throws { try dragThroughReplay(backend: "sdl") }

    /// SDL's software renderer draws into the window surface, which SDL 2.26 on Wayland sizes in
    /// points: the canvas runs at display scale 1 (weston scales the window up), input still in
    /// points.
    func testSoftwareBackendAtScale2OnWaylandDrawsOnePixelPerPoint() throws {
        let server = try TestDisplayServer.weston(scale: 2, kiosk: true)
        defer { server.stop() }
        let run = try StressRun.run(backend: "software", environment: server.environment, replay: Self.dragB)
        XCTAssertFalse(run.stderr.contains("rendering headless"), run.stderr)
        XCTAssertEqual(run.report["backend"], .string("software"))
        XCTAssertEqual(run.saved.nodes.map(\.position), [Point(x: 0, y: 0), Point(x: 250, y: 120)], "saved positions")
        XCTAssertEqual(run.screenshot.width, 512)
        XCTAssertEqual(run.screenshot.height, 384)
        XCTAssertEqual(run.screenshot[100, 25], PackedColor(r: 255, g: 0, b: 0, a: 255), "source handle centre")
        XCTAssertEqual(run.screenshot[175, 85], PackedColor(r: 0, g: 0, b: 255, a: 255), "edge at its label point")
        XCTAssertEqual(inkBox(run.screenshot, scale: 1)?.x, 46...53, "label ink columns")
        XCTAssertEqual(inkBox(run.screenshot, scale: 1)?.y, 20...28, "label ink rows")
    }

    /// Runs `dragB` in a window on Xvfb with `scale` (the variables X11Scale reads), after
    /// `resources` (when given) were merged into the server's resource database with xrdb.
    private func dragOnX11(backend: String, scale: [String: String], resources: String? = nil) throws {
        let server = try TestDisplayServer.xvfb()
        defer { server.stop() }
        if let resources { try Self.xrdbMerge(resources, display: server.xDisplay) }
        let run = try StressRun.run(backend: backend, environment: server.environment.merging(scale) { $1 }, replay: Self.dragB)
        let label = "\(backend) \(scale) \(resources ?? "")"
        if checkDraggedAtScale2(run, label, pixels: (840, 400)) { checkDraggedPicture(run.screenshot, label, sharp: backend != "software") }
    }

    func testGLBackendAtSwiftFlowScale2OnX11() throws { try dragOnX11(backend: "gl", scale: ["SWIFTFLOW_SCALE": "2"]) }

    func testSDLBackendAtSwiftFlowScale2OnX11() throws { try dragOnX11(backend: "sdl", scale: ["SWIFTFLOW_SCALE": "2"]) }

    /// SDL's software renderer draws into the X11 window's surface, which is in pixels: it runs
    /// at scale 2 too (with its own, softer, lines).
    func testSoftwareBackendAtSwiftFlowScale2OnX11() throws { try dragOnX11(backend: "software", scale: ["SWIFTFLOW_SCALE": "2"]) }

    func testGLBackendAtGDKScale2OnX11() throws { try dragOnX11(backend: "gl", scale: ["GDK_SCALE": "2"]) }

    func testSDLBackendAtXftDPI192OnX11() throws { try dragOnX11(backend: "sdl", scale: [:], resources: "Xft.dpi: 192") }

    /// Real pointer input on X11 at scale 2: xdotool moves the Xvfb's pointer in the window's
    /// pixels (`--window`: SDL centres the window on the screen, where the pointer starts, so the
    /// window gets it at once); SDL reports pixels (its event log), the host hands the canvas
    /// points.
    func testRealPointerDragAtSwiftFlowScale2OnX11() throws {
        let server = try TestDisplayServer.xvfb()
        defer { server.stop() }
        var environment = server.environment
        environment["SWIFTFLOW_SCALE"] = "2"
        environment["SDL_EVENT_LOGGING"] = "1"
        let run = try StressRun.run(backend: "gl", environment: environment) { log in
            try log.wait(for: "event=SDL_WINDOWEVENT_ENTER")
            // Window pixels (700, 250) → (600, 290): points (350, 125) → (300, 145).
            try Self.drag(["search", "--sync", "--onlyvisible", "--name", "SwiftFlow", "mousemove", "--window", "%1", "700", "250",
                           "mousedown", "1", "mousemove", "--window", "%1", "650", "270", "mousemove", "--window", "%1", "600", "290",
                           "mouseup", "1"], log, display: server.xDisplay)
        }
        XCTAssertTrue(run.stderr.contains("SDL_MOUSEBUTTONDOWN (timestamp=") && run.stderr.contains("button=1 state=pressed clicks=1 x=700 y=250)"),
                      "SDL's press in window pixels: \(run.stderr)")
        checkDraggedAtScale2(run, "xdotool", pixels: (840, 400))
    }

    /// Real pointer input: xdotool drives the Xvfb's pointer over weston's window; SDL logs the
    /// events it queues (SDL_EVENT_LOGGING), which tells when the window has the pointer and
    /// when the release has arrived. The run is then ended at once: its last frame may still
    /// show B where it was (a frame draws the graph from before its input), so the picture is
    /// the replay tests' to check.
    func testRealPointerDragAtScale2OnWayland() throws {
        let server = try TestDisplayServer.weston(scale: 2, kiosk: true)
        defer { server.stop() }
        var environment = server.environment
        environment["SDL_EVENT_LOGGING"] = "1"
        let run = try StressRun.run(backend: "gl", environment: environment) { log in
            // The Xvfb's pointer starts at its centre, over the fullscreen window.
            try log.wait(for: "event=SDL_WINDOWEVENT_ENTER")
            // Pixels (700, 250) → (600, 290): points (350, 125) → (300, 145).
            try Self.drag(["mousemove", "700", "250", "mousedown", "1", "mousemove", "650", "270",
                           "mousemove", "600", "290", "mouseup", "1"], log, display: server.xDisplay)
        }
        XCTAssertTrue(run.stderr.contains("SDL_MOUSEBUTTONDOWN (timestamp=") && run.stderr.contains("button=1 state=pressed clicks=1 x=350 y=125)"),
                      "SDL's press in window points: \(run.stderr)")
        checkDraggedAtScale2(run, "xdotool")
    }

    /// Merges `resources` (xrdb's syntax) into the X server's RESOURCE_MANAGER property.
    private static func xrdbMerge(_ resources: String, display: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xrdb") else {
            throw TestDisplayServer.StartError(description: "/usr/bin/xrdb is not installed: run scripts/setup.sh (Debian package x11-xserver-utils)")
        }
        let p = Process(), input = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xrdb")
        p.arguments = ["-nocpp", "-merge"]
        p.environment = ["DISPLAY": display]
        p.standardInput = input
        try p.run()
        input.fileHandleForWriting.write(Data((resources + "\n").utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw TestDisplayServer.StartError(description: "xrdb -merge exited with \(p.terminationStatus)") }
    }

    /// Plays the xdotool drag `arguments` and waits for SDL to log its release. On a loaded
    /// machine the first events can reach the X server before the window takes pointer input
    /// (nothing of them is logged): the drag is then played again, up to three times — never
    /// after SDL logged a press, so no drag is applied twice.
    private static func drag(_ arguments: [String], _ log: StressRun.OutputLog, display: String) throws {
        for _ in 0..<2 {
            try xdotool(arguments, display: display)
            if (try? log.wait(for: "SDL_MOUSEBUTTONUP", timeout: 10)) != nil { return }
            if (try? log.wait(for: "SDL_MOUSEBUTTONDOWN", timeout: 0)) != nil { break }
        }
        if (try? log.wait(for: "SDL_MOUSEBUTTONDOWN", timeout: 0)) == nil { try xdotool(arguments, display: display) }
        try log.wait(for: "SDL_MOUSEBUTTONUP")
    }

    static func xdotool(_ arguments: [String], display: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            throw TestDisplayServer.StartError(description: "/usr/bin/xdotool is not installed: run scripts/setup.sh (Debian package xdotool)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = arguments
        p.environment = ["DISPLAY": display]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw TestDisplayServer.StartError(description: "xdotool \(arguments) exited with \(p.terminationStatus)") }
    }
}
