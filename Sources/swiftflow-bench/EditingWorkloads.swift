// Editing workloads (issue 17, "every edit in constant time"): one edit at a large N beside the
// same edit at N = 1,000 in the same view, through the path apps run — a `FlowStore` applying
// the canvas' changes and telling it what changed (`FlowStore.frame`, as `CanvasRunner` does,
// driven by `EmbeddedCanvas`), timed from the input to the finished draw list with the store's
// apply included. Each repetition starts from the same graph (the edit is undone, untimed), so
// every repetition makes the edit it names.
//
// Before issue 17 the `node drag frame` row pressed at a fixed point: after the first
// repetition node 0 had moved away, so the other six pressed the pane and panned, and the median
// timed pans (1.03 ms at 100k beside 1.04 ms at 1k while a real drag took 165 ms at 100k).

import CAllocationCounter
import SwiftFlow

func editingWorkloads() -> [Workload] {
    [editWorkload()]
}

/// Node 0's centre on screen (the rig's view), from the store: where a press grabs it.
private func nodeCentre(_ rig: CanvasRig, _ id: String = "n0") -> Point {
    guard let n = rig.store.node(id) else { fatalError("edit: node \(id) missing") }
    let vp = rig.canvas.viewport
    return vp.flowToScreen(n.position + Point(x: 80, y: 40))
}

/// The edit rows at each size of `sizes` beyond the first, the first being the baseline.
func editWorkload() -> Workload {
    Workload(name: "edit") {
        let sizes = scaled([1_000, 100_000, 1_000_000], smoke: [50, 300])
        var rows: [BenchRow] = []
        let rigs = sizes.map { n -> CanvasRig in
            let rig = CanvasRig(nodes: n)
            // The local view: node 0 at (300, 200), far from the borders (no gesture auto-pans).
            rig.canvas.viewport = localView
            rig.frame([])
            return rig
        }
        let reps = scaled(5, smoke: 1)
        // Each repetition runs on every rig in turn (the machine's load changes over minutes):
        // the samples of all repetitions, per rig, after an untimed warm-up repetition.
        func interleaved(_ repetitions: Int, _ body: (CanvasRig) -> [Double]) -> [[Double]] {
            var samples = Array(repeating: [Double](), count: rigs.count)
            for rep in -1..<repetitions {
                for (k, rig) in rigs.enumerated() {
                    let s = body(rig)
                    if rep >= 0 { samples[k] += s }
                }
            }
            return samples
        }
        var scannedCounts = Array(repeating: 0.0, count: rigs.count)
        let drag = interleaved(reps) { rig in
            let (times, scanned) = dragOneNode(rig)
            scannedCounts[rigs.firstIndex { $0 === rig }!] = Double(scanned)
            return times
        }.map { percentile($0, 0.5) }
        let scanned = scannedCounts
        let allocations = rigs.map(dragAllocations)
        let nudge = interleaved(reps) { rig in nudgeOneNode(rig) }.map { percentile($0, 0.5) }
        let typing = interleaved(reps, typeIntoNode).map { percentile($0, 0.5) }
        var resolvedCounts = Array(repeating: 0.0, count: rigs.count)
        let connect = interleaved(reps) { rig in
            let (times, resolved) = connectOneEdge(rig)
            resolvedCounts[rigs.firstIndex { $0 === rig }!] = Double(resolved)
            return times
        }.map { percentile($0, 0.95) }
        let resolved = resolvedCounts
        // The first round deletes node 0, the first node: a removal from the front keeps the
        // arrays' order, so every element after it moves and the canvas re-reads the arrays
        // (O(N)). Its undo appends the node and its edges, so every later round deletes the last
        // node and edges, which costs what they are (O(degree)), as the undo of any addition.
        let frontDelete = rigs.map { deleteAndUndo($0)[0] }
        let deleteUndo = interleaved(smokeRun ? 1 : 3) { rig in deleteAndUndo(rig) }.map { percentile($0, 0.5) }
        let figures: [(name: String, values: [Double], unit: BenchUnit, target: ((Double, Double) -> (String, Bool))?)] = [
            ("drag 1 node median", drag, .time, { v, b in ("<= 2x", v <= 2 * b) }),
            ("nodes read / drag frame", scanned, .count, nil),
            ("allocations / drag frame", allocations, .count, { v, b in ("= N=\(sizes[0])", v == b) }),
            ("nudge median", nudge, .time, { v, b in ("<= 2x", v <= 2 * b) }),
            ("type into node median", typing, .time, { v, b in ("<= 1.2x", v <= 1.2 * b) }),
            ("connect p95", connect, .time, { v, b in ("<= 2x", v <= 2 * b) }),
            ("edges resolved, edge added", resolved, .count, nil),
            ("delete+undo round trip", deleteUndo, .time, { v, b in ("<= 10 ms, 2x", v <= 10e6 && v <= 2 * b) }),
            ("delete+undo, first node", frontDelete, .time, nil),
        ]
        for f in figures {
            for k in 1..<sizes.count {
                let v = f.values[k], b = f.values[0]
                // Targets hold at the largest size; smaller ones are informative.
                let target = k == sizes.count - 1 ? f.target?(v, b) : nil
                rows.append(BenchRow(workload: "edit", figure: f.name, size: sizes[k], value: v, unit: f.unit,
                                     baselineName: "same edit, N=\(sizes[0])", baseline: b, ratio: b == 0 ? nil : v / b,
                                     target: target?.0, holds: target?.1))
            }
        }
        return rows
    }
}

/// The frame times of dragging node 0 by its body for 60 frames and releasing it (the release
/// commits an undo step, completed the frame after), then undone untimed; and the nodes the
/// last drag frame read from the array.
private func dragOneNode(_ rig: CanvasRig) -> (times: [Double], scanned: Int) {
    let frames = scaled(60, smoke: 4)
    let start = nodeCentre(rig)
    var times: [Double] = [rig.frame([.pointerDown(start, button: .primary, modifiers: [], clickCount: 1)])]
    for f in 1...frames { times.append(rig.frame([.pointerMove(start + Point(x: Double(3 * f), y: Double(f)), modifiers: [])])) }
    times.append(rig.frame([.pointerUp(start + Point(x: Double(3 * frames), y: Double(frames)), button: .primary, modifiers: [])]))
    times.append(rig.frame([]))
    let scanned = rig.canvas.stats.scannedNodes   // the settling frame: the release's change
    check(nodeCentre(rig) == start + Point(x: Double(3 * frames), y: Double(frames)), "edit: the drag did not move node 0")
    rig.frame([.keyDown("Z", modifiers: .ctrl)])
    rig.frame([])
    check(nodeCentre(rig) == start, "edit: undo did not put node 0 back")
    return (times, scanned)
}

/// Heap allocations per frame of a node drag, after a warm-up drag.
private func dragAllocations(_ rig: CanvasRig) -> Double {
    let frames = scaled(30, smoke: 4)
    let start = nodeCentre(rig)
    rig.frame([.pointerDown(start, button: .primary, modifiers: [], clickCount: 1)])
    for f in 1...frames { rig.frame([.pointerMove(start + Point(x: Double(f), y: 0), modifiers: [])]) }
    allocation_counter_start()
    for f in 1...frames { rig.frame([.pointerMove(start + Point(x: Double(frames + f), y: 0), modifiers: [])]) }
    let count = allocation_counter_stop()
    rig.frame([.keyDown("Escape", modifiers: [])])
    rig.frame([])
    return Double(count) / Double(frames)
}

/// The frame times of 60 arrow-key nudges of the selected node 0 (one undo step), undone untimed.
private func nudgeOneNode(_ rig: CanvasRig) -> [Double] {
    let start = nodeCentre(rig)
    rig.frame([.pointerDown(start, button: .primary, modifiers: [], clickCount: 1), .pointerUp(start, button: .primary, modifiers: [])])
    var times: [Double] = []
    for f in 0..<scaled(60, smoke: 4) { times.append(rig.frame([.keyDown(f % 2 == 0 ? "Right" : "Down", modifiers: [])])) }
    times.append(rig.frame([]))
    check(rig.store.node("n0")?.position != .zero, "edit: the nudges did not move node 0")
    rig.frame([.keyDown("Z", modifiers: .ctrl)])
    rig.frame([])
    check(rig.store.node("n0")?.position == .zero, "edit: undo did not put node 0 back after the nudges")
    rig.frame([.keyDown("Escape", modifiers: [])])
    return times
}

/// The frame times of typing 60 characters into node 0: each frame one `.replace` change with
/// new data (what a text field in the node emits per keystroke), applied by the store, then the
/// frame; the label is restored untimed.
private func typeIntoNode(_ rig: CanvasRig) -> [Double] {
    guard var node = rig.store.node("n0") else { return [] }
    let label = node.data
    var times: [Double] = []
    var text = ""
    for _ in 0..<scaled(60, smoke: 4) {
        text += "x"
        node.data = .object(JSONObject([("label", .string(text))]))
        let start = cpuNow()
        rig.store.apply([NodeChange.replace(node)])
        rig.driver.frame([])
        times.append(nanos(since: start))
    }
    node.data = label
    rig.store.apply([NodeChange.replace(node)])
    rig.frame([])
    return times
}

/// The frame times of dragging a connection from node 0's first source handle onto node 1's
/// second target handle (30 frames) and releasing it: the edge is added (one undo step), undone
/// untimed. Also returns the edges resolved in the frame that first saw the new edge.
private func connectOneEdge(_ rig: CanvasRig) -> (times: [Double], resolved: Int) {
    let edges = rig.store.edges.count
    let vp = rig.canvas.viewport
    let from = vp.flowToScreen(Point(x: 160, y: 80.0 / 3)), to = vp.flowToScreen(Point(x: 220, y: 160.0 / 3))
    var times = [rig.frame([.pointerDown(from, button: .primary, modifiers: [], clickCount: 1)])]
    for f in 1...30 { times.append(rig.frame([.pointerMove(from + (to - from) * (Double(f) / 30), modifiers: [])])) }
    times.append(rig.frame([.pointerUp(to, button: .primary, modifiers: [])]))
    times.append(rig.frame([]))
    let resolved = rig.canvas.stats.resolvedEdges
    for _ in 0..<8 { times.append(rig.frame([])) }
    check(rig.store.edges.count == edges + 1, "edit: the connection added no edge")
    rig.frame([.keyDown("Z", modifiers: .ctrl)])
    rig.frame([])
    check(rig.store.edges.count == edges, "edit: undo did not remove the new edge")
    return (times, resolved)
}

/// The time of one delete + undo round trip of the node at the top-left (five frames: click,
/// Delete, the step completes, Ctrl+Z, the node is back).
private func deleteAndUndo(_ rig: CanvasRig) -> [Double] {
    let count = rig.store.nodes.count
    let topLeft = rig.canvas.viewport.flowToScreen(Point(x: 80, y: 40))
    // Node 0 moves to the end of the array on undo: click whichever node is at the top-left.
    let start = cpuNow()
    rig.frame([.pointerDown(topLeft, button: .primary, modifiers: [], clickCount: 1), .pointerUp(topLeft, button: .primary, modifiers: [])])
    rig.frame([.keyDown("Delete", modifiers: [])])
    rig.frame([])
    rig.frame([.keyDown("Z", modifiers: .ctrl)])
    rig.frame([])
    let t = nanos(since: start)
    check(rig.store.nodes.count == count, "delete+undo lost a node")
    return [t]
}
