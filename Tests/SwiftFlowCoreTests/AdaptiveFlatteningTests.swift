import SwiftFlowCore
import XCTest

/// Cubic segments are flattened adaptively: within the tolerance, and one piece along a line.
final class AdaptiveFlatteningTests: XCTestCase {
    func testCurvesStayWithinTheToleranceAndStraightOnesAreOnePiece() {
        var points: [Point] = []
        PathSegment.cubic(BezierPath(start: Point(x: 0, y: 0), control1: Point(x: 100, y: 0), control2: Point(x: 200, y: 0),
                                     end: Point(x: 3000, y: 0))).appendFlattened(tolerance: 0.25, limit: 64, into: &points)
        XCTAssertEqual(points, [Point(x: 3000, y: 0)])
        let curve = BezierPath(source: Point(x: 500, y: 40), sourcePosition: .right, target: Point(x: 0, y: 300), targetPosition: .left)
        points = [curve.start]
        PathSegment.cubic(curve).appendFlattened(tolerance: 0.25, limit: 64, into: &points)
        XCTAssertGreaterThan(points.count, 8)
        XCTAssertLessThanOrEqual(points.count, 65)
        XCTAssertEqual(points.last, curve.end)
        func distanceToPolyline(_ p: Point) -> Double {
            zip(points, points.dropFirst()).map { a, b in
                let ab = b - a, t = min(max(((p - a).x * ab.x + (p - a).y * ab.y) / max(ab.x * ab.x + ab.y * ab.y, 1e-12), 0), 1)
                return (p - a - ab * t).length
            }.min()!
        }
        for k in 0...1000 { XCTAssertLessThanOrEqual(distanceToPolyline(curve.point(at: Double(k) / 1000)), 0.25 + 1e-9) }
        points = []
        PathSegment.cubic(BezierPath(start: Point(x: .nan, y: 0), control1: .zero, control2: .zero, end: .zero))
            .appendFlattened(tolerance: 0.25, limit: 64, into: &points)
        XCTAssertEqual(points, [])
    }
}
