import Foundation

/// The outline of an arrow marker, flow units: tip on the path's end, pointing along `direction`.
public struct MarkerGeometry: Hashable, Sendable {
    /// The tip, on the path's end point.
    public var tip: Point
    /// The two back corners of the arrow head.
    public var left: Point
    public var right: Point
    /// Angle of the direction the arrow points, radians (atan2 of the path tangent).
    public var angle: Double

    /// Places `marker` with its tip at `tip`, pointing along the unit vector `direction`.
    public init(marker: EdgeMarker, tip: Point, direction: Point) {
        self.tip = tip
        angle = atan2(direction.y, direction.x)
        let back = tip - direction * marker.width
        let across = Point(x: -direction.y, y: direction.x) * (marker.height / 2)
        left = back + across
        right = back - across
    }
}
