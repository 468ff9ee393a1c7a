import SwiftFlowCore
import XCTest

/// Every path type against hand-computed values (React Flow's formulas) for four handle pairs,
/// all from (0, 0) to (200, 100): right → left, left → right (handles facing away), top → top
/// and bottom → right.
final class EdgePathTests: XCTestCase {
    private let s = Point(x: 0, y: 0), t = Point(x: 200, y: 100)
    private let pairs: [(Position, Position)] = [(.right, .left), (.left, .right), (.top, .top), (.bottom, .right)]
    /// 0.25 · 25 · √200: the bezier control offset when the other end lies 200 behind the handle.
    private let behind200 = 6.25 * 200.0.squareRoot()

    private func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private func assertCubic(_ path: EdgePath, _ c1: Point, _ c2: Point, label: Point,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard case .cubic(let c) = path.shape else { return XCTFail("not a cubic", file: file, line: line) }
        for (a, b) in [(c.control1, c1), (c.control2, c2), (path.labelPoint, label), (c.start, s), (c.end, t)] {
            XCTAssertEqual(a.x, b.x, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-9, file: file, line: line)
        }
    }

    func testBezierControlPointsAndLabelForEveryPair() {
        let paths = pairs.map { EdgePath(type: .bezier, source: s, sourcePosition: $0.0, target: t, targetPosition: $0.1) }
        assertCubic(paths[0], P(100, 0), P(100, 100), label: P(100, 50))
        assertCubic(paths[1], P(-behind200, 0), P(200 + behind200, 100), label: P(100, 50))
        // top → top: the target lies 100 below the source's top side (62.5), the source 100 above the target's (50).
        assertCubic(paths[2], P(0, -62.5), P(200, 50), label: P(100, 0.375 * -62.5 + 0.375 * 50 + 12.5))
        assertCubic(paths[3], P(0, 50), P(200 + behind200, 100), label: P(0.375 * (200 + behind200) + 25, 68.75))
        XCTAssertEqual(paths[0].labelOffset, P(100, 50))
    }

    func testSimpleBezierControlsSitHalfwayAlongEachHandlesAxis() {
        let paths = pairs.map { EdgePath(type: .simpleBezier, source: s, sourcePosition: $0.0, target: t, targetPosition: $0.1) }
        assertCubic(paths[0], P(100, 0), P(100, 100), label: P(100, 50))
        assertCubic(paths[1], P(100, 0), P(100, 100), label: P(100, 50))
        assertCubic(paths[2], P(0, 50), P(200, 50), label: P(100, 50))
        assertCubic(paths[3], P(0, 50), P(100, 100), label: P(62.5, 68.75))
    }

    func testStraightIsOneLineWithTheLabelAtTheMidpoint() {
        for (sp, tp) in pairs {
            let path = EdgePath(type: .straight, source: s, sourcePosition: sp, target: t, targetPosition: tp)
            XCTAssertEqual(path.segments, [.line(s, t)])
            XCTAssertEqual(path.labelPoint, P(100, 50))
            XCTAssertEqual(path.labelOffset, P(100, 50))
        }
    }

    func testStepRoutesThroughReactFlowsCornerPoints() {
        let expected: [([Point], Point)] = [
            ([P(0, 0), P(20, 0), P(100, 0), P(100, 100), P(180, 100), P(200, 100)], P(100, 50)),
            ([P(0, 0), P(-20, 0), P(-20, 50), P(220, 50), P(220, 100), P(200, 100)], P(100, 50)),
            ([P(0, 0), P(0, -20), P(200, -20), P(200, 80), P(200, 100)], P(100, -20)),
            ([P(0, 0), P(0, 20), P(220, 20), P(220, 100), P(200, 100)], P(110, 20)),
        ]
        for ((sp, tp), (points, label)) in zip(pairs, expected) {
            let path = EdgePath(type: .step, source: s, sourcePosition: sp, target: t, targetPosition: tp)
            guard case .orthogonal(let route) = path.shape else { return XCTFail("\(sp) → \(tp) not orthogonal") }
            XCTAssertEqual(route.points, points, "\(sp) → \(tp)")
            XCTAssertEqual(path.labelPoint, label, "\(sp) → \(tp)")
            XCTAssertEqual(path.segments, zip(points, points.dropFirst()).map { .line($0, $1) }, "\(sp) → \(tp): sharp corners")
        }
    }

    func testSmoothStepRoundsEachCornerWithRadius5() {
        func L(_ a: Point, _ b: Point) -> PathSegment { .line(a, b) }
        func Q(_ a: Point, _ c: Point, _ b: Point) -> PathSegment { .quad(start: a, control: c, end: b) }
        let expected: [[PathSegment]] = [
            [L(P(0, 0), P(20, 0)), L(P(20, 0), P(95, 0)), Q(P(95, 0), P(100, 0), P(100, 5)), L(P(100, 5), P(100, 95)),
             Q(P(100, 95), P(100, 100), P(105, 100)), L(P(105, 100), P(180, 100)), L(P(180, 100), P(200, 100))],
            [L(P(0, 0), P(-15, 0)), Q(P(-15, 0), P(-20, 0), P(-20, 5)), L(P(-20, 5), P(-20, 45)),
             Q(P(-20, 45), P(-20, 50), P(-15, 50)), L(P(-15, 50), P(215, 50)), Q(P(215, 50), P(220, 50), P(220, 55)),
             L(P(220, 55), P(220, 95)), Q(P(220, 95), P(220, 100), P(215, 100)), L(P(215, 100), P(200, 100))],
            [L(P(0, 0), P(0, -15)), Q(P(0, -15), P(0, -20), P(5, -20)), L(P(5, -20), P(195, -20)),
             Q(P(195, -20), P(200, -20), P(200, -15)), L(P(200, -15), P(200, 80)), L(P(200, 80), P(200, 100))],
            [L(P(0, 0), P(0, 15)), Q(P(0, 15), P(0, 20), P(5, 20)), L(P(5, 20), P(215, 20)),
             Q(P(215, 20), P(220, 20), P(220, 25)), L(P(220, 25), P(220, 95)), Q(P(220, 95), P(220, 100), P(215, 100)),
             L(P(215, 100), P(200, 100))],
        ]
        let labels = [P(100, 50), P(100, 50), P(100, -20), P(110, 20)]
        for (k, (sp, tp)) in pairs.enumerated() {
            let path = EdgePath(type: .smoothStep, source: s, sourcePosition: sp, target: t, targetPosition: tp)
            XCTAssertEqual(path.segments, expected[k], "\(sp) → \(tp)")
            XCTAssertEqual(path.labelPoint, labels[k], "\(sp) → \(tp)")
            XCTAssertEqual(path.labelOffset, P(100, 50))
        }
    }

    func testSmoothStepCenterXMovesTheMiddleSegmentAndTheLabel() {
        let path = EdgePath.smoothStep(source: s, sourcePosition: .right, target: t, targetPosition: .left, centerX: 60)
        guard case .orthogonal(let route) = path.shape else { return XCTFail() }
        XCTAssertEqual(route.points, [P(0, 0), P(20, 0), P(60, 0), P(60, 100), P(180, 100), P(200, 100)])
        XCTAssertEqual(path.labelPoint, P(60, 50))
    }

    func testSameSidesCloserThanTheOffsetPullTheGapPointBack() {
        // right → right, 10 apart along x: gapOffset = min(20 − 1, 20 − 10) = 10, taken off the
        // source's gap point (the source side faces the direction of travel).
        let path = EdgePath.step(source: P(0, 0), sourcePosition: .right, target: P(10, 100), targetPosition: .right)
        guard case .orthogonal(let route) = path.shape else { return XCTFail() }
        XCTAssertEqual(route.points, [P(0, 0), P(10, 0), P(30, 0), P(30, 100), P(10, 100)])
        XCTAssertEqual(path.labelPoint, P(30, 50))
    }

    func testMarkersFollowTheTangentAtEachEnd() {
        let ends = pairs.map { EdgePath(type: .smoothStep, source: s, sourcePosition: $0.0, target: t, targetPosition: $0.1) }
        XCTAssertEqual(ends.map(\.endDirection), [P(1, 0), P(-1, 0), P(0, 1), P(-1, 0)])
        XCTAssertEqual(ends.map(\.startDirection), [P(-1, 0), P(1, 0), P(0, 1), P(0, -1)])
        let straight = EdgePath.straight(source: P(0, 0), target: P(30, 40))
        XCTAssertEqual(straight.endDirection, P(0.6, 0.8))
        XCTAssertEqual(straight.startDirection, P(-0.6, -0.8))
    }

    func testBoundsIncludeControlPointsAndDetours() {
        let step = EdgePath(type: .smoothStep, source: s, sourcePosition: .left, target: t, targetPosition: .right)
        XCTAssertEqual(step.bounds, Rect(x: -20, y: 0, width: 240, height: 100))
        let bezier = EdgePath(type: .bezier, source: s, sourcePosition: .left, target: t, targetPosition: .right)
        XCTAssertEqual(bezier.bounds.minX, -behind200, accuracy: 1e-9)
        XCTAssertEqual(bezier.bounds.maxX, 200 + behind200, accuracy: 1e-9)
        XCTAssertEqual(EdgePath.straight(source: P(5, 5), target: P(5, 5)).bounds, Rect(x: 5, y: 5, width: 0, height: 0))
    }

    func testDistanceToThePath() {
        let step = EdgePath(type: .smoothStep, source: s, sourcePosition: .right, target: t, targetPosition: .left)
        XCTAssertEqual(step.distance(to: P(100, 50)), 0, accuracy: 1e-9)
        XCTAssertEqual(step.distance(to: P(110, 50)), 10, accuracy: 1e-9)
        XCTAssertEqual(step.distance(to: P(50, -7)), 7, accuracy: 1e-9)
        // The rounded corner at (100, 0) passes (98.75, 1.25) at t = ½: about 1.77 from the sharp corner.
        XCTAssertEqual(step.distance(to: P(100, 0)), (2 * 1.25 * 1.25).squareRoot(), accuracy: 0.05)
        let bezier = EdgePath(type: .bezier, source: s, sourcePosition: .right, target: t, targetPosition: .left)
        XCTAssertEqual(bezier.distance(to: P(100, 50)), 0, accuracy: 0.05)
        // The tangent at t = ½ is (1, 1): 12 below the label point is about 12/√2 from the curve.
        XCTAssertEqual(bezier.distance(to: P(100, 62)), 12 / 2.0.squareRoot(), accuracy: 0.1)
        let bad = EdgePath.straight(source: P(.nan, 0), target: t)
        XCTAssertEqual(bad.distance(to: P(0, 0)), .infinity)
    }

    func testFlattenStaysWithinTheToleranceAndKeepsCorners() {
        let step = EdgePath(type: .smoothStep, source: s, sourcePosition: .right, target: t, targetPosition: .left)
        var points: [Point] = []
        step.flatten(tolerance: 0.1, into: &points)
        XCTAssertEqual(points.first, s)
        XCTAssertEqual(points.last, t)
        XCTAssertTrue(points.contains(P(95, 0)) && points.contains(P(100, 5)))
        let bezier = EdgePath(type: .bezier, source: s, sourcePosition: .right, target: t, targetPosition: .left)
        points = []
        bezier.flatten(tolerance: 0.1, into: &points)
        guard case .cubic(let c) = bezier.shape else { return XCTFail() }
        for i in 0...100 {
            let q = c.point(at: Double(i) / 100)
            let d = zip(points, points.dropFirst()).map { a, b in EdgePath.straight(source: a, target: b).distance(to: q) }.min()!
            XCTAssertLessThanOrEqual(d, 0.1 + 1e-9)
        }
        points = []
        EdgePath.straight(source: P(.infinity, 0), target: t).flatten(tolerance: 0.1, into: &points)
        XCTAssertEqual(points, [])
    }
}
