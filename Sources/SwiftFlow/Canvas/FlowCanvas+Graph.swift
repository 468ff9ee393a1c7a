import SwiftFlowCore

/// What the canvas remembers about one node between frames (the fields are in the
/// order that leaves the least padding; op ranges are 32-bit, the far colour interned).
struct NodeState {
    /// Absolute top-left, flow units (parent offsets included), as of the last frame.
    var origin = Point.zero
    /// Laid-out size, flow units.
    var size = Size.zero
    /// The frame whose layout recorded `nodeCache.ops[opsStart..<opsStart + opsCount]`; -1 when
    /// none this frame has them (their ops were dropped, see `NodeCache.dropUndrawnOps`).
    var opsFrame = -1
    /// What the node is drawn from in the solid tier (`staysSolid`).
    var solid = SolidPicture()
    var opsStart: Int32 = 0
    var opsCount: Int32 = 0
    var laidOut = false
    /// False for hidden nodes, duplicate ids and non-finite geometry: not drawn, no handles.
    var drawable = true
    var duplicate = false
    /// The node's `sourcePosition` / `targetPosition`, as of the last pass over the nodes.
    var sourcePosition = Position.right
    var targetPosition = Position.left
    /// The node's `selected`, as of the last pass over the nodes.
    var selected = false
    /// Its node type's `showsSelectionRing`, as of its last layout.
    var showsSelectionRing = true
    /// The colour a far-out node is drawn in (its first shape's, see `isFarOut`), as its place in
    /// `NodeCache.farColors` (4 bytes, where a `Color?` took 40); -1 draws nothing.
    var farColor: Int32 = -1

    /// The range of its ops in `NodeCache.ops` (meaningful when `opsFrame` is this frame's).
    var opsRange: Range<Int> { Int(opsStart)..<Int(opsStart + opsCount) }
}

extension FlowCanvas {
    /// Re-interns node ids when the node list's identity changed (count or any id); reports
    /// duplicate ids once. A node whose id survives (unique before and after) keeps its state,
    /// handles and index rectangle at its new index (`carryOver`), so the next pass lays out only
    /// new, visible and resized nodes, as if the array had kept its structure (docs/ARCHITECTURE.md, build stage),
    /// and, in an `.unknown` frame, those that differ from their copy in the last frame's array
    /// (`frameInput.previousIndex` then says where each node was).
    func syncGraph(_ nodes: [Node<NodeData>]) {
        frameInput.number += 1
        nodeCache.ops.removeAll(keepingCapacity: true)
        tools.reset()
        stats.laidOutNodes = 0
        if let kept = frameInput.appendedNodesFrom {
            if followTail(nodes, kept: kept) {
                frameInput.changedNodes = (frameInput.changedNodes ?? []) + Array(kept..<nodes.count)
                stats.scannedNodes = frameInput.changedNodes!.count
                return
            }
            frameInput.appendedNodesFrom = nil
            frameInput.changedNodes = nil   // every id is compared below
        }
        if let removed = frameInput.removedNodes {
            if followNodeRemoval(nodes, removed: removed) {
                frameInput.changedNodes = []
                stats.scannedNodes = 0
                return
            }
            frameInput.removedNodes = nil
        }
        var same = nodes.count == nodeCache.ids.count
        if same && !frameInput.nodesUnchanged {
            if let changed = frameInput.changedNodes {
                stats.scannedNodes = changed.count
                for i in changed where nodes[i].id != nodeCache.ids[i] { same = false; break }
            } else {
                stats.scannedNodes = nodes.count
                for i in nodes.indices where nodes[i].id != nodeCache.ids[i] { same = false; break }
            }
        } else {
            stats.scannedNodes = frameInput.nodesUnchanged ? 0 : nodes.count
        }
        if same { return }
        // Re-interned: every node is read again, whatever the array's owner said changed.
        frameInput.changedNodes = nil
        let oldIds = nodeCache.ids, oldIndex = nodeCache.idMap, oldStates = nodeCache.states
        let ids = Node.ids(of: nodes)
        // The store's node map describes these ids when it holds the array (no id hashed again);
        // else one hash per id, a later copy of an id left out.
        var duplicates: [Int] = []
        nodeCache.idMap = frameInput.store?.nodeIds(ifHolding: nodes) ?? ElementIdIndex(firstOf: ids) { duplicates.append($0) } ?? ElementIdIndex()
        nodeCache.ids = ids
        nodeCache.states = []   // fresh storage, written on every core (the old states are `oldStates`)
        nodeCache.states.fill(repeating: NodeState(), count: nodes.count)
        nodeCache.duplicates = duplicates.count
        for i in duplicates {
            nodeCache.states[i].duplicate = true
            report(.duplicateNodeId(ids[i]))
        }
        carryOver(from: oldIds, oldIndex, oldStates)
        leaveRemovedNodes()
        nodeCache.allLaidOut = false
        nodeCache.changes.nodesReindexed = true
    }

    /// Follows a node array that kept its first `kept` nodes (ids and places) and holds new
    /// nodes after them (`ArrayChanges.appended`: an undo of a paste or a delete, a node added,
    /// the last nodes removed) in proportion to the removed and new nodes: their ids, states,
    /// handles, index rectangles and parent links, the other nodes keeping theirs. Returns false,
    /// changing nothing, when that is not enough and the array must be re-interned: a removed
    /// node's id was duplicated or an edge still ends on it (or any edge has a missing end), a new node's id is already used, an
    /// edge end is missing (a new node may be what it waits for), parents are involved
    /// (`ParentChains.replaceTail`), or the edge changes are unknown.
    /// O(removed + new nodes + their handles and edges).
    private func followTail(_ nodes: [Node<NodeData>], kept: Int) -> Bool {
        let old = nodeCache.ids.count
        guard kept <= old, nodeCache.states.count == old, nodeCache.bounds.count == old,
              frameInput.edgesUnchanged || frameInput.changedEdges != nil || frameInput.appendedEdgesFrom != nil else { return false }
        if kept < old && gestureHoldsIndices { return false }
        // An edge with a missing end (a hidden node's named handle, a dangling id) is in no
        // node's edge list, yet its key may name a removed node by index: re-intern.
        if kept < old && edgeIndex.missingEnds > 0 { return false }
        let edgeCount = edgeIndex.ends.count
        for r in kept..<old {
            guard !nodeCache.states[r].duplicate, nodeCache.index(of: nodeCache.ids[r]) == r, !hasEdges(node: r, edgeCount: edgeCount) else { return false }
        }
        if nodes.count > kept {
            guard edgeIndex.missingEnds == 0 else { return false }
            var added = Set<String>(minimumCapacity: nodes.count - kept)
            for i in kept..<nodes.count {
                let id = nodes[i].id
                guard added.insert(id).inserted, nodeCache.index(of: id).map({ $0 >= kept }) ?? true else { return false }
            }
        }
        guard nodeCache.parentChains.replaceTail(nodes, kept: kept) else { return false }
        for r in stride(from: old - 1, through: kept, by: -1) {
            nodeCache.forgetId(at: r)
            nodeCache.solidPictures.drop(nodeCache.states[r].solid)
            nodeCache.bounds.removeLast()
        }
        nodeCache.ids.removeLast(old - kept)
        nodeCache.states.removeLast(old - kept)
        for i in kept..<nodes.count {
            nodeCache.appendId(nodes[i].id)
            nodeCache.states.append(NodeState())
            nodeCache.bounds.append(nil)
        }
        registry.replaceTail(kept: kept, count: nodes.count)
        nodeCache.sizesVersion += 1
        nodeCache.largestSide = nil
        if kept < old { leaveRemovedNodes() }
        return true
    }

    /// Whether the gesture in progress holds indices of nodes, edges or handles (a connection,
    /// a box, a resize, a control…), which a removal would leave pointing at other elements
    /// unless the canvas re-finds them (`revalidateGesture`, after a re-intern). The others hold ids.
    var gestureHoldsIndices: Bool {
        switch interaction.gesture {
        case .idle, .pressPane, .panning, .pressNode, .dragging, .pressEdge: return false
        default: return true
        }
    }

    /// After nodes left the array: keyboard focus leaves a removed node, and so do the
    /// per-view state of its controls and a gesture on it.
    func leaveRemovedNodes() {
        // Keyboard focus leaves a removed node (Tab starts again from the first node); so does
        // the per-view state of its controls.
        if let f = editing.focusedNodeId, nodeCache.index(of: f) == nil { editing.focusedNodeId = nil }
        controlState.dropRemoved { self.nodeCache.index(of: $0) != nil }
        // A press or drag leaves removed nodes too (the app, or an undo, removed them mid-gesture):
        // the other dragged nodes drag on; none left, the gesture ends.
        switch interaction.gesture {
        case .pressNode(let id, _, _) where nodeCache.index(of: id) == nil:
            interaction.gesture = .idle
        case .dragging(var drag, let baseline) where drag.ids.contains(where: { nodeCache.index(of: $0) == nil }):
            let kept = drag.ids.indices.filter { nodeCache.index(of: drag.ids[$0]) != nil }
            drag.ids = kept.map { drag.ids[$0] }
            drag.startPositions = kept.map { drag.startPositions[$0] }
            interaction.gesture = drag.ids.isEmpty ? .idle : .dragging(drag, baseline: baseline)
        default:
            break
        }
    }

    /// Moves what the canvas knew about each surviving node to its new index: its state, its
    /// registered handles and its node-index rectangle. A node survives when its id was unique in
    /// the old array and is unique in the new one; ids that were duplicated start afresh (which of
    /// the copies went where is unknown). When the canvas knew no node (a first frame), no id is
    /// looked up and the node index is reset, not rebuilt from a rectangle per node.
    /// O(nodes + handles).
    private func carryOver(from oldIds: [String], _ oldIndex: ElementIdIndex, _ oldStates: [NodeState]) {
        let count = nodeCache.states.count
        var source = [Int32](repeating: -1, count: count)
        var rects: [Rect?] = []   // made at the first surviving rectangle
        if !oldIds.isEmpty {
            // The first of several copies is not marked duplicate, a later copy is: collect the ids.
            var duplicated = Set(oldStates.indices.lazy.filter { oldStates[$0].duplicate }.map { oldIds[$0] })
            for i in nodeCache.states.indices where nodeCache.states[i].duplicate { duplicated.insert(nodeCache.ids[i]) }
            var next = 0   // where the old array continues: a deletion or insertion keeps the rest in order
            for (i, id) in nodeCache.ids.enumerated() {
                let found = next < oldIds.count && oldIds[next] == id ? next : oldIndex.index(of: id, in: oldIds)
                guard let j = found else { continue }
                next = j + 1
                guard j < oldStates.count, !duplicated.contains(id) else { continue }
                nodeCache.states[i] = oldStates[j]
                nodeCache.states[i].opsFrame = -1
                source[i] = Int32(j)
                if nodeCache.states[i].drawable && nodeCache.states[i].laidOut {
                    if rects.isEmpty { rects = Array(repeating: nil, count: count) }
                    rects[i] = nodeRect(i)
                }
            }
        }
        registry.remap(source)
        if frameInput.previousNodes != nil { frameInput.previousIndex = source }
        nodeCache.recountSolidPictures()
        if rects.isEmpty { nodeCache.bounds.reset(count: count) } else { nodeCache.bounds.rebuild(rects) }
        nodeCache.sizesVersion += 1
        nodeCache.largestSide = nil
    }
}
