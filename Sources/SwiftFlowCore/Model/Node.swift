/// Where a node may be dragged: inside its parent, or inside a rectangle (flow units).
public enum NodeExtent: Hashable, Sendable {
    case parent
    case rect(Rect)
}

/// A node of the graph, owned by the app (React Flow's `Node`).
///
/// Positions are flow units: `position` is the top-left corner, relative to the parent when
/// `parentId` is set. `width`/`height` fix the size when both are set; otherwise the node view
/// is measured each time it is laid out.
///
/// Storage is compact (a graph may hold a million nodes): the flags share one word, and the
/// fields most nodes leave at their defaults (`zIndex`, `parentId`, `extent`, `handles`) live in
/// one shared, immutable box (`NodeRareFields`) that is absent while they all are; setting one of
/// them makes a new box (O(1), one allocation). Nodes copied from one node share its box.
/// `MemoryLayout<Node<JSONValue>>.stride` is 96 bytes.
public struct Node<Data> {
    public var id: String
    /// Top-left corner, flow units (relative to the parent node when `parentId` is set).
    public var position: Point
    public var data: Data
    /// `selected`, `hidden`, `deletable`, whether `width`/`height` are set, and the three
    /// optional Bools (`NodeFlags`).
    private var flags: NodeFlags
    /// Side used for the source end when the node has no source handle. Default `.right`.
    public var sourcePosition: Position
    /// Side used for the target end when the node has no target handle. Default `.left`.
    public var targetPosition: Position
    private var storedWidth: Double
    private var storedHeight: Double
    private var storedType: String
    private var rare: Box<NodeRareFields>?


    /// Key into the canvas' `nodeTypes`; built in: "default", "input", "output", "group".
    /// Names longer than 15 UTF-8 bytes are interned (`InternedStrings`): nodes of one type
    /// share one copy of its name.
    public var type: String {
        get { storedType }
        set { storedType = InternedStrings.intern(newValue) }
    }
    /// Fixed width in flow units (used when `height` is set too).
    public var width: Double? {
        get { flags.contains(.hasWidth) ? storedWidth : nil }
        set { storedWidth = newValue ?? 0; flags.set(.hasWidth, newValue != nil) }
    }
    /// Fixed height in flow units (used when `width` is set too).
    public var height: Double? {
        get { flags.contains(.hasHeight) ? storedHeight : nil }
        set { storedHeight = newValue ?? 0; flags.set(.hasHeight, newValue != nil) }
    }
    public var selected: Bool {
        get { flags.contains(.selected) }
        set { flags.set(.selected, newValue) }
    }
    public var hidden: Bool {
        get { flags.contains(.hidden) }
        set { flags.set(.hidden, newValue) }
    }
    /// nil follows the canvas' `nodesDraggable`.
    public var draggable: Bool? {
        get { flags[optional: NodeFlags.draggableShift] }
        set { flags[optional: NodeFlags.draggableShift] = newValue }
    }
    /// nil follows the canvas' `elementsSelectable`.
    public var selectable: Bool? {
        get { flags[optional: NodeFlags.selectableShift] }
        set { flags[optional: NodeFlags.selectableShift] = newValue }
    }
    /// nil follows the canvas' `nodesConnectable`; false removes all of the node's hit targets.
    public var connectable: Bool? {
        get { flags[optional: NodeFlags.connectableShift] }
        set { flags[optional: NodeFlags.connectableShift] = newValue }
    }
    public var deletable: Bool {
        get { !flags.contains(.notDeletable) }
        set { flags.set(.notDeletable, !newValue) }
    }
    public var zIndex: Int {
        get { rare?.value.zIndex ?? 0 }
        set { updateRare { $0.zIndex = newValue } }
    }
    public var parentId: String? {
        get { rare?.value.parentId }
        set { updateRare { $0.parentId = newValue } }
    }
    public var extent: NodeExtent? {
        get { rare?.value.extent }
        set { updateRare { $0.extent = newValue } }
    }
    /// Handles declared in data (React Flow's `node.handles`), drawn by the built-in node types.
    public var handles: [NodeHandle]? {
        get { rare?.value.handles }
        set { updateRare { $0.handles = newValue } }
    }

    /// Creates a node; every field but `id`, `position` and `data` has React Flow's default.
    public init(id: String, position: Point, data: Data, type: String = "default",
                width: Double? = nil, height: Double? = nil, selected: Bool = false, hidden: Bool = false,
                draggable: Bool? = nil, selectable: Bool? = nil, connectable: Bool? = nil, deletable: Bool = true,
                zIndex: Int = 0, parentId: String? = nil, extent: NodeExtent? = nil,
                sourcePosition: Position = .right, targetPosition: Position = .left, handles: [NodeHandle]? = nil) {
        self.id = id; self.position = position; self.data = data
        self.flags = []; self.sourcePosition = sourcePosition; self.targetPosition = targetPosition
        self.storedWidth = 0; self.storedHeight = 0; self.storedType = InternedStrings.intern(type)
        let rare = NodeRareFields(zIndex: zIndex, parentId: parentId, extent: extent, handles: handles)
        self.rare = rare == NodeRareFields() ? nil : Box(rare)
        self.width = width; self.height = height; self.selected = selected; self.hidden = hidden
        self.draggable = draggable; self.selectable = selectable; self.connectable = connectable
        self.deletable = deletable
    }

    /// This node's fields with `data` in place of its data (the box of rare fields shared). O(1).
    func replacingData<T>(_ data: T) -> Node<T> {
        Node<T>(id: id, position: position, data: data, flags: flags, sourcePosition: sourcePosition,
                targetPosition: targetPosition, storedWidth: storedWidth, storedHeight: storedHeight,
                storedType: storedType, rare: rare)
    }

    private init(id: String, position: Point, data: Data, flags: NodeFlags, sourcePosition: Position,
                 targetPosition: Position, storedWidth: Double, storedHeight: Double, storedType: String,
                 rare: Box<NodeRareFields>?) {
        self.id = id; self.position = position; self.data = data; self.flags = flags
        self.sourcePosition = sourcePosition; self.targetPosition = targetPosition
        self.storedWidth = storedWidth; self.storedHeight = storedHeight; self.storedType = storedType; self.rare = rare
    }

    /// Changes the rare fields: a new box, or none when they are all back at their defaults.
    private mutating func updateRare(_ change: (inout NodeRareFields) -> Void) {
        var fields = rare?.value ?? NodeRareFields()
        change(&fields)
        rare = fields == NodeRareFields() ? nil : Box(fields)
    }

    /// The fixed size when both `width` and `height` are set.
    public var fixedSize: Size? {
        guard flags.contains(.hasWidth), flags.contains(.hasHeight) else { return nil }
        return Size(width: storedWidth, height: storedHeight)
    }
}

extension Node: Equatable where Data: Equatable {
    /// Field by field, as a synthesised `==` would compare the public fields.
    public static func == (a: Node, b: Node) -> Bool {
        a.id == b.id && a.position == b.position && a.data == b.data && a.flags == b.flags
            && a.sourcePosition == b.sourcePosition && a.targetPosition == b.targetPosition
            && a.width == b.width && a.height == b.height && a.storedType == b.storedType && Box.equal(a.rare, b.rare)
    }
}

extension Node: Sendable where Data: Sendable {}

extension Node {
    /// Whether this node, a later version of `old` (the same node in an earlier array), may be
    /// laid out differently from it: its type, fixed size, sides, flags other than `selected`,
    /// rare fields (equal when they share one box) or data differ. The data is compared when
    /// `Data` is `Equatable` and always taken as changed when it is not. Position and selection
    /// are not compared: the canvas follows them without a layout. O(1) plus the data's `==`.
    package func mayLayOutDifferently(than old: Node) -> Bool {
        var a = flags, b = old.flags
        a.remove(.selected)
        b.remove(.selected)
        guard a == b, storedType == old.storedType, storedWidth == old.storedWidth, storedHeight == old.storedHeight,
              sourcePosition == old.sourcePosition, targetPosition == old.targetPosition, Box.equal(rare, old.rare) else { return true }
        guard let data = data as? any Equatable else { return true }
        return !equals(data, old.data)
    }
}

/// Whether `b` is a value of `a`'s type equal to `a` (opens an `any Equatable`).
private func equals<E: Equatable>(_ a: E, _ b: Any) -> Bool { (b as? E) == a }

/// The Bool and optional-Bool fields of a node in one word.
struct NodeFlags: OptionSet, Hashable, Sendable {
    var rawValue: UInt16

    static let selected = NodeFlags(rawValue: 1 << 0)
    static let hidden = NodeFlags(rawValue: 1 << 1)
    static let notDeletable = NodeFlags(rawValue: 1 << 2)
    static let hasWidth = NodeFlags(rawValue: 1 << 3)
    static let hasHeight = NodeFlags(rawValue: 1 << 4)
    /// Two bits each for the optional Bools (`OptionalBool`).
    static let draggableShift: UInt16 = 5
    static let selectableShift: UInt16 = 7
    static let connectableShift: UInt16 = 9

    mutating func set(_ flag: NodeFlags, _ on: Bool) { if on { insert(flag) } else { remove(flag) } }

    subscript(optional shift: UInt16) -> Bool? {
        get { OptionalBool.decode(UInt8(truncatingIfNeeded: rawValue >> shift) & 3) }
        set { rawValue = rawValue & ~(3 << shift) | UInt16(OptionalBool.encode(newValue)) << shift }
    }
}

/// An optional Bool in two bits: 0 nil, 1 false, 2 true.
enum OptionalBool {
    static func decode(_ bits: UInt8) -> Bool? { bits == 0 ? nil : bits == 2 }
    static func encode(_ value: Bool?) -> UInt8 { value.map { $0 ? 2 : 1 } ?? 0 }
}

/// The fields most nodes leave at their defaults.
struct NodeRareFields: Hashable, Sendable {
    var zIndex = 0
    var parentId: String?
    var extent: NodeExtent?
    var handles: [NodeHandle]?
}
