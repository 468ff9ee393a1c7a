/// Packs rectangles into a fixed-size area in rows ("shelves"): each rectangle goes on the first
/// shelf that is tall enough (without wasting more than a quarter of its height) and has room
/// left, or on a new shelf below the last one.
public struct ShelfPacker: Sendable {
    public let width: Int
    public let height: Int
    private var shelves: [(y: Int, height: Int, x: Int)] = []
    private var nextY = 0

    /// Creates an empty packer for a `width` × `height` area.
    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// Reserves a `w` × `h` rectangle and returns its top-left corner, or nil when it does not fit.
    public mutating func allocate(width w: Int, height h: Int) -> (x: Int, y: Int)? {
        guard w > 0, h > 0, w <= width else { return nil }
        for i in shelves.indices {
            let s = shelves[i]
            if h <= s.height, s.height - h <= max(2, s.height / 4), s.x + w <= width {
                shelves[i].x += w
                return (s.x, s.y)
            }
        }
        guard nextY + h <= height else { return nil }
        shelves.append((y: nextY, height: h, x: w))
        defer { nextY += h }
        return (0, nextY)
    }
}
