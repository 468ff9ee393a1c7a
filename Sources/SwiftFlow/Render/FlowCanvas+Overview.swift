import SwiftFlowCore

// The overview picture (OverviewPicture.swift) in the frame: which nodes the build stage still
// lays out and draws live, how the tiles follow what changed, and the draw stage's tiles.

extension FlowCanvas {
    /// Whether this frame draws nodes and edges from the overview picture: `overviewPicture` and
    /// `levelOfDetail` on, every node laid out, and every node a few pixels across
    /// (`DetailLevel.overviewSide`: even the largest). O(1), or O(nodes) once after the largest
    /// node shrank or left.
    var usesOverview: Bool {
        guard overviewPicture, levelOfDetail, nodeCache.allLaidOut else { return false }
        let side = detail.overviewSide
        return side > 0 && largestNodeSide < side
    }

    /// The longer side of the largest laid-out node, flow units: `NodeCache.largestSide`, counted
    /// again (O(nodes)) only when the largest node shrank or left.
    private var largestNodeSide: Double {
        if let side = nodeCache.largestSide { return side }
        var side = 0.0
        for s in nodeCache.states where s.laidOut { side = max(side, s.size.width, s.size.height) }
        nodeCache.largestSide = side
        return side
    }

    /// Puts into `visibleScratch` the nodes meeting `view` that the build stage looks at: all of
    /// them (the node index), or — with the overview picture — only those drawn live: selected
    /// (this frame's selection when a full pass over the nodes read it, `NodeCache.passSelection`;
    /// else last frame's and this frame's changed nodes) and interacting. O(result) then.
    func queryDrawnNodes(_ view: Rect) {
        guard usesOverview else { nodeCache.bounds.query(view, into: &visibleScratch); return }
        collectInteracting()
        visibleScratch.removeAll(keepingCapacity: true)
        let count = min(nodeCache.states.count, nodeCache.bounds.count)
        func add(_ i: Int) {
            guard i >= 0, i < count, let r = nodeCache.bounds.rect(of: i), r.intersects(view) else { return }
            visibleScratch.append(Int32(i))
        }
        if nodeCache.passSelection.frame == frameInput.number {
            for i in nodeCache.passSelection.nodes { add(Int(i)) }
        } else {
            for i in editing.selectedNodeIndices { add(i) }
            if let changed = frameInput.changedNodes { for i in changed where i < count && nodeCache.states[i].selected { add(i) } }
        }
        for i in nodeCache.interacting { add(Int(i)) }
        visibleScratch.sort()
        var last: Int32 = -1, n = 0
        for v in visibleScratch where v != last { visibleScratch[n] = v; n += 1; last = v }
        visibleScratch.removeLast(visibleScratch.count - n)
    }

    /// Whether drawn node `i` is drawn live on top of the overview picture (selected or interacting).
    func isLiveOverOverview(_ i: Int32) -> Bool {
        nodeCache.states[Int(i)].selected || nodeCache.interacting.contains(i)
    }

    /// The topmost node whose rectangle contains flow point `p`, through the node index (the
    /// overview's drawn nodes are only the live ones): of the nodes meeting the culling
    /// rectangle — those `nodeHit` searches without the picture — whose rectangle contains `p`
    /// (`Rect.contains`, as there), the last in drawing order. O(nodes near `p`).
    func overviewNodeHit(at p: Point) -> Int? {
        var found: [Int32] = []
        nodeCache.bounds.query(Rect(origin: p, size: .zero), into: &found)
        let view = cullRect
        return found.filter { nodeRect(Int($0)).contains(p) && nodeRect(Int($0)).intersects(view) }
            .max { a, b in drawOrderKey(a) < drawOrderKey(b) }.map(Int.init)
    }

    /// Node `i`'s place in the drawing order (canvas.md §3; `sortVisible`): greater is drawn later.
    func drawOrderKey(_ i: Int32) -> DrawOrderKey {
        let link = nodeCache.parentChains.links[Int(i)]
        return DrawOrderKey(z: link.rank.z, selected: link.rank.selected, depth: link.depth, index: i)
    }

    /// Marks the tiles under what changed since the last frame dirty (see `OverviewPicture`),
    /// every tile when the change is unknown, and empties the indices' change records. Runs every
    /// frame, drawn from the picture or not, so that kept tiles stay true. O(changes × tiles kept).
    func followOverviewChanges() {
        if !nodeCache.bounds.recordsChanges || !edgeIndex.rects.recordsChanges {
            nodeCache.bounds.recordsChanges = true
            edgeIndex.rects.recordsChanges = true
            overview.invalidateAll()
        }
        // A tuple: no allocation.
        let look = (edge: theme.edgeColor, selected: theme.edgeSelectedColor, handle: theme.handleColor, handleSize: theme.handleSize)
        let unknown = (!frameInput.nodesUnchanged && frameInput.changedNodes == nil)
            || (!frameInput.edgesUnchanged && frameInput.changedEdges == nil && frameInput.appendedEdgesFrom == nil)
        let many = nodeCache.bounds.changedRects.count + edgeIndex.rects.changedRects.count > OverviewPicture.invalidationLimit
        if unknown || many || overview.nodeRebuilds != nodeCache.bounds.rebuildCount || overview.edgeRebuilds != edgeIndex.rects.rebuildCount
            || overview.look.map({ $0 != look }) ?? true {
            overview.invalidateAll()
            overview.nodeRebuilds = nodeCache.bounds.rebuildCount
            overview.edgeRebuilds = edgeIndex.rects.rebuildCount
            overview.look = look
        } else if !overview.tiles.isEmpty {
            for r in nodeCache.bounds.changedRects { overview.invalidate(r) }
            for r in edgeIndex.rects.changedRects { overview.invalidate(r) }
            // Changed in place (a colour, the selection): the same rectangle, drawn anew.
            for i in frameInput.changedNodes ?? [] where i < nodeCache.bounds.count {
                if let r = nodeCache.bounds.rect(of: i) { overview.invalidate(r) }
            }
            for k in frameInput.changedEdges ?? [] where k < edgeIndex.rects.count {
                if let r = edgeIndex.rects.rect(of: k) { overview.invalidate(r) }
            }
        }
        nodeCache.bounds.clearChangedRects()
        edgeIndex.rects.clearChangedRects()
    }

    /// Whether a next frame has work to do without new input: overview tiles still to rasterise
    /// (`overviewTileBudget`; `FrameStats.overviewTilesPending`) or a viewport animation
    /// running. A host that waits for events between frames keeps drawing while it is true. O(1).
    public var needsAnotherFrame: Bool {
        stats.overviewTilesPending > 0 || viewportController.animation != nil
    }

    /// Draws the overview tiles covering the canvas — rasterising the missing and dirty ones, at
    /// most `overviewTileBudget` of them (`rasteriseTiles`), and drawing the rest from other
    /// levels (`drawStandIn`) — then the selected edges live on top. O(tiles on screen + selected
    /// edges), plus the nodes and edges of each tile rasterised.
    func drawOverview(_ edges: [Edge<EdgeData>], into list: inout DrawList) {
        let vp = viewportController.current
        let level = OverviewPicture.level(zoom: vp.zoom, displayScale: displayScale)
        var budget = max(overviewTileBudget, 1)
        // The tiles in drawing order, each drawn itself or (over the budget) stood in for; the
        // ones due rasterised first, all together.
        var order: [(key: OverviewTileKey, standIn: Bool)] = [], due: [OverviewTileKey] = []
        if let (xs, ys) = OverviewPicture.keyRange(vp.visibleFlowRect(canvasSize: size), level: level), xs.count * ys.count <= 4096 {
            for y in ys {
                for x in xs {
                    let key = OverviewTileKey(level: level, x: x, y: y)
                    stats.overviewTiles += 1
                    if overview.use(key, frame: frameInput.number) {
                        guard budget > 0 else { order.append((key, true)); continue }
                        budget -= 1
                        due.append(key)
                        stats.overviewTilesRasterised += 1
                    }
                    order.append((key, false))
                }
            }
        }
        rasteriseTiles(due, edges)
        for (key, standIn) in order {
            if standIn { drawStandIn(key, into: &list) } else { drawTile(key, over: key, into: &list) }
        }
        overview.evict(frame: frameInput.number)
        let view = cullRect, screen = vp.visibleFlowRect(canvasSize: size), detail = self.detail
        let count = min(edges.count, edgeIndex.rects.count)
        for k in editing.selectedEdgeIndices where k < count {
            guard let bounds = edgeIndex.rects.rect(of: k), bounds.intersects(view), let ends = resolvedEnds(k, frameInput.nodes) else { continue }
            drawEdge(k, edges[k], ends, onScreen: bounds.intersects(screen), detail, into: &list)
        }
    }

    /// Draws in place of tile `key` (missing or stale, over the budget) the nearest clean kept
    /// tiles of other levels: the part of a coarser one (up to `OverviewPicture.standInLevels`
    /// levels up), else the clean ones of its four children; else its own stale pixels, else
    /// nothing (the background shows until it is rasterised). O(standInLevels).
    private func drawStandIn(_ key: OverviewTileKey, into list: inout DrawList) {
        stats.overviewTilesPending += 1
        if let parent = overview.cleanParent(of: key, frame: frameInput.number) {
            stats.overviewTilesStandIn += 1
            drawTile(parent, over: key, into: &list)
            return
        }
        let children = overview.cleanChildren(of: key, frame: frameInput.number)
        if !children.isEmpty {
            stats.overviewTilesStandIn += 1
            for child in children { drawTile(child, over: child, into: &list) }
        } else if overview.tiles[key].map({ $0.version > 0 }) == true {
            drawTile(key, over: key, into: &list)
        }
    }

    /// Draws the part of kept tile `source` that covers tile `area` (the same tile, or one within
    /// a coarser `source`) over `area`'s place on screen, its corners on device pixels:
    /// neighbouring tiles share their edges, with no seam (a rasteriser's fill rule at fractional
    /// edges may leave one). O(1).
    private func drawTile(_ source: OverviewTileKey, over area: OverviewTileKey, into list: inout DrawList) {
        guard let tile = overview.tiles[source] else { return }
        let vp = viewportController.current, side = OverviewPicture.tileSize
        let r = OverviewPicture.flowRect(area), whole = OverviewPicture.flowRect(source)
        let a = snapped(vp.flowToScreen(r.origin)), b = snapped(vp.flowToScreen(Point(x: r.maxX, y: r.maxY)))
        let screen = Rect(origin: a, size: Size(width: b.x - a.x, height: b.y - a.y))
        let uv = Rect(x: (r.minX - whole.minX) / whole.width, y: (r.minY - whole.minY) / whole.height,
                      width: r.width / whole.width, height: r.height / whole.height)
        list.addPicture(DrawPicture(texture: tile.texture, version: tile.version, width: side, height: side, rgba: tile.rgba), rect: screen, uv: uv)
    }

    /// Screen point `p` moved to the nearest device pixel corner.
    private func snapped(_ p: Point) -> Point {
        let s = displayScale > 0 ? displayScale : 1
        return Point(x: (p.x * s).rounded() / s, y: (p.y * s).rounded() / s)
    }

    /// Tiles rasterised per round of `rasteriseTiles`: four per core, so that the chunks even
    /// out the tiles' differing work while few tiles' stroke lists are kept at once.
    private static var tilesPerRound: Int { ParallelChunks.cores * 4 }

    /// Rasterises tiles `keys` and stores their pixels (`OverviewPicture.store`), in rounds of
    /// `tilesPerRound` on every core (`ParallelChunks`, a chunk of tiles each): each tile's
    /// strokes read from the edges (`collectStrokes`, in place, with the edge index and the
    /// theme's colours taken once), then its pixels from a `TileScene`; the workers read no
    /// canvas state. Each tile's pixels are the same as rasterising it alone gives.
    /// O(nodes and edges meeting the tiles + pixels drawn).
    private func rasteriseTiles(_ keys: [OverviewTileKey], _ edges: [Edge<EdgeData>]) {
        guard !keys.isEmpty else { return }
        var strokes: [[TileStroke]] = []
        swap(&strokes, &overview.strokeScratch)
        defer { swap(&strokes, &overview.strokeScratch) }
        let scene = tileScene, index = edgeIndex.rects
        let colors = TileStrokeColors(edge: PackedColor(theme.edgeColor), selected: PackedColor(theme.edgeSelectedColor))
        for start in stride(from: 0, to: keys.count, by: Self.tilesPerRound) {
            let round = Array(keys[start..<min(start + Self.tilesPerRound, keys.count)])
            if strokes.count < round.count { strokes += Array(repeating: [], count: round.count - strokes.count) }
            var pixels = round.map { overview.takePixels($0) }
            edges.withUnsafeBufferPointer { edges in
                strokes.withUnsafeMutableBufferPointer { strokes in
                    pixels.withUnsafeMutableBufferPointer { pixels in
                        // Each chunk writes only its own tiles' stroke lists and pixel buffers;
                        // the edges and the index are only read.
                        nonisolated(unsafe) let edges = edges, strokes = strokes, pixels = pixels
                        ParallelChunks.run(round.count, minimumChunk: 1) { _, range in
                            var path: [Point] = [], found: [Int32] = []
                            for t in range {
                                Self.collectStrokes(round[t], edges, index: index, colors: colors, found: &found, into: &strokes[t])
                                scene.rasterise(round[t], strokes: strokes[t], into: &pixels[t], path: &path, found: &found)
                            }
                        }
                    }
                }
            }
            for (t, key) in round.enumerated() { overview.store(key, rgba: &pixels[t]) }
        }
    }

    /// Replaces `strokes` with the edges meeting tile `key` in `index` (the edge index) that have
    /// a width, in index order, as `TileStroke`s: `colors.selected` for a selected edge, else the
    /// style's colour or `colors.edge`; the opacity a hairline of their width in the tile's pixels
    /// has. Reads only its arguments (the edges in place: the array's subscript copies a whole
    /// generic edge to read one field), so tiles' strokes are collected on several cores at once.
    /// `found`: scratch storage. O(edges meeting the tile).
    @_specialize(where NodeData == JSONValue, EdgeData == JSONValue)
    static func collectStrokes(_ key: OverviewTileKey, _ edges: UnsafeBufferPointer<Edge<EdgeData>>, index: RectIndex,
                               colors: TileStrokeColors, found: inout [Int32], into strokes: inout [TileStroke]) {
        let scale = OverviewPicture.scale(key.level)
        index.query(OverviewPicture.flowRect(key), into: &found)
        let count = min(edges.count, index.count)
        strokes.removeAll(keepingCapacity: true)
        for k in found.lazy.map(Int.init) where k < count {
            let style = edges[k].style
            let width = style.strokeWidth * scale
            guard width > 0 else { continue }
            let color = edges[k].selected ? colors.selected : style.stroke.map(PackedColor.init) ?? colors.edge
            strokes.append(TileStroke(edge: Int32(k), color: color, coverage: Int32(min(width, 1) * 255), type: edges[k].type))
        }
    }
}
