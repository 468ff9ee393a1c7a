import SwiftFlowCore

extension FlowCanvas {
    /// Dash and gap length of `animated` edges, flow units (React Flow's `stroke-dasharray: 5`).
    static var dashLength: Double { 5 }
    /// Speed of the dashes of `animated` edges toward the target, flow units per millisecond
    /// (React Flow's `dashdraw`: the dash offset runs 10 → 0 in 0.5 s).
    static var dashSpeed: Double { 0.02 }
    /// Radius of a drawn reconnect grip, flow units.
    static var gripRadius: Double { 4 }

    /// Draws the visible edges below the nodes, in ascending `zIndex` (stable by array order):
    /// each by its real path, in `style` (the theme's selected colour when selected), dashed when
    /// `animated`, with its markers, its label and, when selected and reconnectable, its grips.
    /// Culled by each edge's cached bounds (path, label and a margin) through the edge index,
    /// so that only the edges near the view are visited (all of them, in `zIndex` order, when
    /// some edge has a `zIndex`). The edges are read in place: the array's subscript would copy
    /// a whole generic edge per visible edge, its strings retained and released.
    func drawEdges(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], into list: inout DrawList) {
        let view = cullRect, detail = self.detail
        let screen = viewportController.current.visibleFlowRect(canvasSize: size)
        let count = min(edges.count, edgeIndex.rects.count)
        edges.withUnsafeBufferPointer { edges in
            if edgeIndex.cache.order.count == count {
                for k in edgeIndex.cache.order.lazy.map(Int.init) {
                    guard let bounds = edgeIndex.rects.rect(of: k), bounds.intersects(view), let ends = resolvedEnds(k, nodes) else { continue }
                    drawEdge(k, edges[k], ends, onScreen: bounds.intersects(screen), detail, into: &list)
                }
                return
            }
            edgeIndex.rects.query(view, into: &visibleScratch)
            for k in visibleScratch.lazy.map(Int.init) where k < count {
                guard let ends = resolvedEnds(k, nodes) else { continue }
                drawEdge(k, edges[k], ends, onScreen: edgeIndex.rects.rect(of: k)?.intersects(screen) == true, detail, into: &list)
            }
        }
    }

    /// Draws edge `k`; `onScreen`: its bounds meet the canvas itself (`FrameStats.visibleEdges`).
    func drawEdge(_ k: Int, _ edge: Edge<EdgeData>, _ ends: EdgeAnchors, onScreen: Bool, _ detail: DetailLevel,
                          into list: inout DrawList) {
        let path = ends.path(edge.type)
        stats.drawnEdges += 1
        if onScreen { stats.visibleEdges += 1 }
        let style = edge.style
        let color = edge.selected ? theme.edgeSelectedColor : (style.stroke ?? theme.edgeColor)
        let width = style.strokeWidth * viewportController.current.zoom
        flattenEdgePath(path, into: &pathScratch)
        if edge.animated { addDashes(pathScratch, color: color, thickness: width, detail, into: &list) }
        else { strokeEdge(pathScratch, color: color, thickness: width, detail, into: &list) }
        if let m = edge.markerEnd { drawMarker(m, tip: path.end, direction: path.endDirection, color: color, into: &list) }
        if let m = edge.markerStart { drawMarker(m, tip: path.start, direction: path.startDirection, color: color, into: &list) }
        if let label = edge.label, !label.isEmpty { drawEdgeLabel(label, of: edge, at: path.labelPoint, into: &list) }
        if edge.selected && isReconnectable(edge) {
            for end in [HandleType.source, .target] where reconnectFixedEnd(of: k, moving: end) != nil {
                let c = viewportController.current.flowToScreen(ends.grip(end, radius: reconnectRadius))
                let r = Self.gripRadius * viewportController.current.zoom
                list.addCircleFill(center: c, radius: r, color: theme.nodeBackground)
                list.addCircleStroke(center: c, radius: r, color: theme.edgeSelectedColor, thickness: max(1, 1.5 * viewportController.current.zoom))
            }
        }
    }

    /// Flattens `path` (flow units) into `out` as a polyline in screen points within a quarter
    /// pixel of the path (replacing `out`'s contents). Every edge and the connection line are
    /// drawn through this function, so a level-of-detail policy (coarser tolerance when zoomed
    /// out) belongs here.
    func flattenEdgePath(_ path: EdgePath, into out: inout [Point]) {
        out.removeAll(keepingCapacity: true)
        let vp = viewportController.current
        path.flatten(tolerance: 0.25 / (vp.zoom * displayScale), into: &out)
        for i in out.indices { out[i] = vp.flowToScreen(out[i]) }
    }

    /// Strokes the screen polyline `points` as dashes of `dashLength` flow units separated by
    /// equal gaps, moving toward the end at `dashSpeed` with the frame clock (so a scripted run
    /// draws the same dashes at the same time). Below a pixel per dash, a solid line. Only the
    /// parts of the polyline on the canvas are cut into dashes (the pattern is advanced over the
    /// rest), so the cost is bounded by the canvas size, however long the edge.
    func addDashes(_ points: [Point], color: Color, thickness: Double, _ detail: DetailLevel, into list: inout DrawList) {
        let z = viewportController.current.zoom
        let on = Self.dashLength * z, period = 2 * on
        guard detail.drawsDashes(screenLength: on), points.count >= 2 else { list.addPolyline(points, color: color, thickness: thickness); return }
        let margin = thickness + 2
        let canvas = Rect(x: -margin, y: -margin, width: size.width + 2 * margin, height: size.height + 2 * margin)
        // Position in the dash pattern (screen points) at the path's start.
        let pos = (-(frameInput.lastTime ?? 0) * Self.dashSpeed * z).truncatingRemainder(dividingBy: period)
        list.addDashedPolyline(points, color: color, thickness: thickness, dash: on, gap: period - on, phase: pos, visible: canvas)
    }

    /// An arrow marker with its tip on the path's end, pointing along `direction` (flow units).
    private func drawMarker(_ m: EdgeMarker, tip: Point, direction: Point, color: Color, into list: inout DrawList) {
        let g = MarkerGeometry(marker: m, tip: tip, direction: direction)
        let vp = viewportController.current
        pathScratch.removeAll(keepingCapacity: true)
        pathScratch.append(vp.flowToScreen(g.left)); pathScratch.append(vp.flowToScreen(g.tip)); pathScratch.append(vp.flowToScreen(g.right))
        let c = m.color ?? color
        switch m.type {
        case .arrowClosed: list.addConvexFill(pathScratch, color: c)
        case .arrow: list.addPolyline(pathScratch, color: c, thickness: max(1, 1.5 * vp.zoom))
        }
    }

    /// The label's background rectangle (flow units) centred on `p`: the text size plus
    /// `labelBgPadding` on each side (React Flow's `EdgeText`).
    func labelRect(_ label: String, of edge: Edge<EdgeData>, at p: Point) -> Rect {
        let s = textMeasurer.measure(label, fontSize: edge.labelStyle.fontSize)
        let pad = edge.labelBgPadding
        return Rect(x: p.x - s.width / 2 - pad.width, y: p.y - s.height / 2 - pad.height,
                    width: s.width + 2 * pad.width, height: s.height + 2 * pad.height)
    }

    private func drawEdgeLabel(_ label: String, of edge: Edge<EdgeData>, at p: Point, into list: inout DrawList) {
        let vp = viewportController.current, z = vp.zoom
        let r = labelRect(label, of: edge, at: p)
        let box = Rect(origin: vp.flowToScreen(r.origin), size: Size(width: r.width * z, height: r.height * z))
        if edge.labelShowBg {
            list.addRectFill(box, color: edge.labelBgStyle.fill ?? theme.nodeBackground, cornerRadius: edge.labelBgBorderRadius * z)
        }
        let pad = edge.labelBgPadding
        textMeasurer.drawText(label, fontSize: edge.labelStyle.fontSize, scale: z,
                              origin: Point(x: box.minX + pad.width * z, y: box.minY + pad.height * z),
                              color: edge.labelStyle.color ?? theme.nodeText, into: &list)
    }

    /// Brings `edgeIndex.cache` and the edge index up to date (the index stage): the per-edge facts
    /// when the edge array changed (`edgesChanged`); all bounds then or when the edges were
    /// re-resolved (`resolved`); otherwise only the bounds of the edges of the nodes layout moved
    /// (`updateBoundsOfMovedNodes`), so a drag re-bins a few edges instead of recomputing them all.
    /// `changed`: the edges changed only at these indices (`ArrayChanges.elements`), so only their
    /// facts and bounds are brought up to date when their ends were not re-resolved.
    /// `appendedFrom`: the edges from there on were appended (and resolved by `resolveEdges`):
    /// their facts, bounds and index entries are appended.
    func updateEdgeIndex(_ nodes: [Node<NodeData>], _ edges: [Edge<EdgeData>], edgesChanged: Bool, resolved: Bool, changed: [Int]? = nil,
                         appendedFrom: Int? = nil) {
        if let from = appendedFrom, !resolved, edgeIndex.ends.count == edges.count, edgeIndex.cache.info.count == from,
           edgeIndex.rects.count == from,
           !(changed ?? []).contains(where: { edges[$0].zIndex != 0 }), appendEdgeInfo(edges, from: from),
           updateEdgeInfo(edges, at: changed ?? []) {
            for k in changed ?? [] { updateBounds(ofEdge: k, nodes) }
            for k in from..<edges.count {
                edgeIndex.rects.append(edgeBounds(k, edgeIndex.cache.info[k].hidden ? nil : resolvedEnds(k, nodes)))
                forEachNode(of: edgeIndex.ends[k]) { edgeIndex.byNodeAdded[Int32($0), default: []].append(Int32(k)) }
            }
            stats.edgeInfosRead += edges.count - from
            updateBoundsOfMovedNodes(nodes)
            return
        }
        var rebuilt = resolved || edgeIndex.rects.count != edgeIndex.ends.count
        if edgesChanged || edgeIndex.cache.info.count != edges.count {
            if !rebuilt, let changed, edgeIndex.cache.info.count == edges.count, edgeIndex.rects.count == edges.count,
               updateEdgeInfo(edges, at: changed) {
                for k in changed { updateBounds(ofEdge: k, nodes) }
                updateBoundsOfMovedNodes(nodes)
                return
            }
            rebuildEdgeInfo(edges)
            rebuilt = true
        }
        guard rebuilt else {
            updateBoundsOfMovedNodes(nodes)
            return
        }
        rebuildEdgeIndex()
    }

    /// Edge `k`'s bounds (flow units) between `ends` (`EdgeDrawInfo.bounds(_:)`); nil when it
    /// is not drawn.
    func edgeBounds(_ k: Int, _ ends: EdgeAnchors?) -> Rect? { edgeIndex.cache.info[k].bounds(ends) }

    /// Reads every edge once, in place (the array's subscript copies a whole generic edge, its
    /// strings retained and released): type, visibility, label box, margin, drawing order and
    /// selection. On every core (`ParallelChunks`): each chunk interns its edges' facts in a share
    /// of its own (`EdgeInfoShare`) and lists its labelled edges, whose label boxes are measured
    /// afterwards on the calling thread (the text measurer is not thread-safe); the shares merge
    /// into the facts, selection and drawing order one pass in edge order gives, whatever the
    /// number of chunks. `minimumChunk`: the fewest edges a chunk takes. O(edges).
    func rebuildEdgeInfo(_ edges: [Edge<EdgeData>], minimumChunk: Int = 16_384) {
        let count = edges.count, radius = reconnectRadius
        var shares = [EdgeInfoShare](repeating: EdgeInfoShare(), count: ParallelChunks.chunkCount(count, minimumChunk: minimumChunk))
        // Room for appended edges (see `resolveEdges`); exact otherwise (no doubling slack).
        var refs = [Int32](unsafeUninitializedCapacity: count + count / 8 + 16) { buffer, initialized in
            nonisolated(unsafe) let refs = buffer
            edges.withUnsafeBufferPointer { edges in
                shares.withUnsafeMutableBufferPointer { shares in
                    nonisolated(unsafe) let shares = shares
                    ParallelChunks.run(count, minimumChunk: minimumChunk) { c, range in
                        var share = EdgeInfoShare()
                        for k in range {
                            if edges[k].zIndex != 0 { share.layered = true }
                            if edges[k].selected { share.selected.append(Int32(k)) }
                            if let label = edges[k].label, !label.isEmpty {
                                share.labelled.append(k)
                                refs[k] = -1   // numbered below
                            } else {
                                refs[k] = share.intern(Self.drawInfo(edges, k, labelSize: nil, reconnectRadius: radius), edge: k)
                            }
                        }
                        shares[c] = share
                    }
                }
            }
            initialized = count
        }
        edges.withUnsafeBufferPointer { edges in
            for c in shares.indices {
                for k in shares[c].labelled { refs[k] = shares[c].intern(drawInfo(edges, k, reconnectRadius: radius), edge: k) }
            }
        }
        stats.edgeInfosRead = count
        edgeIndex.cache.info = .merging(shares, refs: &refs)
        edgeIndex.cache.selected = shares.count == 1 ? shares[0].selected : shares.flatMap(\.selected)
        edgeIndex.cache.order.removeAll(keepingCapacity: true)
        if shares.contains(where: \.layered) {
            edgeIndex.cache.order.append(contentsOf: edges.indices.map(Int32.init))
            edgeIndex.cache.order.sort { a, b in
                let za = edges[Int(a)].zIndex, zb = edges[Int(b)].zIndex
                return za != zb ? za < zb : a < b
            }
        }
    }

    /// Edge `k`'s facts for drawing and culling, read in place: type, visibility, label box
    /// (measured here) and margin (`reconnectRadius`: the canvas', read once per pass).
    private func drawInfo(_ edges: UnsafeBufferPointer<Edge<EdgeData>>, _ k: Int, reconnectRadius: Double) -> EdgeDrawInfo {
        var labelSize: Size?
        if let label = edges[k].label, !label.isEmpty {
            let r = labelRect(label, of: edges[k], at: .zero)
            if r.isFinite { labelSize = r.size }
        }
        return Self.drawInfo(edges, k, labelSize: labelSize, reconnectRadius: reconnectRadius)
    }

    /// Edge `k`'s facts with the label box `labelSize` (flow units; nil: none), read in place; no
    /// canvas state is read, so any thread may call it.
    @_specialize(where NodeData == JSONValue, EdgeData == JSONValue)
    private static func drawInfo(_ edges: UnsafeBufferPointer<Edge<EdgeData>>, _ k: Int, labelSize: Size?,
                                 reconnectRadius: Double) -> EdgeDrawInfo {
        // Non-finite sizes (bad input) count as 0: they must not hide the edge.
        func size(_ v: Double) -> Double { v.isFinite ? max(v, 0) : 0 }
        let markers = max(edges[k].markerStart.map { size(max($0.width, $0.height)) } ?? 0,
                          edges[k].markerEnd.map { size(max($0.width, $0.height)) } ?? 0)
        let margin = max(size(edges[k].style.strokeWidth) / 2, markers, size(edges[k].interactionWidth) / 2, 2 * size(reconnectRadius))
        return EdgeDrawInfo(margin: margin, labelSize: labelSize, type: edges[k].type, hidden: edges[k].hidden)
    }

    /// Re-reads the facts and selection of the edges at `changed` only (the rest of the array is
    /// as last frame's). Returns false, changing nothing, when the drawing order would have to be
    /// rebuilt (an edge has a `zIndex`): `rebuildEdgeInfo` then. O(changed + selected edges).
    private func updateEdgeInfo(_ edges: [Edge<EdgeData>], at changed: [Int]) -> Bool {
        guard edgeIndex.cache.order.isEmpty else { return false }
        for k in changed where edges[k].zIndex != 0 { return false }
        let radius = reconnectRadius
        for k in changed {
            let e = edges[k]
            edgeIndex.cache.info[k] = edges.withUnsafeBufferPointer { drawInfo($0, k, reconnectRadius: radius) }
            let key = Int32(k)
            var lo = 0, hi = edgeIndex.cache.selected.count
            while lo < hi { let mid = (lo + hi) / 2; if edgeIndex.cache.selected[mid] < key { lo = mid + 1 } else { hi = mid } }
            let listed = lo < edgeIndex.cache.selected.count && edgeIndex.cache.selected[lo] == key
            if e.selected && !listed { edgeIndex.cache.selected.insert(key, at: lo) }
            if !e.selected && listed { edgeIndex.cache.selected.remove(at: lo) }
        }
        stats.edgeInfosRead = changed.count
        return true
    }

    /// Appends the facts of the edges from `from` on (selected ones to the selection list).
    /// Returns false, changing nothing, when the drawing order would have to be rebuilt (an
    /// edge has a `zIndex`).
    private func appendEdgeInfo(_ edges: [Edge<EdgeData>], from: Int) -> Bool {
        guard edgeIndex.cache.order.isEmpty else { return false }
        for k in from..<edges.count where edges[k].zIndex != 0 { return false }
        let radius = reconnectRadius
        edges.withUnsafeBufferPointer { edges in
            for k in from..<edges.count {
                edgeIndex.cache.info.append(drawInfo(edges, k, reconnectRadius: radius))
                if edges[k].selected { edgeIndex.cache.selected.append(Int32(k)) }
            }
        }
        return true
    }

    /// Recomputes edge `k`'s anchors and bounds and re-bins it when its cells changed.
    func updateBounds(ofEdge k: Int, _ nodes: [Node<NodeData>]) {
        let r = edgeBounds(k, edgeIndex.cache.info[k].hidden ? nil : resolvedEnds(k, nodes))
        if edgeIndex.rects.rect(of: k) != r { edgeIndex.rects.update(k, to: r) }
    }

    /// The ends of edge `k` as last resolved, or nil when it is not drawable.
    func resolvedEnds(_ k: Int, _ nodes: [Node<NodeData>]) -> EdgeAnchors? {
        guard k < edgeIndex.ends.count, let (s, sp) = endpoint(edgeIndex.ends[k].source, type: .source, nodes),
              let (t, tp) = endpoint(edgeIndex.ends[k].target, type: .target, nodes) else { return nil }
        return EdgeAnchors(source: s, sourcePosition: sp, target: t, targetPosition: tp)
    }
}

/// Where an edge's two ends attach (flow units) and the sides they face.
struct EdgeAnchors {
    var source: Point
    var sourcePosition: Position
    var target: Point
    var targetPosition: Position

    /// The edge's path for `type` (canvas.md §6).
    func path(_ type: EdgeType) -> EdgePath {
        EdgePath(type: type, source: source, sourcePosition: sourcePosition, target: target, targetPosition: targetPosition)
    }

    /// The centre of the reconnect grip at `end`: `radius` out from the anchor along its side
    /// (React Flow's `EdgeAnchor`).
    func grip(_ end: HandleType, radius: Double) -> Point {
        end == .source ? source + sourcePosition.outwardNormal * radius : target + targetPosition.outwardNormal * radius
    }
}

extension Rect {
    /// True when every coordinate is finite.
    var isFinite: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }
}
