import SwiftFlowCore

extension FlowCanvas {
    /// Appends the frame's geometry: background components, edges, then nodes (body, content,
    /// selection outline, handles) in drawing order, the connection line, then foreground
    /// components. Everything is culled to the visible area.
    func draw(nodes: [Node<NodeData>], edges: [Edge<EdgeData>], into list: inout DrawList) {
        stats.totalNodes = nodes.count
        stats.totalEdges = edges.count
        stats.totalHandles = registry.count
        stats.visibleEdges = 0
        stats.visibleHandles = 0
        stats.visibleNodes = 0
        stats.drawnEdges = 0
        stats.drawnHandles = 0
        stats.drawnNodes = nodeCache.visible.count
        stats.overviewTiles = 0
        stats.overviewTilesRasterised = 0
        stats.overviewTilesPending = 0
        stats.overviewTilesStandIn = 0
        followOverviewChanges()
        let overviewOn = usesOverview
        if overviewOn { stats.drawnNodes = 0 }
        drawComponents(.background, into: &list)

        let beforeEdges = list.vertices.count
        // Zoomed out, nodes and edges from the overview picture, the live ones on top.
        if overviewOn { drawOverview(edges, into: &list) } else { drawEdges(nodes, edges, into: &list) }
        stats.edgeVertices = list.vertices.count - beforeEdges

        let detail = self.detail, farSide = detail.farOutSide
        let canvasRect = Rect(origin: .zero, size: size)
        for v in nodeCache.visible {
            let i = Int(v)
            if overviewOn {
                // Drawn live over the overview picture, or in it.
                guard isLiveOverOverview(v) else { continue }
                stats.drawnNodes += 1
            }
            if screenRect(ofNode: i).intersects(canvasRect) { stats.visibleNodes += 1 }
            let hasHandles = drawNodeOps(i, farSide: farSide, detail, into: &list)
            if nodeCache.states[i].selected && nodeCache.states[i].showsSelectionRing { drawSelectionOutline(i, into: &list) }
            if hasHandles { drawHandles(of: i, detail, into: &list) }
            if !tools.resizers.isEmpty, let r = tools.resizerOfNode[v], isShown(tools.resizers[r]) { drawResizer(tools.resizers[r], into: &list) }
        }

        drawEditingOverlay(into: &list)
        if let c = connection { drawConnectionLine(c, into: &list) }
        for t in tools.toolbars where isShown(t) { drawToolbar(t, into: &list) }
        drawComponents(.foreground, into: &list)
        drawPopup(into: &list)
        drawTooltip(into: &list)
    }

    /// Draws node `i`'s body and content: far out (`DetailLevel.farOutSide`), one rectangle —
    /// also when it was laid out this frame (its first layout, or before a `fitView` moved the
    /// view away), as the next frames draw it —, else its ops when it was laid out this frame,
    /// else its solid picture (solid tier, `staysSolid`). False when its handles are not to be
    /// drawn (far out).
    private func drawNodeOps(_ i: Int, farSide: Double, _ detail: DetailLevel, into list: inout DrawList) -> Bool {
        if isFarOut(i, farSide: farSide) {
            // Far out (level of detail): the node's rectangle in the colour of its first shape.
            if let color = nodeCache.farColor(of: i) { list.addSolidRect(screenRect(ofNode: i), color: color) }
            return false
        }
        let origin = viewportController.current.flowToScreen(nodeCache.states[i].origin), z = viewportController.current.zoom
        if nodeCache.states[i].opsFrame == frameInput.number {
            drawOps(nodeCache.ops[nodeCache.states[i].opsRange], at: origin, scale: z, detail, into: &list)
            return true
        }
        // Solid tier: what `drawOps` draws for shapes this small, from the recorded picture.
        for r in nodeCache.solidPictures.rects[nodeCache.states[i].solid.range] {
            list.addSolidRect(Self.screenRect(r.rect, at: origin, scale: z), color: r.color)
        }
        return true
    }

    /// A node-local rectangle (flow units) on screen, for a node whose top-left is at `origin`
    /// (screen points) at zoom `z`.
    private static func screenRect(_ r: Rect, at origin: Point, scale z: Double) -> Rect {
        Rect(origin: origin + r.origin * z, size: Size(width: r.width * z, height: r.height * z))
    }

    /// Draws layout ops whose coordinates are scaled by `scale` and offset by `origin` (screen points).
    func drawOps(_ ops: ArraySlice<NodeDrawOp>, at origin: Point, scale z: Double, _ detail: DetailLevel, into list: inout DrawList) {
        for op in ops {
            switch op {
            case .shape(let r, let paint):
                let screen = Self.screenRect(r, at: origin, scale: z)
                let side = min(screen.width, screen.height)
                if detail.isSolid(screenSide: side, screenRadius: DetailLevel.cornerRadius(paint.cornerRadius * z, side: side)) {
                    // Level of detail: zoomed out, a few pixels across with square-looking corners:
                    // one rectangle with the border's colour mixed in.
                    if let color = Self.solidColor(paint) { list.addSolidRect(screen, color: color) }
                    continue
                }
                if paint.outline == .ellipse {
                    if let fill = paint.fill { list.addEllipseFill(in: screen, color: fill) }
                    if let stroke = paint.stroke, paint.lineWidth > 0 { list.addEllipseStroke(in: screen, color: stroke, thickness: paint.lineWidth * z) }
                    continue
                }
                if let fill = paint.fill { list.addRectFill(screen, color: fill, cornerRadius: paint.cornerRadius * z) }
                if let stroke = paint.stroke, paint.lineWidth > 0 {
                    list.addRectStroke(screen, color: stroke, thickness: paint.lineWidth * z, cornerRadius: paint.cornerRadius * z)
                }
            case .text(let s, let o, let fontSize, let face, let color):
                // Level of detail: no glyphs for text under a few pixels tall.
                guard detail.drawsText(fontSize: fontSize) else { continue }
                textMeasurer.drawText(s, fontSize: fontSize, face: face, scale: z, origin: origin + o * z, color: color, into: &list)
            case .image(let r, let image):
                drawImage(r, image, at: origin, scale: z, detail, into: &list)
            case .clip(let r):
                list.setClip(r.map { Self.screenRect($0, at: origin, scale: z) })
            case .polygon(let points, let paint):
                // A turned shape (`.rotationEffect`): its outline filled and stroked as it is.
                let screen = points.map { origin + $0 * z }
                if let fill = paint.fill { list.addConvexFill(screen, color: fill) }
                if let stroke = paint.stroke, paint.lineWidth > 0 { list.addPolyline(screen, color: stroke, thickness: paint.lineWidth * z, closed: true) }
            }
        }
    }

    private func drawSelectionOutline(_ i: Int, into list: inout DrawList) {
        list.addRectStroke(screenRect(ofNode: i).insetBy(-2), color: theme.selectionColor, thickness: 1.5, cornerRadius: 4 * viewportController.current.zoom)
    }

    /// This frame's level of detail (see `DetailLevel`): the current zoom, display scale,
    /// `levelOfDetail` and handle size.
    var detail: DetailLevel {
        DetailLevel(zoom: viewportController.current.zoom, displayScale: displayScale, enabled: levelOfDetail, handleSize: theme.handleSize)
    }

    /// The one colour of a shape drawn as a plain rectangle: its fill with 30% of its border's
    /// colour mixed in, or the border's colour alone; nil when it has neither.
    static func solidColor(_ paint: ShapePaintStyle) -> Color? {
        let stroke = paint.lineWidth > 0 ? paint.stroke : nil
        return paint.fill.map { f in stroke.map { f.mix($0, 0.3) } ?? f } ?? stroke
    }

    /// Handles as circles with a border and a soft shadow; level of detail: below 3 pixels across
    /// a plain square of the fill colour, below half a pixel nothing.
    private func drawHandles(of i: Int, _ detail: DetailLevel, into list: inout DrawList) {
        let vp = viewportController.current
        let radius = theme.handleSize / 2 * vp.zoom
        guard !detail.hidesHandles else { return }
        let canvasRect = Rect(origin: .zero, size: size).insetBy(-radius)
        // Read once per node, not per handle (each read of a canvas property is an access check).
        let handleColor = theme.handleColor, borderColor = theme.handleBorderColor, range = registry.range(ofNode: i)
        stats.drawnHandles += range.count
        for e in range {
            let c = vp.flowToScreen(registry.anchor(of: e))
            if canvasRect.contains(c) { stats.visibleHandles += 1 }
            let fill = registry.color(of: e) ?? handleColor
            if detail.squareHandles { list.addSolidRect(Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius), color: fill); continue }
            list.addCircleFill(center: Point(x: c.x, y: c.y + max(1, 0.1 * radius)), radius: radius + 1, color: Color(white: 0, opacity: 0.18))
            list.addCircleFill(center: c, radius: radius, color: fill)
            list.addCircleStroke(center: c, radius: radius, color: borderColor, thickness: max(1, radius / 6))
        }
    }

    private func drawConnectionLine(_ c: ConnectionInProgress, into list: inout DrawList) {
        let endSide = c.snapped?.position ?? c.from.position.opposite
        let end = c.snapped?.anchor ?? c.pointer
        let path = EdgePath.bezier(source: c.from.anchor, sourcePosition: c.from.position, target: end, targetPosition: endSide)
        let color = c.snapped != nil ? theme.connectionValidColor
            : (c.overInvalidHandle ? theme.connectionInvalidColor : theme.connectionLineColor)
        if let custom = connectionLine {
            let vp = viewportController.current
            let status: ConnectionLineProps.Status = c.snapped != nil ? .valid : (c.overInvalidHandle ? .invalid : .pending)
            custom(ConnectionLineProps(from: vp.flowToScreen(c.from.anchor), fromPosition: c.from.position,
                                       to: vp.flowToScreen(end), toPosition: endSide, status: status, zoom: vp.zoom,
                                       fromHandle: c.from, theme: theme), &list)
            return
        }
        flattenEdgePath(path, into: &pathScratch)
        list.addPolyline(pathScratch, color: color, thickness: 1.5)
        if let s = c.snapped {
            let p = viewportController.current.flowToScreen(s.anchor)
            list.addCircleStroke(center: p, radius: (theme.handleSize / 2 + 3) * viewportController.current.zoom, color: color, thickness: 2)
        }
    }
}
