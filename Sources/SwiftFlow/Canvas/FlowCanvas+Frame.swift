import SwiftFlowCore

/// What the build stage's layout changed that the index stage must follow: produced by layout
/// (`layoutVisible`, `layoutNode`, `syncGraph`), consumed and emptied by `index`.
struct LayoutChanges {
    /// Nodes whose rectangle, size, anchors, sides or visibility changed (duplicates allowed):
    /// the edges ending on them get new bounds.
    var movedNodes: [Int32] = []
    /// The node array was re-interned (a node added, removed or reordered): every edge is
    /// resolved again.
    var nodesReindexed = false
}

extension FlowCanvas {
    /// Runs one frame in six stages, each once and in this order, data flowing one way (see
    /// docs/ARCHITECTURE.md):
    ///
    /// 1. `begin`: the clock, the viewport animation, the components' `update` (a layout
    ///    transition emits its step here);
    /// 2. `build`: this frame's arrays, node views rebuilt and laid out, handles into the
    ///    registry (and a pending `fitView`, which needs the layout, then layout at the fitted view);
    /// 3. `index`: the handle hash, edge ends, edge bounds and the edge index brought up to
    ///    date with what layout changed;
    /// 4. `interact`: the events against this frame's index; emits changes and callbacks;
    /// 5. `refresh`, only when the viewport, the canvas size or the level of detail changed
    ///    during `interact`: layout and index again for the new view;
    /// 6. `draw`: the frame's geometry into `list` (reset first); reads only, emits nothing.
    ///
    /// The canvas never mutates the app's arrays: changes are emitted (`onNodesChange`, …) and
    /// applied by the app for the next frame, so within a frame every stage sees the arrays
    /// given here. State deliberately one frame old: `stats` and `cursor` describe the last
    /// finished frame; the arrays of the last frame are kept only to tell, by buffer identity,
    /// whether this frame's changed.
    ///
    /// - Parameters:
    ///   - time: the frame's clock in milliseconds (from an injected clock, so scripted runs
    ///     replay identically): animations, auto-pan speed, dashes.
    public func frame(nodes: [Node<NodeData>], edges: [Edge<EdgeData>], events: [InputEvent] = [], time: Double = 0,
                      into list: inout DrawList) {
        let workBefore = indexWork
        let dt = begin(time: time)
        build(nodes, edges, time: time)
        let registryRebuilt = index(nodes, edges, edgesChanged: !frameInput.edgesUnchanged)
        let view = (viewport: viewportController.current, size: size, detail: detail)
        interact(events, dt: dt, registryRebuilt: registryRebuilt)
        if viewportController.current != view.viewport || size != view.size || detail != view.detail {
            refresh(nodes, edges, viewportMoved: viewportController.current != view.viewport)
        }
        list.reset(displayScale: displayScale)
        draw(nodes: nodes, edges: edges, into: &list)
        end(list, indexWorkBefore: workBefore)
    }

    /// Stage 1: advances the clock and the viewport animation, then lets each component follow
    /// the clock. Returns the milliseconds since the last frame.
    private func begin(time: Double) -> Double {
        let dt = frameInput.lastTime.map { max(0, time - $0) } ?? 0
        frameInput.lastTime = time
        advanceViewportAnimation(time: time)
        for c in components { c.update(self) }
        return dt
    }

    /// Stage 2: takes this frame's arrays (unchanged when the app passes the same buffers:
    /// O(1) change detection), re-interns the nodes when their list changed, resolves parent
    /// chains and lays out the visible nodes. A pending `fitView` is applied once the nodes
    /// have sizes, and the nodes are laid out again at the fitted view.
    private func build(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], time: Double) {
        frameInput.nodesUnchanged = bufferIdentity(nodes) == bufferIdentity(frameInput.nodes) && nodes.count == frameInput.nodes.count
        frameInput.edgesUnchanged = bufferIdentity(edges) == bufferIdentity(frameInput.edges) && edges.count == frameInput.edges.count
        frameInput.nodes = nodes
        frameInput.edges = edges
        if !frameInput.nodesUnchanged { nodeCache.nodesVersion &+= 1 }
        syncGraph(nodes)
        syncControls()
        if !frameInput.nodesUnchanged { nodeCache.parentChains.resolve(nodes, index: nodeCache.index) }
        layoutVisible(nodes)
        if let request = viewportController.pendingFit {
            viewportController.pendingFit = nil
            applyFitView(nodes, request)
            advanceViewportAnimation(time: time)
            layoutVisible(nodes)
        }
        refreshFocusedControl()
        clampControlScrolls()
    }

    /// Stage 3: commits the registry (rebuilding the handle hash when a node's handle set
    /// changed), resolves the edges' ends when the edges or the registry's structure changed,
    /// and brings the edge bounds and the edge index up to date (`updateEdgeIndex`); the node
    /// index was kept by layout. Returns whether the registry's structure changed (registry
    /// indices held from before are stale).
    private func index(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], edgesChanged: Bool) -> Bool {
        registry.commit()
        let rebuilt = registry.structureVersion != edgeIndex.registryStructure
        edgeIndex.registryStructure = registry.structureVersion
        let resolved = resolveEdges(nodes, edges, force: rebuilt || nodeCache.changes.nodesReindexed, keysUnchanged: !edgesChanged)
        updateEdgeIndex(nodes, edges, edgesChanged: edgesChanged, resolved: resolved)
        nodeCache.changes.nodesReindexed = false
        return rebuilt
    }

    /// Stage 4: re-finds the gesture's handle when the registry was rebuilt (else moves a
    /// connection line's start with its handle, which layout may have moved), records a finished
    /// history step, reports a selection change, then consumes the events in order (components
    /// first, see `routeToComponents`) and auto-pans.
    private func interact(_ events: [InputEvent], dt: Double, registryRebuilt: Bool) {
        if registryRebuilt { revalidateGesture() } else { followConnectionStart() }
        resolveHistory()
        notifySelectionChange()
        for event in events where !routeToComponents(event) { handle(event) }
        autoPan(dt: dt)
        updateHover()
    }

    /// Stage 5, only when `interact` changed the view: nodes the new view reveals, or that a new
    /// display scale or level of detail takes out of a level-of-detail tier, are laid out and
    /// indexed, and the gesture re-found; a moved viewport ends a viewport animation (the
    /// user's pan or zoom wins) and is reported.
    private func refresh(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], viewportMoved: Bool) {
        layoutVisible(nodes)
        if index(nodes, edges, edgesChanged: false) { revalidateGesture() }
        if viewportMoved {
            viewportController.animation = nil
            onViewportChange?(viewportController.current)
        }
    }

    /// After `draw`: the frame's statistics and cursor, and (in debug builds) every part's
    /// invariants.
    private func end(_ list: DrawList, indexWorkBefore: (rebuilds: Int, rebins: Int)) {
        stats.vertices = list.vertices.count
        stats.indices = list.indices.count
        stats.instances = list.instances.count
        stats.indexRebuilds = indexWork.rebuilds - indexWorkBefore.rebuilds
        stats.indexRebins = indexWork.rebins - indexWorkBefore.rebins
        cursor = currentCursor()
        assert(checkInvariants().isEmpty, "\(checkInvariants())")
    }
}
