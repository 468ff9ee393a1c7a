import Foundation
import SwiftFlow
import XCTest
import SwiftFlowSDL

/// A window on SDL's offscreen driver (`SDL_VIDEODRIVER=offscreen`, a window path with no
/// display) is one no one can close (`SDLHost.isUnattended`): `SwiftFlowApp.run` without
/// `frames` ran there until a close that never came.
@MainActor
final class UnattendedWindowTests: XCTestCase {
    private struct ContentView: View {
        @State var nodes: [Node<String>] = [Node(id: "a", position: Point(x: 40, y: 40), data: "A")]
        @State var edges: [FlowEdge<EmptyEdgeData>] = []
        var body: some View {
            SwiftFlow(nodes: $nodes, edges: $edges) { node in Text(node.data).frame(width: 60, height: 30) }
        }
    }

    /// The offscreen driver, when there is no display (a display's window can be closed).
    private func offscreenDriver() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] == nil, env["WAYLAND_DISPLAY"] == nil else { throw XCTSkip("a display: its windows can be closed") }
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        guard ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == "offscreen" else { throw XCTSkip("another video driver asked for") }
    }

    func testAWindowOnTheOffscreenDriverIsUnattended() async throws {
        try offscreenDriver()
        let host = try SDLHost(title: "unattended", size: Size(width: 120, height: 80))
        XCTAssertFalse(host.isHeadless)
        XCTAssertTrue(host.isUnattended)
        XCTAssertTrue(try SDLHost(headlessSize: Size(width: 120, height: 80)).isUnattended)
    }

    func testSwiftFlowAppInAWindowNoOneCanCloseRunsItsFramesAndReturns() async throws {
        try offscreenDriver()
        let path = NSTemporaryDirectory() + "swiftflow-unattended-\(getpid()).png"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(SwiftFlowApp.run(size: Size(width: 200, height: 120), screenshot: path) { ContentView() }, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "the last of its 60 frames saved")
    }
}
