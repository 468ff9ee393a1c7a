import Foundation
import SwiftFlow
import XCTest

/// Adding a node the ComfyUI way in a real X11 window (Xvfb), with real pointer and keyboard input
/// from xdotool: in the "comfyui" demo, a double-click on empty canvas opens the node search box
/// (and turns SDL's text input on), typed text filters it, Return adds the node, and the workflow
/// saved on exit in ComfyUI's format holds it with a fresh id above `last_node_id`.
final class X11NodeSearchTests: XCTestCase {
    func testADoubleClickTypingAndReturnAddANodeThatIsSaved() throws {
        let server = try TestDisplayServer.xvfb()
        defer { server.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let saved = dir.appendingPathComponent("saved.json").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try X11TextInputTests.demoBinary())
        p.arguments = ["comfyui", "--backend", "software", "--frames", "\(Int32.max)", "--save-comfyui", saved]
        var env = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_DISPLAY", "SWIFTFLOW_SCALE", "GDK_SCALE"] { env.removeValue(forKey: key) }
        env.merge(server.environment) { $1 }
        env["SDL_EVENT_LOGGING"] = "1"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let log = StressRun.OutputLog(err.fileHandleForReading)
        do {
            defer { if p.isRunning { p.terminate() } }
            try log.wait(for: "event=SDL_WINDOWEVENT_ENTER")
            let window = ["search", "--sync", "--onlyvisible", "--name", "SwiftFlow"]
            // Empty canvas below the workflow (the demo shows it right of its sidebar at zoom 0.6).
            try HiDPIDisplayPathTests.xdotool(window + ["windowfocus", "--sync", "%1", "mousemove", "--window", "%1", "640", "560",
                                                        "click", "--repeat", "2", "--delay", "60", "1"], display: server.xDisplay)
            try log.wait(for: "SDL_MOUSEBUTTONUP")
            // The box asks for text input at the next frame; give it a few frames.
            Thread.sleep(forTimeInterval: 0.5)
            try HiDPIDisplayPathTests.xdotool(window + ["type", "--delay", "30", "vaedec"], display: server.xDisplay)
            try log.wait(for: "SDL_TEXTINPUT")
            Thread.sleep(forTimeInterval: 0.3)
            try HiDPIDisplayPathTests.xdotool(window + ["key", "Return"], display: server.xDisplay)
            Thread.sleep(forTimeInterval: 0.5)
        }
        let stderr = log.waitForEnd()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, stderr.suffix(2000).description)
        let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: saved))))
        let nodes = json["nodes"]?.arrayValue ?? []
        XCTAssertEqual(nodes.count, 9, "the workflow's 8 nodes and the added one")
        XCTAssertEqual(nodes.last?["id"], .number(9), "above last_node_id 8")
        XCTAssertEqual(nodes.last?["type"], .string("VAEDecode"))
        XCTAssertEqual(json["last_node_id"], .number(9))
    }
}
