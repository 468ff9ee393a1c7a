import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Strokes in the GL backend are drawn as wide GL lines, one primitive per segment
/// (`GLBackend+Segments.swift`), and as quads where the driver's lines are too narrow: both
/// give the same pixels, and the line width covers each segment's capsule.
@MainActor
final class GLSegmentLinesTests: XCTestCase {
    override func setUp() {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            setenv("SDL_VIDEODRIVER", "offscreen", 0)
        }
    }

    /// Twice the quad's half-width (half the stroke plus half a pixel) over the cosine of the
    /// angle to the major axis, rounded up to whole pixels; in pixels at the display scale.
    func testLineWidthCoversTheCapsule() async {
        func width(_ x1: Float, _ y1: Float, stroke: Float, scale: Float = 1) -> Float {
            GLBackend.segmentLineWidth(ShapeInstance(.segment, (10, 10, x1, y1), (stroke, 0, 0, 0), fill: PackedColor(.black)), scale: scale)
        }
        XCTAssertEqual(width(110, 10, stroke: 1), 2, "horizontal: 2g = 2")
        XCTAssertEqual(width(10, 90, stroke: 1), 2, "vertical")
        XCTAssertEqual(width(60, 60, stroke: 1), 3, "45°: 2 / cos 45° = 2.83")
        XCTAssertEqual(width(110, 10, stroke: 6), 7)
        XCTAssertEqual(width(110, 10, stroke: 6, scale: 2), 13, "13 pixels at scale 2")
        XCTAssertEqual(width(10, 10, stroke: 4), 5, "a dot: a disc")
        XCTAssertEqual(width(.infinity, 10, stroke: 1), .infinity)
        XCTAssertEqual(width(.nan, 10, stroke: 1), .infinity)
    }

    /// Solid and dashed strokes of 1, 2.5 and 6 points in 24 directions, joined polylines and a
    /// closed one, drawn as lines and as quads (`maxLineWidth` = 1, as a driver without wide
    /// lines): no channel of any pixel differs by more than 1 (the two compute the same
    /// coverage, one from interpolated and one from recomputed positions).
    func testSegmentsAsLinesMatchSegmentsAsQuads() async throws {
        func draw(lines: Bool) throws -> PixelBuffer {
            let host = try SDLHost(title: "segment lines", size: Size(width: 320, height: 240), backend: .gl,
                                   notice: { XCTFail("unexpected fallback: \($0)") })
            let backend = try XCTUnwrap(host.backend as? GLBackend)
            XCTAssertGreaterThanOrEqual(backend.maxLineWidth, 16, "llvmpipe draws wide lines")
            if !lines { backend.maxLineWidth = 1 }
            var list = host.backend.makeDrawList()
            list.reset(displayScale: host.displayScale)
            let colors = [Color(hex: 0x1060C0), Color(hex: 0xC02020).opacity(0.6), .black]
            for k in 0..<24 {
                let angle = Double(k) * .pi / 12 + 0.1, c = Point(x: 160, y: 120)
                let from = c + Point(x: cos(angle), y: sin(angle)) * 20, to = c + Point(x: cos(angle), y: sin(angle)) * 110
                if k % 4 == 3 {
                    list.addDashedPolyline([from, to], color: colors[k % 3], thickness: [1, 2.5, 6][k % 3], dash: 7, gap: 4, phase: 2)
                } else {
                    list.addPolyline([from, to], color: colors[k % 3], thickness: [1, 2.5, 6][k % 3])
                }
            }
            list.addPolyline([Point(x: 10, y: 230), Point(x: 40, y: 180), Point(x: 70, y: 228), Point(x: 100, y: 190)],
                             color: Color(hex: 0x208040), thickness: 5)
            list.addPolyline([Point(x: 250, y: 20), Point(x: 310, y: 30), Point(x: 290, y: 70)], color: .black, thickness: 3, closed: true)
            try host.render(list, clear: .white)
            return try host.readPixels()
        }
        let lines = try draw(lines: true), quads = try draw(lines: false)
        var worst = 0, drawn = 0
        for y in 0..<lines.height {
            for x in 0..<lines.width {
                let a = lines[x, y], b = quads[x, y]
                if b != PackedColor(.white) { drawn += 1 }
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        print("segments as lines vs quads: \(drawn) pixels drawn, largest difference \(worst)")
        XCTAssertGreaterThan(drawn, 5_000)
        XCTAssertLessThanOrEqual(worst, 1)
    }
}
