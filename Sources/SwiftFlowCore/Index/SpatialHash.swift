// TEMPORARY linear stand-in until the real spatial hash lands (same API).
public struct SpatialHash {
    var points: [Point] = []
    public init(cellSize: Double) {}
    public var count: Int { points.count }
    public mutating func rebuild(_ points: [Point]) { self.points = points }
    public mutating func move(_ index: Int, to point: Point) { points[index] = point }
    public func position(of index: Int) -> Point { points[index] }
    public func forEach(within radius: Double, of point: Point, _ body: (Int, Double) -> Void) {
        for (i, p) in points.enumerated() { let d = p.squaredDistance(to: point); if d <= radius * radius { body(i, d) } }
    }
    public func nearest(to point: Point, within radius: Double, where accept: (Int) -> Bool) -> Int? {
        var best: Int? = nil; var bd = Double.infinity
        for (i, p) in points.enumerated() { let d = p.squaredDistance(to: point); if d <= radius * radius, d < bd, accept(i) { best = i; bd = d } }
        return best
    }
}
