import SwiftFlowCore

/// A resize in progress: the grip, where the pointer and the node started, and the last
/// rectangle emitted.
struct ResizeDrag {
    var nodeId: String
    var direction: ControlPosition
    /// The flow point under the pointer at the press.
    var startFlow: Point
    /// The node's absolute top-left at the press (flow units).
    var startOrigin: Point
    /// How far the node's sides may move: its `extent` and the canvas' `coordinateExtent`.
    var limits: DeltaLimits
    var start: ResizeParams
    var current: ResizeParams
    var spec: ResizerSpec
}

extension FlowCanvas {
    /// Half the side of a corner grip's hit square beyond its drawn half side, screen points.
    static var gripHitMargin: Double { 2 }
    /// How far from a node side its line grip reacts, screen points.
    static var sideGripReach: Double { 4 }

    /// Node `i`'s rectangle as last laid out, screen points.
    func screenRect(ofNode i: Int) -> Rect {
        let r = nodeRect(i), z = viewportController.current.zoom
        return Rect(origin: viewportController.current.flowToScreen(r.origin), size: Size(width: r.width * z, height: r.height * z))
    }

    /// Whether resizer `r`'s grips are shown: `isVisible`, else while its node is selected.
    func isShown(_ r: FrameResizer) -> Bool {
        let i = Int(r.node)
        guard i < frameInput.nodes.count, nodeCache.states[i].drawable else { return false }
        return r.spec.isVisible ?? nodeCache.states[i].selected
    }

    /// The grip of resizer `r` under the screen point `p`: corners (their drawn square grown by
    /// `gripHitMargin`) before sides (within `sideGripReach` of the side line).
    func grip(of r: FrameResizer, at p: Point) -> ControlPosition? {
        let rect = screenRect(ofNode: Int(r.node))
        let half = max(r.spec.handleSize, 0) / 2 + Self.gripHitMargin, reach = Self.sideGripReach
        let controls = r.spec.controls
        for c in ControlPosition.allCases where c.isCorner && controls.contains(c) {
            let x = c.sides.x < 0 ? rect.minX : rect.maxX, y = c.sides.y < 0 ? rect.minY : rect.maxY
            if abs(p.x - x) <= half && abs(p.y - y) <= half { return c }
        }
        let inX = p.x >= rect.minX && p.x <= rect.maxX, inY = p.y >= rect.minY && p.y <= rect.maxY
        if inY && abs(p.x - rect.minX) <= reach && controls.contains(.left) { return .left }
        if inY && abs(p.x - rect.maxX) <= reach && controls.contains(.right) { return .right }
        if inX && abs(p.y - rect.minY) <= reach && controls.contains(.top) { return .top }
        if inX && abs(p.y - rect.maxY) <= reach && controls.contains(.bottom) { return .bottom }
        return nil
    }

    /// The shown grip under the screen point `p` (resizer index and grip), searching nodes from
    /// the top of the drawing order; a node body above a grip hides it.
    func resizeGripHit(at p: Point) -> (resizer: Int, grip: ControlPosition)? {
        guard !tools.resizers.isEmpty else { return nil }
        let flow = viewportController.current.screenToFlow(p)
        for k in nodeCache.visible.indices.reversed() {
            let i = nodeCache.visible[k]
            if let r = tools.resizerOfNode[i], isShown(tools.resizers[r]), let g = grip(of: tools.resizers[r], at: p) {
                // Drawn from the overview picture, the nodes above are not all in `visible`.
                if usesOverview, let top = overviewNodeHit(at: flow), drawOrderKey(Int32(top)) > drawOrderKey(i) { return nil }
                return (r, g)
            }
            if nodeRect(Int(i)).contains(flow) { return nil }
        }
        return nil
    }

    /// Starts resizing with grip `direction` of resizer `r`, pressed at the screen point `p`.
    func beginResize(_ r: Int, _ direction: ControlPosition, at p: Point) {
        let resizer = tools.resizers[r], i = Int(resizer.node)
        let node = frameInput.nodes[i], size = nodeCache.states[i].size
        let params = ResizeParams(x: node.position.x, y: node.position.y, width: size.width, height: size.height, direction: direction)
        interaction.gesture = .resizing(ResizeDrag(nodeId: node.id, direction: direction, startFlow: viewportController.current.screenToFlow(p),
                                       startOrigin: nodeCache.states[i].origin, limits: deltaLimits([i]), start: params, current: params,
                                       spec: resizer.spec), baseline: graphSnapshot)
        resizer.spec.onResizeStart?(params)
    }

    /// The rectangle the pointer at screen point `p` asks for: the grip's sides follow the
    /// pointer's flow movement (with `snapToGrid`, onto the grid in absolute flow units) without
    /// leaving the node's `extent` or the `coordinateExtent`, the size is clamped to the
    /// resizer's bounds, and the opposite sides stay put.
    func resizeParams(_ drag: ResizeDrag, pointer p: Point) -> ResizeParams {
        var d = viewportController.current.screenToFlow(p) - drag.startFlow
        let s = drag.start, (sx, sy) = drag.direction.sides
        let edge = drag.startOrigin + Point(x: sx > 0 ? s.width : 0, y: sy > 0 ? s.height : 0)
        if let snapped = snappedToGrid(edge + d) { d = snapped - edge }
        if sx < 0 { d.x = max(d.x, drag.limits.min.x) } else if sx > 0 { d.x = min(d.x, drag.limits.max.x) }
        if sy < 0 { d.y = max(d.y, drag.limits.min.y) } else if sy > 0 { d.y = min(d.y, drag.limits.max.y) }
        let size = drag.spec.clamped(width: s.width + Double(sx) * d.x, height: s.height + Double(sy) * d.y,
                                     aspect: s.width / s.height, direction: drag.direction)
        return ResizeParams(x: sx < 0 ? s.x + s.width - size.width : s.x, y: sy < 0 ? s.y + s.height - size.height : s.y,
                            width: size.width, height: size.height, direction: drag.direction)
    }

    /// Follows the pointer: emits the changes and `onResize` when the rectangle changed.
    func updateResize(_ drag: ResizeDrag) {
        guard let p = pointer else { return }
        let next = resizeParams(drag, pointer: p)
        guard next != drag.current, case .resizing(_, let baseline) = interaction.gesture else { return }
        var d = drag
        d.current = next
        interaction.gesture = .resizing(d, baseline: baseline)
        emitResize(d, next, resizing: true)
        d.spec.onResize?(next)
    }

    /// Ends a resize: the last changes with `resizing: false`, one undo step for the whole
    /// resize from `baseline` (the graph at its start), and `onResizeEnd`; a cancelled resize
    /// (Escape, `baseline` nil) goes back to the rectangle it started from and records nothing.
    func endResize(_ drag: ResizeDrag, baseline: GraphSnapshot<NodeData, EdgeData>?) {
        let final = baseline == nil ? drag.start : drag.current
        if let baseline { commitHistoryStep(before: baseline) }
        emitResize(drag, final, resizing: false)
        drag.spec.onResizeEnd?(final)
    }

    /// `.position` (top and left grips, which move the node) and `.dimensions` changes for `params`.
    private func emitResize(_ drag: ResizeDrag, _ params: ResizeParams, resizing: Bool) {
        var changes: [NodeChange<NodeData>] = []
        if drag.direction.sides.x < 0 || drag.direction.sides.y < 0 {
            changes.append(.position(id: drag.nodeId, position: Point(x: params.x, y: params.y), dragging: resizing))
        }
        changes.append(.dimensions(id: drag.nodeId, size: Size(width: params.width, height: params.height), resizing: resizing))
        onNodesChange?(changes)
    }
}
