import CSDL2
import Foundation
import SwiftFlow
import SwiftFlowShaders
import XCTest
@testable import SwiftFlowSDL

/// The GL backend in this process (SDL's offscreen driver when there is no display): the same
/// scene as the SDL backend, pixel for pixel where it matters, and the fallback to the SDL
/// backend with the compiler's log when a shader is missing or broken.
@MainActor
final class GLBackendTests: XCTestCase {
    private let red = Color(hex: 0xFF0000), green = Color(hex: 0x00A000), blue = Color(hex: 0x0000FF)
    private let magenta = Color(hex: 0xFF00FF), purple = Color(hex: 0x8000C0), orange = Color(hex: 0xFF8000)

    override func setUp() {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
    }

    /// Four nodes with coloured handles; a straight blue edge with a magenta closed arrow, a
    /// curved purple edge, and a labelled default edge — every kind of GPU shape.
    private func scene() -> FlowDocument {
        func node(_ id: String, _ x: Double, _ y: Double, _ handles: [NodeHandle]) -> Node<JSONValue> {
            Node(id: id, position: Point(x: x, y: y), data: .object(JSONObject([("label", .string(id))])),
                 width: 120, height: 60, handles: handles)
        }
        let out = { (c: Color?) in NodeHandle(id: "out", type: .source, position: .right, x: 120, y: 30, color: c) }
        let inp = { (c: Color?) in NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 30, color: c) }
        return FlowDocument(nodes: [node("A", 40, 40, [out(red)]), node("B", 400, 40, [inp(green)]),
                                    node("C", 40, 260, [out(orange)]), node("D", 420, 160, [inp(nil)])],
                            edges: [
                                Edge(id: "ab", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null,
                                     type: .straight, markerEnd: EdgeMarker(type: .arrowClosed, color: magenta),
                                     style: EdgeStyle(stroke: blue, strokeWidth: 3)),
                                Edge(id: "cd", source: "C", target: "D", sourceHandle: "out", targetHandle: "in", data: .null,
                                     style: EdgeStyle(stroke: purple, strokeWidth: 3)),
                                Edge(id: "ad", source: "A", target: "D", sourceHandle: "out", targetHandle: "in", data: .null,
                                     label: "a to d"),
                            ],
                            viewport: Viewport())
    }

    /// Renders the scene once through a window host with `backend`; returns the pixels and canvas.
    /// `window` limits the GL backend's instances per upload (to test drawing in windows).
    private func render(_ backend: RenderBackendKind, window: Int? = nil) throws -> (PixelBuffer, FlowCanvas<JSONValue, JSONValue>, SDLHost) {
        let host = try SDLHost(title: "GLBackendTests", size: Size(width: 640, height: 400), backend: backend,
                               notice: { XCTFail("unexpected fallback: \($0)") })
        XCTAssertEqual(host.backend.kind, backend)
        XCTAssertEqual(host.displayScale, 1)
        if let window { try XCTUnwrap(host.backend as? GLBackend).maxInstances = window }
        let doc = scene()
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
        var list = host.backend.makeDrawList()
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        try host.render(list, clear: canvas.theme.background)
        let pixels = try host.readPixels()
        host.present()
        return (pixels, canvas, host)
    }

    /// The pixels of what `add` puts into a draw list (in `backend`'s form), drawn by `backend` in
    /// a fresh window of `width` × `height` points on a white background.
    private func drawn(_ backend: RenderBackendKind, width: Double, height: Double, _ add: (inout DrawList) -> Void) throws -> PixelBuffer {
        let host = try SDLHost(title: "GLBackendTests", size: Size(width: width, height: height), backend: backend,
                               notice: { XCTFail("unexpected fallback: \($0)") })
        var list = host.backend.makeDrawList()
        list.reset(displayScale: host.displayScale)
        add(&list)
        try host.render(list, clear: .white)
        return try host.readPixels()
    }

    /// A dashed line (dash 10, gap 6, phase 3) cut on the CPU by the SDL backend's triangle form
    /// and on the GPU in the instance form: dash and gap centres agree.
    func testDashesCutOnTheGPUMatchTheCPUCut() async throws {
        func draw(_ backend: RenderBackendKind) throws -> PixelBuffer {
            try drawn(backend, width: 200, height: 40) {
                $0.addDashedPolyline([Point(x: 10, y: 20), Point(x: 100, y: 20), Point(x: 190, y: 20)], color: .black, thickness: 3,
                                     dash: 10, gap: 6, phase: 3)
            }
        }
        let sdl = try draw(.sdl), gl = try draw(.gl)
        let black = PackedColor(r: 0, g: 0, b: 0, a: 255), white = PackedColor(r: 255, g: 255, b: 255, a: 255)
        // Phase 3: the first dash runs from x = 10 to 17, gaps then span 17–23, 33–39, … and
        // dashes 23–33, 39–49, … (period 16), across the join at x = 100.
        for x in [12, 28, 44, 92, 108, 172] {
            XCTAssertEqual(sdl[x, 20], black, "sdl dash at x = \(x)")
            XCTAssertEqual(gl[x, 20], black, "gl dash at x = \(x)")
        }
        for x in [20, 36, 84, 100, 116, 180] {
            XCTAssertEqual(sdl[x, 20], white, "sdl gap at x = \(x)")
            XCTAssertEqual(gl[x, 20], white, "gl gap at x = \(x)")
        }
    }

    /// Level-of-detail rectangles (point sprites in GL) and hairlines (line strips) that cross
    /// the window's edges, with their centres outside it, and a rectangle 30 px long next to one
    /// 40 px long (a flat quad): the same pixels as the SDL backend's triangles (measured: all
    /// 9,600; GL drops a point whose centre is outside, so the sprite's centre is moved in).
    func testPointSpritesAndLinesAtTheWindowEdgesMatchTheSDLBackend() async throws {
        func draw(_ backend: RenderBackendKind) throws -> PixelBuffer {
            try drawn(backend, width: 120, height: 80) {
                $0.addSolidRect(Rect(x: -12.25, y: 10, width: 16, height: 8), color: red)       // centre at x = -4.25
                $0.addSolidRect(Rect(x: 110.5, y: -6, width: 14, height: 10), color: blue)      // centre beyond the top right
                $0.addSolidRect(Rect(x: 30.5, y: 40.25, width: 30, height: 3), color: green)
                $0.addSolidRect(Rect(x: 30.5, y: 50.25, width: 40, height: 3), color: green)
                $0.addThinPolyline([Point(x: -30, y: 70.5), Point(x: 60, y: 70.5), Point(x: 150, y: 30.5)], color: .black)
            }
        }
        let sdl = try draw(.sdl), gl = try draw(.gl)
        XCTAssertEqual(gl[0, 14], PackedColor(red), "left rectangle, centre outside")
        XCTAssertEqual(gl[3, 14], PackedColor(red))
        XCTAssertEqual(gl[119, 0], PackedColor(blue), "top right rectangle, centre outside")
        XCTAssertEqual(gl[45, 41], PackedColor(green))
        XCTAssertEqual(gl[65, 51], PackedColor(green))
        XCTAssertEqual(gl[0, 70], PackedColor(r: 0, g: 0, b: 0, a: 255), "line entering from the left")
        var differing = 0
        for y in 0..<sdl.height { for x in 0..<sdl.width where sdl[x, y] != gl[x, y] { differing += 1 } }
        print("window edges: \(differing) pixels differ")
        XCTAssertLessThanOrEqual(differing, 4, "\(differing) pixels differ (a line may take another pixel on a diagonal)")
        XCTAssertEqual(sdl[0, 14], gl[0, 14])
        XCTAssertEqual(sdl[119, 0], gl[119, 0])
    }

    /// Level-of-detail rectangles given with a negative width or height (their origin is then
    /// the right or bottom edge): both backends fill the same pixels, the small one (a point
    /// sprite in GL) too.
    func testRectanglesOfNegativeSizeMatchTheSDLBackend() async throws {
        func draw(_ backend: RenderBackendKind) throws -> PixelBuffer {
            let host = try SDLHost(title: "negative", size: Size(width: 80, height: 40), backend: backend,
                                   notice: { XCTFail("unexpected fallback: \($0)") })
            var list = host.backend.makeDrawList()
            list.reset(displayScale: host.displayScale)
            list.addSolidRect(Rect(x: 20, y: 10, width: -10, height: 6), color: red)      // x 10..<20, y 10..<16
            list.addSolidRect(Rect(x: 30, y: 30, width: 8, height: -12), color: blue)     // x 30..<38, y 18..<30
            list.addSolidRect(Rect(x: 78, y: 4, width: -34, height: 4), color: green)     // x 44..<78: a flat quad
            try host.render(list, clear: .white)
            return try host.readPixels()
        }
        let sdl = try draw(.sdl), gl = try draw(.gl)
        for (x, y, c) in [(10, 10, red), (19, 15, red), (30, 18, blue), (37, 29, blue), (44, 4, green), (77, 7, green)] {
            XCTAssertEqual(sdl[x, y], PackedColor(c), "sdl at (\(x), \(y))")
            XCTAssertEqual(gl[x, y], PackedColor(c), "gl at (\(x), \(y))")
        }
        XCTAssertTrue(gl.rgba == sdl.rgba, "every pixel alike")
    }

    func testSameSceneThroughBothBackendsMatchesAtHandlesNodesAndEdges() async throws {
        let (sdl, canvas, sdlHost) = try render(.sdl)
        let (gl, _, glHost) = try render(.gl)
        XCTAssertTrue(glHost.backend.rendererName.hasPrefix("OpenGL"), glHost.backend.rendererName)
        print("backends compared: \(sdlHost.backend.rendererName) vs \(glHost.backend.rendererName)")
        func close(_ a: PackedColor, _ b: PackedColor, within t: Int) -> Bool {
            abs(Int(a.r) - Int(b.r)) <= t && abs(Int(a.g) - Int(b.g)) <= t && abs(Int(a.b) - Int(b.b)) <= t
        }
        func expect(_ x: Double, _ y: Double, _ color: Color, _ what: String) {
            let px = Int(x), py = Int(y), want = PackedColor(color)
            XCTAssertEqual(sdl[px, py], want, "sdl: \(what) at (\(px), \(py))")
            XCTAssertEqual(gl[px, py], want, "gl: \(what) at (\(px), \(py))")
        }
        // Handle centres (zoom 1, viewport at the origin: flow = screen points = pixels).
        expect(160, 70, red, "A's source handle centre")
        expect(400, 70, green, "B's target handle centre")
        expect(160, 290, orange, "C's source handle centre")
        expect(420, 190, canvas.theme.handleColor, "D's target handle centre (theme colour)")
        // Node fills, clear of the labels and the rounded corners.
        for (x, y) in [(50.0, 50.0), (410, 50), (50, 270), (430, 170), (150, 92)] {
            expect(x, y, canvas.theme.nodeBackground, "node fill")
        }
        // Edge midpoints (the path at t = 0.5).
        let ab = try XCTUnwrap(canvas.edgePath(at: 0)), cd = try XCTUnwrap(canvas.edgePath(at: 1))
        XCTAssertEqual(ab.labelPoint, Point(x: 280, y: 70))
        expect(ab.labelPoint.x, ab.labelPoint.y, blue, "straight edge midpoint")
        expect(cd.labelPoint.x, cd.labelPoint.y, purple, "bezier edge midpoint")
        // The closed arrow, 9 points back from its tip (the tip itself is under B's handle).
        expect(400 - 9, 70, magenta, "closed arrow marker")
        expect(280, 40, canvas.theme.background, "canvas above the straight edge")
        // Everywhere else (anti-aliased rims, text, the label box): nearly all pixels agree.
        var differing = 0
        for y in 0..<sdl.height { for x in 0..<sdl.width where !close(sdl[x, y], gl[x, y], within: 48) { differing += 1 } }
        XCTAssertLessThan(Double(differing) / Double(sdl.width * sdl.height), 0.003, "\(differing) pixels differ by more than 48")
        // Uploading 7 instances at a time (as a driver with a small buffer-texture limit would)
        // draws the same pixels.
        let (windowed, _, _) = try render(.gl, window: 7)
        XCTAssertEqual(windowed.rgba, gl.rgba)
    }

    /// The stress graph far out (zoom 0.1 and 0.05: nodes and handles as solid rectangles, edges
    /// as one-pixel lines — the level-of-detail primitives, point sprites and line strips in the
    /// instance form) through both backends: node centres identical, and all but 0.2% of the
    /// drawn pixels within 8 levels (measured: none of 80,748 at zoom 0.1 nor of 21,731 at 0.05).
    /// Uploading 5 instances at a time, so that windows start inside line strips, draws the
    /// same pixels.
    func testFarOutStressGraphMatchesTheSDLBackend() async throws {
        let doc = StressGraph.make(nodeCount: 400)
        for zoom in [0.1, 0.05] {
            func draw(_ backend: RenderBackendKind, window: Int? = nil) throws -> (PixelBuffer, DrawList) {
                let host = try SDLHost(title: "far out", size: Size(width: 480, height: 320), backend: backend,
                                       notice: { XCTFail("unexpected fallback: \($0)") })
                if let window { try XCTUnwrap(host.backend as? GLBackend).maxInstances = window }
                let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
                canvas.minZoom = 0.01
                canvas.overviewPicture = false   // node by node, as both backends draw it
                canvas.viewport = Viewport(x: 10.25, y: 10.25, zoom: zoom)
                var list = host.backend.makeDrawList()
                canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
                try host.render(list, clear: canvas.theme.background)
                return (try host.readPixels(), list)
            }
            let (sdl, _) = try draw(.sdl), (gl, glList) = try draw(.gl)
            XCTAssertEqual(Set(glList.instances.map(\.kind)), [ShapeInstance.Kind.rect.rawValue, ShapeInstance.Kind.hairline.rawValue],
                           "zoom \(zoom): only points and lines")
            XCTAssertEqual(try draw(.gl, window: 5).0.rgba, gl.rgba, "zoom \(zoom): drawn in windows of 5 instances")
            let background = PackedColor(FlowTheme.light.background)
            for i in [0, 21, 147, 399] {
                let x = Int(10.25 + zoom * (Double(i % 20) * 220 + 80)), y = Int(10.25 + zoom * (Double(i / 20) * 140 + 40))
                XCTAssertEqual(gl[x, y], sdl[x, y], "zoom \(zoom): node \(i) centre at (\(x), \(y))")
                XCTAssertNotEqual(gl[x, y], background, "zoom \(zoom): node \(i) drawn")
            }
            var differing = 0, drawn = 0
            for y in 0..<sdl.height {
                for x in 0..<sdl.width {
                    let a = sdl[x, y], b = gl[x, y]
                    if a != background { drawn += 1 }
                    if max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) > 8 { differing += 1 }
                }
            }
            print("far out zoom \(zoom): \(differing) of \(drawn) drawn pixels differ by more than 8")
            XCTAssertGreaterThan(drawn, sdl.width * sdl.height / 20, "zoom \(zoom): the graph is drawn")
            XCTAssertLessThan(Double(differing) / Double(drawn), 0.002, "zoom \(zoom): \(differing) of \(drawn) pixels differ")
        }
    }

    /// A copy of the shader folder with `edit` applied to `file` (or the file removed).
    private func shaderCopy(_ file: String, _ edit: ((String) -> String)?) throws -> URL {
        let source = URL(fileURLWithPath: try XCTUnwrap(ShaderResources.directory, "no shader bundle beside the tests"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shaders-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.copyItem(at: source, to: dir)
        let path = dir.appendingPathComponent(file)
        if let edit { try edit(String(contentsOf: path, encoding: .utf8)).write(to: path, atomically: true, encoding: .utf8) }
        else { try FileManager.default.removeItem(at: path) }
        return dir
    }

    private func openFallingBack(shaders dir: URL) throws -> (SDLHost, [String]) {
        defer { try? FileManager.default.removeItem(at: dir) }
        var notices: [String] = []
        let host = try SDLHost(title: "fallback", size: Size(width: 64, height: 48), backend: .gl, shaderDirectory: dir.path,
                               notice: { notices.append($0) })
        return (host, notices)
    }

    func testBrokenShaderFallsBackToSDLWithTheCompileLog() async throws {
        let dir = try shaderCopy("canvas.frag") { $0.replacingOccurrences(of: "fragColor = color;", with: "fragColor = colour;") }
        let (host, notices) = try openFallingBack(shaders: dir)
        XCTAssertEqual(host.backend.kind, .sdl)
        XCTAssertEqual(notices.count, 1)
        let notice = notices.first ?? ""
        XCTAssertTrue(notice.contains("shader canvas.frag failed to compile:"), notice)
        XCTAssertTrue(notice.contains("colour"), "the driver's log names the undeclared variable: \(notice)")
        XCTAssertTrue(notice.hasSuffix("falling back to the sdl backend"), notice)
    }

    func testMissingShaderFallsBackToSDL() async throws {
        let dir = try shaderCopy("canvas.vert", nil)
        let (host, notices) = try openFallingBack(shaders: dir)
        XCTAssertEqual(host.backend.kind, .sdl)
        XCTAssertEqual(notices, ["gl backend unavailable: shader \(dir.path)/canvas.vert is missing or unreadable\nfalling back to the sdl backend"])
    }
}
