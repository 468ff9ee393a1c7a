import SwiftFlowCore

extension FlowCanvas {
    /// Records node `i`, at its first layout, as laid out without building its view when its
    /// type can place it (`NodeType.placeWithoutView`) and `accepts` the placed size (flow units;
    /// default: any): the size, handles, far colour, index rectangle and moved-node note a full
    /// layout would record, and no draw ops or solid picture, so that it is laid out in full when
    /// it is drawn. Returns false, changing nothing, when the type cannot or the size is refused.
    /// `types` remembers the last type looked up and its placer (a pass over many nodes keeps
    /// one). `planned`: the node's placement computed ahead on a first frame (`FirstPlacements`),
    /// recorded as it is instead of placing the node (nil: placed here). O(its handles).
    func placeWithoutView(_ i: Int, _ node: Node<NodeData>, _ origin: Point, types: inout NodeTypeMemo<NodeData>,
                          planned: PlannedPlacement? = nil, accepts: (Size) -> Bool = { _ in true }) -> Bool {
        let size: Size, far: Color?, showsSelectionRing: Bool, handles: ArraySlice<LaidOutHandle>
        if let planned {
            guard let placed = planned.handles else { return false }
            (size, far, showsSelectionRing, handles) = (planned.size, planned.far, planned.showsSelectionRing, placed)
        } else {
            guard let (type, place) = types.placer(named: node.type, in: nodeTypes) else { return false }
            handleScratch.removeAll(keepingCapacity: true)
            guard let (placedSize, paint) = place(node, theme.handleSize, &handleScratch), accepts(placedSize) else { return false }
            (size, far, showsSelectionRing, handles) = (placedSize, paint.flatMap(Self.solidColor), type.showsSelectionRing, handleScratch[...])
        }
        let geometry = registry.geometryVersion
        registry.update(nodeIndex: i, nodeId: node.id, origin: origin, handles: handles) { id in
            report(.duplicateHandleId(nodeId: node.id, handleId: id))
        }
        if geometry != registry.geometryVersion || origin != nodeCache.states[i].origin || size != nodeCache.states[i].size {
            nodeCache.changes.movedNodes.append(Int32(i))
        }
        let farIndex = nodeCache.internFarColor(far)
        nodeCache.noteSize(old: nil, new: size)
        // The state read once and written back once (after the colour's interning, which may
        // renumber every state's colour): one exclusivity check, not one per field.
        var s = nodeCache.states[i]
        if s.size != size { nodeCache.sizesVersion += 1 }
        s.farColor = farIndex
        s.origin = origin
        s.size = size
        s.laidOut = true
        s.showsSelectionRing = showsSelectionRing
        s.solid.nodesVersion = -1
        nodeCache.states[i] = s
        indexNode(i)
        return true
    }
}

/// The last node type looked up by name in a pass over many nodes (`FlowCanvas.placeWithoutView`)
/// or by `layoutNode` (the canvas' `layoutTypes`, across frames): nodes of one type follow each
/// other, and a lookup in the canvas' `nodeTypes` hashes the name and, the canvas being generic,
/// instantiates the dictionary's metadata, per node. It also keeps the placers it made
/// (`NodeType.placeWithoutView`), one per type name, so a memo serves one thread.
struct NodeTypeMemo<Data> {
    private var name: String?
    private var type: NodeType<Data>?
    /// The placer of `type`, once asked for.
    private var placer: NodeType<Data>.Placer?
    private var placers: [String: NodeType<Data>.Placer] = [:]

    /// The type named `name` in `types` (nil when none): the last one returned when `name` is
    /// the last name asked for, else looked up. Valid while `types` stays the same.
    mutating func type(named name: String, in types: @autoclosure () -> [String: NodeType<Data>]) -> NodeType<Data>? {
        if name == self.name { return type }
        self.name = name
        type = types()[name]
        placer = nil
        return type
    }

    /// The type named `name` in `types` and this memo's placer of it, made at the first node of
    /// that name it places; nil when there is no such type or it has no placer.
    mutating func placer(named name: String, in types: @autoclosure () -> [String: NodeType<Data>])
        -> (type: NodeType<Data>, place: NodeType<Data>.Placer)? {
        guard let type = type(named: name, in: types()), let make = type.placeWithoutView else { return nil }
        if let placer { return (type, placer) }
        let made = placers[name] ?? make()
        placers[name] = made
        placer = made
        return (type, made)
    }
}
