// Component workloads: what the components add to a frame at 100k nodes — measured beside the
// same frames with no components in the same run.

import SwiftFlow

func componentWorkloads() -> [Workload] {
    [componentPanFrames(100_000)]
}

/// Pan frames over the stress graph with Background, Controls and MiniMap (the MiniMap draws
/// from its raster cache: the node array is unchanged while panning), beside the same pan
/// with no components.
private func componentPanFrames(_ n: Int) -> Workload {
    Workload(name: "pan frame + components", size: n) {
        let doc = StressGraph.make(nodeCount: n)
        func measure(components: Bool) -> Double {
            let store = FlowStore<JSONValue, JSONValue>(nodes: doc.nodes, edges: doc.edges, makeEdgeData: { _ in .null })
            let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 1280, height: 800), textMeasurer: FixedAdvanceTextMeasurer())
            store.attach(to: canvas)
            if components { canvas.components = [Background(.dots), Controls(), MiniMap<JSONValue>()] }
            var list = DrawList()
            store.frame(canvas, into: &list)
            store.frame(canvas, into: &list)
            var f = 0
            return medianNanosPerOp(operations: 60, repetitions: 7) {
                store.frame(canvas, events: [.pointerDown(Point(x: 1270, y: 790), button: .secondary, modifiers: [], clickCount: 1)], into: &list)
                for _ in 0..<58 {
                    f += 1
                    store.frame(canvas, events: [.pointerMove(Point(x: 1270 - Double(f % 400), y: 790), modifiers: [])], into: &list)
                }
                store.frame(canvas, events: [.pointerUp(Point(x: 1000, y: 790), button: .secondary, modifiers: [])], into: &list)
                consume(list.vertices.count)
            }
        }
        return (measure(components: true), measure(components: false), "no components, same N")
    }
}
