import SwiftFlow

// Spatial hash workloads over handle anchors laid out like a node graph: nodes 160×80 on a
// 220×140 grid, 4 handles per node (two on the left border, two on the right). Anchor `4k + h`
// belongs to node k; h 0, 1 are left (target) handles, 2, 3 right (source) handles.

/// Snap radius (`connectionRadius`, flow units) and the cell size suited to it.
private let snapRadius = 20.0
private let cellSize = 2 * snapRadius

/// The sizes, in handle anchors, at which every spatial hash workload runs.
let anchorCounts = [8_000, 80_000, 400_000]

func spatialHashWorkloads() -> [Workload] {
    [snapQuery, rebuild, dragRebin].flatMap { workload in anchorCounts.map(workload) }
}

/// `count` handle anchors (a multiple of 4) of `count / 4` nodes on a square-ish grid.
private func graphAnchors(_ count: Int) -> [Point] {
    let nodes = count / 4
    var columns = 1
    while columns * columns < nodes { columns += 1 }
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

/// Nearest valid handle within the snap radius: hash query vs scanning every anchor.
/// Pointers: half near a random anchor (±30 flow units), half anywhere on the graph.
private func snapQuery(_ count: Int) -> Workload {
    Workload(name: "snap query", size: count) {
        let anchors = graphAnchors(count)
        var hash = SpatialHash(cellSize: cellSize)
        hash.rebuild(anchors)
        let bounds = Rect.bounding(anchors)!
        var rng = SplitMix64(seed: 42)
        let pointers = (0 ..< 4096).map { k -> Point in
            if k % 2 == 0 {
                return anchors[Int.random(in: 0 ..< count, using: &rng)]
                    + Point(Double.random(in: -30 ... 30, using: &rng), Double.random(in: -30 ... 30, using: &rng))
            }
            return Point(Double.random(in: bounds.minX ... bounds.maxX, using: &rng),
                         Double.random(in: bounds.minY ... bounds.maxY, using: &rng))
        }
        // Dragging from a source handle: target handles are valid ends.
        let isValid = { (i: Int) in i & 3 < 2 }
        func linearNearest(_ q: Point) -> Int? {
            var best: Int?, bestDistance = snapRadius * snapRadius
            for (i, p) in anchors.enumerated() {
                let d = p.squaredDistance(to: q)
                if d <= bestDistance, best == nil || d < bestDistance, isValid(i) { best = i; bestDistance = d }
            }
            return best
        }
        // Linear scans are slow: time them on a prefix of the pointers sized to the graph.
        let linearPointers = pointers.prefix(max(64, 4096 * 8_000 / count))
        var hits = 0
        for q in linearPointers {
            let expected = linearNearest(q)
            check(hash.nearest(to: q, within: snapRadius, where: isValid) == expected, "snap query disagrees at \(q)")
            if expected != nil { hits += 1 }
        }
        check(hits > 0, "snap query workload never finds a handle")
        let measured = medianNanosPerOp(operations: pointers.count) {
            var acc = 0
            for q in pointers { acc &+= hash.nearest(to: q, within: snapRadius, where: isValid) ?? -1 }
            consume(acc)
        }
        let baseline = medianNanosPerOp(operations: linearPointers.count) {
            var acc = 0
            for q in linearPointers { acc &+= linearNearest(q) ?? -1 }
            consume(acc)
        }
        return (measured, baseline, "linear scan")
    }
}

/// Full counting-sort rebuild (steady state, storage reused) vs sorting (cell key, index)
/// pairs with the standard library `sort`.
private func rebuild(_ count: Int) -> Workload {
    Workload(name: "rebuild", size: count) {
        let anchors = graphAnchors(count)
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
                let key = UInt64(UInt32(bitPattern: cy)) << 32 | UInt64(UInt32(bitPattern: cx))
                pairs.append((key, Int32(i)))
            }
            pairs.sort { $0.key < $1.key }
            consume(Int(pairs[0].index))
        }
        return (measured, baseline, "sort by cell")
    }
}

/// Dragging one node: its 4 handles move by small steps every frame for 1000 frames through
/// `move` (per frame) vs a full rebuild every frame.
private func dragRebin(_ count: Int) -> Workload {
    Workload(name: "drag re-bin", size: count) {
        let anchors = graphAnchors(count)
        let first = (count / 8) * 4  // the handles of a node in the middle of the graph
        let step = Point(2.5, 1.5)
        func dragged(_ h: Int, frame: Int) -> Point { anchors[first + h] + step * Double(frame) }
        var hash = SpatialHash(cellSize: cellSize)
        let frames = 1000
        let measured = medianNanosPerOp(operations: frames, repetitions: 15, setup: { hash.rebuild(anchors) }) {
            for frame in 1 ... frames {
                for h in 0 ..< 4 { hash.move(first + h, to: dragged(h, frame: frame)) }
            }
            consume(Int(hash.position(of: first).x))
        }
        let end = dragged(0, frame: frames)
        check(hash.nearest(to: end, within: 1, where: { _ in true }) == first, "dragged handle not found at \(end)")

        var moved = anchors
        var rebuilt = SpatialHash(cellSize: cellSize)
        let rebuildFrames = max(10, 8_000_000 / count)
        let baseline = medianNanosPerOp(operations: rebuildFrames) {
            for frame in 1 ... rebuildFrames {
                for h in 0 ..< 4 { moved[first + h] = dragged(h, frame: frame) }
                rebuilt.rebuild(moved)
            }
            consume(rebuilt.count)
        }
        return (measured, baseline, "rebuild per frame")
    }
}
