/// A handle declared in node data (React Flow's `node.handles`), drawn by the built-in node types.
///
/// `x`, `y` (flow units, optional) put the anchor at `node.position + (x, y)`; without them the
/// built-in views spread a side's handles evenly along it in list order.
public struct NodeHandle: Hashable, Sendable {
    /// Unique within the node.
    public var id: String
    public var type: HandleType
    public var position: Position
    /// Anchor offset from the node's top-left, flow units; nil = spread along the side.
    public var x: Double?
    public var y: Double?
    /// Fill colour; nil uses the theme's handle colour.
    public var color: Color?
    /// False removes the handle's hit target.
    public var isConnectable: Bool

    /// Creates a declared handle; see the type's documentation for the meaning of `x`, `y`.
    public init(id: String, type: HandleType, position: Position, x: Double? = nil, y: Double? = nil,
                color: Color? = nil, isConnectable: Bool = true) {
        self.id = id; self.type = type; self.position = position; self.x = x; self.y = y
        self.color = color; self.isConnectable = isConnectable
    }
}
