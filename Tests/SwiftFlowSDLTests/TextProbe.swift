import CSDL2
import SwiftFlow
@testable import SwiftFlowSDL

/// Renders `text` (black) at the top-left of a white 100x80 node at (10, 10) of a 120x100
/// headless canvas with the SDL software renderer, and returns the frame's pixels: what the
/// text pixel tests count ink in.
@MainActor
func textProbePixels(_ text: Text) throws -> PixelBuffer {
    let host = try SDLHost(headlessSize: Size(width: 120, height: 100))
    let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, textMeasurer: host.text)
    canvas.nodeTypes["probe"] = NodeType { _ in ZStack(alignment: .topLeading) { Color.white; text.foregroundColor(.black) } }
    var list = DrawList()
    canvas.frame(nodes: [Node(id: "T", position: Point(x: 10, y: 10), data: .null, type: "probe", width: 100, height: 80)],
                 edges: [], into: &list)
    try host.render(list, clear: canvas.theme.background)
    let px = try host.readPixels()
    host.present()
    return px
}
