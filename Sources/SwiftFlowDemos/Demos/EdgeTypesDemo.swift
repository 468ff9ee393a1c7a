import SwiftFlowSDL

/// "edges": the five edge types (bezier, simple bezier, straight, step, smooth step) with
/// labels, arrow markers at either end, an animated edge, a thick coloured one, and an
/// `EdgeLabel` component that keeps its screen size while zooming.
enum EdgeTypesDemo {
    @MainActor static let demo = Demo(name: "edges", title: "Edge types", document: document) { ctx in
        ctx.add(EdgeLabel(edgeId: "e-straight", text: "EdgeLabel: constant size", offset: Point(x: 0, y: -22),
                          background: Color(hex: 0xFFF7ED), color: Color(hex: 0x9A3412)))
        ctx.add(Panel(position: .topRight, title: "Edge types",
                      lines: ["Five path types, labels, markers,", "animated dashes; click an edge to select it."]))
    }

    static func document() -> FlowDocument {
        var nodes: [Node<JSONValue>] = [], edges: [Edge<JSONValue>] = []
        let arrow = EdgeMarker(type: .arrowClosed)
        for (k, type) in EdgeType.allCases.enumerated() {
            let y = 90 + Double(k) * 110
            nodes.append(DemoGraph.node("s\(k)", 260, y, "source", type: "input"))
            nodes.append(DemoGraph.node("t\(k)", 720, y + 50, "target", type: "output"))
            let name = "\(type)"
            edges.append(Edge(id: "e-\(name)", source: "s\(k)", target: "t\(k)", data: .null, type: type, label: name,
                              animated: type == .smoothStep, markerStart: type == .step ? EdgeMarker(type: .arrow) : nil,
                              markerEnd: arrow,
                              style: type == .simpleBezier ? EdgeStyle(stroke: Color(hex: 0x7C3AED), strokeWidth: 3) : EdgeStyle()))
        }
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
