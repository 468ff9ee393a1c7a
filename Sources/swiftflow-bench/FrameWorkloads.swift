// Workloads "frame-local", "frame-overview" and "drag": whole canvas frames on the generated
// stress graph at growing N, each beside the same work at a smaller N (or without level of
// detail) in the same run.

import SwiftFlow

/// frame-local: N = 1,000 / 10,000 / 100,000 at zoom 1 (about 40 nodes visible), the pointer
/// hovering a handle, then a connection drag across the view; also a pan.
func frameLocalWorkload() -> Workload {
    Workload(name: "frame-local") {
        let sizes = scaled([1_000, 10_000, 100_000], smoke: [50, 200])
        let rigs = sizes.map { CanvasRig(nodes: $0) }
        let connect = interleavedFrames(rigs, view: localView, { _ in hoverThenConnect(from: localHandle) }, repetitions: 5)
        let pan = interleavedFrames(rigs, view: localView, { _ in panScript(from: Point(x: 1270, y: 790), step: Point(x: -2, y: -1), frames: scaled(60, smoke: 4)) },
                                    repetitions: 3)
        var rows: [BenchRow] = []
        for (name, samples, targeted) in [("hover+connect median", connect, true), ("hover+connect p95", connect, false),
                                          ("pan median", pan, false)] {
            let q = name.hasSuffix("p95") ? 0.95 : 0.5
            let base = percentile(samples[0], q)
            for k in sizes.indices.dropFirst() {
                let v = percentile(samples[k], q), ratio = v / base
                let target = targeted && k == sizes.count - 1
                rows.append(BenchRow(workload: "frame-local", figure: name, size: sizes[k], value: v, unit: .time,
                                     baselineName: "same, N=\(sizes[0])", baseline: base, ratio: ratio,
                                     target: target ? "<= 2" : nil, holds: target ? ratio <= 2 : nil))
            }
        }
        let visible = rigs.last!.canvas.stats.drawnNodes
        check(visible > 20 && visible < 80, "frame-local shows \(visible) nodes, not about 40")
        return rows
    }
}

/// frame-overview: N = 10,000, 100,000 and 1,000,000 fitted to the view (zoom about 0.05,
/// 0.015 and 0.005), panning: CPU time per frame drawn from the overview picture (tiles, with
/// the selection live on top) beside the same frames drawn node by node (`overviewPicture`
/// off, the level of detail alone); draw-list vertices per visible node and edge of the node by
/// node frames beside no level of detail (N = 10,000); the worst frame of a zoom across a
/// level at 100,000 and 1,000,000 with the default tile budget beside every tile at once
/// (`overviewTileBudget`). The 1M graph goes through `FlowStore`
/// as every rig does; `--smoke` uses 300 / 1,000 / 3,000 nodes.
func frameOverviewWorkload() -> Workload {
    Workload(name: "frame-overview") {
        let sizes = scaled([10_000, 100_000, 1_000_000], smoke: [300, 1_000, 3_000])
        func rig(_ n: Int, lod: Bool, overview: Bool) -> CanvasRig {
            let r = CanvasRig(nodes: n) { $0.minZoom = 0.001; $0.levelOfDetail = lod; $0.overviewPicture = overview; $0.fitView() }
            repeat { r.frame([]) } while r.canvas.needsAnotherFrame   // every tile rasterised (overviewTileBudget)
            return r
        }
        struct Figures { var frame: Double, perNode: Double, perEdge: Double, zoom: Double, tiles: Int }
        func measure(_ r: CanvasRig, repetitions: Int) -> Figures {
            let samples = interleavedFrames([r], view: nil, { _ in panScript(from: Point(x: 640, y: 400), step: Point(x: 1, y: 1), frames: scaled(30, smoke: 3)) },
                                            repetitions: repetitions)[0]
            let s = r.canvas.stats
            check(s.overviewTiles > 0 || (s.drawnNodes > 0 && s.drawnEdges > 0), "overview sees nothing")
            return Figures(frame: percentile(samples, 0.5), perNode: Double(s.vertices - s.edgeVertices) / Double(max(s.drawnNodes, 1)),
                           perEdge: Double(s.edgeVertices) / Double(max(s.drawnEdges, 1)), zoom: r.canvas.viewport.zoom, tiles: s.overviewTiles)
        }
        /// Median of frames that rasterise every tile on screen (the theme's edge colour changed
        /// before each: what the first frame zoomed out that far costs).
        func rasterisingAll(_ r: CanvasRig) -> Double {
            let colours = [Color(white: 0.5), Color(white: 0.6)]
            let budget = r.canvas.overviewTileBudget
            r.canvas.overviewTileBudget = .max
            defer { r.canvas.overviewTileBudget = budget }
            return percentile((0..<scaled(5, smoke: 2)).map { k -> Double in
                r.canvas.theme.edgeColor = colours[k % 2]
                return r.frame([])
            }, 0.5)
        }
        /// The worst frame of zooming across a level about the canvas centre with tile budget
        /// `budget`, frames drawn until no tile is pending: twice the fitted zoom, then half of it
        /// (levels never drawn before: no tile of theirs is kept), each from the fitted view.
        func worstZoomFrame(_ n: Int, budget: Int) -> Double {
            let r = rig(n, lod: true, overview: true)
            r.canvas.overviewTileBudget = budget
            let fitted = r.canvas.viewport, c = Point(x: r.canvas.size.width / 2, y: r.canvas.size.height / 2)
            var worst = 0.0
            for f in [2.0, 0.5] {
                r.canvas.viewport = fitted
                repeat { r.frame([]) } while r.canvas.needsAnotherFrame
                r.canvas.viewport = Viewport(x: c.x - (c.x - fitted.x) * f, y: c.y - (c.y - fitted.y) * f, zoom: fitted.zoom * f)
                repeat { worst = max(worst, r.frame([])) } while r.canvas.needsAnotherFrame
            }
            return worst
        }
        let lod = measure(rig(sizes[0], lod: true, overview: false), repetitions: 3)
        let full = measure(rig(sizes[0], lod: false, overview: false), repetitions: 1)
        let tiles = measure(rig(sizes[0], lod: true, overview: true), repetitions: 3)
        check(smokeRun || tiles.tiles > 0, "the fitted 10k frame is not drawn from the overview picture")
        let big = measure(rig(sizes[1], lod: true, overview: false), repetitions: 1)
        let bigRig = rig(sizes[1], lod: true, overview: true), hugeRig = rig(sizes[2], lod: true, overview: true)
        let bigTiles = measure(bigRig, repetitions: 1), huge = measure(hugeRig, repetitions: 1)
        let bigAll = rasterisingAll(bigRig), hugeAll = rasterisingAll(hugeRig)
        let budget = bigRig.canvas.overviewTileBudget
        let bigZoom = worstZoomFrame(sizes[1], budget: budget), bigZoomAll = worstZoomFrame(sizes[1], budget: .max)
        let hugeZoom = worstZoomFrame(sizes[2], budget: budget), hugeZoomAll = worstZoomFrame(sizes[2], budget: .max)
        func zoom(_ f: Figures) -> String { " (zoom \(fixed(f.zoom, 3)))" }
        func row(_ figure: String, _ n: Int, _ v: Double, _ unit: BenchUnit, _ baseName: String, _ base: Double,
                 _ target: String? = nil, _ limit: Double = 0) -> BenchRow {
            BenchRow(workload: "frame-overview", figure: figure, size: n, value: v, unit: unit, baselineName: baseName, baseline: base,
                     ratio: v / base, target: target, holds: target == nil ? nil : v <= limit)
        }
        return [
            row("median frame" + zoom(lod), sizes[0], lod.frame, .time, "no level of detail", full.frame),
            row("vertices / visible node", sizes[0], lod.perNode, .count, "no level of detail", full.perNode, "<= 12", 12),
            row("vertices / visible edge", sizes[0], lod.perEdge, .count, "no level of detail", full.perEdge, "<= 8", 8),
            row("median frame" + zoom(big), sizes[1], big.frame, .time, "N=\(sizes[0])", lod.frame),
            row("vertices / visible node", sizes[1], big.perNode, .count, "N=\(sizes[0])", lod.perNode),
            row("vertices / visible edge", sizes[1], big.perEdge, .count, "N=\(sizes[0])", lod.perEdge),
            row("median frame, overview picture" + zoom(tiles), sizes[0], tiles.frame, .time, "node by node", lod.frame, "<= 7.5 ms", 7.5e6),
            row("median frame, overview picture" + zoom(bigTiles), sizes[1], bigTiles.frame, .time, "node by node", big.frame, "<= 8 ms", 8e6),
            row("median frame, overview picture" + zoom(huge), sizes[2], huge.frame, .time, "N=\(sizes[1])", bigTiles.frame, "<= 12 ms", 12e6),
            row("frame rasterising every tile", sizes[1], bigAll, .time, "node by node", big.frame),
            row("frame rasterising every tile", sizes[2], hugeAll, .time, "N=\(sizes[1])", bigAll),
            row("worst frame zooming across a level, \(budget) tiles / frame", sizes[1], bigZoom, .time, "every tile at once", bigZoomAll),
            row("worst frame zooming across a level, \(budget) tiles / frame", sizes[2], hugeZoom, .time, "every tile at once", hugeZoomAll),
        ]
    }
}

/// drag: 200 selected nodes dragged for 60 frames at N = 100,000 beside the same drag at
/// N = 1,000; counts index re-bins and full index rebuilds while dragging.
func dragWorkload() -> Workload {
    Workload(name: "drag") {
        let sizes = scaled([1_000, 100_000], smoke: [250, 400])
        let selected = scaled(200, smoke: 20)
        let rigs = sizes.map { n -> CanvasRig in
            let r = CanvasRig(nodes: n)
            for i in 0..<selected { r.store.nodes[i].selected = true }
            r.frame([])
            return r
        }
        let frames = scaled(60, smoke: 5)
        var rebins = Array(repeating: 0, count: rigs.count), rebuilds = rebins, counted = rebins
        var samples = Array(repeating: [Double](), count: rigs.count)
        for _ in 0..<scaled(3, smoke: 1) {
            for (k, r) in rigs.enumerated() {
                // Press on node 0's body, then drag; node 0 is selected, so all selected nodes move.
                r.frame([.pointerDown(Point(x: 80, y: 50), button: .primary, modifiers: [], clickCount: 1)])
                r.frame([.pointerMove(Point(x: 84, y: 52), modifiers: [])])
                for f in 1...frames {
                    samples[k].append(r.frame([.pointerMove(Point(x: 84 + Double(3 * f), y: 52 + Double(2 * f)), modifiers: [])]))
                    rebins[k] += r.canvas.stats.indexRebins
                    rebuilds[k] += r.canvas.stats.indexRebuilds
                    counted[k] += 1
                }
                r.frame([.pointerUp(Point(x: 84 + Double(3 * frames), y: 52 + Double(2 * frames)), button: .primary, modifiers: [])])
            }
        }
        check(rigs[1].store.nodes[selected - 1].position != StressGraph.make(nodeCount: selected).nodes[selected - 1].position,
              "drag did not move the selected nodes")
        let median = samples.map { percentile($0, 0.5) }
        let base = "same drag, N=\(sizes[0])"
        return [
            BenchRow(workload: "drag", figure: "median frame, \(selected) nodes", size: sizes[1], value: median[1], unit: .time,
                     baselineName: base, baseline: median[0], ratio: median[1] / median[0]),
            BenchRow(workload: "drag", figure: "index re-bins / frame", size: sizes[1], value: Double(rebins[1]) / Double(counted[1]),
                     unit: .count, baselineName: base, baseline: Double(rebins[0]) / Double(counted[0]),
                     ratio: Double(rebins[1]) / Double(max(rebins[0], 1))),
            BenchRow(workload: "drag", figure: "full index rebuilds", size: sizes[1], value: Double(rebuilds[1]), unit: .count,
                     baselineName: base, baseline: Double(rebuilds[0]), target: "0", holds: rebuilds[1] == 0),
        ]
    }
}

/// layout: N = 10,000 fitted to the view without level of detail, so every visible node's view
/// (the built-in "default" type: a shape, a label, 4 handles) is rebuilt and laid out each
/// frame: median CPU frame per laid-out node, beside the same at zoom 1 (about 40 nodes).
func layoutWorkload() -> Workload {
    Workload(name: "layout") {
        let n = scaled(10_000, smoke: 300)
        func perNode(fitted: Bool) -> Double {
            let r = CanvasRig(nodes: n) { $0.levelOfDetail = false; if fitted { $0.fitView() } else { $0.viewport = localView } }
            r.frame([])
            let samples = (0..<scaled(15, smoke: 2)).map { _ in r.frame([]) }
            let laidOut = r.canvas.stats.laidOutNodes
            check(laidOut > 0 && laidOut == r.canvas.stats.drawnNodes, "layout: \(laidOut) of \(r.canvas.stats.drawnNodes) drawn nodes laid out")
            return percentile(samples, 0.5) / Double(laidOut)
        }
        let fitted = perNode(fitted: true), local = perNode(fitted: false)
        return [BenchRow(workload: "layout", figure: "frame / laid-out node", size: n, value: fitted, unit: .time,
                         baselineName: "same at zoom 1", baseline: local, ratio: fitted / local)]
    }
}
