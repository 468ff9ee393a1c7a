import SwiftFlowSDL

/// "connections": strict and loose connection modes side by side. The canvas runs in loose
/// mode; `isValidConnection` applies strict mode's rule (source handle to target handle) to the
/// left group, and keeps connections inside their group.
enum ConnectionModesDemo {
    @MainActor static let demo = Demo(name: "connections", title: "Connection modes", document: document) { ctx in
        ctx.canvas.connectionMode = .loose
        let store = ctx.store
        ctx.canvas.isValidConnection = { c in
            let strictSource = c.source.hasPrefix("strict"), strictTarget = c.target.hasPrefix("strict")
            guard strictSource == strictTarget else { return false }   // stay in the group
            guard strictSource else { return true }                     // loose: any pair of handles
            // Strict: a source handle ("s…") to a target handle ("t…").
            func type(_ node: String, _ handle: String?) -> HandleType? {
                guard let h = handle else { return nil }
                return store.nodes.first { $0.id == node }?.handles?.first { $0.id == h }?.type
            }
            return type(c.source, c.sourceHandle) == .source && type(c.target, c.targetHandle) == .target
        }
        ctx.add(Panel(position: .bottomCenter, title: "Connection modes",
                      lines: ["Left: strict — source to target only.", "Right: loose — any handle to any handle."]))
    }

    static func document() -> FlowDocument {
        func box(_ id: String, _ x: Double, _ y: Double) -> Node<JSONValue> {
            DemoGraph.node(id, x, y, id.replacingOccurrences(of: "-", with: " "), width: 120, height: 60,
                           handles: [NodeHandle(id: "t1", type: .target, position: .left), NodeHandle(id: "t2", type: .target, position: .top),
                                     NodeHandle(id: "s1", type: .source, position: .right), NodeHandle(id: "s2", type: .source, position: .bottom)])
        }
        var nodes = [DemoGraph.node("strict-group", 240, 90, "strict", type: "group", width: 400, height: 460),
                     DemoGraph.node("loose-group", 680, 90, "loose", type: "group", width: 400, height: 460)]
        for (side, x) in [("strict", 240.0), ("loose", 680.0)] {
            nodes += [box("\(side)-A", x + 40, 160), box("\(side)-B", x + 240, 260), box("\(side)-C", x + 40, 400)]
        }
        let edges = [DemoGraph.edge("strict-A", "s1", "strict-B", "t1"), DemoGraph.edge("loose-A", "s1", "loose-B", "t1"),
                     DemoGraph.edge("loose-B", "s2", "loose-C", "s1")]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
