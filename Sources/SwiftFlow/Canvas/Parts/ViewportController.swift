import SwiftFlowCore

/// The viewport part: the current transform, a `fitView` waiting for this frame's layout and
/// an animation in progress. Written by `begin` (animation), `build` (a pending fit) and
/// `interact` (pan, zoom, programmatic moves); read by every stage.
struct ViewportController {
    /// The current transform (`FlowCanvas.viewport`).
    var current = Viewport()
    /// A `fitView` asked for since the last frame, applied in `build` once nodes have sizes.
    var pendingFit: FitViewRequest?
    /// A viewport animation in progress (`FlowInstance` methods with a duration).
    var animation: ViewportAnimation?

    /// The problems found (empty when all hold): a finite transform with a positive zoom.
    func _checkInvariants() -> [String] {
        current.isValid ? [] : ["viewport: \(current)"]
    }
}
