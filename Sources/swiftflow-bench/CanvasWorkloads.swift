// Canvas workloads: whole frames of the real canvas (layout, registry, interaction, tessellation)
// on the generated stress graph, with a fixed-advance text measurer (no SDL). Each is measured at
// a large N beside the same work at N = 1,000 with the same visible set, so the ratio shows how
// much the graph's size (rather than what is on screen) costs.

import SwiftFlow

func canvasWorkloads() -> [Workload] {
    [20_000, 100_000].flatMap { [panFrames($0), connectionFrames($0)] }
}

/// A canvas over the stress graph at zoom 1 in a 1280x800 view (the same ~40 nodes visible at
/// any N), with the first frame already run.
final class CanvasRig {
    let store: FlowStore<JSONValue, JSONValue>
    let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 1280, height: 800), textMeasurer: FixedAdvanceTextMeasurer())
    var list = DrawList()

    init(nodes: Int) {
        let doc = StressGraph.make(nodeCount: nodes)
        store = FlowStore(nodes: doc.nodes, edges: doc.edges, makeEdgeData: { _ in .null })
        store.attach(to: canvas)
        store.frame(canvas, into: &list)
    }

    func frame(_ events: [InputEvent]) {
        store.frame(canvas, events: events, into: &list)
        consume(list.vertices.count)
    }
}

/// A pan drag across empty canvas with the secondary button: every frame moves the viewport.
private func panFrames(_ n: Int) -> Workload {
    gestureFrames(name: "pan frame", nodes: n,
                  start: .pointerDown(Point(x: 1270, y: 790), button: .secondary, modifiers: [], clickCount: 1),
                  move: { f in .pointerMove(Point(x: 1270 - Double(2 * f), y: 790), modifiers: []) },
                  end: .pointerUp(Point(x: 1150, y: 790), button: .secondary, modifiers: []))
}

/// A connection drag from node 0's first source handle, the pointer sweeping over other
/// handles (snapping every frame).
private func connectionFrames(_ n: Int) -> Workload {
    gestureFrames(name: "connect frame", nodes: n,
                  start: .pointerDown(Point(x: 160, y: 80.0 / 3), button: .primary, modifiers: [], clickCount: 1),
                  move: { f in .pointerMove(Point(x: 170 + Double(5 * f), y: 30 + Double(f)), modifiers: []) },
                  end: .keyDown("Escape", modifiers: []))
}

/// Time per frame of a 60-frame gesture (`start`, 58 `move`s, `end`) at `nodes` nodes, beside
/// the same gesture at N = 1,000.
func gestureFrames(name: String, nodes n: Int, start: InputEvent, move: @escaping (Int) -> InputEvent,
                           end: InputEvent) -> Workload {
    Workload(name: name, size: n) {
        func measure(_ count: Int) -> Double {
            let rig = CanvasRig(nodes: count)
            let frames = 60
            return medianNanosPerOp(operations: frames, repetitions: 7) {
                rig.frame([start])
                for f in 0..<frames - 2 { rig.frame([move(f)]) }
                rig.frame([end])
            }
        }
        return (measure(n), measure(1_000), "same view, N=1000")
    }
}
