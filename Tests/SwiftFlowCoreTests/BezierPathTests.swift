import Foundation
import SwiftFlowCore
import XCTest

final class BezierPathTests: XCTestCase {
    func testRightToLeftWithTheTargetInFrontOffsetsByHalfTheDistance() {
        let p = BezierPath(source: Point(x: 0, y: 0), sourcePosition: .right, target: Point(x: 100, y: 50), targetPosition: .left)
        XCTAssertEqual(p.control1, Point(x: 50, y: 0))
        XCTAssertEqual(p.control2, Point(x: 50, y: 50))
        XCTAssertEqual(p.labelPoint, Point(x: 50, y: 25))
    }

    func testRightToLeftWithTheTargetBehindUsesCurvatureTimes25TimesRootDistance() {
        // d = −100 at both ends: offset 0.25 · 25 · √100 = 62.5 (React Flow calculateControlOffset).
        let p = BezierPath(source: Point(x: 100, y: 0), sourcePosition: .right, target: Point(x: 0, y: 50), targetPosition: .left)
        XCTAssertEqual(p.control1, Point(x: 162.5, y: 0))
        XCTAssertEqual(p.control2, Point(x: -62.5, y: 50))
    }

    func testBottomToTopLeavesAndEntersVertically() {
        let p = BezierPath(source: Point(x: 0, y: 0), sourcePosition: .bottom, target: Point(x: 40, y: 200), targetPosition: .top)
        XCTAssertEqual(p.control1, Point(x: 0, y: 100))
        XCTAssertEqual(p.control2, Point(x: 40, y: 100))
    }

    func testRightToBottomMixesBothRules() {
        let p = BezierPath(source: Point(x: 0, y: 0), sourcePosition: .right, target: Point(x: 200, y: 100), targetPosition: .bottom)
        XCTAssertEqual(p.control1, Point(x: 100, y: 0))
        XCTAssertEqual(p.control2, Point(x: 200, y: 162.5))
    }

    func testCustomCurvature() {
        let p = BezierPath(source: Point(x: 100, y: 0), sourcePosition: .right, target: Point(x: 0, y: 0), targetPosition: .left, curvature: 0.5)
        XCTAssertEqual(p.control1, Point(x: 225, y: 0))
    }

    func testMarkerPointsAlongThePathTangentAtEachEnd() {
        let marker = EdgeMarker(type: .arrowClosed)
        let paths = [
            BezierPath(source: Point(x: 0, y: 0), sourcePosition: .right, target: Point(x: 100, y: 50), targetPosition: .left),
            BezierPath(source: Point(x: 0, y: 0), sourcePosition: .bottom, target: Point(x: 40, y: 200), targetPosition: .top),
            BezierPath(source: Point(x: 0, y: 0), sourcePosition: .right, target: Point(x: 200, y: 100), targetPosition: .bottom),
        ]
        let expectedEndAngles = [0.0, Double.pi / 2, -Double.pi / 2]
        for (path, angle) in zip(paths, expectedEndAngles) {
            let edge = EdgePath(shape: .cubic(path), labelPoint: path.labelPoint, labelOffset: .zero)
            let end = MarkerGeometry(marker: marker, tip: path.end, direction: edge.endDirection)
            let t = path.tangent(at: 1)
            XCTAssertEqual(end.angle, atan2(t.y, t.x), accuracy: 1e-12)
            XCTAssertEqual(end.angle, angle, accuracy: 1e-12)
            XCTAssertEqual(end.tip, path.end)
            let start = MarkerGeometry(marker: marker, tip: path.start, direction: edge.startDirection)
            let t0 = path.tangent(at: 0)
            let back = atan2(-t0.y, -t0.x)   // compared as directions: ±π are the same angle
            XCTAssertEqual(cos(start.angle), cos(back), accuracy: 1e-12)
            XCTAssertEqual(sin(start.angle), sin(back), accuracy: 1e-12)
        }
        // The arrow head's back corners sit `width` behind the tip, `height` apart.
        let g = MarkerGeometry(marker: marker, tip: Point(x: 100, y: 50), direction: Point(x: 1, y: 0))
        XCTAssertEqual(g.left, Point(x: 87.5, y: 56.25))
        XCTAssertEqual(g.right, Point(x: 87.5, y: 43.75))
    }

    func testBoundsContainTheWholeCurve() {
        let p = BezierPath(source: Point(x: 100, y: 0), sourcePosition: .right, target: Point(x: 0, y: 50), targetPosition: .left)
        for i in 0...100 { XCTAssertTrue(p.bounds.contains(p.point(at: Double(i) / 100))) }
    }
}
