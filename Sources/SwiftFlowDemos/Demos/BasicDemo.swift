import SwiftFlowSDL

/// "basic": the Handle examples of handles.md, as documented — a target on the left and a
/// source on the right in an `HStack(spacing: 0)`; two targets (t1, t2) on top and two sources
/// (b1, b2) at the bottom in a `VStack`; a red input with a green output; a locked handle
/// (`isConnectable: false`) that starts no connection.
enum BasicDemo {
    @MainActor static let demo = Demo(name: "basic", title: "Basic handles", document: document) { ctx in
        let theme = ctx.canvas.theme
        ctx.canvas.nodeTypes["labeled"] = NodeType { node in
            Card(theme: theme) {
                HStack(spacing: 0) {
                    Handle(nodeId: node.id, id: "input", type: .target, position: .left)
                    Text(node.data.label ?? node.id).padding(8)
                    Handle(nodeId: node.id, id: "out", type: .source, position: .right)
                }
            }
        }
        ctx.canvas.nodeTypes["multi"] = NodeType { node in
            Card(theme: theme) {
                VStack {
                    HStack {
                        Handle(nodeId: node.id, id: "t1", type: .target, position: .top)
                        Handle(nodeId: node.id, id: "t2", type: .target, position: .top)
                    }
                    Text(node.data.label ?? node.id).padding(.horizontal, 12)
                    HStack {
                        Handle(nodeId: node.id, id: "b1", type: .source, position: .bottom)
                        Handle(nodeId: node.id, id: "b2", type: .source, position: .bottom)
                    }
                }
            }
        }
        ctx.canvas.nodeTypes["colored"] = NodeType { node in
            Card(theme: theme) {
                HStack(spacing: 0) {
                    Handle(nodeId: node.id, id: "input", type: .target, position: .left, color: .red)
                    Text(node.data.label ?? node.id).padding(8)
                    Handle(nodeId: node.id, id: "out", type: .source, position: .right, color: .green)
                }
            }
        }
        ctx.canvas.nodeTypes["locked"] = NodeType { node in
            Card(theme: theme) {
                HStack(spacing: 0) {
                    Handle(nodeId: node.id, id: "input", type: .target, position: .left)
                    Text(node.data.label ?? node.id).padding(8)
                    Handle(nodeId: node.id, id: "locked", type: .source, position: .right, isConnectable: false)
                }
            }
        }
        ctx.add(Panel(position: .topRight, title: "Basic handles",
                      lines: ["Drag from a source (right, bottom)", "to a target (left, top). The right handle", "of \"Locked source\" starts nothing."]))
    }

    static func document() -> FlowDocument {
        let nodes = [
            DemoGraph.node("a", 280, 120, "Seed", type: "labeled"),
            DemoGraph.node("b", 280, 260, "Second", type: "labeled"),
            DemoGraph.node("merge", 520, 200, "Merge t1 t2 → b1 b2", type: "multi"),
            DemoGraph.node("color", 460, 420, "Red in, green out", type: "colored"),
            DemoGraph.node("lock", 760, 420, "Locked source", type: "locked"),
            DemoGraph.node("out", 820, 200, "Output", type: "output"),
        ]
        let edges = [DemoGraph.edge("a", "out", "merge", "t1"), DemoGraph.edge("b", "out", "merge", "t2"),
                     DemoGraph.edge("merge", "b1", "color", "input"), DemoGraph.edge("color", "out", "lock", "input")]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
