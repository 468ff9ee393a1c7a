import Foundation
import SwiftFlow
import XCTest

/// Adding a node the ComfyUI way in a real X11 window (Xvfb), with real pointer and keyboard input
/// from xdotool: in the "comfyui" demo, a double-click on empty canvas opens the node search box
/// (and turns SDL's text input on), typed text filters it, Return adds the node, and the workflow
/// saved on exit in ComfyUI's format holds it with a fresh id above `last_node_id`.
final class X11NodeSearchTests: XCTestCase {
    func testADoubleClickTypingAndReturnAddANodeThatIsSaved() throws {
        let dir = try X11DemoRun.temporaryFolder("search")
        defer { try? FileManager.default.removeItem(at: dir) }
        let saved = dir.appendingPathComponent("saved.json").path
        let (status, stderr) = try X11DemoRun.run(["comfyui", "--save-comfyui", saved]) { run in
            // Empty canvas below the workflow (the demo shows it right of its sidebar at zoom 0.6).
            try run.xdotool(["windowfocus", "--sync", "%1", "mousemove", "--window", "%1", "640", "560",
                             "click", "--repeat", "2", "--delay", "60", "1"])
            try run.log.wait(for: "SDL_MOUSEBUTTONUP")
            // The box asks for text input at the next frame; give it a few frames.
            Thread.sleep(forTimeInterval: 0.5)
            try run.xdotool(["type", "--delay", "30", "vaedec"])
            try run.log.wait(for: "SDL_TEXTINPUT")
            Thread.sleep(forTimeInterval: 0.3)
            try run.xdotool(["key", "Return"])
            Thread.sleep(forTimeInterval: 0.5)
        }
        XCTAssertEqual(status, 0, stderr.suffix(2000).description)
        let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: saved))))
        let nodes = json["nodes"]?.arrayValue ?? []
        XCTAssertEqual(nodes.count, 9, "the workflow's 8 nodes and the added one")
        XCTAssertEqual(nodes.last?["id"], .number(9), "above last_node_id 8")
        XCTAssertEqual(nodes.last?["type"], .string("VAEDecode"))
        XCTAssertEqual(json["last_node_id"], .number(9))
    }
}
