import SwiftFlowSDL

/// "basic": the Handle examples of handles.md, as documented — a target on the left and a
/// source on the right in an `HStack(spacing: 0)`; two targets (t1, t2) on top and two sources
/// (b1, b2) at the bottom in a `VStack`; a red input with a green output; a locked handle
/// (`isConnectable: false`) that starts no connection.
enum BasicDemo {
    static let demo = Demo(name: "basic", title: "Basic handles", document: document) { ctx in
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
                    Handle(nodeId: node.id, id: "locked", type: .source, position: .right, color: .gray, isConnectable: false)
                }
            }
        }
        ctx.add(Panel(position: .topRight, title: "Basic handles",
                      lines: ["Drag from a source (right, bottom)", "to a target (left, top).", "The grey handle is locked."]))
    }

    static func document() -> FlowDocument {
        let n = DemoGraph.node
        let nodes = [
            n("a", 280, 120, "Seed", "labeled", nil, nil, [], nil),
            n("b", 280, 260, "Second", "labeled", nil, nil, [], nil),
            n("merge", 520, 200, "Merge t1 t2 → b1 b2", "multi", nil, nil, [], nil),
            n("color", 460, 420, "Red in, green out", "colored", nil, nil, [], nil),
            n("lock", 760, 420, "Locked source", "locked", nil, nil, [], nil),
            n("out", 820, 200, "Output", "output", nil, nil, [], nil),
        ]
        let e = DemoGraph.edge
        let edges = [e("a", "out", "merge", "t1", nil, nil, false), e("b", "out", "merge", "t2", nil, nil, false),
                     e("merge", "b1", "color", "input", nil, nil, false), e("color", "out", "lock", "input", nil, nil, false)]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
