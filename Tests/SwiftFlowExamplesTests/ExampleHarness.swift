@testable import SwiftFlow
import SwiftFlowTesting

/// One example node laid out on an 800x600 canvas at zoom 1 (fixed-advance text: 0.6 em per
/// character, lines 1.2 em), its ops and handles at hand.
final class ExampleHarness<Data> {
    let driver: EmbeddedCanvas<Data, EmptyEdgeData>
    var canvas: FlowCanvas<Data, EmptyEdgeData> { driver.canvas }

    init<V: View>(_ node: Node<Data>, @ViewBuilder view: @escaping (Node<Data>) -> V) {
        driver = EmbeddedCanvas(nodes: [node], makeEdgeData: { _ in EmptyEdgeData() }, size: Size(width: 800, height: 600), frameDuration: 0)
        driver.canvas.nodeTypes[node.type] = NodeType(view)
        driver.frame()
    }

    /// The node's ops of the last frame (node-local flow units).
    var ops: [NodeDrawOp] {
        let s = canvas.nodeCache.states[0]
        return Array(canvas.nodeCache.ops[s.opsRange])
    }
    /// The node's laid-out size.
    var size: Size { canvas.nodeCache.states[0].size }
    /// The texts drawn, with their origins, font sizes and faces.
    var texts: [(String, Point, Double, FontFace)] {
        ops.compactMap { if case .text(let s, let o, let size, let face, _) = $0 { (s, o, size, face) } else { nil } }
    }
    /// The shapes drawn.
    var shapes: [(Rect, ShapePaintStyle)] { ops.compactMap { if case .shape(let r, let p) = $0 { (r, p) } else { nil } } }
    var node: Node<Data> { driver.store.nodes[0] }

    func play(_ script: String) { try! driver.play(script) }
    func frame(at ms: Double) { driver.time = ms; driver.frame() }
}
