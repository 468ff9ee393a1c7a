@testable import SwiftFlow
import XCTest

/// `Image` layout and drawing with a fake provider: sizes, fit and fill placement, the
/// placeholder and its diagnostic, opacity and the level of detail.
final class ImageLayoutTests: XCTestCase {
    /// Answers files from a table of sizes (each its own texture), fails the rest as missing.
    final class FakeImageProvider: ImageProvider {
        var sizes: [String: (Int, Int)] = [:]
        var requests = 0
        let average = Color(red: 0.2, green: 0.4, blue: 0.6)
        func image(for source: ImageSource) -> Result<ResolvedImage, ImageLoadError> {
            requests += 1
            switch source {
            case .file(let path):
                guard let (w, h) = sizes[path] else { return .failure(.fileNotFound(path)) }
                return .success(ResolvedImage(texture: TextureID(rawValue: 0x10_0000 + Int32(w)), width: w, height: h, averageColor: average))
            case .pixels(let p):
                guard p.isValid else { return .failure(.invalidPixels(p.id)) }
                return .success(ResolvedImage(texture: TextureID(rawValue: 0x20_0000), width: p.width, height: p.height, averageColor: average))
            case .symbol(let name):
                return .failure(.platform("symbol \(name)"))
            }
        }
    }

    /// One node of a custom type at the origin, laid out `frames` times.
    final class Probe {
        let canvas: FlowCanvas<String, String>
        var list = DrawList()
        var diagnostics: [FlowDiagnostic] = []
        let node: Node<String>
        init<V: View>(provider: ImageProvider?, width: Double? = nil, height: Double? = nil, frames: Int = 1,
                      @ViewBuilder view: @escaping (Node<String>) -> V) {
            canvas = FlowCanvas<String, String>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
            canvas.imageProvider = provider
            canvas.nodeTypes["probe"] = NodeType { view($0) }
            node = Node(id: "n", position: .zero, data: "", type: "probe", width: width, height: height)
            canvas.onError = { [unowned self] in diagnostics.append($0) }
            for _ in 0..<frames { frame() }
        }
        func frame() { canvas.frame(nodes: [node], edges: [], into: &list) }
        var size: Size { canvas.nodeCache.states[0].size }
        var ops: ArraySlice<NodeDrawOp> {
            let s = canvas.nodeCache.states[0]
            return canvas.nodeCache.ops[s.opsRange]
        }
        var images: [(Rect, ImageDrawOp)] { ops.compactMap { if case .image(let r, let op) = $0 { return (r, op) }; return nil } }
        var texts: [String] { ops.compactMap { if case .text(let s, _, _, _, _) = $0 { return s }; return nil } }
    }

    private let provider: FakeImageProvider = {
        let p = FakeImageProvider()
        p.sizes = ["photo.png": (40, 30), "wide.png": (200, 50)]
        return p
    }()

    private func assertRect(_ a: Rect, _ b: Rect, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line)
        }
    }

    func testANonResizableImageIsItsPixelSizeInFlowUnits() {
        let probe = Probe(provider: provider) { _ in Image(contentsOfFile: "photo.png") }
        XCTAssertEqual(probe.size, Size(width: 40, height: 30))
        XCTAssertEqual(probe.images.count, 1)
        assertRect(probe.images[0].0, Rect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual(probe.images[0].1.texture, TextureID(rawValue: 0x10_0000 + 40))
        assertRect(probe.images[0].1.uv, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(probe.diagnostics, [])
    }

    func testANonResizableImageKeepsItsSizeInASmallerFrameAndSetsAStackSize() {
        let small = Probe(provider: provider) { _ in Image(contentsOfFile: "photo.png").frame(width: 20, height: 20) }
        XCTAssertEqual(small.size, Size(width: 20, height: 20))
        assertRect(small.images[0].0, Rect(x: -10, y: -5, width: 40, height: 30))   // centred, overflowing (SwiftUI)
        let stack = Probe(provider: provider) { _ in
            VStack(spacing: 4) { Image(contentsOfFile: "photo.png"); Image(contentsOfFile: "wide.png") }
        }
        XCTAssertEqual(stack.size, Size(width: 200, height: 84))
        assertRect(stack.images[0].0, Rect(x: 80, y: 0, width: 40, height: 30))
    }

    func testFitKeepsTheAspectRatioInsideTheFrameCentred() {
        let probe = Probe(provider: provider) { _ in
            Image(contentsOfFile: "photo.png").resizable().aspectRatio(contentMode: .fit).frame(width: 100, height: 100)
        }
        XCTAssertEqual(probe.size, Size(width: 100, height: 100))
        assertRect(probe.images[0].0, Rect(x: 0, y: 12.5, width: 100, height: 75))
        assertRect(probe.images[0].1.uv, Rect(x: 0, y: 0, width: 1, height: 1))
        let tall = Probe(provider: provider) { _ in Image(contentsOfFile: "photo.png").resizable().scaledToFit().frame(width: 100, height: 30) }
        assertRect(tall.images[0].0, Rect(x: 30, y: 0, width: 40, height: 30))
        let ratio = Probe(provider: provider) { _ in
            Image(contentsOfFile: "photo.png").resizable().aspectRatio(2, contentMode: .fit).frame(width: 100, height: 100)
        }
        assertRect(ratio.images[0].0, Rect(x: 0, y: 25, width: 100, height: 50))
    }

    func testFillCoversTheFrameAndCropsTheTextureCentred() {
        let probe = Probe(provider: provider) { _ in
            Image(contentsOfFile: "photo.png").resizable().aspectRatio(contentMode: .fill).frame(width: 100, height: 100)
        }
        assertRect(probe.images[0].0, Rect(x: 0, y: 0, width: 100, height: 100))
        // Covering 100x100 at 4:3 is 133.3x100: three quarters of the width shows, centred.
        assertRect(probe.images[0].1.uv, Rect(x: 0.125, y: 0, width: 0.75, height: 1))
        let wide = Probe(provider: provider) { _ in Image(contentsOfFile: "photo.png").resizable().scaledToFill().frame(width: 120, height: 30) }
        // 120 wide at 4:3 is 90 high: a third of the height shows.
        assertRect(wide.images[0].1.uv, Rect(x: 0, y: 1.0 / 3, width: 1, height: 1.0 / 3))
    }

    func testAResizableImageWithoutAContentModeStretchesAndHasNoSizeOfItsOwn() {
        let probe = Probe(provider: provider) { _ in Image(contentsOfFile: "photo.png").resizable().frame(width: 50, height: 20) }
        assertRect(probe.images[0].0, Rect(x: 0, y: 0, width: 50, height: 20))
        let flexible = Probe(provider: provider, width: 300, height: 200) { _ in
            VStack(spacing: 0) { Text("title"); Image(contentsOfFile: "wide.png").resizable().scaledToFit() }
        }
        // The image takes what the text leaves (200 − 12 · 1.2 high) and fits 4:1 in it.
        let room = Rect(x: 0, y: 14.4, width: 300, height: 185.6)
        assertRect(flexible.images[0].0, Rect(x: 0, y: room.minY + (room.height - 75) / 2, width: 300, height: 75))
        // Non-resizable aspect modifiers do nothing (SwiftUI).
        let fixed = Probe(provider: provider) { _ in Image(contentsOfFile: "photo.png").scaledToFill() }
        XCTAssertEqual(fixed.size, Size(width: 40, height: 30))
    }

    func testAMissingFileIsOneDiagnosticAndAPlaceholderAndTheNodeStillDrawsItsText() {
        let probe = Probe(provider: provider, frames: 3) { _ in
            VStack { Image(contentsOfFile: "missing.png"); Text("caption") }
        }
        XCTAssertEqual(probe.diagnostics, [.imageUnavailable(nodeId: "n", source: "file 'missing.png'", reason: "no such file 'missing.png'")])
        XCTAssertEqual(probe.images.count, 1)
        XCTAssertNil(probe.images[0].1.texture)
        XCTAssertEqual(probe.images[0].0.size, Image.placeholderSize)
        XCTAssertEqual(probe.texts, ["caption"])
        // The placeholder is drawn: a fill, a border and a cross (no texture).
        XCTAssertFalse(probe.list.commands.contains { $0.texture != .none })
        XCTAssertGreaterThan(probe.list.vertices.count, 0)
    }

    func testWithoutAProviderImagesArePlaceholdersWithADiagnostic() {
        let pixels = ImagePixels(id: "p", width: 3, height: 2, rgba: [UInt8](repeating: 255, count: 24))
        let probe = Probe(provider: nil, frames: 2) { _ in
            HStack(spacing: 0) { Image(contentsOfFile: "photo.png"); Image(pixels: pixels) }
        }
        XCTAssertEqual(probe.diagnostics.count, 2)
        XCTAssertEqual(probe.diagnostics.first, .imageUnavailable(nodeId: "n", source: "file 'photo.png'", reason: "the canvas has no image provider"))
        // A pixels source keeps its declared size without a provider; a file is a 32x32 placeholder.
        XCTAssertEqual(probe.size, Size(width: 35, height: 32))
        XCTAssertEqual(probe.images.map { $0.1.texture }, [nil, nil])
    }

    func testPixelsWhoseSizeDoesNotMatchTheirBytesAreReported() {
        let bad = ImagePixels(id: "bad", width: 4, height: 4, rgba: [1, 2, 3])
        let probe = Probe(provider: provider) { _ in Image(pixels: bad) }
        XCTAssertEqual(probe.diagnostics.count, 1)
        XCTAssertNil(probe.images.first?.1.texture)
        XCTAssertFalse(bad.isValid)
        XCTAssertTrue(ImagePixels(id: "ok", width: 1, height: 1, rgba: [0, 0, 0, 0]).isValid)
        XCTAssertFalse(ImagePixels(id: "huge", width: Int.max, height: 2, rgba: []).isValid)
        XCTAssertEqual(bad, ImagePixels(id: "bad", width: 4, height: 4, rgba: [9]), "compared by id, version and size")
        XCTAssertNotEqual(bad, ImagePixels(id: "bad", version: 1, width: 4, height: 4, rgba: [1, 2, 3]))
    }

    func testTheImageIsOneWhiteTintedTexturedQuadWithTheOpacity() throws {
        let probe = Probe(provider: provider) { _ in Image(contentsOfFile: "photo.png").opacity(0.5) }
        XCTAssertEqual(probe.images[0].1.opacity, 0.5)
        let texture = TextureID(rawValue: 0x10_0000 + 40)
        let command = try XCTUnwrap(probe.list.commands.first { $0.texture == texture })
        XCTAssertEqual(command.indexCount, 6)
        let v = probe.list.vertices[command.vertexOffset]
        XCTAssertEqual(PackedColor(r: v.r, g: v.g, b: v.b, a: v.a), PackedColor(Color.white.opacity(0.5)))
        XCTAssertEqual([v.x, v.y, v.u, v.v], [0, 0, 0, 0])
        let far = probe.list.vertices[command.vertexOffset + 2]
        XCTAssertEqual([far.x, far.y, far.u, far.v], [40, 30, 1, 1])
    }

    func testZoomedOutATinyImageIsOneRectangleOfItsMeanColour() {
        let probe = Probe(provider: provider) { _ in
            VStack { Image(contentsOfFile: "photo.png"); Text("caption") }.padding(40)
        }
        probe.canvas.minZoom = 0.01
        probe.canvas.viewport = Viewport(x: 0, y: 0, zoom: 0.25)   // the 30-unit side is 7.5 pixels
        probe.frame()
        XCTAssertFalse(probe.list.commands.contains { $0.texture != .none }, "no textured quad")
        XCTAssertTrue(probe.list.vertices.contains { PackedColor(r: $0.r, g: $0.g, b: $0.b, a: $0.a) == PackedColor(provider.average) })
    }

    func testTheProviderIsAskedOncePerImagePerLayout() {
        let before = provider.requests
        let probe = Probe(provider: provider, frames: 3) { _ in Image(contentsOfFile: "photo.png") }
        XCTAssertEqual(provider.requests - before, 3, "one request per frame: the node is rebuilt every frame")
        XCTAssertEqual(probe.images.count, 1)
    }
}
