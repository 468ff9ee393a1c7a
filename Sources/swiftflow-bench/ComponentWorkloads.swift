// Component workloads: what the components add to a frame at 100k nodes — measured beside the
// same frames with no components in the same run.

import SwiftFlowTesting

func componentWorkloads() -> [Workload] {
    [componentPanFrames(scaled(100_000, smoke: 300))]
}

/// Pan frames over the stress graph with Background, Controls and MiniMap (the MiniMap draws
/// from its raster cache: the node array is unchanged while panning), beside the same pan
/// with no components.
private func componentPanFrames(_ n: Int) -> Workload {
    Workload(name: "pan frame + components", size: n) {
        let doc = StressGraph.make(nodeCount: n)
        func measure(components: Bool) -> Double {
            // frameDuration 0: every frame at clock 0.
            let driver = EmbeddedCanvas<JSONValue, JSONValue>(nodes: doc.nodes, edges: doc.edges, makeEdgeData: { _ in .null },
                                                              frameDuration: 0)
            driver.recordsOutbound = false
            if components { driver.canvas.components = [Background(.dots), Controls(), MiniMap<JSONValue>()] }
            driver.frame()
            driver.frame()
            var f = 0
            return medianNanosPerOp(operations: 60, repetitions: 7) {
                driver.frame([.pointerDown(Point(x: 1270, y: 790), button: .secondary, modifiers: [], clickCount: 1)])
                for _ in 0..<58 {
                    f += 1
                    driver.frame([.pointerMove(Point(x: 1270 - Double(f % 400), y: 790), modifiers: [])])
                }
                driver.frame([.pointerUp(Point(x: 1000, y: 790), button: .secondary, modifiers: [])])
                consume(driver.drawList.vertices.count)
            }
        }
        return (measure(components: true), measure(components: false), "no components, same N")
    }
}
