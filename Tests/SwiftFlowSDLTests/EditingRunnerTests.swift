import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// The runner's editing options and the SDL clipboard.
@MainActor
final class EditingRunnerTests: XCTestCase {
    private func temp(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-editing-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// `--snap-grid 20` turns on snapToGrid: a node at (5, 5) dragged by (13, 27) lands on (20, 40);
    /// Ctrl+C / Ctrl+V then paste a copy at the pointer through the headless (in-memory) clipboard.
    func testSnapGridOptionSnapsADraggedNodeAndHeadlessPasteWorks() async throws {
        let graph = try temp("snap.json", #"{"nodes": [{"id": "A", "position": {"x": 5, "y": 5}, "width": 100, "height": 50, "data": {"label": "A"}}], "viewport": {"x": 0, "y": 0, "zoom": 1}}"#)
        let script = try temp("snap.replay", "press 50 25\nmove 63 52\nrelease 63 52\nkey C ctrl\nmove 300 200\nkey V ctrl\n")
        let out = graph + ".saved.json"
        let options = try RunOptions(arguments: ["--headless", "--open", graph, "--replay", script, "--save", out,
                                                 "--snap-grid", "20", "--viewport", "file", "--size", "640x480"])
        XCTAssertEqual(CanvasRunner(options: options, title: "t", defaultDocument: { FlowDocument() }).run(), 0)
        let saved = try FlowFile.load(path: out)
        XCTAssertEqual(saved.nodes.map(\.id), ["A", "A-1"])
        XCTAssertEqual(saved.nodes.map(\.position), [Point(x: 20, y: 40), Point(x: 300, y: 200)])
    }

    /// The SDL clipboard round-trips text (needs SDL video: skipped when none can start).
    func testSDLClipboardRoundTrip() async throws {
        let env = ProcessInfo.processInfo.environment
        if env["DISPLAY"] == nil, env["WAYLAND_DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "offscreen", 0) }
        do { try SDLRuntime.start(video: true) } catch { throw XCTSkip("no SDL video: \(error)") }
        let clipboard = SDLClipboard()
        clipboard.setText(#"{"nodes": []}"#)
        XCTAssertEqual(clipboard.text(), #"{"nodes": []}"#)
    }
}
