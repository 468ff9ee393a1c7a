import SwiftFlowCore

extension FlowCanvas {
    /// Records node `i`, off-screen at its first layout, as laid out without building its view
    /// when its type can place it (`NodeType.placeWithoutView`): the size, handles, far colour,
    /// index rectangle and moved-node note a full layout would record, and no draw ops or solid
    /// picture, so that it is laid out in full when it is drawn. Returns false, changing nothing,
    /// when the type cannot. O(its handles).
    func placeWithoutView(_ i: Int, _ node: Node<NodeData>, _ origin: Point) -> Bool {
        guard let type = nodeTypes[node.type], let place = type.placeWithoutView else { return false }
        handleScratch.removeAll(keepingCapacity: true)
        guard let (size, paint) = place(node, theme.handleSize, &handleScratch) else { return false }
        let geometry = registry.geometryVersion
        registry.update(nodeIndex: i, nodeId: node.id, origin: origin, handles: handleScratch[...]) { id in
            report(.duplicateHandleId(nodeId: node.id, handleId: id))
        }
        if geometry != registry.geometryVersion || origin != nodeCache.states[i].origin || size != nodeCache.states[i].size {
            nodeCache.changes.movedNodes.append(Int32(i))
        }
        let farIndex = nodeCache.internFarColor(paint.flatMap(Self.solidColor))
        nodeCache.states[i].farColor = farIndex
        nodeCache.states[i].origin = origin
        nodeCache.noteSize(old: nil, new: size)
        if nodeCache.states[i].size != size { nodeCache.sizesVersion += 1 }
        nodeCache.states[i].size = size
        nodeCache.states[i].laidOut = true
        nodeCache.states[i].showsSelectionRing = type.showsSelectionRing
        nodeCache.states[i].solid.nodesVersion = -1
        indexNode(i)
        return true
    }
}
