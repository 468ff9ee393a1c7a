@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `.rotationEffect`: turned shapes as polygons, upright text carried round, the anchor, and
/// both draw-list forms.
final class RotationEffectTests: XCTestCase {
    /// Lays out one node of `view` (100x60) and returns its ops.
    func ops<V: View>(@ViewBuilder _ view: @escaping () -> V) -> [NodeDrawOp] {
        let h = CanvasHarness(nodes: [Node(id: "v", position: .zero, data: .null, type: "v", width: 100, height: 60)]) { canvas in
            canvas.nodeTypes["v"] = NodeType { _ in view() }
        }
        let s = h.canvas.nodeCache.states[0]
        return Array(h.canvas.nodeCache.ops[s.opsRange])
    }

    func assertPoints(_ a: [Point], _ b: [Point], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        for (p, q) in zip(a, b) {
            XCTAssertEqual(p.x, q.x, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(p.y, q.y, accuracy: 1e-9, file: file, line: line)
        }
    }

    func testARectangleTurnedAQuarterClockwiseAboutItsCentre() {
        // The 40x20 rectangle at (30, 20) turned 90° about (50, 30): its corners, clockwise from the top-left.
        let drawn = ops { Color.red.frame(width: 40, height: 20).rotationEffect(.degrees(90)) }
        guard case .polygon(let points, let paint) = drawn[0] else { return XCTFail("\(drawn)") }
        assertPoints(points, [Point(x: 60, y: 10), Point(x: 60, y: 50), Point(x: 40, y: 50), Point(x: 40, y: 10)])
        XCTAssertEqual(paint.fill, .red)
        XCTAssertEqual(Angle.radians(.pi).degrees, 180)
    }

    func testTheAnchorIsThePivotAndTextStaysUprightWithItsCentreTurned() {
        // About the top-leading corner (30, 20): 180° sends the rectangle up and left of it.
        let drawn = ops { Color.blue.frame(width: 40, height: 20).rotationEffect(.radians(.pi), anchor: .topLeading) }
        guard case .polygon(let points, _) = drawn[0] else { return XCTFail("\(drawn)") }
        assertPoints(points, [Point(x: 30, y: 20), Point(x: -10, y: 20), Point(x: -10, y: 0), Point(x: 30, y: 0)])
        // "Hi" (14.4 x 14.4 at 12 points) at (42.8, 22.8), centre (50, 30): turned about the node's
        // top-leading corner by 90°, the centre goes to (-30, 50); the text is drawn upright there.
        let text = ops { Text("Hi").frame(width: 100, height: 60).rotationEffect(.degrees(90), anchor: .topLeading) }
        guard case .text(_, let origin, _, _, _) = text[0] else { return XCTFail("\(text)") }
        XCTAssertEqual(origin.x, -30 - 7.2, accuracy: 1e-9)
        XCTAssertEqual(origin.y, 50 - 7.2, accuracy: 1e-9)
    }

    func testRoundShapesAndRoundedCornersTurnAsOutlinesAndZeroIsNoTurn() {
        let circle = ops { Circle().fill(.red).frame(width: 20, height: 20).rotationEffect(.degrees(45)) }
        guard case .polygon(let points, _) = circle[0] else { return XCTFail("\(circle)") }
        XCTAssertEqual(points.count, 48)
        for p in points { XCTAssertEqual(p.distance(to: Point(x: 50, y: 30)), 10, accuracy: 1e-9) }
        let rounded = ops { RoundedRectangle(cornerRadius: 5).fill(.red).frame(width: 40, height: 20).rotationEffect(.degrees(30)) }
        guard case .polygon(let corners, _) = rounded[0] else { return XCTFail("\(rounded)") }
        XCTAssertEqual(corners.count, 36, "four 8-segment arcs")
        let none = ops { Color.red.frame(width: 40, height: 20).rotationEffect(.zero) }
        guard case .shape(let r, _) = none[0] else { return XCTFail("\(none)") }
        XCTAssertEqual(r, Rect(x: 30, y: 20, width: 40, height: 20))
    }

    func testATurnedShapeIsDrawnInBothDrawListForms() {
        let h = CanvasHarness(nodes: [Node(id: "v", position: .zero, data: .null, type: "v", width: 100, height: 60)]) { canvas in
            canvas.nodeTypes["v"] = NodeType { _ in Color.red.frame(width: 40, height: 20).rotationEffect(.degrees(90)) }
        }
        let s = h.canvas.nodeCache.states[0]
        let op = h.canvas.nodeCache.ops[s.opsRange]
        var triangles = DrawList(form: .triangles), instances = DrawList(form: .instances)
        h.canvas.drawOps(op, at: Point(x: 10, y: 0), scale: 2, h.canvas.detail, into: &triangles)
        h.canvas.drawOps(op, at: Point(x: 10, y: 0), scale: 2, h.canvas.detail, into: &instances)
        // Four corners, each with an inner (opaque) and an outer (fringe) vertex: the inner ones
        // lie half a pixel inside the turned rectangle (130, 20)-(90, 100) on screen.
        XCTAssertEqual(triangles.vertices.count, 8)
        let inner = stride(from: 0, to: 8, by: 2).map { Point(x: Double(triangles.vertices[$0].x), y: Double(triangles.vertices[$0].y)) }
        assertPoints(inner, [Point(x: 129.5, y: 20.5), Point(x: 129.5, y: 99.5), Point(x: 90.5, y: 99.5), Point(x: 90.5, y: 20.5)])
        XCTAssertEqual(instances.instances.count, 2, "a fan of two triangles on the GPU")
    }

    /// A non-finite anchor turns about the centre, as the default does; it used to put NaN into
    /// every point of the view, which then drew nothing.
    func testANonFiniteAnchorTurnsAboutTheCentre() {
        let drawn = ops { Color.red.frame(width: 40, height: 20).rotationEffect(.degrees(90), anchor: UnitPoint(x: .nan, y: .infinity)) }
        guard case .polygon(let points, _) = drawn[0] else { return XCTFail("\(drawn)") }
        assertPoints(points, [Point(x: 60, y: 10), Point(x: 60, y: 50), Point(x: 40, y: 50), Point(x: 40, y: 10)])
    }
}
