import SwiftFlowCore

/// A `fitView` waiting for the next frame's layout: padding (a fraction of the canvas size per
/// side), the nodes to fit (nil: every non-hidden node) and the animation length (ms).
struct FitViewRequest {
    var padding: Double
    var nodeIds: Set<String>? = nil
    var duration: Double = 0
}

/// A viewport change spread over `duration` milliseconds of the frame clock, starting at the
/// first frame that sees it.
struct ViewportAnimation {
    var from: Viewport
    var to: Viewport
    var duration: Double
    var start: Double?
}

extension FlowCanvas {
    /// Moves the view to `target` (zoom clamped to `minZoom...maxZoom`) at once, or over
    /// `duration` milliseconds of frame-clock time. Invalid targets (non-finite, zoom ≤ 0) are ignored.
    func move(to target: Viewport, duration: Double) {
        guard target.isValid else { return }
        let to = Viewport(x: target.x, y: target.y, zoom: min(max(target.zoom, minZoom), maxZoom))
        if duration.isFinite && duration > 0 {
            viewportController.animation = ViewportAnimation(from: viewportController.current, to: to, duration: duration, start: nil)
        } else {
            viewport = to
        }
    }

    /// Advances the animation to the frame time `time` (ms): x, y and zoom interpolated with
    /// d3's default transition easing, cubic in-out (React Flow animates through d3-zoom); the
    /// last frame lands exactly on the target. Reports the change through `onViewportChange`.
    func advanceViewportAnimation(time: Double) {
        guard var a = viewportController.animation else { return }
        let start = a.start ?? time
        a.start = start
        let t = min(max((time - start) / a.duration, 0), 1)
        let e = LayoutTransition.ease(t)
        let before = viewportController.current
        viewportController.current = t >= 1 ? a.to : Viewport(x: a.from.x + (a.to.x - a.from.x) * e, y: a.from.y + (a.to.y - a.from.y) * e,
                                                   zoom: a.from.zoom + (a.to.zoom - a.from.zoom) * e)
        viewportController.animation = t >= 1 ? nil : a
        if viewportController.current != before { onViewportChange?(viewportController.current) }
    }
}
