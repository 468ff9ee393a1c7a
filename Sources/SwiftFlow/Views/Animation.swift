import Foundation
import SwiftFlowCore

/// How a change is animated (SwiftUI's `Animation`): a timing curve over a duration of the
/// frame clock. `.default` is `easeInOut` over 0.35 s, as in SwiftUI.
public struct Animation: Hashable, Sendable {
    enum Curve: Hashable, Sendable {
        case linear
        /// CSS `cubic-bezier(x1, y1, x2, y2)` from (0, 0) to (1, 1).
        case bezier(Double, Double, Double, Double)
        /// A damped spring: `response` seconds per oscillation when undamped, `dampingFraction`
        /// of critical damping.
        case spring(response: Double, dampingFraction: Double)
    }
    let curve: Curve
    /// Seconds from the change to the end value.
    public let duration: Double

    /// 0.35 s, ease in and out (SwiftUI's default animation).
    public static let `default` = easeInOut(duration: 0.35)
    /// Constant speed over 0.35 s.
    public static let linear = linear(duration: 0.35)
    /// Slow start over 0.35 s (`cubic-bezier(0.42, 0, 1, 1)`).
    public static let easeIn = easeIn(duration: 0.35)
    /// Slow end over 0.35 s (`cubic-bezier(0, 0, 0.58, 1)`).
    public static let easeOut = easeOut(duration: 0.35)
    /// Slow start and end over 0.35 s (`cubic-bezier(0.42, 0, 0.58, 1)`).
    public static let easeInOut = easeInOut(duration: 0.35)

    /// Constant speed over `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation(curve: .linear, duration: duration) }
    /// Slow start over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation { Animation(curve: .bezier(0.42, 0, 1, 1), duration: duration) }
    /// Slow end over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation { Animation(curve: .bezier(0, 0, 0.58, 1), duration: duration) }
    /// Slow start and end over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { Animation(curve: .bezier(0.42, 0, 0.58, 1), duration: duration) }

    /// A spring (SwiftUI's `spring(response:dampingFraction:blendDuration:)`, defaults 0.55 s and
    /// 0.825), approximated by the closed form of a damped harmonic oscillator released from the
    /// old value at rest: `1 − e^(−ζωt)(cos ω_d t + ζω/ω_d · sin ω_d t)` with ω = 2π / response,
    /// ω_d = ω√(1 − ζ²) (critically damped `1 − (1 + ωt)e^(−ωt)` for ζ ≥ 1). It overshoots when
    /// under-damped, and ends — at the end value exactly — when its envelope falls below 0.1%:
    /// after ln(1000) / (ζω) seconds (ζ capped at 1). `blendDuration` is accepted and ignored.
    public static func spring(response: Double = 0.55, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        let r = response.isFinite && response > 0 ? response : 0.55
        let z = dampingFraction.isFinite && dampingFraction > 0 ? dampingFraction : 0.825
        return Animation(curve: .spring(response: r, dampingFraction: z), duration: log(1000) / (min(z, 1) * 2 * .pi / r))
    }

    /// The fraction of the way from the old value to the new one `seconds` after the change: 0 at
    /// the start, 1 from `duration` on (a spring may pass 1 on the way).
    func progress(_ seconds: Double) -> Double {
        guard duration > 0, seconds < duration else { return 1 }
        let t = max(seconds, 0)
        switch curve {
        case .linear:
            return t / duration
        case .bezier(let x1, let y1, let x2, let y2):
            return Self.cubicBezier(x: t / duration, x1, y1, x2, y2)
        case .spring(let response, let zeta):
            let w = 2 * Double.pi / response
            if zeta >= 1 { return 1 - (1 + w * t) * exp(-w * t) }
            let wd = w * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * w * t) * (cos(wd * t) + zeta * w / wd * sin(wd * t))
        }
    }

    /// y of the CSS cubic Bézier timing curve at x (0...1): the curve's parameter solved by
    /// Newton's method, bisection when the slope vanishes.
    static func cubicBezier(x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func bez(_ t: Double, _ a: Double, _ b: Double) -> Double { 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t }
        func slope(_ t: Double) -> Double { 3 * x1 * (1 - t) * (1 - t) + 6 * (x2 - x1) * t * (1 - t) + 3 * (1 - x2) * t * t }
        var t = x
        for _ in 0..<8 {
            let d = slope(t), e = bez(t, x1, x2) - x
            if abs(e) < 1e-12 { return bez(t, y1, y2) }
            guard abs(d) > 1e-9 else { break }
            t -= e / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 where abs(bez(t, x1, x2) - x) > 1e-12 {
            if bez(t, x1, x2) < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return bez(t, y1, y2)
    }
}

/// A view whose animatable values animate when `value` changes (`.animation(_:value:)`).
public struct AnimatedView<Content: View, Value: Equatable>: View, PrimitiveView {
    let content: Content
    let animation: Animation?
    let value: Value
    public func _build(into builder: inout LayoutBuilder) { builder.animating(animation, value: value) { $0.add(content) } }
}

extension View {
    /// Animates the view's animatable values when `value` differs from the one of the last
    /// frame it was built in (SwiftUI's `animation(_:value:)`): the offsets, `.scaleEffect`s,
    /// `.rotationEffect`s, `.frame` widths and heights, and the colours of shapes and text inside
    /// (so `.opacity` and `.foregroundColor` too) go from what was drawn to the new values over
    /// `animation`'s duration on the frame clock; a change while one runs starts from what is
    /// drawn. nil changes at once. State is kept per view (node id and place in the view tree)
    /// while its node lives; views built in a different order between frames pair values by order.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> AnimatedView<Self, V> {
        AnimatedView(content: self, animation: animation, value: value)
    }
}
