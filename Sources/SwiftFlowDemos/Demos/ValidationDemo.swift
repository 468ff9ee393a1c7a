import SwiftFlowSDL

/// "validation": `isValidConnection` refusing self loops, duplicate edges and ports of
/// different types (number ports blue, text ports orange), with a custom connection line:
/// solid green when it snaps to a valid handle, dashed red over an invalid one, dashed grey
/// otherwise.
enum ValidationDemo {
    static let number = Color(hex: 0x2563EB), text = Color(hex: 0xEA580C)

    @MainActor static let demo = Demo(name: "validation", title: "Validation", document: document) { ctx in
        let store = ctx.store
        ctx.canvas.isValidConnection = { c in
            guard c.source != c.target else { return false }
            guard !store.edges.contains(where: { $0.connection == c }) else { return false }
            return c.sourceHandle?.split(separator: "-").first == c.targetHandle?.split(separator: "-").first
        }
        ctx.canvas.connectionLine = drawLine
        ctx.background.variant = .cross
        ctx.background.size = 6
        ctx.add(Panel(position: .topRight, title: "isValidConnection",
                      lines: ["No self loops, no duplicate edges,", "blue (number) to blue, orange (text) to orange."]))
    }

    /// The custom connection line (screen points).
    static func drawLine(_ p: ConnectionLineProps, _ list: inout DrawList) {
        let path = EdgePath.bezier(source: p.from, sourcePosition: p.fromPosition, target: p.to, targetPosition: p.toPosition)
        var points: [Point] = []
        path.flatten(tolerance: 0.25, into: &points)
        switch p.status {
        case .valid:
            list.addPolyline(points, color: p.theme.connectionValidColor, thickness: 2.5)
        case .invalid, .pending:
            let color = p.status == .invalid ? p.theme.connectionInvalidColor : p.theme.connectionLineColor
            // Dashes: every other pair of segments.
            for k in stride(from: 0, to: points.count - 2, by: 4) { list.addPolyline(Array(points[k...k + 2]), color: color, thickness: 2) }
        }
    }

    static func document() -> FlowDocument {
        func ports(_ inputs: [String], _ outputs: [String]) -> [NodeHandle] {
            inputs.map { NodeHandle(id: $0, type: .target, position: .left, color: $0.hasPrefix("number") ? number : text) }
                + outputs.map { NodeHandle(id: $0, type: .source, position: .right, color: $0.hasPrefix("number") ? number : text) }
        }
        let nodes = [
            DemoGraph.node("n1", 280, 120, "Number", width: 140, height: 50, handles: ports([], ["number-out"])),
            DemoGraph.node("t1", 280, 320, "Text", width: 140, height: 50, handles: ports([], ["text-out"])),
            DemoGraph.node("fmt", 560, 200, "Format number as text", width: 180, height: 80, handles: ports(["number-in", "text-in"], ["text-out"])),
            DemoGraph.node("sum", 560, 420, "Add numbers", width: 160, height: 80, handles: ports(["number-a", "number-b"], ["number-out"])),
            DemoGraph.node("show", 860, 260, "Show text", width: 140, height: 50, handles: ports(["text-in"], [])),
        ]
        let edges = [DemoGraph.edge("n1", "number-out", "fmt", "number-in", color: number),
                     DemoGraph.edge("fmt", "text-out", "show", "text-in", color: text)]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
