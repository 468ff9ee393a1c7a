import SwiftFlow

// Workload "hit": the spatial hash over 100,000 handle anchors laid out like the stress graph
// (nodes 160×80 on a 220×140 grid, 4 handles per node: two on the left border, two on the
// right; anchor `4k + h` belongs to node k, h 0, 1 left/target, 2, 3 right/source), against a
// linear scan over the same anchors, with identical answers checked on every query; then the
// queries again over 4,000,000 anchors (1M nodes), where a scan costs 40 times more.

/// Snap radius (`connectionRadius`, flow units), the handle hit radius, and the registry's cell size.
private let snapRadius = 20.0
private let hitRadius = 8.0
private let cellSize = 2 * snapRadius

func hitWorkload() -> Workload {
    Workload(name: "hit") {
        let count = scaled(100_000, smoke: 800)
        let anchors = graphAnchors(count)
        var hash = SpatialHash(cellSize: cellSize)
        hash.rebuild(anchors)
        let pointers = queryPointers(anchors, count: scaled(4096, smoke: 256))
        // Dragging from a source handle: target handles are valid ends.
        let snap = compareQueries("snap query", anchors, hash, pointers, radius: snapRadius) { $0 & 3 < 2 }
        let hit = compareQueries("pointer hit-test", anchors, hash, pointers, radius: hitRadius) { _ in true }
        let large = graphAnchors(scaled(4_000_000, smoke: 3_200))
        hash.rebuild(large)
        // A scan of 4M anchors takes milliseconds: fewer pointers, every answer still compared.
        let largePointers = queryPointers(large, count: scaled(512, smoke: 64))
        let largeSnap = compareQueries("snap query", large, hash, largePointers, radius: snapRadius, speedup: 1000) { $0 & 3 < 2 }
        let largeHit = compareQueries("pointer hit-test", large, hash, largePointers, radius: hitRadius, speedup: 1000) { _ in true }
        return [snap, hit, rebuildRow(anchors), rebinRow(anchors), largeSnap, largeHit]
    }
}

/// `count` handle anchors (a multiple of 4) of `count / 4` nodes on a square-ish grid.
private func graphAnchors(_ count: Int) -> [Point] {
    let nodes = count / 4, columns = StressGraph.columns(nodeCount: nodes)
    var anchors: [Point] = []
    anchors.reserveCapacity(count)
    for k in 0 ..< nodes {
        let x = Double(k % columns) * 220, y = Double(k / columns) * 140
        for (dx, dy) in [(0.0, 80.0 / 3), (0, 160.0 / 3), (160, 80.0 / 3), (160, 160.0 / 3)] {
            anchors.append(Point(x + dx, y + dy))
        }
    }
    return anchors
}

/// Pointers: half near a random anchor (±30 flow units), half anywhere on the graph.
private func queryPointers(_ anchors: [Point], count: Int) -> [Point] {
    let bounds = Rect.bounding(anchors)!
    var rng = SplitMix64(seed: 42)
    return (0 ..< count).map { k -> Point in
        if k % 2 == 0 {
            return anchors[Int.random(in: 0 ..< anchors.count, using: &rng)]
                + Point(Double.random(in: -30 ... 30, using: &rng), Double.random(in: -30 ... 30, using: &rng))
        }
        return Point(Double.random(in: bounds.minX ... bounds.maxX, using: &rng),
                     Double.random(in: bounds.minY ... bounds.maxY, using: &rng))
    }
}

/// The nearest accepted anchor within `radius` of each pointer: hash vs scanning every anchor
/// (same tie rule: the smaller index). Every pointer's answers must agree. The row's target: the
/// hash at least `speedup` times faster than the scan.
private func compareQueries(_ figure: String, _ anchors: [Point], _ hash: SpatialHash, _ pointers: [Point],
                            radius: Double, speedup target: Double = 100, accept: @escaping (Int) -> Bool) -> BenchRow {
    func linearNearest(_ q: Point) -> Int? {
        var best: Int?, bestDistance = radius * radius
        for (i, p) in anchors.enumerated() {
            let d = p.squaredDistance(to: q)
            if d <= bestDistance, best == nil || d < bestDistance, accept(i) { best = i; bestDistance = d }
        }
        return best
    }
    var hits = 0
    for q in pointers {
        let expected = linearNearest(q)
        check(hash.nearest(to: q, within: radius, where: accept) == expected, "\(figure): hash and scan disagree at \(q)")
        if expected != nil { hits += 1 }
    }
    check(hits > 0, "\(figure) never finds a handle")
    let measured = medianNanosPerOp(operations: pointers.count) {
        var acc = 0
        for q in pointers { acc &+= hash.nearest(to: q, within: radius, where: accept) ?? -1 }
        consume(acc)
    }
    // Linear scans are slow: timed on a prefix of the pointers.
    let linearPointers = pointers.prefix(max(64, pointers.count / 16))
    let baseline = medianNanosPerOp(operations: linearPointers.count) {
        var acc = 0
        for q in linearPointers { acc &+= linearNearest(q) ?? -1 }
        consume(acc)
    }
    let speedup = baseline / measured
    return BenchRow(workload: "hit", figure: figure + " (\(pointers.count) equal)", size: anchors.count, value: measured,
                    unit: .time, baselineName: "linear scan", baseline: baseline, ratio: speedup,
                    target: ">= \(Int(target))x", holds: speedup >= target)
}

/// Full counting-sort rebuild (steady state, storage reused) vs sorting (cell key, index)
/// pairs with the standard library `sort`.
private func rebuildRow(_ anchors: [Point]) -> BenchRow {
    var hash = SpatialHash(cellSize: cellSize)
    let measured = medianNanosPerOp(operations: 1) {
        hash.rebuild(anchors)
        consume(hash.count)
    }
    var pairs: [(key: UInt64, index: Int32)] = []
    let baseline = medianNanosPerOp(operations: 1) {
        pairs.removeAll(keepingCapacity: true)
        for (i, p) in anchors.enumerated() {
            let cx = Int32((p.x / cellSize).rounded(.down)), cy = Int32((p.y / cellSize).rounded(.down))
            pairs.append((UInt64(UInt32(bitPattern: cy)) << 32 | UInt64(UInt32(bitPattern: cx)), Int32(i)))
        }
        pairs.sort { $0.key < $1.key }
        consume(Int(pairs[0].index))
    }
    return BenchRow(workload: "hit", figure: "full rebuild", size: anchors.count, value: measured, unit: .time,
                    baselineName: "sort by cell", baseline: baseline, ratio: baseline / measured)
}

/// Dragging 50 nodes: their 200 handles move by small steps every frame, re-binned through
/// `move`, vs a full rebuild every frame.
private func rebinRow(_ anchors: [Point]) -> BenchRow {
    let nodeCount = anchors.count / 4
    let nodes = Array(stride(from: nodeCount / 8, to: nodeCount, by: max(1, nodeCount / 60)).prefix(50))
    let step = Point(2.5, 1.5)
    func dragged(_ a: Int, frame: Int) -> Point { anchors[a] + step * Double(frame) }
    var hash = SpatialHash(cellSize: cellSize)
    let frames = 200
    let measured = medianNanosPerOp(operations: frames, setup: { hash.rebuild(anchors) }) {
        for frame in 1 ... frames {
            for n in nodes { for h in 0 ..< 4 { hash.move(4 * n + h, to: dragged(4 * n + h, frame: frame)) } }
        }
        consume(Int(hash.position(of: 4 * nodes[0]).x))
    }
    let end = dragged(4 * nodes[0], frame: frames)
    check(hash.nearest(to: end, within: 1, where: { _ in true }) == 4 * nodes[0], "dragged handle not found at \(end)")
    var moved = anchors
    var rebuilt = SpatialHash(cellSize: cellSize)
    let rebuildFrames = 10
    let baseline = medianNanosPerOp(operations: rebuildFrames) {
        for frame in 1 ... rebuildFrames {
            for n in nodes { for h in 0 ..< 4 { moved[4 * n + h] = dragged(4 * n + h, frame: frame) } }
            rebuilt.rebuild(moved)
        }
        consume(rebuilt.count)
    }
    return BenchRow(workload: "hit", figure: "re-bin 50 dragged nodes", size: anchors.count, value: measured, unit: .time,
                    baselineName: "rebuild per frame", baseline: baseline, ratio: baseline / measured)
}
