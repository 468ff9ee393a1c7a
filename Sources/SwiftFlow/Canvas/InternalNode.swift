import SwiftFlowCore

/// A node with what the canvas worked out about it at its last frame (React Flow 12's
/// `InternalNode`, from `FlowInstance.getInternalNode(_:)`): the size it was laid out at, its
/// absolute position and its placed handles. A value: it does not follow later frames.
public struct InternalNode<NodeData> {
    /// The node as the canvas' last frame was given it.
    public var node: Node<NodeData>
    /// The size the node was laid out at (React Flow's `node.measured`), flow units: its
    /// `width`/`height` when set, else what its node view measured.
    public var measured: Size
    /// The node's top-left with its parents' positions added (React Flow's
    /// `internals.positionAbsolute`), flow units.
    public var positionAbsolute: Point
    /// The node's handles in order of appearance (React Flow's `internals.handleBounds`):
    /// `anchor` in absolute flow units, `localAnchor` relative to the node's top-left.
    public var handles: [HandleEntry]
}
