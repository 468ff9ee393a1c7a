import SwiftFlowSDL

/// "resize": nodes with a `NodeResizer` (grips while selected, within a minimum and maximum
/// size) and a `NodeToolbar` whose buttons recolour or delete the node.
enum ResizeDemo {
    static let colors: [(String, String)] = [("Blue", "#DBEAFE"), ("Green", "#DCFCE7"), ("Amber", "#FEF3C7")]

    @MainActor static let demo = Demo(name: "resize", title: "Resizing and toolbars", document: document) { ctx in
        let theme = ctx.canvas.theme, store = ctx.store
        ctx.canvas.nodeTypes["resizable"] = NodeType { [unowned canvas = ctx.canvas] node in
            let fill = node.data["color"]?.stringValue.flatMap { Color(css: $0) } ?? theme.nodeBackground
            NodeResizer(minWidth: 100, minHeight: 50, maxWidth: 500, maxHeight: 300)
            RoundedRectangle(cornerRadius: 6).fill(fill).stroke(theme.nodeBorder)
            Text(node.data.label ?? node.id).foregroundColor(theme.nodeText)
                .frame(maxWidth: .infinity, maxHeight: .infinity)   // centred: a resizable node's content starts top-leading
            Handle(nodeId: node.id, id: "in", type: .target, position: .left)
            Handle(nodeId: node.id, id: "out", type: .source, position: .right)
            NodeToolbar(position: .top) {
                HStack(spacing: 6) {
                    ForEach(colors.indices) { k in
                        Button(colors[k].0) { recolor(node.id, colors[k].1, store) }
                            .padding(.horizontal, 6).padding(.vertical, 3)
                            .background(RoundedRectangle(cornerRadius: 3).fill(Color(css: colors[k].1)!).stroke(theme.controlsBorder))
                    }
                    // As the Delete key: attached edges go too, and Ctrl+Z brings them back.
                    Button("Delete") { FlowInstance(canvas: canvas, store: store).deleteElements(nodes: [node.id]) }
                        .padding(.horizontal, 6).padding(.vertical, 3)
                        .background(RoundedRectangle(cornerRadius: 3).fill(theme.controlsBackground).stroke(theme.controlsBorder))
                }
                .font(.system(size: 11))
                .foregroundColor(theme.controlsIcon)
            }
        }
        ctx.add(Panel(position: .topRight, title: "Resizing and toolbars",
                      lines: ["Select a node: drag its grips to resize it", "(100x50 to 500x300); its toolbar recolours it."]))
    }

    static func recolor(_ id: String, _ css: String, _ store: FlowStore<JSONValue, JSONValue>) {
        guard let i = store.nodes.firstIndex(where: { $0.id == id }), case .object(var o) = store.nodes[i].data else { return }
        o["color"] = .string(css)
        store.nodes[i].data = .object(o)
    }

    static func document() -> FlowDocument {
        var nodes = [DemoGraph.node("a", 280, 160, "Resize me", type: "resizable", width: 200, height: 100),
                     DemoGraph.node("b", 620, 300, "And me", type: "resizable", width: 160, height: 80, extra: [("color", .string("#DCFCE7"))])]
        nodes[0].selected = true
        return FlowDocument(nodes: nodes, edges: [DemoGraph.edge("a", "out", "b", "in")], viewport: Viewport())
    }
}
