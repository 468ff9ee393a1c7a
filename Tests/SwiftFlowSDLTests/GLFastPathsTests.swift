import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// The GL backend's cheaper forms of shapes give the pixels of the plain ones: strokes drawn as
/// wide GL lines, one primitive per segment (`GLBackend+Segments.swift`), as drawn as quads where
/// the driver's lines are too narrow, the line width covering each segment's capsule; and large
/// boxes drawn as a rim and an opaque interior (`BoxSplit`) as drawn whole; and a frame flushed
/// every few instances (`flushInstances`) as flushed once.
@MainActor
final class GLFastPathsTests: XCTestCase {
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

    /// Solid and dashed strokes of 1, 2.5 and 6 points in 24 directions, joined polylines (thick,
    /// and thin ones of short segments) and a closed one, drawn as lines and as quads (`maxLineWidth` = 1, as a driver without wide
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
            // Thin strokes of many short joined segments, as a far-out edge's flattened curve:
            // spirals turning 0.15-0.9 radians per 3-6 pixel segment, through every direction
            // and near 45° (where either screen axis may be the line's major one).
            for (k, (turn, step)) in [(0.15, 6.0), (0.4, 4.0), (0.9, 3.0), (0.3, 5.0)].enumerated() {
                var p = Point(x: 30 + Double(k) * 70, y: 60), angle = Double(k) * 0.7 + .pi / 4, spiral: [Point] = [p]
                for i in 0..<40 {
                    angle += turn * (i % 7 == 6 ? -1 : 1)
                    p = p + Point(x: cos(angle), y: sin(angle)) * (step + Double(i % 3) * 0.37)
                    spiral.append(p)
                }
                list.addPolyline(spiral, color: colors[k % 3], thickness: [1, 0.4, 1.5, 1][k])
            }
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

    /// Large boxes drawn as a rim of four strips and an opaque interior (`BoxSplit`) and drawn
    /// whole: the same pixels (an opaque and an empty fill, rounded corners, thick and thin
    /// borders, fractional positions, overlapping a circle and a translucent box, which are not
    /// split), and the rim and interior tile the box (no pixel drawn twice, none missed).
    func testLargeBoxesSplitIntoRimAndInteriorMatchWholeBoxes() async throws {
        func draw(split: Bool) throws -> PixelBuffer {
            let host = try SDLHost(title: "box split", size: Size(width: 320, height: 240), backend: .gl,
                                   notice: { XCTFail("unexpected fallback: \($0)") })
            try XCTUnwrap(host.backend as? GLBackend).splitsBoxes = split
            var list = host.backend.makeDrawList()
            list.reset(displayScale: host.displayScale)
            list.addRectFill(Rect(x: 10.3, y: 12.6, width: 140.2, height: 70.7), color: Color(hex: 0xF0F0F0), cornerRadius: 6)
            list.addRectStroke(Rect(x: 10.3, y: 12.6, width: 140.2, height: 70.7), color: Color(hex: 0x1A192B), thickness: 1, cornerRadius: 6)
            list.addRectStroke(Rect(x: 170.5, y: 20.25, width: 120, height: 90), color: Color(hex: 0x2060C0), thickness: 4.5, cornerRadius: 12)
            list.addRectFill(Rect(x: 40, y: 100, width: 200, height: 120), color: Color(hex: 0xC02020).opacity(0.5), cornerRadius: 3)
            list.addCircleFill(center: Point(x: 150.5, y: 48), radius: 6, color: Color(hex: 0x00A000))
            list.addRectFill(Rect(x: 60, y: 130, width: 100, height: 60), color: Color(hex: 0x3050A0), cornerRadius: 30)
            try host.render(list, clear: .white)
            return try host.readPixels()
        }
        let split = try draw(split: true), whole = try draw(split: false)
        var worst = 0
        for y in 0..<split.height {
            for x in 0..<split.width {
                let a = split[x, y], b = whole[x, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        print("boxes split vs whole: largest difference \(worst)")
        XCTAssertEqual(whole[80, 50], PackedColor(Color(hex: 0xF0F0F0)), "an interior pixel")
        XCTAssertEqual(split[80, 50], PackedColor(Color(hex: 0xF0F0F0)))
        XCTAssertLessThanOrEqual(worst, 1)
    }

    /// Which boxes are split: opaque or empty fills with an interior of at least 24 pixels both
    /// ways, at least the radius and the border's reach inside the outline, in whole pixels.
    func testWhichBoxesAreSplit() async {
        func box(_ w: Float, _ h: Float, radius: Float = 3, border: Float = 1, alpha: UInt8 = 255) -> ShapeInstance {
            ShapeInstance(.box, (10.5, 10, 10.5 + w, 10 + h), (radius, border, 0, 0), fill: PackedColor(r: 255, g: 255, b: 255, a: alpha))
        }
        let r = BoxSplit.interior(of: box(160, 80), scale: 1)
        XCTAssertEqual(r.map { [$0.0, $0.1, $0.2, $0.3] }, [14, 13, 167, 87], "3 px in (the radius), rounded inward")
        XCTAssertEqual(BoxSplit.interior(of: box(160, 80), scale: 2).map { [$0.0, $0.1, $0.2, $0.3] }, [13.5, 13, 167.5, 87])
        XCTAssertNotNil(BoxSplit.interior(of: box(160, 80, alpha: 0), scale: 1), "a border alone")
        XCTAssertNil(BoxSplit.interior(of: box(160, 80, alpha: 128), scale: 1), "translucent fill")
        XCTAssertNil(BoxSplit.interior(of: box(30, 80), scale: 1), "interior 23 px wide")
        XCTAssertNil(BoxSplit.interior(of: box(80, 80, radius: 40), scale: 1), "a circle")
        XCTAssertNil(BoxSplit.interior(of: box(.infinity, 80), scale: 1))
        var out: [ShapeInstance] = []
        BoxSplit.append(box(160, 80), scale: 1, to: &out)
        BoxSplit.append(box(160, 80, alpha: 0), scale: 1, to: &out)
        BoxSplit.append(box(20, 20), scale: 1, to: &out)
        XCTAssertEqual(out.map(\.kind), [BoxSplit.rim, BoxSplit.interior, BoxSplit.rim, ShapeInstance.Kind.box.rawValue])
        XCTAssertEqual([out[0].c0, out[0].c1, out[0].c2, out[0].c3], [14, 13, 167, 87])
        XCTAssertEqual([out[1].a0, out[1].a1, out[1].a2, out[1].a3], [14, 13, 167, 87])
    }

    /// The stress graph in full detail (boxes, circles, strokes, glyphs) and at the default level
    /// of detail far out (point sprites and line strips), drawn with a `glFlush` after every 7
    /// instances (and no draw longer, so runs and line strips are cut) and with one flush at
    /// the end: the same pixels exactly.
    func testFlushingEveryFewInstancesDrawsTheSamePixels() async throws {
        let doc = StressGraph.make(nodeCount: 400)
        for (zoom, levelOfDetail) in [(0.3, false), (0.1, true)] {
            func draw(flushInstances: Int?) throws -> (PixelBuffer, Int) {
                let host = try SDLHost(title: "flushes", size: Size(width: 480, height: 320), backend: .gl,
                                       notice: { XCTFail("unexpected fallback: \($0)") })
                try XCTUnwrap(host.backend as? GLBackend).flushInstances = flushInstances
                let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
                canvas.minZoom = 0.01
                canvas.overviewPicture = false
                canvas.levelOfDetail = levelOfDetail
                canvas.viewport = Viewport(x: 10.25, y: 10.25, zoom: zoom)
                var list = host.backend.makeDrawList()
                canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
                try host.render(list, clear: canvas.theme.background)
                return (try host.readPixels(), list.instances.count)
            }
            let (once, instances) = try draw(flushInstances: nil), (often, _) = try draw(flushInstances: 7)
            XCTAssertGreaterThan(instances, 500, "zoom \(zoom): many flushes")
            XCTAssertTrue(once.rgba == often.rgba, "zoom \(zoom): every pixel alike")
        }
    }

    /// The stress graph across the canvas's edges (in full detail, and far out at the default
    /// level of detail), drawn with the GL viewport reaching `clipMarginPixels` past the
    /// drawable and with the drawable's own viewport (a margin of 0, where the driver clips a
    /// shape with a vertex off the canvas): where the two differ (a wide line whose centre runs
    /// just off the canvas is clipped away whole, its pixels on the canvas with it), the margin's
    /// picture is the one nearer the SDL backend's.
    func testClipMarginDrawsTheSamePixels() async throws {
        let doc = StressGraph.make(nodeCount: 400)
        for (zoom, levelOfDetail) in [(0.3, false), (0.1, true)] {
            func draw(_ backend: RenderBackendKind, margin: Int) throws -> PixelBuffer {
                let host = try SDLHost(title: "clip margin", size: Size(width: 480, height: 320), backend: backend,
                                       notice: { XCTFail("unexpected fallback: \($0)") })
                if let gl = host.backend as? GLBackend { gl.clipMarginPixels = margin }
                let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .light, textMeasurer: host.text)
                canvas.minZoom = 0.01
                canvas.overviewPicture = false
                canvas.levelOfDetail = levelOfDetail
                canvas.viewport = Viewport(x: -37.6, y: -21.3, zoom: zoom)
                var list = host.backend.makeDrawList()
                canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
                try host.render(list, clear: canvas.theme.background)
                return try host.readPixels()
            }
            let clipped = try draw(.gl, margin: 0), margin = try draw(.gl, margin: 2048), sdl = try draw(.sdl, margin: 0)
            func difference(_ a: PackedColor, _ b: PackedColor) -> Int {
                max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
            var differing = 0
            for y in 0..<clipped.height {
                for x in 0..<clipped.width where difference(clipped[x, y], margin[x, y]) > 1 {
                    differing += 1
                    XCTAssertLessThanOrEqual(difference(margin[x, y], sdl[x, y]), difference(clipped[x, y], sdl[x, y]), "zoom \(zoom) (\(x), \(y))")
                }
            }
            print("clip margin vs none, zoom \(zoom): \(differing) pixels differ by more than 1")
        }
    }
}
