@testable import SwiftFlow
import XCTest

/// The instance form of the draw list (what the GL backend draws): one `ShapeInstance` per
/// shape, exact parameters, runs, and the simplified stroke segments.
final class DrawListInstanceTests: XCTestCase {
    private func list() -> DrawList {
        var l = DrawList(form: .instances)
        l.reset(displayScale: 1)
        return l
    }

    func testLayoutIsFourTexelsOfSixteenBytes() {
        XCTAssertEqual(MemoryLayout<ShapeInstance>.stride, 64)
        XCTAssertEqual(MemoryLayout<ShapeInstance>.offset(of: \.a0), 0)
        XCTAssertEqual(MemoryLayout<ShapeInstance>.offset(of: \.b0), 16)
        XCTAssertEqual(MemoryLayout<ShapeInstance>.offset(of: \.c0), 32)
        XCTAssertEqual(MemoryLayout<ShapeInstance>.offset(of: \.c3), 44)
        XCTAssertEqual(MemoryLayout<ShapeInstance>.offset(of: \.kind), 48)
        XCTAssertEqual(MemoryLayout<ShapeInstance>.offset(of: \.fill), 52)
        XCTAssertEqual(MemoryLayout<ShapeInstance>.offset(of: \.stroke), 56)
    }

    func testNodeFillAndBorderBecomeOneBoxAndTrianglesStayEmpty() {
        var l = list()
        let rect = Rect(x: 10, y: 20, width: 160, height: 80)
        l.addRectFill(rect, color: .white, cornerRadius: 5)
        l.addRectStroke(rect, color: Color(hex: 0x1A192B), thickness: 1, cornerRadius: 5)
        XCTAssertEqual(l.instances, [ShapeInstance(.box, (10, 20, 170, 100), (5, 1, 0, 0), fill: PackedColor(r: 255, g: 255, b: 255, a: 255),
                                                   stroke: PackedColor(r: 0x1A, g: 0x19, b: 0x2B, a: 255))])
        XCTAssertEqual(l.commands, [DrawCommand(indexOffset: 0, indexCount: 1, texture: .none, clip: nil)])
        XCTAssertTrue(l.vertices.isEmpty)
        XCTAssertTrue(l.indices.isEmpty)
    }

    func testHandleIsAShadowAndABorderedCircle() {
        var l = list()
        let c = Point(x: 50, y: 40)
        l.addCircleFill(center: Point(x: 50, y: 41), radius: 7, color: Color(white: 0, opacity: 0.18))
        l.addCircleFill(center: c, radius: 6, color: Color(hex: 0xFF0000))
        l.addCircleStroke(center: c, radius: 6, color: .white, thickness: 1)
        XCTAssertEqual(l.instances.count, 2)
        XCTAssertEqual(l.instances[1], ShapeInstance(.box, (44, 34, 56, 46), (6, 1, 0, 0), fill: PackedColor(r: 255, g: 0, b: 0, a: 255),
                                                     stroke: PackedColor(r: 255, g: 255, b: 255, a: 255)))
    }

    func testStraightRunsOfAPolylineCollapseAndJoinsCarryTheirBisectors() {
        var l = list()
        // Four collinear points, then a right-angle turn down.
        l.addPolyline([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 10)],
                      color: .black, thickness: 2)
        XCTAssertEqual(l.instances.count, 2)
        let h = 0.5.squareRoot()
        XCTAssertEqual(l.instances[0].kind, ShapeInstance.Kind.segment.rawValue)
        XCTAssertEqual([l.instances[0].a0, l.instances[0].a1, l.instances[0].a2, l.instances[0].a3], [0, 0, 30, 0])
        XCTAssertEqual([l.instances[0].b0, l.instances[0].b3], [2, 0], "width, dash phase")
        XCTAssertEqual(l.instances[0].c0, 0, "an open end has no join")
        XCTAssertEqual(l.instances[0].c2, Float(h), accuracy: 1e-6)
        XCTAssertEqual(l.instances[0].c3, Float(h), accuracy: 1e-6)
        XCTAssertEqual([l.instances[1].a0, l.instances[1].a1, l.instances[1].a2, l.instances[1].a3], [30, 0, 30, 10])
        XCTAssertEqual(l.instances[1].b3, 30, "the dash phase runs on along the line")
        XCTAssertEqual(l.instances[1].c0, Float(h), accuracy: 1e-6)
        XCTAssertEqual(l.instances[1].c2, 0)
    }

    func testDashedPolylineCarriesItsPatternInTheInstanceFormAndIsCutInTheTriangleForm() {
        var l = list()
        l.addDashedPolyline([Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 30)], color: .black, thickness: 1,
                            dash: 5, gap: 5, phase: 23)
        XCTAssertEqual(l.instances.map { [$0.b1, $0.b2, $0.b3] }, [[5, 5, 3], [5, 5, 43]], "dash, gap, phase (mod 10) + distance along")
        var t = DrawList()
        t.addDashedPolyline([Point(x: 0, y: 0), Point(x: 40, y: 0)], color: .black, thickness: 1, dash: 5, gap: 5, phase: 3)
        // Dashes 0–2, 7–12, 17–22, 27–32, 37–40: five polylines of 4 vertices.
        XCTAssertEqual(t.vertices.count, 5 * 2 * 4)
        XCTAssertEqual(t.vertices[8].x, 7, accuracy: 1e-5, "the second dash starts after the gap")
    }

    func testSimplificationKeepsPointsFartherThanAQuarterPixel() {
        var out: [Point] = []
        DrawList.simplify([Point(x: 0, y: 0), Point(x: 10, y: 0.2), Point(x: 20, y: 0)], tolerance: 0.25, into: &out)
        XCTAssertEqual(out, [Point(x: 0, y: 0), Point(x: 20, y: 0)])
        out = []
        DrawList.simplify([Point(x: 0, y: 0), Point(x: 10, y: 0.3), Point(x: 20, y: 0)], tolerance: 0.25, into: &out)
        XCTAssertEqual(out.count, 3)
    }

    func testConvexFillIsAFanWithItsOutlineEdgesMarked() {
        var l = list()
        l.addConvexFill([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], color: .black)
        XCTAssertEqual(l.instances.map(\.kind), [3, 3])
        XCTAssertEqual(l.instances.map(\.b2), [3, 6], "edges p0→p1 and p1→p2 of the first triangle, p1→p2 and p2→p0 of the last")
    }

    func testGlyphsJoinTheRunOfShapesUntilAnotherPageOrClip() {
        var l = list()
        let page1 = TextureID(rawValue: 0x1000), page2 = TextureID(rawValue: 0x1001)
        l.addSolidRect(Rect(x: 0, y: 0, width: 4, height: 4), color: .black)
        l.addImage(page1, rect: Rect(x: 0, y: 0, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 0.5, height: 0.5))
        l.addSolidRect(Rect(x: 0, y: 0, width: 4, height: 4), color: .black)
        l.addImage(page2, rect: Rect(x: 0, y: 0, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 0.5, height: 0.5))
        l.setClip(Rect(x: 0, y: 0, width: 5, height: 5))
        l.addSolidRect(Rect(x: 0, y: 0, width: 4, height: 4), color: .black)
        XCTAssertEqual(l.commands, [DrawCommand(indexOffset: 0, indexCount: 3, texture: page1, clip: nil),
                                    DrawCommand(indexOffset: 3, indexCount: 1, texture: page2, clip: nil),
                                    DrawCommand(indexOffset: 4, indexCount: 1, texture: .none, clip: Rect(x: 0, y: 0, width: 5, height: 5))])
        XCTAssertEqual(l.instances[1], ShapeInstance(.glyph, (0, 0, 8, 8), (0, 0, 0.5, 0.5), fill: PackedColor(r: 255, g: 255, b: 255, a: 255)))
    }

    func testSmallSolidRectIsOnePointSpriteAndALongOneAFlatQuadOnTheTriangleFormsCorners() {
        var l = list()
        let red = PackedColor(r: 255, g: 0, b: 0, a: 255)
        l.addSolidRect(Rect(x: 10, y: 20, width: 16, height: 8), color: Color(hex: 0xFF0000))
        l.addSolidRect(Rect(x: 10, y: 40, width: 32, height: 2), color: Color(hex: 0xFF0000))   // 32 px: still a point
        l.addSolidRect(Rect(x: 10, y: 50, width: 33, height: 2), color: Color(hex: 0xFF0000))   // longer: a quad
        XCTAssertEqual(l.instances, [ShapeInstance(.rect, (10, 20, 26, 28), (0, 0, 0, 0), fill: red),
                                     ShapeInstance(.rect, (10, 40, 42, 42), (0, 0, 0, 0), fill: red),
                                     ShapeInstance(.quad, (10, 50, 43, 50), (10, 52, 43, 52), fill: red)])
        XCTAssertEqual(ShapeInstance.vertexCount(l.instances), 1 + 1 + 4)
        var t = DrawList()
        t.addSolidRect(Rect(x: 10, y: 20, width: 16, height: 8), color: Color(hex: 0xFF0000))
        XCTAssertEqual(Set(t.vertices.map { [$0.x, $0.y] }), [[10, 20], [26, 20], [10, 28], [26, 28]])
        // At two pixels per point the limit is 16 points.
        var hi = DrawList(form: .instances)
        hi.reset(displayScale: 2)
        hi.addSolidRect(Rect(x: 0, y: 0, width: 16, height: 1), color: .black)
        hi.addSolidRect(Rect(x: 0, y: 0, width: 16.5, height: 1), color: .black)
        XCTAssertEqual(hi.instances.map(\.kind), [ShapeInstance.Kind.rect.rawValue, ShapeInstance.Kind.quad.rawValue])
    }

    func testThinPolylineIsALineStripOfItsPointsWithTheFirstMarked() {
        var l = list()
        let color = Color(white: 0, opacity: 0.5)
        // Every point is kept (no simplification), in order; each polyline is its own strip.
        let points = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 0), Point(x: 20, y: 10)]
        l.addThinPolyline(points, color: color)
        l.addThinPolyline([Point(x: 5, y: 5), Point(x: 6, y: 7)], color: color)
        let c = PackedColor(color)
        func point(_ x: Float, _ y: Float, first: Bool) -> ShapeInstance {
            ShapeInstance(.hairline, (x, y, 0, 0), (first ? 1 : 0, 0, 0, 0), fill: c)
        }
        XCTAssertEqual(l.instances, [point(0, 0, first: true), point(10, 0, first: false), point(20, 0, first: false),
                                     point(20, 10, first: false), point(5, 5, first: true), point(6, 7, first: false)])
        XCTAssertEqual(l.commands, [DrawCommand(indexOffset: 0, indexCount: 6, texture: .none, clip: nil)])
        XCTAssertEqual(ShapeInstance.vertexCount(l.instances), 6)
    }
}
