@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `.animation(_:value:)` on the frame clock: scripted frames at known times, exact values.
final class AnimationTests: XCTestCase {
    /// What the node's view reads (the app's state).
    final class Model { var on = false }

    /// Node "a" (200x100 at (0, 0)) drawing a red bar 50 or 100 wide, moved 0 or 40 right,
    /// opaque or at 50%, animated with `animation` when `model.on` changes.
    func harness(_ model: Model, _ animation: Animation?) -> CanvasHarness {
        CanvasHarness(nodes: [Node(id: "a", position: .zero, data: .null, type: "a", width: 200, height: 100)]) { canvas in
            canvas.nodeTypes["a"] = NodeType { _ in
                Color.red.frame(width: model.on ? 100 : 50, height: 20)
                    .opacity(model.on ? 0.5 : 1)
                    .offset(x: model.on ? 40 : 0)
                    .animation(animation, value: model.on)
            }
        }
    }

    /// The bar's width, left edge and opacity as drawn in the last frame.
    func bar(_ h: CanvasHarness) -> (width: Double, x: Double, opacity: Double) {
        let s = h.canvas.nodeCache.states[0]
        for op in h.canvas.nodeCache.ops[s.opsRange] {
            if case .shape(let r, let p) = op { return (r.width, r.minX, p.fill?.opacity ?? -1) }
        }
        return (-1, -1, -1)
    }

    func frame(_ h: CanvasHarness, at ms: Double) -> (width: Double, x: Double, opacity: Double) {
        h.time = ms
        h.frame()
        return bar(h)
    }

    func testALinearAnimationInterpolatesWidthOffsetAndOpacityOnTheFrameClock() {
        let model = Model(), h = harness(model, .linear(duration: 1))
        XCTAssertEqual(bar(h).width, 50)
        model.on = true
        // The change is seen at 1000 ms: from there, a second to the new values.
        var b = frame(h, at: 1000)
        XCTAssertEqual(b.width, 50); XCTAssertEqual(b.x, 75); XCTAssertEqual(b.opacity, 1)
        b = frame(h, at: 1250)
        XCTAssertEqual(b.width, 62.5, accuracy: 1e-9)
        XCTAssertEqual(b.x, 100 - 31.25 + 10, accuracy: 1e-9, "centred 62.5 wide, moved 10")
        XCTAssertEqual(b.opacity, 0.875, accuracy: 1e-9)
        b = frame(h, at: 1500)
        XCTAssertEqual(b.width, 75, accuracy: 1e-9)
        b = frame(h, at: 2000)
        XCTAssertEqual(b.width, 100); XCTAssertEqual(b.x, 90); XCTAssertEqual(b.opacity, 0.5)
        b = frame(h, at: 5000)
        XCTAssertEqual(b.width, 100, "ended: the new values")
    }

    func testAChangeWhileRunningStartsFromWhatIsDrawnAndNilChangesAtOnce() {
        let model = Model(), h = harness(model, .linear(duration: 1))
        model.on = true
        _ = frame(h, at: 0)
        XCTAssertEqual(frame(h, at: 500).width, 75, accuracy: 1e-9)
        model.on = false
        XCTAssertEqual(frame(h, at: 500).width, 75, accuracy: 1e-9, "back from 75")
        XCTAssertEqual(frame(h, at: 1000).width, 62.5, accuracy: 1e-9)
        XCTAssertEqual(frame(h, at: 1500).width, 50)

        let instant = Model(), g = harness(instant, nil)
        instant.on = true
        XCTAssertEqual(frame(g, at: 100).width, 100)
    }

    func testEasingCurvesAndTheDefault() {
        XCTAssertEqual(Animation.default.duration, 0.35)
        XCTAssertEqual(Animation.default.progress(0.175), 0.5, accuracy: 1e-9, "easeInOut is symmetric")
        XCTAssertEqual(Animation.easeInOut(duration: 1).progress(0.25), 0.129162, accuracy: 1e-6)
        XCTAssertEqual(Animation.easeIn(duration: 1).progress(0.5), 0.315357, accuracy: 1e-6)
        XCTAssertEqual(Animation.easeOut(duration: 1).progress(0.5), 0.684643, accuracy: 1e-6)
        XCTAssertEqual(Animation.linear.progress(0.35), 1)
        let model = Model(), h = harness(model, .easeInOut(duration: 1))
        model.on = true
        _ = frame(h, at: 0)
        XCTAssertEqual(frame(h, at: 500).width, 75, accuracy: 1e-9)
    }

    func testASpringOvershootsThenEndsOnTheNewValue() {
        // response 1 s, damping 0.5: ω = 2π, the first peak at π / ω_d ≈ 0.577 s overshoots by
        // e^(−ζπ/√(1−ζ²)) ≈ 16.3%; the envelope is under 0.1% after ln(1000) / (ζω) ≈ 2.199 s.
        let spring = Animation.spring(response: 1, dampingFraction: 0.5)
        XCTAssertEqual(spring.duration, log(1000) / .pi, accuracy: 1e-12)
        let peak = Double.pi / (2 * .pi * (0.75).squareRoot())
        XCTAssertEqual(spring.progress(peak), 1 + exp(-0.5 * .pi / (0.75).squareRoot()), accuracy: 1e-9)
        let model = Model(), h = harness(model, spring)
        model.on = true
        _ = frame(h, at: 0)
        XCTAssertEqual(frame(h, at: peak * 1000).width, 50 + 50 * (1 + exp(-0.5 * .pi / (0.75).squareRoot())), accuracy: 1e-9)
        XCTAssertEqual(frame(h, at: 2200).width, 100)
        XCTAssertEqual(Animation.spring().duration, log(1000) / (0.825 * 2 * .pi / 0.55), accuracy: 1e-12)
    }

    func testRotationScaleAndColourAnimateAndStateGoesWithTheNode() {
        let model = Model()
        let h = CanvasHarness(nodes: [Node(id: "a", position: .zero, data: .null, type: "a", width: 200, height: 100)]) { canvas in
            canvas.nodeTypes["a"] = NodeType { _ in
                (model.on ? Color.blue : Color.red).frame(width: 40, height: 20)
                    .scaleEffect(model.on ? 2 : 1)
                    .rotationEffect(.degrees(model.on ? 90 : 0))
                    .animation(.linear(duration: 1), value: model.on)
            }
        }
        model.on = true
        _ = frame(h, at: 0)
        h.time = 500
        h.frame()
        let s = h.canvas.nodeCache.states[0]
        guard case .polygon(let points, let paint) = h.canvas.nodeCache.ops[Int(s.opsStart)] else { return XCTFail() }
        // Halfway: 45°, 1.5 times, purple; the 60x30 rectangle's top-left corner (−30, −15) from
        // the centre turned by 45°.
        let c = (0.5).squareRoot()
        XCTAssertEqual(points[0].x, 100 + (-30 * c + 15 * c), accuracy: 1e-9)
        XCTAssertEqual(points[0].y, 50 + (-30 * c - 15 * c), accuracy: 1e-9)
        XCTAssertEqual(paint.fill, Color.red.mix(.blue, 0.5))
        XCTAssertEqual(h.canvas.controlState.animations.states.count, 1)
        h.store.setNodes([])
        h.frame()
        XCTAssertTrue(h.canvas.controlState.animations.states.isEmpty, "dropped with its node")
    }
}
