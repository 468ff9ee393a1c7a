import SwiftFlowCore

/// A visible node's place in the drawing order (canvas.md §3), compared field by field.
struct DrawOrderKey: Comparable {
    var z: Int, selected: Int, depth: Int, index: Int32
    static func < (a: Self, b: Self) -> Bool { (a.z, a.selected, a.depth, a.index) < (b.z, b.selected, b.depth, b.index) }
}

/// What the canvas remembers about one node between frames.
struct NodeState {
    /// Absolute top-left, flow units (parent offsets included), as of the last frame.
    var origin = Point.zero
    /// Laid-out size, flow units.
    var size = Size.zero
    var laidOut = false
    /// False for hidden nodes, duplicate ids and non-finite geometry: not drawn, no handles.
    var drawable = true
    var duplicate = false
    var opsStart = 0
    var opsCount = 0
    var opsFrame = -1
    /// The node's `sourcePosition` / `targetPosition`, as of the last pass over the nodes.
    var sourcePosition = Position.right
    var targetPosition = Position.left
    /// The node's `selected`, as of the last pass over the nodes.
    var selected = false
    /// The colour a far-out node is drawn in (its first shape's, see `isFarOut`); nil draws nothing.
    var farColor: Color?
    /// What the node is drawn from in the solid tier (`staysSolid`).
    var solid = SolidPicture()
}

extension FlowCanvas {
    /// Re-interns node ids when the node list's identity changed (count or any id); reports
    /// duplicate ids once. A node whose id survives (unique before and after) keeps its state,
    /// handles and index rectangle at its new index (`carryOver`), so the next pass lays out only
    /// new, visible and resized nodes, as if the array had kept its structure (DESIGN.md).
    func syncGraph(_ nodes: [Node<NodeData>]) {
        frameNumber += 1
        frameOps.removeAll(keepingCapacity: true)
        tools.reset()
        stats.laidOutNodes = 0
        var same = nodes.count == nodeIds.count
        if same && !nodesUnchanged { for i in nodes.indices where nodes[i].id != nodeIds[i] { same = false; break } }
        if same { return }
        let oldIds = nodeIds, oldIndex = nodeIndex, oldStates = states
        nodeIds = nodes.map(\.id)
        nodeIndex = [:]
        nodeIndex.reserveCapacity(nodes.count)
        states = Array(repeating: NodeState(), count: nodes.count)
        for (i, id) in nodeIds.enumerated() {
            if nodeIndex[id] == nil { nodeIndex[id] = i } else { states[i].duplicate = true; report(.duplicateNodeId(id)) }
        }
        carryOver(from: oldIds, oldIndex, oldStates)
        // Keyboard focus leaves a removed node (Tab starts again from the first node).
        if let f = editing.focusedNodeId, nodeIndex[f] == nil { editing.focusedNodeId = nil }
        allLaidOut = false
        layoutChanges.nodesReindexed = true
    }

    /// Moves what the canvas knew about each surviving node to its new index: its state, its
    /// registered handles and its node-index rectangle. A node survives when its id was unique in
    /// the old array and is unique in the new one; ids that were duplicated start afresh (which of
    /// the copies went where is unknown). O(nodes + handles).
    private func carryOver(from oldIds: [String], _ oldIndex: [String: Int], _ oldStates: [NodeState]) {
        // The first of several copies is not marked duplicate, a later copy is: collect the ids.
        var duplicated = Set(oldStates.indices.lazy.filter { oldStates[$0].duplicate }.map { oldIds[$0] })
        for i in states.indices where states[i].duplicate { duplicated.insert(nodeIds[i]) }
        var source = [Int32](repeating: -1, count: states.count)
        var rects = [Rect?](repeating: nil, count: states.count)
        var next = 0   // where the old array continues: a deletion or insertion keeps the rest in order
        for (i, id) in nodeIds.enumerated() {
            let found = next < oldIds.count && oldIds[next] == id ? next : oldIndex[id]
            guard let j = found else { continue }
            next = j + 1
            guard j < oldStates.count, !duplicated.contains(id) else { continue }
            states[i] = oldStates[j]
            states[i].opsFrame = -1
            source[i] = Int32(j)
            if states[i].drawable && states[i].laidOut { rects[i] = nodeRect(i) }
        }
        registry.remap(source)
        solidPictures.recount(&states)
        nodeBounds.rebuild(rects)
        sizesVersion += 1
    }

    /// The flow rectangle culling tests against: the visible area plus a margin of 10% per side.
    var cullRect: Rect {
        let r = currentViewport.visibleFlowRect(canvasSize: size)
        return r.insetBy(-0.1 * max(r.width, r.height))
    }

    /// Lays out every visible node not yet laid out this frame (and, once, every node, so that
    /// off-screen handles resolve), moves cached handles of moved off-screen nodes (the index
    /// stage commits the registry) and computes the visible nodes in drawing order.
    ///
    /// When the node array is the one of the last frame (`nodesUnchanged`), the visible nodes come
    /// from the node index (`nodeBounds`) and only they are read: reading a field of a generic
    /// `Node` copies the node, so the frame's cost follows what is on screen, not the graph.
    /// Far-out nodes (`isFarOut`) keep their last layout, like off-screen ones, and are drawn as
    /// one rectangle; so do nodes in the solid tier (`staysSolid`), drawn from their solid
    /// picture. When the array changed, every visible node that is not far out is laid out.
    func layoutVisible(_ nodes: [Node<NodeData>]) {
        let view = cullRect
        visibleNodes.removeAll(keepingCapacity: true)
        if nodesUnchanged && allLaidOut {
            nodeBounds.query(view, into: &visibleScratch)
            let farSide = detail.farOutSide, frame = frameNumber
            collectInteracting()
            for v in visibleScratch {
                let i = Int(v)
                let s = states[i]
                if s.opsFrame != frame && !(s.laidOut && max(s.size.width, s.size.height) < farSide) && !staysSolid(i) {
                    layoutNode(i, nodes[i], s.origin)
                }
            }
            visibleNodes.append(contentsOf: visibleScratch)
            if drawOrderNeedsSort { sortVisible() }
            return
        }
        var needsSort = false
        for i in nodes.indices {
            let sides = (nodes[i].sourcePosition, nodes[i].targetPosition)
            if sides != (states[i].sourcePosition, states[i].targetPosition) { layoutChanges.movedNodes.append(Int32(i)) }
            (states[i].sourcePosition, states[i].targetPosition) = sides
            states[i].selected = nodes[i].selected
            let origin = parentChains.links[i].origin
            let fixed = nodes[i].fixedSize
            var finite = origin.isFinite
            if let s = fixed, !(s.width.isFinite && s.height.isFinite) { finite = false }
            if !finite { report(.nonFiniteNode(nodeId: nodes[i].id)) }
            if nodes[i].hidden || states[i].duplicate || !finite {
                if states[i].drawable { layoutChanges.movedNodes.append(Int32(i)) }
                states[i].drawable = false
                states[i].laidOut = false   // laid out afresh (handles re-registered) when shown again
                registry.update(nodeIndex: i, nodeId: nodes[i].id, origin: .zero, handles: [], onDuplicate: { _ in })
                indexNode(i)
                continue
            }
            if !states[i].drawable { layoutChanges.movedNodes.append(Int32(i)) }
            states[i].drawable = true
            let known = fixed ?? (states[i].laidOut ? states[i].size : .zero)
            let visible = Rect(origin: origin, size: known).intersects(view)
            // An off-screen (or far-out) node is laid out again only when its fixed size changed
            // (its handles move with its border); otherwise it keeps its last layout (handles.md §2).
            let resized = fixed.map { $0 != states[i].size && $0.width >= 0 && $0.height >= 0 } ?? false
            if states[i].opsFrame != frameNumber && ((visible && !isFarOut(i)) || !states[i].laidOut || resized) {
                layoutNode(i, nodes[i], origin)
            } else if origin != states[i].origin {
                states[i].origin = origin
                registry.move(nodeIndex: i, to: origin)
                indexNode(i)
                layoutChanges.movedNodes.append(Int32(i))
            }
            if visible && states[i].laidOut { visibleNodes.append(Int32(i)) }
            // Any drawable node counts: it may scroll into view while the array stays the same.
            if nodes[i].zIndex != 0 || nodes[i].selected || nodes[i].parentId != nil { needsSort = true }
        }
        allLaidOut = true
        drawOrderNeedsSort = needsSort
        if needsSort { sortVisible() }
    }

    /// Whether node `i` is so small on screen — zoomed out below 50% and its longer side under
    /// `DetailLevel.farNodePixels` pixels — that it is drawn as one rectangle of its `farColor`, without
    /// rebuilding its view, text or handles (level of detail). Only a node laid out before can be
    /// far out. The tier above it, for nodes that are not far out but whose every shape, text
    /// and handle would be drawn at the lowest detail, is `staysSolid`.
    func isFarOut(_ i: Int) -> Bool {
        states[i].laidOut && max(states[i].size.width, states[i].size.height) < detail.farOutSide
    }


    /// Files node `i`'s current rectangle in the node index (none when it is not drawn).
    private func indexNode(_ i: Int) {
        let r = states[i].drawable && states[i].laidOut ? nodeRect(i) : nil
        if nodeBounds.rect(of: i) != r { nodeBounds.update(i, to: r) }
    }

    /// Sorts the visible nodes for drawing (canvas.md §3): by zIndex, selected above unselected,
    /// where a node ranks at least as high as each of its ancestors (so a child is never hidden
    /// under its parent, even a selected one); then children above their parents; stable by index.
    /// The ranks and depths come from `parentChains`, so no chain is walked here.
    private func sortVisible() {
        drawOrderScratch.removeAll(keepingCapacity: true)
        for v in visibleNodes {
            let link = parentChains.links[Int(v)]
            drawOrderScratch.append(DrawOrderKey(z: link.rank.z, selected: link.rank.selected, depth: link.depth, index: v))
        }
        drawOrderScratch.sort()
        for k in drawOrderScratch.indices { visibleNodes[k] = drawOrderScratch[k].index }
    }

    /// Rebuilds node `i`'s view, lays it out, appends its draw ops to the frame and records its handles.
    func layoutNode(_ i: Int, _ node: Node<NodeData>, _ origin: Point) {
        let type: NodeType<NodeData>
        if let t = nodeTypes[node.type] { type = t } else {
            report(.unknownNodeType(nodeId: node.id, type: node.type))
            type = nodeTypes["default"] ?? BuiltInNodeTypes.make(theme: theme)["default"]!
        }
        builder.reset(environment: LayoutEnvironment(fontSize: theme.fontSize, foreground: theme.nodeText))
        type.build(node, &builder)
        let engine = NodeLayoutEngine(measurer: textMeasurer, handleSize: theme.handleSize)
        let ideal = engine.measure(&builder)
        var size = ideal
        if let fixed = node.fixedSize, fixed.width >= 0, fixed.height >= 0 { size = fixed }
        if !(size.width.isFinite && size.height.isFinite) {
            report(.nonFiniteNode(nodeId: node.id))
            size = Size(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? size.height : 0)
        }
        engine.place(&builder, in: size)
        handleScratch.removeAll(keepingCapacity: true)
        let start = frameOps.count
        engine.emit(builder, size: size, ops: &frameOps, handles: &handleScratch)
        let geometry = registry.geometryVersion
        if builder.toolCount > 0 { engine.emitTools(builder, node: Int32(i), size: size, into: &tools) }
        recordSolidPicture(i, frameOps[start...], hasTools: builder.toolCount > 0)
        registry.update(nodeIndex: i, nodeId: node.id, origin: origin, handles: handleScratch[...]) { id in
            report(.duplicateHandleId(nodeId: node.id, handleId: id))
        }
        if geometry != registry.geometryVersion || origin != states[i].origin || size != states[i].size {
            layoutChanges.movedNodes.append(Int32(i))
        }
        states[i].farColor = frameOps[start...].lazy.compactMap { op -> Color? in
            if case .shape(_, let paint) = op { return Self.solidColor(paint) }
            return nil
        }.first
        states[i].origin = origin
        if states[i].size != size { sizesVersion += 1 }
        states[i].size = size
        states[i].laidOut = true
        states[i].opsStart = start
        states[i].opsCount = frameOps.count - start
        states[i].opsFrame = frameNumber
        indexNode(i)
        stats.laidOutNodes += 1
    }

    /// `node`'s size as last laid out (flow units): its fixed size before its first layout, zero
    /// for a node the canvas does not know.
    func laidOutSize(_ node: Node<NodeData>) -> Size {
        guard let i = nodeIndex[node.id], i < states.count, states[i].laidOut else { return node.fixedSize ?? .zero }
        return states[i].size
    }

    /// Node `i`'s absolute rectangle as last laid out (flow units).
    func nodeRect(_ i: Int) -> Rect { Rect(origin: states[i].origin, size: states[i].size) }

    /// Fits the view to the laid-out rectangles of `request`'s nodes (every drawable node when
    /// it names none) through `getViewportForBounds` (React Flow's formula; a point or a line
    /// gets `maxZoom`); animated when the request has a duration.
    func applyFitView(_ nodes: [Node<NodeData>], _ request: FitViewRequest) {
        var bounds: Rect?
        for i in nodes.indices where states[i].drawable && states[i].laidOut && request.nodeIds.map({ $0.contains(nodeIds[i]) }) ?? true {
            bounds = bounds.map { $0.union(nodeRect(i)) } ?? nodeRect(i)
        }
        guard let b = bounds, size.width > 0, size.height > 0 else { return }
        let target = getViewportForBounds(b, width: size.width, height: size.height, minZoom: minZoom, maxZoom: maxZoom, padding: request.padding)
        move(to: target, duration: request.duration)
    }
}
