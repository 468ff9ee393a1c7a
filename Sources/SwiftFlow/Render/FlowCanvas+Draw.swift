import SwiftFlowCore

extension FlowCanvas {
    /// Appends the frame's geometry: background components, edges, then nodes (body, content,
    /// selection outline, handles) in drawing order, the connection line, then foreground
    /// components. Everything is culled to the visible area.
    func draw(nodes: [Node<NodeData>], edges: [Edge<EdgeData>], into list: inout DrawList) {
        let view = cullRect
        stats.totalNodes = nodes.count
        stats.totalEdges = edges.count
        stats.totalHandles = registry.entries.count
        stats.visibleEdges = 0
        stats.visibleHandles = 0
        stats.visibleNodes = visibleNodes.count
        drawComponents(.background, into: &list)

        // Culled on cached path bounds first (the bezier's hull contains every path type's), so
        // only visible edges are read: reading a field of a generic Edge copies the edge.
        updateEdgeBounds(nodes)
        for k in 0..<min(edges.count, edgeBounds.count) {
            guard let bounds = edgeBounds[k], bounds.intersects(view), !edges[k].hidden,
                  let (s, sp) = endpoint(edgeEnds[k].source, type: .source, nodes),
                  let (t, tp) = endpoint(edgeEnds[k].target, type: .target, nodes) else { continue }
            let curve = BezierPath(source: s, sourcePosition: sp, target: t, targetPosition: tp)
            let path = edges[k].type == .bezier ? curve : edgePath(edges[k].type, from: s, sp, to: t, tp)
            stats.visibleEdges += 1
            let color = edges[k].selected ? theme.edgeSelectedColor : (edges[k].style.stroke ?? theme.edgeColor)
            drawPath(path, color: color, width: edges[k].style.strokeWidth, into: &list)
            if let m = edges[k].markerEnd { drawMarker(m, tip: path.end, direction: path.endDirection, color: color, into: &list) }
            if let m = edges[k].markerStart { drawMarker(m, tip: path.start, direction: path.startDirection, color: color, into: &list) }
            if let label = edges[k].label, !label.isEmpty { drawEdgeLabel(label, at: path.labelPoint, into: &list) }
        }

        for v in visibleNodes {
            let i = Int(v)
            drawNodeOps(i, into: &list)
            if nodes[i].selected { drawSelectionOutline(i, into: &list) }
            drawHandles(of: i, into: &list)
        }

        if let c = connection { drawConnectionLine(c, into: &list) }
        drawComponents(.foreground, into: &list)
    }

    /// Recomputes every edge's bezier bounds when anything they depend on changed since the
    /// last frame: the edges, the nodes, the registry's anchors or a node's size.
    private func updateEdgeBounds(_ nodes: [Node<NodeData>]) {
        let key = EdgeBoundsKey(geometry: registry.geometryVersion, resolution: resolutions, sizes: sizesVersion,
                                edgeCount: edgeEnds.count)
        if nodesUnchanged && edgesUnchanged && key == edgeBoundsKey { return }
        edgeBoundsKey = key
        edgeBounds.removeAll(keepingCapacity: true)
        for ends in edgeEnds {
            guard let (s, sp) = endpoint(ends.source, type: .source, nodes),
                  let (t, tp) = endpoint(ends.target, type: .target, nodes) else { edgeBounds.append(nil); continue }
            edgeBounds.append(BezierPath(source: s, sourcePosition: sp, target: t, targetPosition: tp).bounds)
        }
    }

    /// The path of an edge of `type` between two anchors (flow units). Step and smooth-step
    /// edges are drawn as beziers until their router exists.
    func edgePath(_ type: EdgeType, from s: Point, _ sp: Position, to t: Point, _ tp: Position) -> BezierPath {
        if type == .straight { return BezierPath(start: s, control1: s, control2: t, end: t) }
        return BezierPath(source: s, sourcePosition: sp, target: t, targetPosition: tp)
    }

    private func drawPath(_ path: BezierPath, color: Color, width: Double, into list: inout DrawList) {
        let vp = currentViewport
        let a = vp.flowToScreen(path.start), b = vp.flowToScreen(path.control1)
        let c = vp.flowToScreen(path.control2), d = vp.flowToScreen(path.end)
        // Wang's formula: n = ⌈√(3/4 · max|second difference| / tolerance)⌉ segments keep the
        // polyline within `tolerance` (a quarter pixel) of the curve.
        let dd = max((a - b * 2 + c).length, (b - c * 2 + d).length)
        guard dd.isFinite, a.isFinite, d.isFinite else { return }
        let tolerance = 0.25 / displayScale
        let segments = Int(min(max((0.75 * dd / tolerance).squareRoot().rounded(.up), 1), 64))
        pathScratch.removeAll(keepingCapacity: true)
        BezierPath(start: a, control1: b, control2: c, end: d).flatten(segments: segments, into: &pathScratch)
        list.addPolyline(pathScratch, color: color, thickness: width * vp.zoom)
    }

    private func drawMarker(_ m: EdgeMarker, tip: Point, direction: Point, color: Color, into list: inout DrawList) {
        let g = MarkerGeometry(marker: m, tip: tip, direction: direction)
        let vp = currentViewport
        pathScratch.removeAll(keepingCapacity: true)
        pathScratch.append(vp.flowToScreen(g.left)); pathScratch.append(vp.flowToScreen(g.tip)); pathScratch.append(vp.flowToScreen(g.right))
        let c = m.color ?? color
        switch m.type {
        case .arrowClosed: list.addConvexFill(pathScratch, color: c)
        case .arrow: list.addPolyline(pathScratch, color: c, thickness: max(1, 1.5 * vp.zoom))
        }
    }

    private func drawEdgeLabel(_ label: String, at p: Point, into list: inout DrawList) {
        let z = currentViewport.zoom
        let fontSize = theme.fontSize * 0.9
        let s = textMeasurer.measure(label, fontSize: fontSize)
        let centre = currentViewport.flowToScreen(p)
        let box = Rect(x: centre.x - (s.width / 2 + 4) * z, y: centre.y - (s.height / 2 + 2) * z,
                       width: (s.width + 8) * z, height: (s.height + 4) * z)
        list.addRectFill(box, color: theme.nodeBackground, cornerRadius: 3 * z)
        textMeasurer.drawText(label, fontSize: fontSize, scale: z, origin: Point(x: box.minX + 4 * z, y: box.minY + 2 * z),
                              color: theme.nodeText, into: &list)
    }

    private func drawNodeOps(_ i: Int, into list: inout DrawList) {
        let vp = currentViewport, z = vp.zoom
        let origin = states[i].origin
        for k in states[i].opsStart..<states[i].opsStart + states[i].opsCount {
            switch frameOps[k] {
            case .shape(let r, let paint):
                let screen = Rect(origin: vp.flowToScreen(origin + r.origin), size: Size(width: r.width * z, height: r.height * z))
                if min(screen.width, screen.height) * displayScale < Self.solidShapePixels {
                    // Level of detail: a few pixels across, one rectangle with the border's colour mixed in.
                    let stroke = paint.lineWidth > 0 ? paint.stroke : nil
                    if let color = paint.fill.map({ f in stroke.map { f.mix($0, 0.3) } ?? f }) ?? stroke {
                        list.addSolidRect(screen, color: color)
                    }
                    continue
                }
                if let fill = paint.fill { list.addRectFill(screen, color: fill, cornerRadius: paint.cornerRadius * z) }
                if let stroke = paint.stroke, paint.lineWidth > 0 {
                    list.addRectStroke(screen, color: stroke, thickness: paint.lineWidth * z, cornerRadius: paint.cornerRadius * z)
                }
            case .text(let s, let o, let fontSize, let color):
                textMeasurer.drawText(s, fontSize: fontSize, scale: z, origin: vp.flowToScreen(origin + o), color: color, into: &list)
            }
        }
    }

    private func drawSelectionOutline(_ i: Int, into list: inout DrawList) {
        let r = nodeRect(i)
        let vp = currentViewport
        let screen = Rect(origin: vp.flowToScreen(r.origin), size: Size(width: r.width * vp.zoom, height: r.height * vp.zoom))
        list.addRectStroke(screen.insetBy(-2), color: theme.selectionColor, thickness: 1.5, cornerRadius: 4 * vp.zoom)
    }

    /// Shapes smaller than this many pixels across are drawn as plain rectangles (level of detail).
    static var solidShapePixels: Double { 12 }

    /// Handles as circles with a border and a soft shadow; level of detail: below 3 pixels across
    /// a plain square of the fill colour, below half a pixel nothing.
    private func drawHandles(of i: Int, into list: inout DrawList) {
        let vp = currentViewport
        let radius = theme.handleSize / 2 * vp.zoom
        let pixels = 2 * radius * displayScale
        guard pixels >= 0.5 else { return }
        for h in registry.handles(ofNode: i) {
            stats.visibleHandles += 1
            let c = vp.flowToScreen(h.anchor)
            let fill = h.color ?? theme.handleColor
            if pixels < 3 { list.addSolidRect(Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius), color: fill); continue }
            list.addCircleFill(center: Point(x: c.x, y: c.y + max(1, 0.1 * radius)), radius: radius + 1, color: Color(white: 0, opacity: 0.18))
            list.addCircleFill(center: c, radius: radius, color: fill)
            list.addCircleStroke(center: c, radius: radius, color: theme.handleBorderColor, thickness: max(1, radius / 6))
        }
    }

    private func drawConnectionLine(_ c: ConnectionInProgress, into list: inout DrawList) {
        let endSide = c.snapped?.position ?? c.from.position.opposite
        let end = c.snapped?.anchor ?? c.pointer
        let path = BezierPath(source: c.from.anchor, sourcePosition: c.from.position, target: end, targetPosition: endSide)
        let color = c.snapped != nil ? theme.connectionValidColor
            : (c.overInvalidHandle ? theme.connectionInvalidColor : theme.connectionLineColor)
        if let custom = connectionLine {
            let vp = currentViewport
            let status: ConnectionLineProps.Status = c.snapped != nil ? .valid : (c.overInvalidHandle ? .invalid : .pending)
            custom(ConnectionLineProps(from: vp.flowToScreen(c.from.anchor), fromPosition: c.from.position,
                                       to: vp.flowToScreen(end), toPosition: endSide, status: status, zoom: vp.zoom,
                                       fromHandle: c.from, theme: theme), &list)
            return
        }
        drawPath(path, color: color, width: 1.5, into: &list)
        if let s = c.snapped {
            let p = currentViewport.flowToScreen(s.anchor)
            list.addCircleStroke(center: p, radius: (theme.handleSize / 2 + 3) * currentViewport.zoom, color: color, thickness: 2)
        }
    }
}
