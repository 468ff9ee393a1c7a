import Foundation
import SwiftFlowCore

extension FlowCanvas {
    /// Movement (screen points) after which a press becomes a drag, pan or connection.
    static var dragThreshold: Double { 1 }
    /// Zoom factor per wheel notch (and the ×1.2 of zoomIn/zoomOut).
    static var wheelZoomStep: Double { 1.2 }

    /// Consumes one input event against this frame's registry and nodes.
    func handle(_ event: InputEvent) {
        switch event {
        case .pointerDown(let p, let button, let mods, let clicks):
            pointer = p
            pointerDown(p, button: button, modifiers: mods, clickCount: clicks)
        case .pointerMove(let p, _):
            pointer = p
            pointerMoved(to: p)
        case .pointerUp(let p, _, _):
            let moved = pointer != p
            pointer = p
            if moved { pointerMoved(to: p) }
            pointerUp(at: p)
        case .wheel(let p, let dx, let dy, let mods):
            guard dx.isFinite, dy.isFinite else { return }
            if controlWheel(at: p, dy: dy) { return }
            if panOnScroll && !mods.contains(.ctrl) {
                // Wheel away from the user (dy > 0) shows what is above: the content moves down.
                viewportController.current.x -= min(max(dx, -50), 50) * panOnScrollSpeed
                viewportController.current.y += min(max(dy, -50), 50) * panOnScrollSpeed
                refreshGesture()
                return
            }
            guard zoomOnScroll, dy != 0 else { return }
            zoom(to: viewportController.current.zoom * pow(Self.wheelZoomStep, min(max(dy, -50), 50)), about: p)
        case .pinch(let center, let scale):
            guard zoomOnPinch, scale.isFinite, scale > 0 else { return }
            zoom(to: viewportController.current.zoom * scale, about: center)
        case .keyDown(let key, let mods):
            if controlKeyDown(key, modifiers: mods) { return }
            keyDown(key, modifiers: mods)
        case .resize(let s):
            if s.width.isFinite, s.height.isFinite, s.width > 0, s.height > 0 { size = s }
        case .displayScale(let s):
            if s.isFinite, s > 0 { displayScale = s }
        case .pointerLeave:
            pointer = nil
        case .text(let s):
            _ = controlText(s)
        case .textEditing(let s, let cursor):
            _ = controlComposition(s, cursor: cursor)
        case .keyUp:
            break
        }
    }

    /// Zooms to `zoom` (clamped) keeping the flow point under the screen point `anchor` fixed.
    func zoom(to zoom: Double, about anchor: Point) {
        guard zoom.isFinite, anchor.isFinite else { return }
        viewportController.current = viewportController.current.zoomed(to: zoom, about: anchor, clampedTo: minZoom...maxZoom)
        refreshGesture()
    }

    private func pointerDown(_ p: Point, button: PointerButton, modifiers: Modifiers, clickCount: Int) {
        history.nudgeRunOpen = false
        if case .idle = interaction.gesture {} else {
            // A second primary press means the release of the first was lost: start afresh.
            guard button == .primary else { return }
            cancelGesture()
        }
        if button == .secondary {
            controlState.popup = nil
            if openContextMenu(at: p) { return }
            if onNodeContextMenu != nil || onPaneContextMenu != nil {
                interaction.gesture = .pressSecondary(start: p)
                return
            }
        }
        if button != .primary {
            interaction.gesture = .panning(last: p)
            return
        }
        let additive = modifiers.contains(.shift) || modifiers.contains(.ctrl)
        let boxes = modifiers.contains(.shift) || selectionOnDrag
        let hit = hitTest(at: p)
        if controlPointerDown(hit, at: p, clickCount: clickCount) { return }
        switch hit {
        case .popup, .control:
            break   // the controls' (controlPointerDown)
        case .component, .pane:
            // Components took their presses before (`routeToComponents`); what reaches here is the pane.
            if clickCount == 2 && nodeCatalog != nil { return openNodeSearch(at: p) }
            if boxes { return beginBox(at: p, additive: additive) }
            if clickCount == 2 && zoomOnDoubleClick { zoom(to: viewportController.current.zoom * 2, about: p) }
            interaction.gesture = .pressPane(start: p)
        case .nodeButton(let button) where clickCount < button.count:
            pressNode(Int(button.node), additive: additive, clickCount: clickCount)   // an earlier click of a multi-tap
        case .toolbar(_, let button?), .nodeButton(let button):
            interaction.gesture = .pressButton(pressButton(button, at: p))
        case .toolbar(_, nil):
            break   // a toolbar's background swallows the press
        case .reconnectGrip(let grip):
            interaction.gesture = .pressGrip(grip, start: p)
        case .handle(let entry):
            let e = registry[entry]
            interaction.gesture = .pressHandle(entry: entry, ref: HandleRef(nodeId: e.nodeId, id: e.id), start: p)
        case .resizeGrip(let r, let grip):
            beginResize(r, grip, at: p)
        case .node(let node):
            // A group's body is canvas to the search box (ComfyUI's groups cover wide areas).
            if clickCount == 2 && nodeCatalog != nil && frameInput.nodes[node].type == "group" { return openNodeSearch(at: p) }
            pressNode(node, additive: additive, clickCount: clickCount)
        case .edge(let k):
            let id = frameInput.edges[k].id
            // A box may start on an edge; released without moving, it is a click on that edge.
            if boxes {
                beginBox(at: p, onEdge: id, additive: additive)
            } else {
                interaction.gesture = .pressEdge(id: id, start: p, additive: additive)
            }
            if clickCount == 2 { onEdgeDoubleClick?(id) }
        }
    }

    /// A primary press on node `node`'s body: selects it (or on release), may become a drag;
    /// the second click of a double click calls `onNodeDoubleClick`.
    private func pressNode(_ node: Int, additive: Bool, clickCount: Int) {
        guard let p = pointer else { return }
        let selectOnRelease = selectOnPress(node, additive: additive)
        interaction.gesture = .pressNode(id: frameInput.nodes[node].id, start: p, selectOnRelease: selectOnRelease)
        if clickCount == 2 { onNodeDoubleClick?(frameInput.nodes[node].id) }
    }

    /// Reports a click on node `id` (a press released before it became a drag) through
    /// `onNodeClick`, with the node as this frame has it; nothing when the node is gone. O(1).
    private func clickNode(_ id: String) {
        guard let onNodeClick, let i = nodeCache.index(of: id), i < frameInput.nodes.count, frameInput.nodes[i].id == id else { return }
        onNodeClick(frameInput.nodes[i])
    }

    private func pointerMoved(to p: Point) {
        switch interaction.gesture {
        case .pressPane(let start):
            if panOnDrag && p.distance(to: start) > Self.dragThreshold {
                interaction.gesture = .panning(last: start)
                pointerMoved(to: p)
            }
        case .pressSecondary(let start):
            guard p.distance(to: start) > Self.dragThreshold else { return }
            interaction.gesture = .panning(last: start)
            pointerMoved(to: p)
        case .panning(let last):
            viewportController.current.x += p.x - last.x
            viewportController.current.y += p.y - last.y
            interaction.gesture = .panning(last: p)
        case .pressNode(let id, let start, _):
            guard p.distance(to: start) > nodeDragThreshold else { return }
            beginDrag(node: id, pressedAt: start)
            pointerMoved(to: p)
        case .dragging(let drag, _):
            emitDrag(drag, finishing: nil)
        case .pressHandle(let entry, _, let start):
            guard p.distance(to: start) > Self.dragThreshold else { return }
            let from = registry[entry]
            interaction.gesture = .connecting(ConnectionInProgress(from: from, fromIndex: entry, pointer: viewportController.current.screenToFlow(p),
                                                                   snapped: nil, proposed: nil, overInvalidHandle: false))
            onConnectStart?(from.nodeId, from.id, from.type)
            updateConnection(pointer: p)
        case .connecting:
            updateConnection(pointer: p)
        case .boxSelecting(let box):
            updateBox(box, to: p)
        case .pressEdge, .pressGrip, .reconnecting:
            edgePointerMoved(to: p)
        case .resizing(let drag, _):
            updateResize(drag)
        case .control(let g):
            controlPointerMoved(g, to: p)
        case .pressButton(var press):
            guard var drag = press.drag else { return }
            let location = drag.location(p)
            if !drag.started {
                guard location.distance(to: drag.start) >= drag.gesture.minimumDistance else { return }
                drag.started = true
                press.drag = drag
                interaction.gesture = .pressButton(press)
            }
            drag.gesture.changed?(DragGesture.value(from: drag.start, to: location))
        case .idle:
            break
        }
    }

    /// The press of a `Button`, tap or drag gesture `button` at the screen point `p`; a drag
    /// without a minimum distance starts (and reports its first change) at once.
    private func pressButton(_ button: FrameButton, at p: Point) -> ButtonPress {
        let rect = screenRect(of: button)
        var press = ButtonPress(action: button.action, rect: rect)
        if let g = button.drag {
            var drag = ViewDrag(gesture: g, viewRect: rect, scale: button.toolbar >= 0 ? 1 : viewportController.current.zoom, start: .zero, started: false)
            drag.start = drag.location(p)
            if g.minimumDistance == 0 {
                drag.started = true
                g.changed?(DragGesture.value(from: drag.start, to: drag.start))
            }
            press.drag = drag
        }
        return press
    }

    private func pointerUp(at p: Point) {
        switch interaction.gesture {
        case .pressPane:
            paneClick(at: p)
        case .pressNode(let id, _, let selectOnRelease):
            if selectOnRelease { select(nodes: [id], edges: []) }
            clickNode(id)
        case .dragging(let drag, let baseline):
            emitDrag(drag, finishing: baseline)
        case .connecting(let c):
            interaction.gesture = .idle   // the connection line ends before the callbacks
            if let made = c.proposed { commitHistoryStep(); onConnect?(made) }
            onConnectEnd?(c.proposed)
            if c.proposed == nil { searchForDroppedConnection(c, at: p) }
        case .boxSelecting(let box):
            endBox(box, at: p)
        case .pressEdge, .reconnecting:
            edgePointerUp()
        case .resizing(let drag, let baseline):
            endResize(drag, baseline: baseline)
        case .pressButton(let press):
            if let drag = press.drag {
                if drag.started { drag.gesture.ended?(DragGesture.value(from: drag.start, to: drag.location(p))) }
            } else if press.rect.contains(p) {
                press.action()
            }
        case .pressSecondary:
            interaction.gesture = .idle
            openCanvasMenu(at: p)
        case .control(let g):
            controlPointerUp(g, at: p)
        case .idle, .panning, .pressHandle, .pressGrip:
            break
        }
        interaction.gesture = .idle
    }

    /// Escape: cancels a connection (nothing is made), a node drag (nodes go back to where they
    /// started), a selection box (the selection from before it comes back), a reconnect (the edge
    /// stays as it was) or a resize (the node gets its size and position back).
    func cancelGesture() {
        let gesture = interaction.gesture
        interaction.gesture = .idle   // every gesture's state lives in its case
        switch gesture {
        case .resizing(let drag, _):
            endResize(drag, baseline: nil)
        case .connecting:
            onConnectEnd?(nil)
        case .dragging(let drag, _):
            cancelDrag(drag)
        case .boxSelecting(let box):
            cancelBox(box)
        case .reconnecting(let r, _):
            endReconnect(r, made: nil)
        default:
            break
        }
    }

    /// After the registry was rebuilt (the index stage says so), re-finds the handle a press or
    /// connection started from; when it is gone (its node removed or hidden) the gesture ends (a
    /// connection with `onConnectEnd(nil)`).
    func revalidateGesture() {
        switch interaction.gesture {
        case .pressHandle(_, let ref, let start):
            interaction.gesture = handleEntry(ref).map { .pressHandle(entry: $0, ref: ref, start: start) } ?? .idle
        case .reconnecting(let r, _):
            revalidateReconnect(r)
        case .connecting(let c):
            guard let e = handleEntry(HandleRef(nodeId: c.from.nodeId, id: c.from.id)) else {
                cancelGesture()
                return
            }
            interaction.connection?.fromIndex = e
            interaction.connection?.from = registry[e]
            if let p = pointer { updateConnection(pointer: p) }
        default:
            break
        }
    }

    /// A connection line starts at its handle's anchor as this frame's layout placed it (the app
    /// may move the node during the drag). O(1).
    func followConnectionStart() {
        guard let c = interaction.connection, c.fromIndex < registry.count else { return }
        let anchor = registry.anchor(of: c.fromIndex)
        if anchor != c.from.anchor { interaction.connection?.from.anchor = anchor }
    }

    /// Re-applies the gesture after the viewport moved under a still pointer (zoom, auto-pan).
    func refreshGesture() {
        guard let p = pointer else { return }
        switch interaction.gesture {
        case .dragging(let drag, _): emitDrag(drag, finishing: nil)
        case .connecting, .reconnecting: updateConnection(pointer: p)
        case .boxSelecting(let box): updateBox(box, to: p)
        case .resizing(let drag, _): updateResize(drag)
        default: break
        }
    }

    /// Auto-pan (handles.md §5): within 40 screen points of the canvas edge during a connection or
    /// node drag, the viewport pans toward that edge at up to 15 points per frame (at 60 Hz; a
    /// longer frame pans no further), scaled by the clock time `dt` (ms) that passed, so a
    /// scripted run without `wait` does not pan.
    func autoPan(dt: Double) {
        let dt = min(dt, 1000.0 / 60)
        guard dt > 0, let p = pointer else { return }
        switch interaction.gesture {
        case .dragging, .connecting, .reconnecting: break
        default: return
        }
        let edge = 40.0, perMs = 15.0 / (1000.0 / 60.0)
        func speed(_ d: Double) -> Double { d < edge ? (edge - max(d, 0)) / edge : 0 }
        let vx = speed(p.x) - speed(size.width - p.x)
        let vy = speed(p.y) - speed(size.height - p.y)
        guard vx != 0 || vy != 0 else { return }
        viewportController.current.x += vx * perMs * dt
        viewportController.current.y += vy * perMs * dt
        refreshGesture()
    }

    // MARK: Nodes

    /// The topmost drawn node whose rectangle contains the flow point `p`.
    func nodeHit(at p: Point) -> Int? {
        if usesOverview { return overviewNodeHit(at: p) }
        for k in nodeCache.visible.indices.reversed() {
            let i = Int(nodeCache.visible[k])
            if nodeRect(i).contains(p) { return i }
        }
        return nil
    }
}
