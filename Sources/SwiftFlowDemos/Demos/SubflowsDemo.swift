import SwiftFlowSDL

/// "subflows": group nodes with children (`parentId`, positions relative to the parent), a
/// group nested in a group, and children kept inside their parent (`extent: .parent`).
enum SubflowsDemo {
    @MainActor static let demo = Demo(name: "subflows", title: "Subflows and groups", document: document) { ctx in
        ctx.add(Panel(position: .topRight, title: "Subflows",
                      lines: ["Drag a group: its children move with it.", "Children with extent .parent stay inside."]))
        ctx.minimap.nodeColor = { $0.type == "group" ? Color(hex: 0xDBEAFE) : nil }
    }

    static func document() -> FlowDocument {
        func child(_ id: String, _ x: Double, _ y: Double, parent: String, inside: Bool = true, type: String = "default") -> Node<JSONValue> {
            var n = DemoGraph.node(id, x, y, id, type: type)
            n.parentId = parent
            if inside { n.extent = .parent }
            return n
        }
        var groupB = DemoGraph.node("group B", 20, 220, "group B (nested)", type: "group", width: 330, height: 170)
        groupB.parentId = "group A"
        let nodes = [
            DemoGraph.node("group A", 240, 80, "group A", type: "group", width: 380, height: 420),
            child("a1", 30, 50, parent: "group A", type: "input"),
            child("a2", 200, 140, parent: "group A"),
            groupB,
            child("b1", 20, 50, parent: "group B"),
            child("b2", 160, 110, parent: "group B", type: "output"),
            DemoGraph.node("group C", 700, 160, "group C", type: "group", width: 300, height: 260),
            child("c1", 40, 60, parent: "group C"),
            child("c2 (free)", 100, 180, parent: "group C", inside: false, type: "output"),
            DemoGraph.node("outside", 760, 500, "outside"),
        ]
        let edges = [DemoGraph.edge("a1", nil, "a2", nil), DemoGraph.edge("a2", nil, "b1", nil),
                     DemoGraph.edge("b1", nil, "b2", nil), DemoGraph.edge("a2", nil, "c1", nil),
                     DemoGraph.edge("c1", nil, "c2 (free)", nil), DemoGraph.edge("c1", nil, "outside", nil)]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
