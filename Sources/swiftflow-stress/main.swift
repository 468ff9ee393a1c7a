import Foundation
import SwiftFlowSDL

// The stress-test canvas: the generated stress graph (N = 2,000 by default), or any native or
// ComfyUI file with --open, with every option of replay.md.
exit(CanvasRunner.main(title: "SwiftFlow stress test", defaultDocument: { StressGraph.make(nodeCount: 2000) },
                       configure: { canvas, store in
                           ComfyUINodeTypes.register(on: canvas)
                           // Over 100,000 nodes the whole graph fits only under 10% zoom: allow it, drawn
                           // from the overview picture (a frame costs what the screen holds, not the graph).
                           if store.nodes.count > 100_000 { canvas.minZoom = 0.001 }
                       }))
