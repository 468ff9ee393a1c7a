import Foundation
import SwiftFlow
import XCTest

/// Typing into a field of the controls demo in a real X11 window (Xvfb), with real keyboard and
/// pointer input from xdotool: SDL's text input is off until a field has focus (a key typed
/// before gives no SDL_TEXTINPUT), a click focuses the "name" field, the typed text reaches the
/// node's data, and the graph saved on exit holds it.
final class X11TextInputTests: XCTestCase {
    func testTypingIntoTheControlsDemoInAnX11WindowIsSaved() throws {
        let dir = try X11DemoRun.temporaryFolder("typing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let saved = dir.appendingPathComponent("saved.json").path
        let (status, stderr) = try X11DemoRun.run(["controls", "--save", saved]) { run in
            // A key before any field has focus: a key event, but no text input.
            try run.xdotool(["windowfocus", "--sync", "%1", "key", "q"])
            try run.log.wait(for: "SDL_KEYUP")
            // The Text node's name field ("Ada") spans (240…470, 92…112): a click after its text.
            try run.xdotool(["mousemove", "--window", "%1", "460", "102", "click", "1"])
            try run.log.wait(for: "SDL_MOUSEBUTTONUP")
            // Text input starts with the focus at the next frame; give it a few frames.
            Thread.sleep(forTimeInterval: 0.5)
            try run.xdotool(["type", "--delay", "30", "Lovelace"])
            try run.log.wait(for: "SDL_TEXTINPUT")
            Thread.sleep(forTimeInterval: 0.5)
        }
        XCTAssertEqual(status, 0, stderr.suffix(2000).description)
        let before = stderr.components(separatedBy: "SDL_MOUSEBUTTONDOWN").first ?? ""
        XCTAssertFalse(before.contains("SDL_TEXTINPUT"), "text input was on before a field had focus")
        let doc = try FlowFile.load(path: saved)
        XCTAssertEqual(doc.nodes.first { $0.id == "text" }?.data["name"], .string("AdaLovelace"))
    }

    /// The swiftflow-demo binary beside this test bundle.
    static func demoBinary() throws -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("swiftflow-demo").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw TestDisplayServer.StartError(description: "swiftflow-demo not found beside \(dir.path); run `swift build --build-tests` first")
    }
}
