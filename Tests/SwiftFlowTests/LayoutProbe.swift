@testable import SwiftFlow
import XCTest

/// Layout probes: one node of a custom type, fixed or measured size; returns text op origins and shape rects.
final class LayoutProbe {
    let canvas: FlowCanvas<String, String>
    var list = DrawList()
    init<V: View>(width: Double? = nil, height: Double? = nil, theme: FlowTheme = .light, @ViewBuilder view: @escaping (Node<String>) -> V) {
        canvas = FlowCanvas<String, String>(size: Size(width: 800, height: 600), theme: theme, textMeasurer: FixedAdvanceTextMeasurer())
        canvas.nodeTypes["probe"] = NodeType { view($0) }
        canvas.frame(nodes: [Node(id: "n", position: .zero, data: "", type: "probe", width: width, height: height)], edges: [], into: &list)
    }
    var size: Size { canvas.nodeCache.states[0].size }
    var texts: [(String, Rect)] {
        canvas.nodeCache.ops[canvas.nodeCache.states[0].opsRange].compactMap {
            if case .text(let s, let o, let f, let face, _) = $0 { return (s, Rect(origin: o, size: canvas.textMeasurer.measure(s, fontSize: f, face: face))) }
            return nil
        }
    }
    var shapes: [Rect] { paintedShapes.map(\.0) }
    /// The shape ops: rectangle and paint.
    var paintedShapes: [(Rect, ShapePaintStyle)] {
        canvas.nodeCache.ops[canvas.nodeCache.states[0].opsRange].compactMap {
            if case .shape(let r, let p) = $0 { return (r, p) }
            return nil
        }
    }
    /// The text ops' colours.
    var textColors: [Color] {
        canvas.nodeCache.ops[canvas.nodeCache.states[0].opsRange].compactMap {
            if case .text(_, _, _, _, let c) = $0 { return c }
            return nil
        }
    }
    /// The text ops' font sizes and faces.
    var fonts: [(Double, FontFace)] {
        canvas.nodeCache.ops[canvas.nodeCache.states[0].opsRange].compactMap {
            if case .text(_, _, let size, let face, _) = $0 { return (size, face) }
            return nil
        }
    }
    func text(_ s: String) -> Rect? { texts.first { $0.0 == s }?.1 }
    var handles: [HandleEntry] { Array(canvas.registry.handles(ofNode: 0)) }
}
