import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// The GL backend's batching: each command's instances regrouped into runs of one kind wherever
/// no overlapping shape of another kind lies between, strips kept whole, commands untouched.
final class InstanceBatcherTests: XCTestCase {
    private let page = TextureID(rawValue: 1)

    private func list() -> DrawList {
        var l = DrawList(form: .instances)
        l.reset(displayScale: 1)
        return l
    }

    private func reordered(_ l: DrawList) -> [ShapeInstance] {
        var b = InstanceBatcher()
        b.reorder(l, width: 800, height: 600)
        return b.batched
    }

    /// Where each instance of `l` went, by its left edge (all test shapes have distinct ones).
    private func order(_ l: DrawList) -> [Float] { reordered(l).map(\.a0) }

    func testNodesDrawnOneAfterAnotherBecomeOneRunPerKind() {
        var l = list()
        // 20 "nodes" 100 points apart: a box, a glyph on it, a handle box on the glyph.
        for i in 0..<20 {
            let x = Double(i % 8) * 100, y = Double(i / 8) * 100
            l.addRectFill(Rect(x: x, y: y, width: 60, height: 40), color: .white, cornerRadius: 4)
            l.addImage(page, rect: Rect(x: x + 10, y: y + 10, width: 8, height: 12), uv: Rect(x: 0, y: 0, width: 0.1, height: 0.1))
            l.addRectFill(Rect(x: x + 12, y: y + 12, width: 4, height: 4), color: .black, cornerRadius: 2)
        }
        XCTAssertEqual(l.commands.count, 1)
        let kinds = reordered(l).map(\.kind)
        let box = ShapeInstance.Kind.box.rawValue, glyph = ShapeInstance.Kind.glyph.rawValue
        XCTAssertEqual(kinds, Array(repeating: box, count: 20) + Array(repeating: glyph, count: 20) + Array(repeating: box, count: 20))
        // Within a batch the drawing order is kept: node boxes by node, then glyphs, then handles.
        let left = order(l)
        XCTAssertEqual(Array(left[0..<3]), [0, 100, 200])
        XCTAssertEqual(Array(left[20..<23]), [10, 110, 210])
        XCTAssertEqual(Array(left[40..<43]), [12, 112, 212])
    }

    func testAShapeNeverMovesBeforeAnOverlappingShapeOfAnotherKind() {
        var l = list()
        l.addRectFill(Rect(x: 0, y: 0, width: 50, height: 50), color: .white)                  // A: box
        l.addImage(page, rect: Rect(x: 10, y: 10, width: 10, height: 10), uv: Rect(x: 0, y: 0, width: 1, height: 1))  // G on A
        l.addRectFill(Rect(x: 15, y: 15, width: 20, height: 20), color: .black)                // B on G: stays after G
        l.addRectFill(Rect(x: 400, y: 400, width: 20, height: 20), color: .black)              // C alone: joins A's batch
        XCTAssertEqual(order(l), [0, 400, 10, 15])
    }

    func testAStripStaysWholeAndInOrderWhereverItsPointsLie() {
        var l = list()
        l.addRectFill(Rect(x: 0, y: 0, width: 20, height: 20), color: .white)
        l.addImage(page, rect: Rect(x: 2, y: 2, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 1, height: 1))
        // Starts far away, ends on the glyph: the whole strip goes after the glyph.
        let strip = [Point(x: 700, y: 500), Point(x: 300, y: 300), Point(x: 5, y: 5)]
        l.addThinPolyline(strip, color: .black)
        l.addRectFill(Rect(x: 740, y: 20, width: 20, height: 20), color: .white)   // beside the strip's bounds
        let out = reordered(l)
        XCTAssertEqual(out.map(\.a0), [0, 740, 2, 700, 300, 5])
        XCTAssertEqual(out.suffix(3).map(\.b0), [1, 0, 0], "the strip's first point is still first")
    }

    func testShapesNeverCrossACommand() {
        var l = list()
        l.addRectFill(Rect(x: 0, y: 0, width: 20, height: 20), color: .white)
        l.addImage(page, rect: Rect(x: 300, y: 300, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 1, height: 1))
        l.setClip(Rect(x: 0, y: 0, width: 100, height: 100))
        l.addRectFill(Rect(x: 500, y: 500, width: 20, height: 20), color: .white)
        l.addImage(page, rect: Rect(x: 200, y: 200, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 1, height: 1))
        l.addRectFill(Rect(x: 50, y: 50, width: 20, height: 20), color: .white)
        XCTAssertEqual(l.commands.map(\.indexCount), [2, 3])
        XCTAssertEqual(order(l), [0, 300, 500, 50, 200])
    }

    func testShapesOffTheCanvasOrNotFiniteAreOrderedConservatively() {
        var l = list()
        l.addRectFill(Rect(x: -5000, y: -5000, width: 10, height: 10), color: .white)        // off the canvas: its corner tile
        l.addImage(page, rect: Rect(x: 0, y: 0, width: 8, height: 8), uv: Rect(x: 0, y: 0, width: 1, height: 1))
        l.addRectFill(Rect(x: -4000, y: -4000, width: 10, height: 10), color: .white)        // same corner tile: after the glyph
        XCTAssertEqual(order(l), [-5000, 0, -4000])
        XCTAssertEqual(InstanceBatcher.bounds(ShapeInstance(.segment, (10, 10, 30, 10), (4, 0, 0, 0), fill: PackedColor(.black))).0, 7)
    }
}
