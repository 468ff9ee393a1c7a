import SwiftFlowSDL

/// "custom": the node types registry (`nodeTypes`): a stat card with a coloured header, a
/// colour swatch, a node with handles on all four sides, and a sticky note without handles.
enum CustomNodesDemo {
    @MainActor static let demo = Demo(name: "custom", title: "Custom nodes", document: document) { ctx in
        let theme = ctx.canvas.theme
        ctx.canvas.nodeTypes["stat"] = NodeType { node in
            let accent = node.data["color"]?.stringValue.flatMap { Color(css: $0) } ?? .blue
            Card(theme: theme, border: accent) {
                VStack(alignment: .leading, spacing: 0) {
                    ZStack(alignment: .leading) {
                        Rectangle().fill(accent)
                        Text(node.data.label ?? node.id).foregroundColor(.white).padding(.horizontal, 10)
                    }
                    .frame(height: 24)
                    HStack(spacing: 0) {
                        Handle(nodeId: node.id, id: "in", type: .target, position: .left, color: accent)
                        Text(node.data["value"]?.stringValue ?? "–").font(.system(size: 26)).padding(10)
                        Spacer()
                        Handle(nodeId: node.id, id: "out", type: .source, position: .right, color: accent)
                    }
                }
                .frame(width: 170)
            }
        }
        ctx.canvas.nodeTypes["swatch"] = NodeType { node in
            let color = node.data["color"]?.stringValue.flatMap { Color(css: $0) } ?? .gray
            Card(theme: theme) {
                HStack(spacing: 8) {
                    Handle(nodeId: node.id, id: "in", type: .target, position: .left)
                    RoundedRectangle(cornerRadius: 4).fill(color).frame(width: 36, height: 36)
                    Text(color.cssHex)
                    Handle(nodeId: node.id, id: "out", type: .source, position: .right)
                }
                .padding(.vertical, 8)
            }
        }
        ctx.canvas.nodeTypes["compass"] = NodeType { node in
            Card(theme: theme, fill: Color(hex: 0xEEF2FF), border: .indigo) {
                VStack(spacing: 0) {
                    HStack(spacing: 24) {
                        Handle(nodeId: node.id, id: "n1", type: .target, position: .top, color: .indigo)
                        Handle(nodeId: node.id, id: "n2", type: .target, position: .top, color: .indigo)
                        Handle(nodeId: node.id, id: "n3", type: .target, position: .top, color: .indigo)
                    }
                    HStack(spacing: 0) {
                        Handle(nodeId: node.id, id: "w", type: .target, position: .left, color: .purple)
                        Text(node.data.label ?? node.id).padding(16)
                        Handle(nodeId: node.id, id: "e", type: .source, position: .right, color: .purple)
                    }
                    HStack(spacing: 40) {
                        Handle(nodeId: node.id, id: "s1", type: .source, position: .bottom, color: .teal)
                        Handle(nodeId: node.id, id: "s2", type: .source, position: .bottom, color: .teal)
                    }
                }
            }
        }
        ctx.canvas.nodeTypes["note"] = NodeType { node in
            Card(theme: theme, fill: Color(hex: 0xFEF3C7), border: Color(hex: 0xF59E0B)) {
                Text(node.data.label ?? "").foregroundColor(Color(hex: 0x78350F)).padding(12)
            }
        }
        ctx.background.variant = .lines
        ctx.minimap.nodeColor = { node in
            switch node.type {
            case "stat": return node.data["color"]?.stringValue.flatMap { Color(css: $0) }
            case "swatch": return node.data["color"]?.stringValue.flatMap { Color(css: $0) }
            case "note": return Color(hex: 0xF59E0B)
            default: return .indigo
            }
        }
    }

    static func document() -> FlowDocument {
        let nodes = [
            DemoGraph.node("visits", 260, 100, "Visits", type: "stat", extra: [("value", .string("12,408")), ("color", .string("#0EA5E9"))]),
            DemoGraph.node("signups", 260, 300, "Sign-ups", type: "stat", extra: [("value", .string("1,093")), ("color", .string("#22C55E"))]),
            DemoGraph.node("hub", 540, 190, "Compass: handles on four sides", type: "compass"),
            DemoGraph.node("swatch1", 900, 110, "", type: "swatch", extra: [("color", .string("#E11D48"))]),
            DemoGraph.node("swatch2", 900, 330, "", type: "swatch", extra: [("color", .string("#7C3AED"))]),
            DemoGraph.node("note", 560, 460, "A sticky note: nodeTypes[\"note\"]", type: "note"),
        ]
        let edges = [DemoGraph.edge("visits", "out", "hub", "w", color: .blue), DemoGraph.edge("signups", "out", "hub", "n1"),
                     DemoGraph.edge("hub", "e", "swatch1", "in"), DemoGraph.edge("hub", "s2", "swatch2", "in")]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
