import SwiftFlowSDL

/// "tools": `NodeResizer` and `NodeToolbar` inside a custom node (React Flow's NodeResizer and
/// NodeToolbar examples): select a note to get its grips and its toolbar, whose buttons delete
/// the note or fit the view to it through a `FlowInstance`.
enum ResizeToolbarDemo {
    static let demo = Demo(name: "tools", title: "Resize & toolbar", document: document) { ctx in
        let theme = ctx.canvas.theme
        ctx.canvas.nodeTypes["note"] = NodeType { [unowned canvas = ctx.canvas, unowned store = ctx.store] node in
            NodeResizer(minWidth: 120, minHeight: 60)
            Card(theme: theme, fill: Color(hex: 0xFEF3C7), border: Color(hex: 0xF59E0B)) {
                Text(node.data.label ?? node.id).foregroundColor(Color(hex: 0x78350F)).padding(12).frame(maxWidth: .infinity, maxHeight: .infinity)
            }
            Handle(nodeId: node.id, id: "in", type: .target, position: .left)
            Handle(nodeId: node.id, id: "out", type: .source, position: .right)
            NodeToolbar(position: .top) {
                HStack(spacing: 4) {
                    Button(action: { FlowInstance(canvas: canvas, store: store).deleteElements(nodes: [node.id]) }) { label("Delete", .red) }
                    Button(action: { FlowInstance(canvas: canvas, store: store).fitView(nodes: [node.id], padding: 0.3, duration: 300) }) {
                        label("Fit", .blue)
                    }
                }
            }
        }
    }

    /// A 60x24 button face (a fixed size, so scripts can find the buttons).
    static func label(_ title: String, _ color: Color) -> some View {
        Text(title).foregroundColor(.white).frame(width: 60, height: 24).background(RoundedRectangle(cornerRadius: 4).fill(color))
    }

    static func document() -> FlowDocument {
        var first = DemoGraph.node("note1", 300, 200, "Drag my grips", type: "note", width: 220, height: 120)
        first.selected = true
        let nodes = [first, DemoGraph.node("note2", 700, 250, "Select me", type: "note", width: 180, height: 100)]
        return FlowDocument(nodes: nodes, edges: [DemoGraph.edge("note1", "out", "note2", "in")], viewport: Viewport())
    }
}
