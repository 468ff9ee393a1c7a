import CSDL2
import Foundation
import SwiftFlow
import SwiftFlowAssets
import XCTest
@testable import SwiftFlowSDL

/// `Image` views drawn by both backends: the sample picture's known quadrant colours (red,
/// green, blue, white 32 × 24 quadrants of a 64 × 48 PNG), bad files that become placeholders
/// with a diagnostic, an oversized picture downscaled once, and textures destroyed when unused.
@MainActor
final class ImagePixelTests: XCTestCase {
    private let red = PackedColor(r: 255, g: 0, b: 0, a: 255), green = PackedColor(r: 0, g: 255, b: 0, a: 255)
    private let blue = PackedColor(r: 0, g: 0, b: 255, a: 255), white = PackedColor(r: 255, g: 255, b: 255, a: 255)

    override func setUp() {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
    }

    /// A path in the temporary directory, removed when the test ends.
    private func temporaryPath(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "swiftflow-\(name)-\(getpid()).png"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private var samplePath: String { AssetResources.path(AssetResources.samplePicture) ?? "assets/sample.png" }

    /// A canvas on `host` with one node at (20, 20) of a type showing `view`; its diagnostics.
    @MainActor
    private final class Scene {
        let canvas: FlowCanvas<JSONValue, JSONValue>
        var diagnostics: [FlowDiagnostic] = []
        var nodes: [Node<JSONValue>]
        init<V: View>(_ host: SDLHost, @ViewBuilder view: @escaping () -> V) {
            canvas = FlowCanvas(size: host.canvasSize, theme: .light, textMeasurer: host.text)
            canvas.imageProvider = host.images
            canvas.nodeTypes["picture"] = NodeType(showsSelectionRing: false) { _ in view() }
            nodes = [Node(id: "n", position: Point(x: 20, y: 20), data: .null, type: "picture")]
            canvas.onError = { [unowned self] in diagnostics.append($0) }
        }
        /// Runs one frame and renders it; returns the pixels.
        func render(_ host: SDLHost) throws -> PixelBuffer {
            var list = host.backend.makeDrawList()
            list.reset(displayScale: host.displayScale)
            canvas.frame(nodes: nodes, edges: [], into: &list)
            try host.render(list, clear: .black)
            let pixels = try host.readPixels()
            host.present()
            return pixels
        }
    }

    /// A window host on the GL backend (SDL's offscreen driver without a display); skips when
    /// no GL 3.3 core context can be made.
    private func glHost(width: Double = 240, height: Double = 160) throws -> SDLHost {
        var fellBack: String?
        let host = try SDLHost(title: "ImagePixelTests", size: Size(width: width, height: height), backend: .gl, notice: { fellBack = $0 })
        if let fellBack { throw XCTSkip("no GL backend here: \(fellBack)") }
        XCTAssertEqual(host.displayScale, 1)
        return host
    }

    private func assertColour(_ px: PixelBuffer, _ x: Int, _ y: Int, _ expected: PackedColor, tolerance: Int = 3,
                              _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let c = px[x, y]
        let close = abs(Int(c.r) - Int(expected.r)) <= tolerance && abs(Int(c.g) - Int(expected.g)) <= tolerance
            && abs(Int(c.b) - Int(expected.b)) <= tolerance
        XCTAssertTrue(close, "pixel (\(x), \(y)) is \(c), expected \(expected) \(message)", file: file, line: line)
    }

    /// The sample picture at its size at (20, 20), and fitted at twice its size at (100, 20):
    /// each quadrant's centre (and near its corners) has its colour.
    private func checkSamplePicture(_ host: SDLHost) throws {
        let path = samplePath
        let scene = Scene(host) {
            HStack(alignment: .top, spacing: 16) {
                Image(contentsOfFile: path)
                Image(contentsOfFile: path).resizable().scaledToFit().frame(width: 128, height: 128)
            }
        }
        let px = try scene.render(host)
        XCTAssertEqual(scene.diagnostics, [])
        let backend = host.backend.kind.rawValue
        for (x, y, colour) in [(36, 32, red), (68, 32, green), (36, 56, blue), (68, 56, white),
                               (22, 22, red), (82, 22, green), (22, 66, blue), (82, 66, white)] {
            assertColour(px, x, y, colour, "at 1:1 (\(backend))")
        }
        // Fitted 128x96 in 128x128 at x = 100: the picture spans y 36...132.
        for (x, y, colour) in [(132, 60, red), (196, 60, green), (132, 108, blue), (196, 108, white)] {
            assertColour(px, x, y, colour, "fitted at 2x (\(backend))")
        }
        assertColour(px, 164, 30, PackedColor(r: 0, g: 0, b: 0, a: 255), "letterbox above the fitted picture (\(backend))")
    }

    func testTheSamplePictureHasItsKnownColoursInTheSoftwareRenderer() async throws {
        let host = try SDLHost(headlessSize: Size(width: 240, height: 160))
        let start = Date()
        guard case .success(let image) = host.images.image(for: .file(samplePath)) else { return XCTFail("sample.png did not load") }
        print("sample.png: decoded in \(String(format: "%.2f", Date().timeIntervalSince(start) * 1000)) ms; mean colour \(image.averageColor)")
        XCTAssertEqual(image.averageColor, Color(red: 0.5, green: 0.5, blue: 0.5))   // (red + green + blue + white) / 4
        try checkSamplePicture(host)
        XCTAssertEqual(host.images.decodeCount, 1, "decoded once for both images")
        XCTAssertEqual((host.backend as? SDLRendererBackend)?.imageTextureCount, 1)
        XCTAssertEqual((host.backend as? SDLRendererBackend)?.imageTextureBytes, 64 * 48 * 4)
    }

    func testTheSamplePictureHasItsKnownColoursInTheGLBackend() async throws {
        let host = try glHost()
        XCTAssertEqual(host.backend.kind, .gl)
        try checkSamplePicture(host)
        XCTAssertEqual((host.backend as? GLBackend)?.imageTextureCount, 1)
    }

    func testAJPEGFileIsDecodedToo() async throws {
        let path = temporaryPath("sample-jpeg").replacingOccurrences(of: ".png", with: ".jpg")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let sample = try XCTUnwrap(IMG_Load(samplePath))
        defer { SDL_FreeSurface(sample) }
        XCTAssertEqual(IMG_SaveJPG(sample, path, 95), 0, String(cString: SDL_GetError()))
        let host = try SDLHost(headlessSize: Size(width: 120, height: 90))
        let scene = Scene(host) { Image(contentsOfFile: path) }
        let px = try scene.render(host)
        XCTAssertEqual(scene.diagnostics, [])
        // JPEG is lossy: quadrant centres within 12 of their colours.
        for (x, y, colour) in [(36, 32, red), (68, 32, green), (36, 56, blue), (68, 56, white)] {
            assertColour(px, x, y, colour, tolerance: 12, "JPEG")
        }
    }

    /// Pixels from the app: an 8x8 picture of four 4x4 quadrants, stretched to 80x80 at (20, 20),
    /// and `.fill` cropping a 2:1 picture into a square.
    private func checkPixels(_ host: SDLHost) throws {
        var rgba: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 {
            let c = y < 4 ? (x < 4 ? red : green) : (x < 4 ? blue : white)
            rgba += [c.r, c.g, c.b, 255]
        } }
        let quadrants = ImagePixels(id: "quadrants", width: 8, height: 8, rgba: rgba)
        // 8x4: left quarter red, middle half green, right quarter blue; filled into 40x40 only the green shows.
        var strip: [UInt8] = []
        for _ in 0..<4 { for x in 0..<8 { let c = x < 2 ? red : x < 6 ? green : blue; strip += [c.r, c.g, c.b, 255] } }
        let wide = ImagePixels(id: "strip", width: 8, height: 4, rgba: strip)
        let scene = Scene(host) {
            HStack(alignment: .top, spacing: 20) {
                Image(pixels: quadrants).resizable().frame(width: 80, height: 80)
                Image(pixels: wide).resizable().scaledToFill().frame(width: 40, height: 40)
            }
        }
        let px = try scene.render(host)
        XCTAssertEqual(scene.diagnostics, [])
        for (x, y, colour) in [(40, 40, red), (80, 40, green), (40, 80, blue), (80, 80, white)] {
            assertColour(px, x, y, colour, "(\(host.backend.kind.rawValue))")
        }
        // Away from the crop's edges: the GL backend filters linearly, blending the red texel in there.
        for (x, y) in [(127, 24), (133, 56), (130, 40)] { assertColour(px, x, y, green, "filled (\(host.backend.kind.rawValue))") }
    }

    func testAppPixelsAreDrawnStretchedAndFilledInBothBackends() async throws {
        try checkPixels(try SDLHost(headlessSize: Size(width: 240, height: 160)))
        try checkPixels(try glHost())
    }

    /// A placeholder (32x32 at (20, 20)): its grey body off the cross, and the caption still drawn.
    private func checkPlaceholder(_ path: String, reason: (ImageLoadError) -> Bool) throws {
        for host in [try SDLHost(headlessSize: Size(width: 240, height: 160)), try glHost()] {
            let scene = Scene(host) {
                VStack(alignment: .leading, spacing: 4) {
                    Image(contentsOfFile: path)
                    Text("caption").foregroundColor(.white)
                }
            }
            _ = try scene.render(host)
            let px = try scene.render(host)
            XCTAssertEqual(scene.diagnostics.count, 1, "one diagnostic over two frames")
            guard case .imageUnavailable("n", let source, _)? = scene.diagnostics.first else { return XCTFail("\(scene.diagnostics)") }
            XCTAssertEqual(source, "file '\(path)'")
            guard case .failure(let error) = host.images.image(for: .file(path)) else { return XCTFail("loaded \(path)") }
            XCTAssertTrue(reason(error), "\(error)")
            let grey = PackedColor(ImageDrawOp.placeholderFill)
            assertColour(px, 36, 26, grey, "placeholder body (\(host.backend.kind.rawValue))")
            let caption = (20..<80).flatMap { x in (56..<72).map { y in px[x, y] } }.filter { $0.r > 200 && $0.g > 200 }
            XCTAssertGreaterThan(caption.count, 10, "the caption's white glyphs are drawn (\(host.backend.kind.rawValue))")
        }
    }

    func testAMissingFileIsADiagnosticAndAPlaceholder() async throws {
        try checkPlaceholder(NSTemporaryDirectory() + "swiftflow-no-such-picture.png") { if case .fileNotFound = $0 { return true }; return false }
    }

    func testACorruptFileIsADiagnosticAndAPlaceholder() async throws {
        let path = temporaryPath("corrupt")
        var garbage = [UInt8](repeating: 0, count: 4096)
        for i in garbage.indices { garbage[i] = UInt8(truncatingIfNeeded: i &* 7919 &+ 13) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(garbage)))
        try checkPlaceholder(path) { if case .undecodable = $0 { return true }; return false }
        // A truncated real PNG: the signature and header, no image data.
        let truncated = temporaryPath("truncated")
        let sample = try XCTUnwrap(FileManager.default.contents(atPath: samplePath))
        XCTAssertTrue(FileManager.default.createFile(atPath: truncated, contents: sample.prefix(40)))
        try checkPlaceholder(truncated) { if case .undecodable = $0 { return true }; return false }
    }

    func testAPNGDeclaringTooManyPixelsIsRefusedBeforeDecoding() async throws {
        let path = temporaryPath("huge-header")
        // Signature, then an IHDR chunk declaring 100,000 x 100,000 (no data follows).
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        bytes += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0]
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        try checkPlaceholder(path) { $0 == .tooLarge(width: 100_000, height: 100_000, limit: 64 << 20) }
    }

    /// Writes a `width` x `height` PNG, left half red and right half blue, with SDL_image.
    private func writeHalves(width: Int32, height: Int32) throws -> String {
        let path = temporaryPath("\(width)x\(height)")
        let s = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        defer { SDL_FreeSurface(s) }
        var left = SDL_Rect(x: 0, y: 0, w: width / 2, h: height), right = SDL_Rect(x: width / 2, y: 0, w: width - width / 2, h: height)
        SDL_FillRect(s, &left, SDL_MapRGBA(s.pointee.format, 255, 0, 0, 255))
        SDL_FillRect(s, &right, SDL_MapRGBA(s.pointee.format, 0, 0, 255, 255))
        XCTAssertEqual(IMG_SavePNG(s, path), 0, String(cString: SDL_GetError()))
        return path
    }

    func testAPictureTwentyThousandPixelsWideIsDownscaledOnceAndDrawn() async throws {
        let path = try writeHalves(width: 20_000, height: 10)
        for host in [try SDLHost(headlessSize: Size(width: 240, height: 160)), try glHost()] {
            let start = Date()
            guard case .success(let image) = host.images.image(for: .file(path)) else { return XCTFail("not loaded") }
            let decodeMs = Date().timeIntervalSince(start) * 1000
            XCTAssertEqual([image.width, image.height], [20_000, 10], "the source's size, for layout")
            let surface = try XCTUnwrap(host.images.pixels(for: image.texture))
            XCTAssertEqual([surface.pointee.w, surface.pointee.h], [4096, 2], "downscaled to the 4096-pixel side")
            XCTAssertEqual(host.images.pixelBytes, 4096 * 2 * 4)
            print("20000x10 PNG: decoded and downscaled in \(String(format: "%.1f", decodeMs)) ms (\(host.backend.kind.rawValue) host)")
            let scene = Scene(host) { Image(contentsOfFile: path).resizable().frame(width: 200, height: 20) }
            let px = try scene.render(host)
            XCTAssertEqual(scene.diagnostics, [])
            assertColour(px, 60, 30, red, "(\(host.backend.kind.rawValue))")
            assertColour(px, 180, 30, blue, "(\(host.backend.kind.rawValue))")
            let bytes = (host.backend as? GLBackend)?.imageTextureBytes ?? (host.backend as? SDLRendererBackend)?.imageTextureBytes
            XCTAssertEqual(bytes, 4096 * 2 * 4)
            XCTAssertEqual(host.images.decodeCount, 1)
            // Laid out non-resizable it is its source's size in flow units.
            let natural = Scene(host) { Image(contentsOfFile: path) }
            _ = try natural.render(host)
            XCTAssertEqual(natural.canvas.nodesBounds?.size, Size(width: 20_000, height: 10))
        }
    }

    /// Textures of pictures no longer drawn are destroyed after `framesUntilEviction` frames;
    /// a picture whose decoded pixels were dropped (over the cache's budget) is decoded again
    /// when a backend needs it.
    private func checkEviction(_ host: SDLHost, count: () -> Int) throws {
        let path = samplePath
        let scene = Scene(host) { Image(contentsOfFile: path) }
        _ = try scene.render(host)
        XCTAssertEqual(count(), 1)
        let shown = scene.nodes
        scene.nodes = []
        for _ in 0..<119 { _ = try scene.render(host) }
        XCTAssertEqual(count(), 1, "kept for 119 frames without drawing")
        _ = try scene.render(host)
        XCTAssertEqual(count(), 0, "destroyed at the 120th")
        // Drawn again: made again, from pixels decoded again since the budget dropped them.
        host.images.pixelBudget = 0
        _ = host.images.image(for: .file(AssetResources.path(AssetResources.sampleGraph) ?? "x"))   // a failure: no pixels
        scene.nodes = shown
        let decodes = host.images.decodeCount
        let px = try scene.render(host)
        XCTAssertEqual(count(), 1)
        assertColour(px, 36, 32, red, "after eviction (\(host.backend.kind.rawValue))")
        XCTAssertEqual(host.images.decodeCount, decodes + 1, "decoded again for the upload")
    }

    func testTexturesNotDrawnFor120FramesAreDestroyedInBothBackends() async throws {
        let software = try SDLHost(headlessSize: Size(width: 120, height: 90))
        try checkEviction(software) { (software.backend as! SDLRendererBackend).imageTextureCount }
        let gl = try glHost(width: 120, height: 90)
        try checkEviction(gl) { (gl.backend as! GLBackend).imageTextureCount }
    }
}
