import CSDL2
import Foundation
import SwiftFlow
import XCTest
import SwiftFlowSDL

/// The README's window loop, its lines verbatim plus a store of two nodes and a frame counter,
/// on SDL's offscreen driver: with a quit event already queued it draws exactly one frame of
/// the two nodes and ends.
@MainActor
final class ReadmeWindowLoopTests: XCTestCase {
    func testTheWindowLoopDrawsAFrameAndEndsWhenTheWindowIsClosed() async throws {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
        let host = try SDLHost(title: "MyEditor", size: Size(width: 1280, height: 800))
        let canvas = FlowCanvas<String, String>(size: host.canvasSize, textMeasurer: host.text)
        canvas.imageProvider = host.images             // the pictures of Image views
        let store = FlowStore(nodes: [Node(id: "a", position: Point(x: 0, y: 0), data: "a", type: "input"),
                                      Node(id: "b", position: Point(x: 200, y: 0), data: "b", type: "output")],
                              edges: [], makeEdgeData: { _ in "" })
        store.attach(to: canvas)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        XCTAssertEqual(SDL_PushEvent(&quit), 1)
        var frames = 0
        let clock = SDLClock()
        var events: [InputEvent] = [], list = host.backend.makeDrawList()   // the form the backend draws
        while !host.quitRequested {                    // until the window is closed
            events.removeAll(keepingCapacity: true)
            host.pollEvents(into: &events)
            store.frame(canvas, events: events, time: clock.milliseconds, into: &list)
            host.updateTextInput(canvas.textInputRect)  // text input (IME) only while a field has focus
            try host.render(list, clear: canvas.theme.background)
            host.present()
            frames += 1
        }
        XCTAssertEqual(frames, 1)
        XCTAssertEqual(canvas.stats.visibleNodes, 2)
        XCTAssertEqual(list.form, host.backend.makeDrawList().form)
        XCTAssertFalse(list.commands.isEmpty, "the frame drew the nodes")
    }
}
