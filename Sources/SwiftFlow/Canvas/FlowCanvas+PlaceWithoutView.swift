import SwiftFlowCore

extension FlowCanvas {
    /// Records node `i`, at its first layout, as laid out without building its view when its
    /// type can place it (`NodeType.placeWithoutView`) and `accepts` the placed size (flow units;
    /// default: any): the size, handles, far colour, index rectangle and moved-node note a full
    /// layout would record, and no draw ops or solid picture, so that it is laid out in full when
    /// it is drawn. Returns false, changing nothing, when the type cannot or the size is refused.
    /// `types` remembers the last type looked up (a pass over many nodes keeps one). O(its handles).
    func placeWithoutView(_ i: Int, _ node: Node<NodeData>, _ origin: Point, types: inout NodeTypeMemo<NodeData>,
                          accepts: (Size) -> Bool = { _ in true }) -> Bool {
        guard let type = types.type(named: node.type, in: nodeTypes), let place = type.placeWithoutView else { return false }
        handleScratch.removeAll(keepingCapacity: true)
        guard let (size, paint) = place(node, theme.handleSize, &handleScratch), accepts(size) else { return false }
        let geometry = registry.geometryVersion
        registry.update(nodeIndex: i, nodeId: node.id, origin: origin, handles: handleScratch[...]) { id in
            report(.duplicateHandleId(nodeId: node.id, handleId: id))
        }
        if geometry != registry.geometryVersion || origin != nodeCache.states[i].origin || size != nodeCache.states[i].size {
            nodeCache.changes.movedNodes.append(Int32(i))
        }
        let farIndex = nodeCache.internFarColor(paint.flatMap(Self.solidColor))
        nodeCache.noteSize(old: nil, new: size)
        // The state read once and written back once (after the colour's interning, which may
        // renumber every state's colour): one exclusivity check, not one per field.
        var s = nodeCache.states[i]
        if s.size != size { nodeCache.sizesVersion += 1 }
        s.farColor = farIndex
        s.origin = origin
        s.size = size
        s.laidOut = true
        s.showsSelectionRing = type.showsSelectionRing
        s.solid.nodesVersion = -1
        nodeCache.states[i] = s
        indexNode(i)
        return true
    }
}

/// The last node type looked up by name in a pass over many nodes (`FlowCanvas.placeWithoutView`)
/// or by `layoutNode` (the canvas' `layoutTypes`, across frames): nodes of one type follow each other, and a lookup in the canvas' `nodeTypes` hashes the name
/// and, the canvas being generic, instantiates the dictionary's metadata, per node.
struct NodeTypeMemo<Data> {
    private var name: String?
    private var type: NodeType<Data>?

    /// The type named `name` in `types` (nil when none): the last one returned when `name` is
    /// the last name asked for, else looked up. Valid while `types` stays the same.
    mutating func type(named name: String, in types: @autoclosure () -> [String: NodeType<Data>]) -> NodeType<Data>? {
        if name == self.name { return type }
        self.name = name
        type = types()[name]
        return type
    }
}
