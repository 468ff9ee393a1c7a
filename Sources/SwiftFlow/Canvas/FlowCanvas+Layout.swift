import SwiftFlowCore

/// A visible node's place in the drawing order (canvas.md §3), compared field by field.
struct DrawOrderKey: Comparable {
    var z: Int, selected: Int, depth: Int, index: Int32
    static func < (a: Self, b: Self) -> Bool { (a.z, a.selected, a.depth, a.index) < (b.z, b.selected, b.depth, b.index) }
}

// The build stage's layout: which nodes are read and laid out this frame (`layoutVisible`), one
// node's layout (`layoutNode`), the drawing order of the visible ones, and fitView.
extension FlowCanvas {
    /// The flow rectangle culling tests against: the visible area plus a margin of 10% per side.
    var cullRect: Rect {
        let r = viewportController.current.visibleFlowRect(canvasSize: size)
        return r.insetBy(-0.1 * max(r.width, r.height))
    }

    /// Lays out every visible node not yet laid out this frame (and, once, every node, so that
    /// off-screen handles resolve; an off-screen one whose type can is placed without its view,
    /// `placeWithoutView`), moves cached handles of moved off-screen nodes (the index
    /// stage commits the registry) and computes the visible nodes in drawing order.
    ///
    /// When the node array is the one of the last frame (`frameInput.nodesUnchanged`), the visible nodes come
    /// from the node index (`nodeCache.bounds`) and only they are read: reading a field of a generic
    /// `Node` copies the node, so the frame's cost follows what is on screen, not the graph.
    /// Far-out nodes (`isFarOut`) keep their last layout, like off-screen ones, and are drawn as
    /// one rectangle; so do nodes in the solid tier (`staysSolid`), drawn from their solid
    /// picture. When the array changed, every visible node that is not far out is laid out; when
    /// its owner could not say how (`.unknown`), so is every other node laid out before that
    /// differs from its copy in the last frame's array (`frameInput.previousNodes`,
    /// `Node.mayLayOutDifferently`): its view may place other handles (handles.md §2).
    @_specialize(where NodeData == JSONValue, EdgeData == JSONValue)
    func layoutVisible(_ nodes: [Node<NodeData>]) {
        let view = cullRect
        nodeCache.visible.removeAll(keepingCapacity: true)
        let followed = frameInput.nodesFollowed == frameInput.number
        frameInput.nodesFollowed = frameInput.number
        if (frameInput.nodesUnchanged || frameInput.changedNodes != nil || followed) && nodeCache.allLaidOut {
            // Only the nodes the array's owner said changed are read (none when an earlier pass
            // of this frame followed them): they are followed as the full pass below would
            // (moved, resized, hidden, laid out when visible), and the visible ones then come
            // from the node index, which includes them.
            if !followed, let changed = frameInput.changedNodes {
                let farSide = detail.farOutSide
                var types = NodeTypeMemo<NodeData>()
                for i in changed {
                    nodeCache.states[i].solid.nodesVersion = -1
                    if follow(i, nodes[i], view: view, farSide: farSide, types: &types).sorts { nodeCache.drawOrderNeedsSort = true }
                }
                // A node replaced whole is laid out again wherever it is (off-screen, far out): its
                // view may place other handles, which its edges attach to (handles.md §2).
                for i in frameInput.replacedNodes ?? [] where i < nodes.count && nodeCache.states[i].drawable
                    && nodeCache.states[i].opsFrame != frameInput.number {
                    layoutNode(i, nodes[i], nodeCache.parentChains.links[i].origin)
                }
            }
            queryDrawnNodes(view)
            let detail = self.detail, farSide = detail.farOutSide, frame = frameInput.number
            collectInteracting()
            // In place: the array's subscript copies a whole (generic) node, its strings retained.
            nodes.withUnsafeBufferPointer { nodes in
                for v in visibleScratch {
                    let i = Int(v)
                    let s = nodeCache.states[i]
                    if s.opsFrame != frame && !isFarOut(i, farSide: farSide) && !staysSolid(i, detail) {
                        layoutNode(i, nodes[i], s.origin)
                    }
                }
            }
            nodeCache.visible.append(contentsOf: visibleScratch)
            if nodeCache.drawOrderNeedsSort { sortVisible() }
            return
        }
        var needsSort = false
        let farSide = detail.farOutSide
        let previous = frameInput.previousNodes, previousIndex = frameInput.previousIndex
        var types = NodeTypeMemo<NodeData>()
        nodeCache.passSelection.frame = frameInput.number
        nodeCache.passSelection.nodes.removeAll(keepingCapacity: true)
        // In place: the array's subscript copies a whole (generic) node, its strings retained.
        nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                let laidOutBefore = nodeCache.states[i].laidOut
                let followed = follow(i, nodes[i], view: view, farSide: farSide, types: &types)
                if followed.visible { nodeCache.visible.append(Int32(i)) }
                if followed.selected { nodeCache.passSelection.nodes.append(Int32(i)) }
                if followed.sorts { needsSort = true }
                // The owner could not say what changed: a node that keeps its last layout (off-screen,
                // far out) is laid out again when it differs from last frame's copy in what its view
                // may read (its handles follow it, handles.md §2).
                if let previous, laidOutBefore, nodeCache.states[i].laidOut, nodeCache.states[i].opsFrame != frameInput.number {
                    let j = previousIndex.map { Int($0[i]) } ?? i
                    // The old copy read once (each array subscript copies a whole node).
                    let old = j >= 0 && j < previous.count ? previous[j] : nil
                    if old.map({ $0.id != nodes[i].id || nodes[i].mayLayOutDifferently(than: $0) }) ?? true {
                        layoutNode(i, nodes[i], nodeCache.parentChains.links[i].origin)
                    }
                }
            }
        }
        // As above: a node replaced whole is laid out again off-screen too, also when every node
        // is followed (a parent changed, or the owner could not say what changed).
        for i in frameInput.replacedNodes ?? [] where i < nodes.count && nodeCache.states[i].drawable
            && nodeCache.states[i].opsFrame != frameInput.number {
            layoutNode(i, nodes[i], nodeCache.parentChains.links[i].origin)
        }
        nodeCache.allLaidOut = true
        nodeCache.drawOrderNeedsSort = needsSort
        if usesOverview {
            // Drawn from the overview picture: only the live nodes are drawn one by one, as in
            // the frames that query them (a first frame draws what the next one does).
            queryDrawnNodes(view)
            nodeCache.visible.removeAll(keepingCapacity: true)
            nodeCache.visible.append(contentsOf: visibleScratch)
        }
        if needsSort { sortVisible() }
    }

    /// Brings what the canvas knows of node `i` up to date with `node` (this frame's): its sides,
    /// selection, drawability, and its layout when it is visible and not far out (or never laid
    /// out, or its fixed size changed), else its cached handles and index rectangle moved with
    /// its origin. Returns whether it is drawn (visible and laid out), whether it needs the
    /// drawing order sorted (z-index, selection or a parent) and whether it is drawable and
    /// selected. `types`: the pass's last node type looked up (`placeWithoutView`).
    private func follow(_ i: Int, _ node: Node<NodeData>, view: Rect, farSide: Double,
                        types: inout NodeTypeMemo<NodeData>) -> (visible: Bool, sorts: Bool, selected: Bool) {
        // The node's state is read once and written back before any call that reads it: one
        // exclusivity check of `nodeCache` per access, not one per field.
        var s = nodeCache.states[i]
        let sides = (node.sourcePosition, node.targetPosition)
        if sides != (s.sourcePosition, s.targetPosition) { nodeCache.changes.movedNodes.append(Int32(i)) }
        (s.sourcePosition, s.targetPosition) = sides
        s.selected = node.selected
        let origin = nodeCache.parentChains.links[i].origin
        let fixed = node.fixedSize
        var finite = origin.isFinite
        if let f = fixed, !(f.width.isFinite && f.height.isFinite) { finite = false }
        if !finite {
            nodeCache.states[i] = s
            report(.nonFiniteNode(nodeId: node.id))
        }
        if node.hidden || s.duplicate || !finite {
            if s.drawable { nodeCache.changes.movedNodes.append(Int32(i)) }
            s.drawable = false
            if s.laidOut { nodeCache.noteSize(old: s.size, new: nil) }
            s.laidOut = false   // laid out afresh (handles re-registered) when shown again
            nodeCache.states[i] = s
            registry.update(nodeIndex: i, nodeId: node.id, origin: .zero, handles: [], onDuplicate: { _ in })
            indexNode(i)
            return (false, false, false)
        }
        if !s.drawable { nodeCache.changes.movedNodes.append(Int32(i)) }
        s.drawable = true
        nodeCache.states[i] = s
        let known = fixed ?? (s.laidOut ? s.size : .zero)
        let visible = Rect(origin: origin, size: known).intersects(view)
        // An off-screen (or far-out) node is laid out again here only when its fixed size changed
        // (its handles move with its border; `layoutVisible` also lays out the nodes replaced
        // whole); otherwise it keeps its last layout (handles.md §2).
        let resized = fixed.map { $0 != s.size && $0.width >= 0 && $0.height >= 0 } ?? false
        // A node never laid out is placed from its size and declared handles when it is off
        // screen, or on screen but far out at its placed size (drawn as one rectangle, as in an
        // opened file's fitted first frame: no view built for each of a million nodes); its view
        // is built when it is drawn in full.
        // A node never laid out and of no fixed size was tested at size zero: its placed or laid-out
        // size may reach into the view from the left or above (it is drawn in this frame then).
        func reaches(_ size: Size) -> Bool { visible || (fixed == nil && !s.laidOut && Rect(origin: origin, size: size).intersects(view)) }
        if !s.laidOut && (!visible || farSide > 0),
           placeWithoutView(i, node, origin, types: &types, accepts: { !reaches($0) || max($0.width, $0.height) < farSide }) {
        } else if s.opsFrame != frameInput.number && ((visible && !isFarOut(i, farSide: farSide)) || !s.laidOut || resized) {
            layoutNode(i, node, origin)
        } else if origin != s.origin {
            nodeCache.states[i].origin = origin
            registry.move(nodeIndex: i, to: origin)
            indexNode(i)
            nodeCache.changes.movedNodes.append(Int32(i))
        }
        // Any drawable node counts: it may scroll into view while the array stays the same.
        return (nodeCache.states[i].laidOut && reaches(nodeCache.states[i].size), node.zIndex != 0 || node.selected || node.parentId != nil,
                node.selected)
    }

    /// Whether node `i` is so small on screen — zoomed out below 50% and its longer side under
    /// `DetailLevel.farNodePixels` pixels — that it is drawn as one rectangle of its `farColor`, without
    /// rebuilding its view, text or handles (level of detail). Only a node laid out before can be
    /// far out. The tier above it, for nodes that are not far out but whose every shape, text
    /// and handle would be drawn at the lowest detail, is `staysSolid`. `farSide` is the
    /// frame's `DetailLevel.farOutSide`.
    func isFarOut(_ i: Int, farSide: Double) -> Bool {
        nodeCache.states[i].laidOut && max(nodeCache.states[i].size.width, nodeCache.states[i].size.height) < farSide
    }


    /// Files node `i`'s current rectangle in the node index (none when it is not drawn).
    func indexNode(_ i: Int) {
        let r = nodeCache.states[i].drawable && nodeCache.states[i].laidOut ? nodeRect(i) : nil
        if nodeCache.bounds.rect(of: i) != r { nodeCache.bounds.update(i, to: r) }
    }

    /// Sorts the visible nodes for drawing (canvas.md §3): by zIndex, selected above unselected,
    /// where a node ranks at least as high as each of its ancestors (so a child is never hidden
    /// under its parent, even a selected one); then children above their parents; stable by index.
    /// The ranks and depths come from `nodeCache.parentChains`, so no chain is walked here.
    private func sortVisible() {
        nodeCache.drawOrderScratch.removeAll(keepingCapacity: true)
        for v in nodeCache.visible {
            let link = nodeCache.parentChains.links[Int(v)]
            nodeCache.drawOrderScratch.append(DrawOrderKey(z: link.rank.z, selected: link.rank.selected, depth: link.depth, index: v))
        }
        nodeCache.drawOrderScratch.sort()
        for k in nodeCache.drawOrderScratch.indices { nodeCache.visible[k] = nodeCache.drawOrderScratch[k].index }
    }

    /// Rebuilds node `i`'s view, lays it out, appends its draw ops to the frame and records its handles.
    func layoutNode(_ i: Int, _ node: Node<NodeData>, _ origin: Point) {
        let type: NodeType<NodeData>
        if let t = layoutTypes.type(named: node.type, in: nodeTypes) { type = t } else {
            report(.unknownNodeType(nodeId: node.id, type: node.type))
            type = nodeTypes["default"] ?? BuiltInNodeTypes.make(theme: theme)["default"]!
        }
        builder.reset(environment: LayoutEnvironment(theme: theme))
        builder.animations = controlState.animations
        builder.animationNode = node.id
        controlState.animations.time = time
        if controlState.key?.nodeId == node.id || controlState.popup?.key.nodeId == node.id || !controlState.scroll.isEmpty { prepareLiveControls(node.id) }
        type.build(node, &builder)
        if builder.alignsTopLeading { builder.kinds[0] = .zstack(.topLeading) }
        if !builder.images.isEmpty { reportUnavailableImages(of: node.id) }
        let engine = NodeLayoutEngine(measurer: textMeasurer, handleSize: theme.handleSize)
        let ideal = engine.measure(&builder, width: node.fixedSize.map { $0.width >= 0 ? $0.width : .infinity } ?? .infinity)
        var size = ideal
        if let fixed = node.fixedSize, fixed.width >= 0, fixed.height >= 0 { size = fixed }
        if !(size.width.isFinite && size.height.isFinite) {
            report(.nonFiniteNode(nodeId: node.id))
            size = Size(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? size.height : 0)
        }
        engine.place(&builder, in: size)
        handleScratch.removeAll(keepingCapacity: true)
        let start = nodeCache.ops.count
        engine.emit(&builder, size: size, ops: &nodeCache.ops, handles: &handleScratch)
        let geometry = registry.geometryVersion
        if builder.toolCount > 0 {
            let controlsBefore = tools.controls.count
            engine.emitTools(&builder, node: Int32(i), size: size, into: &tools)
            for c in tools.controls[controlsBefore...] { if let p = c.spec.problem { report(.invalidControlValue(nodeId: node.id, problem: p)) } }
        }
        recordSolidPicture(i, nodeCache.ops[start...], hasTools: builder.toolCount > 0)
        registry.update(nodeIndex: i, nodeId: node.id, origin: origin, handles: handleScratch[...]) { id in
            report(.duplicateHandleId(nodeId: node.id, handleId: id))
        }
        // The node's state read once and written back before `indexNode` reads it: one
        // exclusivity check of `nodeCache` per access, not one per field.
        var s = nodeCache.states[i]
        if geometry != registry.geometryVersion || origin != s.origin || size != s.size {
            nodeCache.changes.movedNodes.append(Int32(i))
        }
        // The colour of the first shape that has one (a plain loop: the lazy sequence it
        // replaces ran as generic code per node).
        var far: Color?
        for k in start..<nodeCache.ops.count {
            if case .shape(_, let paint) = nodeCache.ops[k], let c = Self.solidColor(paint) { far = c; break }
        }
        // A node laid out again usually keeps its colour: no lookup then. (Interning may
        // renumber every node's colour, this one's included: it is set from what it returns.)
        if far != nodeCache.farColor(of: i) { s.farColor = nodeCache.internFarColor(far) }
        nodeCache.noteSize(old: s.laidOut ? s.size : nil, new: size)
        if s.size != size { nodeCache.sizesVersion += 1 }
        s.origin = origin
        s.size = size
        s.laidOut = true
        s.showsSelectionRing = type.showsSelectionRing
        s.opsStart = Int32(start)
        s.opsCount = Int32(nodeCache.ops.count - start)
        s.opsFrame = frameInput.number
        nodeCache.states[i] = s
        indexNode(i)
        stats.laidOutNodes += 1
    }

    /// `node`'s size as last laid out (flow units): its fixed size before its first layout, zero
    /// for a node the canvas does not know.
    func laidOutSize(_ node: Node<NodeData>) -> Size {
        guard let i = nodeCache.index(of: node.id), i < nodeCache.states.count, nodeCache.states[i].laidOut else { return node.fixedSize ?? .zero }
        return nodeCache.states[i].size
    }

    /// Node `i`'s absolute rectangle as last laid out (flow units).
    func nodeRect(_ i: Int) -> Rect { Rect(origin: nodeCache.states[i].origin, size: nodeCache.states[i].size) }

    /// Fits the view to the laid-out rectangles of `request`'s nodes (every drawable node when
    /// it names none) through `getViewportForBounds` (React Flow's formula; a point or a line
    /// gets `maxZoom`); animated when the request has a duration.
    func applyFitView(_ nodes: [Node<NodeData>], _ request: FitViewRequest) {
        var bounds: Rect?
        for i in nodes.indices where nodeCache.states[i].drawable && nodeCache.states[i].laidOut && request.nodeIds.map({ $0.contains(nodeCache.ids[i]) }) ?? true {
            bounds = bounds.map { $0.union(nodeRect(i)) } ?? nodeRect(i)
        }
        guard let b = bounds, size.width > 0, size.height > 0 else { return }
        let target = getViewportForBounds(b, width: size.width, height: size.height, minZoom: minZoom, maxZoom: maxZoom, padding: request.padding)
        move(to: target, duration: request.duration)
    }
}
