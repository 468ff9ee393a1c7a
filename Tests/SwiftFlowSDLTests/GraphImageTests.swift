import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Exporting the whole graph (not just the view) to an image at a chosen scale, with background.
@MainActor
final class GraphImageTests: XCTestCase {
    /// Two nodes far apart (the second outside any 800×600 view at zoom 1) with a red handle and
    /// a blue edge (`pixelTestGraph`, B moved to (1500, 900)).
    private func graph() -> FlowDocument {
        var doc = pixelTestGraph()
        doc.nodes[1].position = Point(x: 1500, y: 900)
        return doc
    }

    func testWholeGraphAtScaleWithBackgroundAndPadding() async throws {
        let doc = graph()
        let px = try GraphImage.render(nodes: doc.nodes, edges: doc.edges, scale: 0.5, padding: 20, theme: .light)
        // Bounds (0, 0)–(1600, 950) plus 20 on each side, at 0.5 pixels per flow unit.
        XCTAssertEqual(px.width, 820)
        XCTAssertEqual(px.height, 495)
        let theme = FlowTheme.light
        func at(_ x: Double, _ y: Double) -> PackedColor { px[Int(((x + 20) * 0.5).rounded(.down)), Int(((y + 20) * 0.5).rounded(.down))] }
        XCTAssertEqual(px[2, 2], PackedColor(theme.background), "background in the padding")
        XCTAssertEqual(at(50, 10), PackedColor(theme.nodeBackground), "node A's body")
        XCTAssertEqual(at(1550, 940), PackedColor(theme.nodeBackground), "node B's body, far outside any view")
        XCTAssertEqual(at(100, 25), PackedColor(r: 255, g: 0, b: 0, a: 255), "A's red source handle")
        XCTAssertEqual(at(800, 300), PackedColor(theme.background), "empty canvas between the nodes")
    }

    func testScaleTwoDoublesThePixelsAndPNGIsWritten() async throws {
        let doc = pixelTestGraph()
        let px = try GraphImage.render(nodes: doc.nodes, edges: doc.edges, scale: 2, padding: 10)
        XCTAssertEqual(px.width, (400 + 20) * 2)
        XCTAssertEqual(px.height, (150 + 20) * 2)
        XCTAssertEqual(px[(100 + 10) * 2, (25 + 10) * 2], PackedColor(r: 255, g: 0, b: 0, a: 255), "handle centre at 2×")
        // Bezier from (100, 25) to (300, 125): t = 0.5 at (200, 75), the blue edge.
        XCTAssertEqual(px[(200 + 10) * 2, (75 + 10) * 2], PackedColor(r: 0, g: 0, b: 255, a: 255))

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try GraphImage.writePNG(to: path, nodes: doc.nodes, edges: doc.edges, scale: 2, padding: 10)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(be32(16), 840, "IHDR width")
        XCTAssertEqual(be32(20), 340, "IHDR height")
    }

    func testBadScaleAndTooLargeImagesAreTypedErrors() async {
        let doc = pixelTestGraph()
        XCTAssertThrowsError(try GraphImage.render(nodes: doc.nodes, edges: doc.edges, scale: 0)) {
            XCTAssertEqual($0 as? GraphImage.ExportError, .invalidScale(0))
        }
        XCTAssertThrowsError(try GraphImage.render(nodes: doc.nodes, edges: doc.edges, scale: 64)) {
            XCTAssertEqual($0 as? GraphImage.ExportError, .tooLarge(width: 28160, height: 12160, scale: 64))
        }
    }

    func testCommandLineOptions() async throws {
        let o = try RunOptions(arguments: ["--export-png", "g.png", "--export-scale", "2.5", "--save-comfyui", "w.json"])
        XCTAssertEqual(o.exportPNG, "g.png")
        XCTAssertEqual(o.exportScale, 2.5)
        XCTAssertEqual(o.saveComfyUI, "w.json")
        XCTAssertEqual(try RunOptions(arguments: ["--export-png", "g.png"]).exportScale, 1)
        XCTAssertThrowsError(try RunOptions(arguments: ["--export-scale", "2"])) {
            XCTAssertEqual("\($0)", "--export-scale needs --export-png")
        }
        XCTAssertThrowsError(try RunOptions(arguments: ["--export-png", "g.png", "--export-scale", "0"])) {
            XCTAssertEqual("\($0)", "--export-scale: expected a number above 0 and at most 64, got '0'")
        }
    }
}
