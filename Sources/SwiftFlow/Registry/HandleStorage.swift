import SwiftFlowCore

/// One handle recorded in the frame's registry (handles.md §2), as the registry hands it out
/// (`HandleRegistry[_:]`, `handles(ofNode:)`, `entries`), assembled from its compact storage.
public struct HandleEntry: Hashable {
    /// Index of the node in the array the canvas was given this frame.
    public var nodeIndex: Int32
    public var nodeId: String
    public var id: String
    public var type: HandleType
    public var position: Position
    /// Where edges attach and snapping measures from: absolute flow units.
    public var anchor: Point
    /// The anchor relative to the node's top-left, flow units.
    public var localAnchor: Point
    public var color: Color?
    public var isConnectable: Bool
    /// Order of appearance within the node, from 0.
    public var order: Int32
}

/// What a handle is apart from where it is: its id, type, side, colour and connectability. The
/// registry keeps each distinct style once (a graph has few: the stress graph has 4).
struct HandleStyle: Hashable {
    var id: String
    var type: HandleType
    var position: Position
    var color: Color?
    var isConnectable: Bool

    /// Field by field, the colour by its channels' bits (`sameColor`).
    static func == (a: HandleStyle, b: HandleStyle) -> Bool {
        a.id == b.id && a.type == b.type && a.position == b.position && sameColor(a.color, b.color) && a.isConnectable == b.isConnectable
    }

    func hash(into h: inout Hasher) {
        h.combine(id); h.combine(type); h.combine(position); h.combine(isConnectable)
        if let c = color { for v in [c.red, c.green, c.blue, c.opacity] { h.combine(v.bitPattern) } }
    }

    /// Whether two handle colours have the same channels, bit for bit: a colour with a NaN
    /// channel is then the same as itself (by `==` it is not, and its node's handles would be
    /// registered afresh, a structural rebuild and a new style, every frame it is laid out).
    static func sameColor(_ a: Color?, _ b: Color?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.red.bitPattern == b.red.bitPattern && a.green.bitPattern == b.green.bitPattern
            && a.blue.bitPattern == b.blue.bitPattern && a.opacity.bitPattern == b.opacity.bitPattern
    }
}

/// One registered handle, 24 bytes: its anchor relative to its node, its node and its style
/// (an index into the registry's style table). Its absolute anchor is the spatial hash's point.
struct PackedHandle {
    var localAnchor: Point
    var nodeIndex: Int32
    var style: Int32
}
