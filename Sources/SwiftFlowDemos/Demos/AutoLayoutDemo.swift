import SwiftFlowSDL

/// "layout": `computeLayout` — layered left-to-right and top-to-bottom, tree, grid and
/// force-directed — applied with an animated transition on the frame clock, then fitted.
enum AutoLayoutDemo {
    static let algorithms: [(String, LayoutAlgorithm)] = [
        ("Layered, left to right", .layered(direction: .leftToRight)),
        ("Layered, top to bottom", .layered(direction: .topToBottom)),
        ("Tree", .tree(direction: .topToBottom)),
        ("Grid", .grid()),
        ("Force-directed", .force(seed: 7, iterations: 200)),
    ]

    @MainActor static let demo = Demo(name: "layout", title: "Auto layout", document: document) { ctx in
        let canvas = ctx.canvas, store = ctx.store
        let menu = Panel(position: .topRight, title: "Layout", lines: algorithms.map(\.0))
        menu.onSelect = { k in
            menu.highlighted = k
            guard let target = try? computeLayout(nodes: store.nodes, edges: store.edges, algorithm: algorithms[k].1) else { return }
            let moved = target.mapValues { Point(x: $0.x + 240, y: $0.y + 60) }
            canvas.animateNodes(to: moved, duration: 600).onFinish = { canvas.fitView(padding: 0.15) }
        }
        ctx.add(menu)
    }

    /// A small build pipeline: 14 steps with fan-out, fan-in and one long edge.
    static func document() -> FlowDocument {
        let names = ["fetch", "lint", "compile", "unit tests", "bundle", "docs", "integration", "package", "sign",
                     "staging", "smoke tests", "approve", "release", "notify"]
        let nodes = names.enumerated().map { k, name in
            DemoGraph.node(name, 260 + Double(k % 4) * 190, 90 + Double(k / 4) * 120, name, type: k == 0 ? "input" : "default")
        }
        let pairs = [(0, 1), (0, 2), (2, 3), (2, 4), (0, 5), (3, 6), (4, 6), (4, 7), (7, 8), (6, 9), (8, 9),
                     (9, 10), (10, 11), (11, 12), (12, 13), (5, 12), (1, 6)]
        let edges = pairs.map { DemoGraph.edge(names[$0.0], nil, names[$0.1], nil) }
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
