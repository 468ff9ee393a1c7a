// Editing workloads: a node drag (every frame changes the node array: the store applies the
// position change, the canvas re-scans the nodes and checks the selection; the release commits
// an undo step, completed at the next frame) and a delete + undo round trip, at a large N beside
// N = 1,000 with the same view.

import SwiftFlow

func editingWorkloads() -> [Workload] {
    [20_000, 100_000].flatMap { [dragFrames($0), deleteUndo($0)] }
}

/// Dragging node 0 by its body across the view.
private func dragFrames(_ n: Int) -> Workload {
    gestureFrames(name: "node drag frame", nodes: n,
                  start: .pointerDown(Point(x: 80, y: 40), button: .primary, modifiers: [], clickCount: 1),
                  move: { f in .pointerMove(Point(x: 80 + Double(3 * f), y: 40 + Double(f)), modifiers: []) },
                  end: .pointerUp(Point(x: 80 + 3 * 57, y: 40 + 57), button: .primary, modifiers: []))
}

/// One delete + undo round trip of node 0 (five frames: click, Delete, the step completes,
/// Ctrl+Z, the node is back), per round trip.
private func deleteUndo(_ n: Int) -> Workload {
    Workload(name: "delete+undo", size: n) {
        func measure(_ count: Int) -> Double {
            let rig = CanvasRig(nodes: count)
            let rounds = 5
            return medianNanosPerOp(operations: rounds, repetitions: 5) {
                for _ in 0..<rounds {
                    // Node 0 moves to the end of the array on undo: click whichever node is at the top-left.
                    rig.frame([.pointerDown(Point(x: 80, y: 40), button: .primary, modifiers: [], clickCount: 1),
                               .pointerUp(Point(x: 80, y: 40), button: .primary, modifiers: [])])
                    rig.frame([.keyDown("Delete", modifiers: [])])
                    rig.frame([])
                    rig.frame([.keyDown("Z", modifiers: .ctrl)])
                    rig.frame([])
                }
                check(rig.store.nodes.count == count, "delete+undo lost a node")
            }
        }
        return (measure(n), measure(1_000), "same view, N=1000")
    }
}
