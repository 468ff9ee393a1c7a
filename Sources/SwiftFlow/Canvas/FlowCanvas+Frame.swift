import SwiftFlowCore

/// What the build stage's layout changed that the index stage must follow: produced by layout
/// (`layoutVisible`, `layoutNode`, `syncGraph`), consumed and emptied by `index`.
struct LayoutChanges {
    /// Nodes whose rectangle, size, anchors, sides or visibility changed (duplicates allowed):
    /// the edges ending on them get new bounds.
    var movedNodes: [Int32] = []
    /// The node array was re-interned (a node added, removed or reordered), or the edge index
    /// could not follow removed edges: every edge is resolved again.
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
    /// whether this frame's changed, and, when they did, which nodes: every node is read again,
    /// and one that keeps its last layout (off-screen, far out) is laid out again when it
    /// differs from its copy in the last frame's array in more than position and selection
    /// (its data compared when `NodeData` is `Equatable`, else taken as changed), so that its
    /// edges attach to the handles its view now places.
    ///
    /// - Parameters:
    ///   - time: the frame's clock in milliseconds (from an injected clock, so scripted runs
    ///     replay identically): animations, auto-pan speed, dashes.
    public func frame(nodes: [Node<NodeData>], edges: [Edge<EdgeData>], events: [InputEvent] = [], time: Double = 0,
                      into list: inout DrawList) {
        run(nodes: nodes, edges: edges, changes: nil, events: events, time: time, into: &list)
    }

    /// Runs one frame as `frame(nodes:edges:events:time:into:)` does, told by the arrays' owner
    /// what changed since the arrays of the last frame (`FlowStore.frame` passes what it
    /// applied), instead of telling by buffer identity. A change at known indices
    /// (`ArrayChanges.elements`) costs the frame in proportion to those elements (their layout,
    /// parent chains, selection, the edges ending on them), not to the graph; `.unknown` re-reads
    /// every element, as `frame(nodes:edges:events:time:into:)` does for a new array (an
    /// off-screen node that differs from its last copy laid out again). The canvas relies on
    /// `changes`: an element changed but not listed keeps what the canvas knew of it (until an
    /// `.unknown` frame).
    public func frame(nodes: [Node<NodeData>], edges: [Edge<EdgeData>], changes: GraphChanges, events: [InputEvent] = [],
                      time: Double = 0, into list: inout DrawList) {
        run(nodes: nodes, edges: edges, changes: changes, events: events, time: time, into: &list)
    }

    private func run(nodes: [Node<NodeData>], edges: [Edge<EdgeData>], changes: GraphChanges?, events: [InputEvent], time: Double,
                     into list: inout DrawList) {
        let workBefore = indexWork
        stats.resolvedEdges = 0
        stats.edgeInfosRead = 0
        let dt = begin(time: time)
        build(nodes, edges, changes: changes, time: time)
        let registryRebuilt = index(nodes, edges, edgesChanged: !frameInput.edgesUnchanged, changedEdges: frameInput.changedEdges,
                                    appendedEdgesFrom: frameInput.appendedEdgesFrom)
        let view = (viewport: viewportController.current, size: size, detail: detail)
        if frameInput.number == 1 { initialize(nodes, time: time) }
        interact(events, dt: dt, registryRebuilt: registryRebuilt)
        if viewportController.current != view.viewport || size != view.size || detail != view.detail {
            refresh(nodes, edges, viewportMoved: viewportController.current != view.viewport)
        }
        list.reset(displayScale: displayScale)
        draw(nodes: nodes, edges: edges, into: &list)
        frameInput.replacedNodes = nil
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
    private func build(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], changes: GraphChanges?, time: Double) {
        let sameNodes = !frameInput.nodesMutatedInPlace && bufferIdentity(nodes) == bufferIdentity(frameInput.nodes)
        let sameEdges = !frameInput.edgesMutatedInPlace && bufferIdentity(edges) == bufferIdentity(frameInput.edges)
        let nodeChanges = changes?.nodes ?? (sameNodes ? .none : .unknown), edgeChanges = changes?.edges ?? (sameEdges ? .none : .unknown)
        (frameInput.nodesUnchanged, frameInput.changedNodes, frameInput.appendedNodesFrom) =
            Self.classify(nodeChanges, count: nodes.count, lastCount: frameInput.nodeCount)
        (frameInput.edgesUnchanged, frameInput.changedEdges, frameInput.appendedEdgesFrom) =
            Self.classify(edgeChanges, count: edges.count, lastCount: frameInput.edgeCount)
        frameInput.removedNodes = Self.removals(nodeChanges, count: nodes.count, lastCount: frameInput.nodeCount)
        frameInput.removedEdges = Self.removals(edgeChanges, count: edges.count, lastCount: frameInput.edgeCount)
        frameInput.nodeCount = nodes.count
        frameInput.edgeCount = edges.count
        // An unknown change re-reads every node: last frame's array tells which off-screen ones
        // may lay out differently (`layoutVisible`). Changed in place since (`FlowStore`), it
        // holds what the canvas follows without comparing: moves, selections, sizes, appended
        // and removed nodes, and replaced ones (laid out again through `replacedNodes`).
        frameInput.previousNodes = nodeChanges == .unknown ? frameInput.nodes : nil
        frameInput.previousIndex = nil
        frameInput.nodesMutatedInPlace = false
        frameInput.edgesMutatedInPlace = false
        frameInput.removedInPlace = false
        frameInput.nodes = nodes
        frameInput.edges = edges
        if !frameInput.nodesUnchanged { nodeCache.nodesVersion &+= 1 }
        // Removed edges leave the edge index before removed nodes leave the registry, which the
        // edge index reads to find the nodes an edge ends on.
        if let from = frameInput.appendedEdgesFrom, from < edgeIndex.ends.count, !truncateEdgeIndex(to: from) {
            frameInput.appendedEdgesFrom = nil
            frameInput.changedEdges = nil
            nodeCache.changes.nodesReindexed = true   // every edge resolved again
        }
        if let removed = frameInput.removedEdges {
            if followEdgeRemoval(removed) { frameInput.changedEdges = [] } else { frameInput.removedEdges = nil }
        }
        syncGraph(nodes)
        syncControls()
        // Before a parent change makes every node followed (`changedNodes` nil): the nodes the
        // owner said changed are still the ones to lay out again wherever they are.
        if frameInput.replacedNodes == nil { frameInput.replacedNodes = frameInput.changedNodes }
        if !frameInput.nodesUnchanged {
            if frameInput.changedNodes == nil { nodeCache.pictureVersion &+= 1 }
            // The id map read through locals: the closures must not read the node cache while
            // its parent chains change.
            let ids = nodeCache.ids, idMap = nodeCache.idMap
            if let changed = frameInput.changedNodes, nodeCache.parentChains.update(nodes, at: changed, index: { idMap.index(of: $0, in: ids) }) {
                stats.parentChainsResolved = changed.count
            } else {
                // A parent changed (its children move with it) or a parent link did: every node
                // is followed, as for an unknown change.
                frameInput.changedNodes = nil
                nodeCache.parentChains.resolve(nodes) { idMap.index(of: $0, in: ids) }
                stats.parentChainsResolved = nodes.count
            }
        } else {
            stats.parentChainsResolved = 0
        }
        layoutVisible(nodes)
        frameInput.previousNodes = nil
        frameInput.previousIndex = nil
        if let request = viewportController.pendingFit {
            viewportController.pendingFit = nil
            applyFitView(nodes, request)
            advanceViewportAnimation(time: time)
            layoutVisible(nodes)
        }
        refreshFocusedControl()
        clampControlScrolls()
        nodeCache.dropUndrawnOps(frame: frameInput.number)
    }

    /// Stage 3: commits the registry (rebuilding the handle hash when a node's handle set
    /// changed), resolves the edges' ends when the edges or the registry's structure changed,
    /// and brings the edge bounds and the edge index up to date (`updateEdgeIndex`); the node
    /// index was kept by layout. Both indexes file their cells flat again when updates
    /// fragmented them (`RectIndex.compactIfFragmented`: a first layout, a long drag). Returns whether the registry's structure changed (registry
    /// indices held from before are stale).
    /// `changedEdges`: when the edges changed only at these indices (`ArrayChanges.elements`), or
    /// at these and from `appendedEdgesFrom` on (`.appended`).
    private func index(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], edgesChanged: Bool, changedEdges: [Int]? = nil,
                       appendedEdgesFrom: Int? = nil) -> Bool {
        registry.commit()
        let rebuilt = registry.structureVersion != edgeIndex.registryStructure
        edgeIndex.registryStructure = registry.structureVersion
        let resolved = resolveEdges(nodes, edges, force: rebuilt || nodeCache.changes.nodesReindexed, keysUnchanged: !edgesChanged,
                                    changed: changedEdges, appendedFrom: appendedEdgesFrom)
        updateEdgeIndex(nodes, edges, edgesChanged: edgesChanged, resolved: resolved, changed: changedEdges,
                        appendedFrom: resolved ? nil : appendedEdgesFrom)
        nodeCache.changes.nodesReindexed = false
        nodeCache.bounds.compactIfFragmented()
        edgeIndex.rects.compactIfFragmented()
        return rebuilt
    }

    /// The first frame, between index and interact: calls `onInit`, and applies a fit it asked
    /// for at once (the nodes have their sizes), so the first frame shows it; the refresh stage
    /// lays out at a view it moved.
    private func initialize(_ nodes: [Node<NodeData>], time: Double) {
        guard let onInit else { return }
        onInit(self)
        if let request = viewportController.pendingFit {
            viewportController.pendingFit = nil
            applyFitView(nodes, request)
            advanceViewportAnimation(time: time)
        }
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

    /// Whether an array of `count` elements is unchanged, and the indices that changed when only
    /// they did, from what its owner said (`changes`) and last frame's count. A claim that does
    /// not fit the counts counts as `.unknown`.
    /// A change at the end (`.appended`) comes with the index where the new elements start.
    private static func classify(_ changes: ArrayChanges, count: Int, lastCount: Int)
        -> (unchanged: Bool, changed: [Int]?, appendedFrom: Int?) {
        switch changes {
        case .none: return count == lastCount ? (true, nil, nil) : (false, nil, nil)
        case .unknown, .removed: return (false, nil, nil)
        case .elements(let indices):
            guard count == lastCount else { return (false, nil, nil) }
            if indices.isEmpty { return (true, nil, nil) }
            for i in indices where i < 0 || i >= count { return (false, nil, nil) }
            return (false, indices, nil)
        case .appended(let from, let indices):
            guard from >= 0, from <= lastCount, count >= from else { return (false, nil, nil) }
            for i in indices where i < 0 || i >= from { return (false, nil, nil) }
            if count == from && from == lastCount { return indices.isEmpty ? (true, nil, nil) : (false, indices, nil) }
            return (false, indices, from)
        }
    }

    /// The removed indices of `changes` when it is a removal (`ArrayChanges.removed`) that fits
    /// the counts (ascending, distinct, within last frame's `lastCount`, `count` left), else nil.
    private static func removals(_ changes: ArrayChanges, count: Int, lastCount: Int) -> [Int]? {
        guard case .removed(let removed) = changes, !removed.isEmpty, count == lastCount - removed.count,
              removed[0] >= 0, removed[removed.count - 1] < lastCount else { return nil }
        for k in 1..<removed.count where removed[k] <= removed[k - 1] { return nil }
        return removed
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
