/// The role of a handle in a connection: `.source` starts connections, `.target` receives them.
public enum HandleType: String, Hashable, Sendable, Codable, CaseIterable {
    case source
    case target

    /// The other role.
    public var opposite: HandleType { self == .source ? .target : .source }
}

/// A side of a node's border: where a handle sits and the direction its edges leave or enter.
public enum Position: String, Hashable, Sendable, Codable, CaseIterable {
    case left, top, right, bottom

    /// Unit vector pointing out of the node through this side (y grows downward).
    public var outwardNormal: Point {
        switch self {
        case .left: return Point(x: -1, y: 0)
        case .right: return Point(x: 1, y: 0)
        case .top: return Point(x: 0, y: -1)
        case .bottom: return Point(x: 0, y: 1)
        }
    }
    /// True for `.left` and `.right`.
    public var isHorizontal: Bool { self == .left || self == .right }
    /// The side facing this one.
    public var opposite: Position {
        switch self {
        case .left: return .right
        case .right: return .left
        case .top: return .bottom
        case .bottom: return .top
        }
    }
}
