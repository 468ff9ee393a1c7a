import Foundation
import SwiftFlowSDL

// The stress-test canvas: the generated stress graph (N = 2,000 by default), or any native or
// ComfyUI file with --open, with every option of replay.md.
exit(CanvasRunner.main(title: "SwiftFlow stress test", defaultDocument: { StressGraph.make(nodeCount: 2000) },
                       configure: { canvas, _ in ComfyUINodeTypes.register(on: canvas) }))
