import SwiftFlowCore

/// A drag on a view inside a node (SwiftUI's `DragGesture`), attached with `.gesture(_:)`: the
/// primary button pressed on the view and moved at least `minimumDistance`; then `onChanged`
/// runs on every move and `onEnded` at the release. The drag does not move, select or
/// connect the node. Locations are in the view's own space: flow units from the top-leading
/// corner of its frame (SwiftUI's default `.local` coordinate space), whatever the zoom.
public struct DragGesture {
    /// Where a drag is (SwiftUI's `DragGesture.Value`), in the view's space (flow units).
    public struct Value: Hashable, Sendable {
        /// Where the press was.
        public var startLocation: Point
        /// Where the pointer is.
        public var location: Point
        /// `location − startLocation`.
        public var translation: Size
    }

    /// Movement (flow units) before the drag starts (SwiftUI's default 10); 0 starts it at the press.
    public var minimumDistance: Double
    var changed: ((Value) -> Void)?
    var ended: ((Value) -> Void)?

    /// A drag that starts after `minimumDistance` flow units of movement (default 10; negative
    /// or NaN counts as 0).
    public init(minimumDistance: Double = 10) { self.minimumDistance = minimumDistance > 0 ? minimumDistance : 0 }

    /// Runs `action` with the drag's value on every move once it has started (and at the press
    /// when `minimumDistance` is 0).
    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture {
        var g = self; g.changed = action; return g
    }
    /// Runs `action` with the drag's last value when the button is released after it started.
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture {
        var g = self; g.ended = action; return g
    }

    /// The value of a drag from `start` to `location` (view space).
    static func value(from start: Point, to location: Point) -> Value {
        Value(startLocation: start, location: location, translation: Size(width: location.x - start.x, height: location.y - start.y))
    }
}

extension View {
    /// Attaches `gesture` to the view (SwiftUI's `gesture`): a press on it is the drag's, not the
    /// node's. Inside `.allowsHitTesting(false)` the view takes no drag. Hit testing uses the
    /// view's laid-out frame (not moved by `.offset`, `.scaleEffect` or `.rotationEffect`).
    public func gesture(_ gesture: DragGesture) -> TapGestureView<Self> {
        TapGestureView(content: self, tap: TapAction(action: {}, count: 1, isButton: false, drag: gesture))
    }
}

/// A `DragGesture` in progress on a view (`ButtonPress.drag`).
struct ViewDrag {
    var gesture: DragGesture
    /// The view's frame on screen at the press (screen points) and screen points per flow unit.
    var viewRect: Rect
    var scale: Double
    /// Where the press was, view space.
    var start: Point
    /// Whether the pointer has moved `minimumDistance` since the press.
    var started: Bool

    /// The screen point `p` in the view's space.
    func location(_ p: Point) -> Point { Point(x: (p.x - viewRect.minX) / scale, y: (p.y - viewRect.minY) / scale) }
}
