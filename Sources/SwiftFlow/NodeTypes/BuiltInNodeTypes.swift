import SwiftFlowCore

/// The built-in node types (replay.md): `default` (one target left, one source right), `input`
/// (source only), `output` (target only) and `group` (a labelled box, no handles). A node's
/// `handles` list, when present, replaces the default handles.
enum BuiltInNodeTypes {
    /// Size of a built-in node without a fixed width and height, flow units (React Flow's 150 wide).
    static let defaultSize = Size(width: 150, height: 40)

    static func make<Data>(theme: FlowTheme) -> [String: NodeType<Data>] {
        let node = BuiltInNodeView.Style(
            paint: ShapePaintStyle(fill: theme.nodeBackground, stroke: theme.nodeBorder, lineWidth: 1, cornerRadius: 3),
            alignment: .center, inset: 4, fontSize: theme.fontSize, textColor: theme.nodeText)
        var group = node
        group.paint = ShapePaintStyle(fill: theme.nodeBackground.opacity(0.25), stroke: theme.nodeBorder.opacity(0.5), lineWidth: 1,
                                      cornerRadius: 4)
        group.alignment = .topLeading
        group.inset = 8
        let labelOf = labelReader(Data.self)
        var lastPlaced = PlacedHandles()
        let box = NodeType<Data>(build: { n, builder in
            builder.add(BuiltInNodeView(style: n.type == "group" ? group : node, nodeId: n.id, label: labelOf(n.data) ?? n.id,
                                        size: n.fixedSize ?? defaultSize, handles: handles(n)))
        }, placeWithoutView: { n, handleSize, placed in
            let size = n.fixedSize ?? defaultSize
            // A negative or non-finite side is measured by the full layout (and reported there).
            guard size.width >= 0, size.height >= 0, size.width.isFinite, size.height.isFinite else { return nil }
            lastPlaced.append(handles(n), in: size, handleSize: handleSize, into: &placed)
            return (size, n.type == "group" ? group.paint : node.paint)
        })
        return ["default": box, "input": box, "output": box, "group": box]
    }

    /// The handles a built-in node shows: its own `handles` list, else its type's defaults (lists
    /// made once per side, so that placing a million nodes allocates none).
    @inline(__always)
    static func handles<Data>(_ node: Node<Data>) -> [NodeHandle] {
        if let h = node.handles { return h }
        switch node.type {
        case "input": return sourceHandles[slot(node.sourcePosition)]
        case "output": return targetHandles[slot(node.targetPosition)]
        case "group": return []
        default: return defaultHandles[4 * slot(node.targetPosition) + slot(node.sourcePosition)]
        }
    }

    /// The default lists by side (`slot`): an input's source handle, an output's target handle,
    /// and a default node's target then source handle (at `4 × target slot + source slot`).
    private static let sourceHandles = Position.allCases.map { [NodeHandle(id: "source", type: .source, position: $0)] }
    private static let targetHandles = Position.allCases.map { [NodeHandle(id: "target", type: .target, position: $0)] }
    private static let defaultHandles = Position.allCases.flatMap { t in
        Position.allCases.map { s in [NodeHandle(id: "target", type: .target, position: t), NodeHandle(id: "source", type: .source, position: s)] }
    }

    /// A side's place in `Position.allCases`.
    private static func slot(_ p: Position) -> Int {
        switch p {
        case .left: return 0
        case .top: return 1
        case .right: return 2
        case .bottom: return 3
        }
    }

    /// Reads the label of node data of type `Data` (nil when the data is not `NodeLabeled` or
    /// has none). When `Data` itself conforms, the conformance is looked up once, here, instead
    /// of casting each node's data to an existential per frame; and the reader of `L` (which is
    /// `Data`) is cast to a reader of `Data` once, so that no node's data is cast per frame.
    static func labelReader<Data>(_: Data.Type) -> (Data) -> String? {
        func reader<L: NodeLabeled>(_: L.Type) -> (Data) -> String? {
            let read: (L) -> String? = { $0.label }
            return (read as? (Data) -> String?) ?? { ($0 as? L)?.label }
        }
        guard let labeled = Data.self as? any NodeLabeled.Type else { return { ($0 as? NodeLabeled)?.label } }
        return reader(labeled)
    }

    /// Appends `handles` as a full layout of `BuiltInNodeView` registers them: each handle a
    /// `handleSize` square centred on its `placeHandles` point (the same arithmetic as the layout
    /// engine's `.position`, so the anchors are equal to the bit), its anchor that centre moved
    /// onto the border on its side (`NodeLayoutEngine.emit`). O(handles).
    static func placeHandleAnchors(_ handles: [NodeHandle], in size: Size, handleSize: Double, into placed: inout [LaidOutHandle]) {
        placeHandles(handles, in: size) { i, p in
            let c = Rect(x: 0 + p.x - handleSize / 2, y: 0 + p.y - handleSize / 2, width: handleSize, height: handleSize).center
            let h = handles[i]
            let anchor = LaidOutHandle.borderAnchor(centre: c, side: h.position, in: size)
            placed.append(LaidOutHandle(id: h.id, type: h.type, position: h.position, anchor: anchor, color: h.color,
                                        isConnectable: h.isConnectable))
        }
    }

    /// The handles `placeHandleAnchors` placed last, and for which list, size and handle size:
    /// the nodes of a large graph mostly share one list (a type's default, or one array copied
    /// into every node), placed once here instead of once per node.
    struct PlacedHandles {
        private var handles: [NodeHandle] = []
        private var size = Size(width: -1, height: -1)
        private var handleSize = -1.0
        private var placed: [LaidOutHandle] = []

        /// Appends `handles` placed in `size` (`placeHandleAnchors`): the last ones placed when
        /// `handles` is the same array (its storage, which this keeps alive, so that no other
        /// array takes its address), `size` and `handleSize` are equal, else placed afresh and
        /// remembered. O(handles).
        mutating func append(_ handles: [NodeHandle], in size: Size, handleSize: Double, into out: inout [LaidOutHandle]) {
            if size == self.size, handleSize == self.handleSize, handles.count == self.handles.count,
               handles.withUnsafeBufferPointer({ a in self.handles.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }) {
                out.append(contentsOf: placed)
                return
            }
            placed.removeAll(keepingCapacity: true)
            placeHandleAnchors(handles, in: size, handleSize: handleSize, into: &placed)
            (self.handles, self.size, self.handleSize) = (handles, size, handleSize)
            out.append(contentsOf: placed)
        }
    }

    /// Calls `body` with the index of every handle, in order, and its anchor (node-local flow
    /// units): its own `x`/`y` when set, else spread evenly along its side in list order (the
    /// k-th of n at `(k + 1) / (n + 1)` of the side).
    static func placeHandles(_ handles: [NodeHandle], in size: Size, _ body: (Int, Point) -> Void) {
        // Per-side counters in a SIMD4 (no hashing or allocation per node per frame); the
        // handles are read in place, not copied.
        func side(_ p: Position) -> Int { p == .left ? 0 : p == .top ? 1 : p == .right ? 2 : 3 }
        var perSide = SIMD4<Int>(), seen = SIMD4<Int>()
        for i in handles.indices where handles[i].x == nil || handles[i].y == nil { perSide[side(handles[i].position)] += 1 }
        for i in handles.indices {
            let x = handles[i].x, y = handles[i].y, position = handles[i].position
            let k = seen[side(position)], n = perSide[side(position)]
            if x == nil || y == nil { seen[side(position)] = k + 1 }
            let along = Double(k + 1) / Double(n + 1)
            let anchor: Point
            switch position {
            case .left: anchor = Point(x: x ?? 0, y: y ?? size.height * along)
            case .right: anchor = Point(x: x ?? size.width, y: y ?? size.height * along)
            case .top: anchor = Point(x: x ?? size.width * along, y: y ?? 0)
            case .bottom: anchor = Point(x: x ?? size.width * along, y: y ?? size.height)
            }
            body(i, anchor)
        }
    }
}

/// The view of a built-in node, built straight into the layout arena. It builds the tree of
///
///     ZStack(alignment: style.alignment) {
///         RoundedRectangle(cornerRadius: r).fill(background).stroke(border)
///         Text(label).font(.system(size: fontSize)).foregroundColor(textColor).padding(inset)
///         ForEach(handles) { h in Handle(nodeId: nodeId, …).position(x: anchor.x, y: anchor.y) }
///     }
///     .frame(width: size.width, height: size.height)
///
/// without that tree's view types: a `@ViewBuilder` block iterates a parameter pack, which the
/// optimiser leaves unspecialised, so every view below it would be built through generic
/// metadata and value-witness copies, per node per frame.
struct BuiltInNodeView: View, PrimitiveView {
    /// What differs between the group box and the other built-in nodes.
    struct Style {
        var paint: ShapePaintStyle
        var alignment: Alignment
        /// Padding around the label, flow units.
        var inset: Double
        var fontSize: Double
        var textColor: Color
    }

    let style: Style
    let nodeId: String
    let label: String
    /// The node's size, flow units.
    let size: Size
    let handles: [NodeHandle]

    func _build(into builder: inout LayoutBuilder) {
        let s = style
        builder.container(.frame(FrameSpec(width: size.width, height: size.height, alignment: .center))) { b in
            b.container(.zstack(s.alignment)) { b in
                b.append(.shape(s.paint))
                b.container(.padding(EdgeInsets(top: s.inset, leading: s.inset, bottom: s.inset, trailing: s.inset))) {
                    $0.append(text: label, spec: TextSpec(fontSize: s.fontSize), color: s.textColor)
                }
                BuiltInNodeTypes.placeHandles(handles, in: size) { i, anchor in
                    b.container(.position(anchor)) {
                        $0.append(handle: HandleSpec(id: handles[i].id, type: handles[i].type, position: handles[i].position,
                                                     color: handles[i].color, isConnectable: handles[i].isConnectable))
                    }
                }
            }
        }
    }
}
