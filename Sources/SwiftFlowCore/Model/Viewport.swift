/// The canvas transform: `screen = flow · zoom + (x, y)`, with `(x, y)` in screen points.
public struct Viewport: Hashable, Sendable {
    /// Horizontal translation in screen points.
    public var x: Double
    /// Vertical translation in screen points.
    public var y: Double
    /// Scale factor from flow units to screen points.
    public var zoom: Double

    /// Creates a viewport; the default is the identity transform.
    public init(x: Double = 0, y: Double = 0, zoom: Double = 1) { self.x = x; self.y = y; self.zoom = zoom }

    /// Converts a flow point to screen points.
    public func flowToScreen(_ p: Point) -> Point { Point(x: p.x * zoom + x, y: p.y * zoom + y) }
    /// Converts a screen point to flow units.
    public func screenToFlow(_ p: Point) -> Point { Point(x: (p.x - x) / zoom, y: (p.y - y) / zoom) }
    /// The flow-space rectangle seen through a canvas of `size` screen points.
    public func visibleFlowRect(canvasSize size: Size) -> Rect {
        Rect(origin: screenToFlow(.zero), size: Size(width: size.width / zoom, height: size.height / zoom))
    }
    /// True when x, y and zoom are finite and zoom is positive.
    public var isValid: Bool { x.isFinite && y.isFinite && zoom.isFinite && zoom > 0 }

    /// The viewport zoomed to `zoom` (clamped to `range`) about `anchor` (screen points), keeping the
    /// flow point under the anchor where it was.
    public func zoomed(to zoom: Double, about anchor: Point, clampedTo range: ClosedRange<Double>) -> Viewport {
        let z = min(max(zoom, range.lowerBound), range.upperBound)
        let flow = screenToFlow(anchor)
        return Viewport(x: anchor.x - flow.x * z, y: anchor.y - flow.y * z, zoom: z)
    }
}
