import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Pixel, text, screenshot and event tests through SDL. SDL state is global, so every SDL test
/// lives in this one class, whose tests XCTest runs one after another on the main thread.
@MainActor
final class SDLRenderingTests: XCTestCase {
    private let red = Color(hex: 0xFF0000), blue = Color(hex: 0x0000FF)
    private let white = PackedColor(r: 255, g: 255, b: 255, a: 255)

    private func render(_ host: SDLHost, clear: Color = .white, _ build: (inout DrawList) -> Void) throws -> PixelBuffer {
        var list = DrawList()
        list.reset(displayScale: host.displayScale)
        build(&list)
        try host.render(list, clear: clear)
        let pixels = try host.readPixels()
        host.present()
        return pixels
    }

    private func assertShapes(displayScale s: Double) throws {
        let host = try SDLHost(headlessSize: Size(width: 200, height: 150), displayScale: s)
        let px = try render(host) { list in
            list.addCircleFill(center: Point(50, 40), radius: 6, color: red)
            list.addPolyline([Point(10, 100), Point(190, 100)], color: blue, thickness: 3)
        }
        func at(_ x: Double, _ y: Double) -> PackedColor { px[Int(x * s), Int(y * s)] }
        XCTAssertEqual(px.width, Int(200 * s))
        XCTAssertEqual(at(50, 40), PackedColor(r: 255, g: 0, b: 0, a: 255), "circle centre")
        XCTAssertEqual(at(60, 40), white, "10 points from the centre")
        // Anti-aliased fringes: some pixel along the circle's radius and beside the line's core
        // lies strictly between the shape's colour and white.
        func between(_ c: PackedColor) -> Bool { c.g > 0 && c.g < 255 && c.g == c.b }
        let radius = (0..<Int(10 * s)).map { px[Int(50 * s) + $0, Int(40 * s)] }
        XCTAssertTrue(radius.contains(where: between),
                      "no fringe on the circle's edge: \(radius.map(\.g)) (is DrawList.addConvexFill's fringe outward?)")
        let across = (0..<Int(5 * s)).map { px[Int(100 * s), Int(100 * s) + $0] }
        XCTAssertTrue(across.contains { $0.r > 0 && $0.r < 255 && $0.r == $0.g }, "no fringe beside the line: \(across.map(\.r))")
        XCTAssertEqual(at(100, 100), PackedColor(r: 0, g: 0, b: 255, a: 255), "polyline")
        XCTAssertEqual(at(100, 104), white, "beside the polyline")
    }

    /// The software backend makes triangle lists; a list of the instance form gets a typed error
    /// and draws nothing.
    func testAListOfAFormTheBackendDoesNotDrawIsATypedError() async throws {
        let host = try SDLHost(headlessSize: Size(width: 20, height: 10))
        XCTAssertEqual(host.backend.makeDrawList().form, .triangles)
        var list = DrawList(form: .instances)
        list.addSolidRect(Rect(x: 0, y: 0, width: 20, height: 10), color: red)
        XCTAssertThrowsError(try host.render(list, clear: .white)) { error in
            XCTAssertEqual(error as? SDLError, .unsupportedDrawListForm(.instances, backend: .software))
            XCTAssertEqual("\(error)", "the software backend does not draw the instances form of a DrawList; make the list with the backend's makeDrawList()")
        }
        XCTAssertEqual(try host.readPixels()[10, 5], PackedColor(r: 0, g: 0, b: 0, a: 0), "nothing was drawn, not even the clear colour")
    }

    func testCircleAndPolylinePixels() async throws { try assertShapes(displayScale: 1) }

    func testCircleAndPolylinePixelsAtDisplayScale2() async throws { try assertShapes(displayScale: 2) }

    func testClipRectIsInPoints() async throws {
        let host = try SDLHost(headlessSize: Size(width: 100, height: 50), displayScale: 2)
        let px = try render(host) { list in
            list.setClip(Rect(x: 0, y: 0, width: 50, height: 50))
            list.addRectFill(Rect(x: 0, y: 0, width: 100, height: 50), color: red)
        }
        XCTAssertEqual(px[90, 50], PackedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(px[110, 50], white)
    }

    /// Each command is submitted with its own vertex range: the second command's indices start
    /// at 0 again and must reach its own rectangle, not the first command's.
    func testEachCommandDrawsItsOwnVertices() async throws {
        let host = try SDLHost(headlessSize: Size(width: 200, height: 100))
        let px = try render(host) { list in
            list.addSolidRect(Rect(x: 10, y: 10, width: 40, height: 40), color: red)
            list.setClip(Rect(x: 0, y: 0, width: 200, height: 100))   // a second command
            list.addSolidRect(Rect(x: 110, y: 10, width: 40, height: 40), color: blue)
            XCTAssertEqual(list.commands.map(\.vertexOffset), [0, 4])
        }
        XCTAssertEqual(px[30, 30], PackedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(px[130, 30], PackedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(px[80, 30], white)
    }

    func testMeasureIsPlausible() async throws {
        let host = try SDLHost(headlessSize: Size(width: 10, height: 10))
        let size = host.text.measure("Hello", fontSize: 14)
        XCTAssertTrue((30...45).contains(size.width), "\(size)")
        XCTAssertTrue((14...20).contains(size.height), "\(size)")
        let double = host.text.measure("Hello", fontSize: 28)
        XCTAssertEqual(double.width, size.width * 2, accuracy: 1e-9)
        XCTAssertEqual(host.text.measure("", fontSize: 14).width, 0)
    }

    private func assertText(displayScale s: Double) throws {
        let host = try SDLHost(headlessSize: Size(width: 200, height: 80), displayScale: s)
        let origin = Point(20, 30), size = host.text.measure("Hello, Wg!", fontSize: 14)
        let px = try render(host) { list in
            host.text.drawText("Hello, Wg!", fontSize: 14, scale: 1, origin: origin, color: .black, into: &list)
        }
        var inside = 0, outside: [(Int, Int)] = []
        for y in 0..<px.height {
            for x in 0..<px.width where px[x, y] != white {
                let p = Point(Double(x) / s, Double(y) / s)
                let slack = 1.0
                if p.x >= origin.x - slack, p.x <= origin.x + size.width + slack,
                   p.y >= origin.y - slack, p.y <= origin.y + size.height + slack { inside += 1 } else { outside.append((x, y)) }
            }
        }
        XCTAssertGreaterThan(inside, Int(60 * s * s), "glyph pixels inside the measured box")
        XCTAssertTrue(outside.isEmpty, "pixels outside the measured box: \(outside.prefix(10))")
    }

    func testDrawTextStaysInMeasuredBox() async throws { try assertText(displayScale: 1) }

    func testDrawTextStaysInMeasuredBoxAtDisplayScale2() async throws { try assertText(displayScale: 2) }

    func testTinyTextIsSkipped() async throws {
        let host = try SDLHost(headlessSize: Size(width: 10, height: 10))
        var list = DrawList()
        host.text.drawText("Hello", fontSize: 14, scale: 0.2, origin: .zero, color: .black, into: &list)
        XCTAssertTrue(list.commands.isEmpty)
        host.text.drawText("Hello", fontSize: 14, scale: 20, origin: .zero, color: .black, into: &list)
        XCTAssertEqual(list.vertices.count, 20, "five glyph quads, scaled above the raster cap")
    }

    func testScreenshotRoundTripsThroughPNG() async throws {
        let host = try SDLHost(headlessSize: Size(width: 120, height: 80))
        _ = try render(host) { $0.addCircleFill(center: Point(50, 40), radius: 6, color: red) }
        let path = NSTemporaryDirectory() + "swiftflow-sdl-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try host.screenshot(to: path)
        guard let loaded = IMG_Load(path) else { return XCTFail(String(cString: SDL_GetError())) }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return XCTFail("convert") }
        defer { SDL_FreeSurface(rgba) }
        XCTAssertEqual(rgba.pointee.w, 120)
        let bytes = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self) + 40 * Int(rgba.pointee.pitch) + 50 * 4
        XCTAssertEqual([bytes[0], bytes[1], bytes[2], bytes[3]], [255, 0, 0, 255])
    }

    func testPollEventsMapsSDLEvents() async throws {
        let host = try SDLHost(headlessSize: Size(width: 200, height: 150))
        _ = host.pollEvents()
        var e = SDL_Event()
        e.button = SDL_MouseButtonEvent()
        e.button.type = SDL_MOUSEBUTTONDOWN.rawValue
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(SDL_PRESSED)
        e.button.clicks = 2
        e.button.x = 30; e.button.y = 40
        XCTAssertEqual(SDL_PushEvent(&e), 1)
        e = SDL_Event()
        e.wheel.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.y = 1; e.wheel.preciseY = 1
        e.wheel.mouseX = 70; e.wheel.mouseY = 80
        XCTAssertEqual(SDL_PushEvent(&e), 1)
        e = SDL_Event()
        e.key.type = SDL_KEYDOWN.rawValue
        e.key.state = UInt8(SDL_PRESSED)
        e.key.keysym.sym = SDL_Keycode(SDLK_ESCAPE.rawValue)
        e.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue)
        XCTAssertEqual(SDL_PushEvent(&e), 1)
        e = SDL_Event()
        e.text.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &e.text.text) { buf in for (i, b) in "hé".utf8.enumerated() { buf[i] = b } }
        XCTAssertEqual(SDL_PushEvent(&e), 1)
        e = SDL_Event()
        e.type = SDL_QUIT.rawValue
        XCTAssertEqual(SDL_PushEvent(&e), 1)

        let events = host.pollEvents()
        XCTAssertEqual(events, [
            .pointerDown(Point(30, 40), button: .primary, modifiers: [], clickCount: 2),
            .wheel(Point(70, 80), dx: 0, dy: 1, modifiers: []),
            .keyDown("Escape", modifiers: .shift),
            .text("hé"),
        ])
        XCTAssertTrue(host.quitRequested)
    }

    /// Opens a real window (under SDL's offscreen driver when there is no display) and renders
    /// through it; skipped with the reason when no window can be created.
    func testWindowHostRendersAndReadsBack() async throws {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
        let host: SDLHost
        do {
            host = try SDLHost(title: "SwiftFlowSDL test", size: Size(width: 160, height: 120))
        } catch let error as SDLError {
            print("skipping window test: \(error)")
            throw XCTSkip("\(error)")
        }
        XCTAssertEqual(host.canvasSize, Size(width: 160, height: 120))
        XCTAssertFalse(host.isHeadless)
        print("window test: \(SDLRuntime.videoDriver ?? "?") video driver, \(host.backend.rendererName) renderer")
        let px = try render(host) { list in
            list.addCircleFill(center: Point(50, 40), radius: 6, color: red)
            host.text.drawText("Hello", fontSize: 14, scale: 1, origin: Point(10, 80), color: .black, into: &list)
        }
        let s = host.displayScale
        XCTAssertEqual(px[Int(50 * s), Int(40 * s)], PackedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(px[Int(80 * s), Int(40 * s)], white)
        let dark = (Int(80 * s)..<Int(100 * s)).flatMap { y in (0..<Int(60 * s)).map { px[$0, y] } }.filter { $0.r < 128 }
        XCTAssertGreaterThan(dark.count, 40, "text drawn through the window's renderer")
    }
}
