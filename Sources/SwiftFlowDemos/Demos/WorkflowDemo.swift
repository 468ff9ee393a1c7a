import SwiftFlowSDL

/// "workflow": an AI-flow style editor — node kinds in categories (coloured headers), typed
/// ports coloured by type (text, image, number, model), connections only between ports of the
/// same type and at most one per input, edges in their type's colour, and a palette to add
/// nodes by dragging them onto the canvas.
public enum WorkflowDemo {
    /// A port type and its colour.
    public enum PortType: String, CaseIterable, Sendable {
        case text, image, number, model
        public var color: Color {
            switch self {
            case .text: return Color(hex: 0xF59E0B)
            case .image: return Color(hex: 0x3B82F6)
            case .number: return Color(hex: 0x10B981)
            case .model: return Color(hex: 0xA855F7)
            }
        }
    }

    /// A kind of node the palette offers.
    public struct Kind: Sendable {
        public let name: String, category: String
        let inputs: [(String, PortType)], outputs: [(String, PortType)]
    }

    static let categories: [(String, Color)] = [("Input", Color(hex: 0x16A34A)), ("Model", Color(hex: 0x7C3AED)),
                                                ("Process", Color(hex: 0x2563EB)), ("Output", Color(hex: 0xDC2626))]

    public static let kinds: [Kind] = [
        Kind(name: "Prompt", category: "Input", inputs: [], outputs: [("text", .text)]),
        Kind(name: "Number", category: "Input", inputs: [], outputs: [("value", .number)]),
        Kind(name: "Load image", category: "Input", inputs: [], outputs: [("image", .image)]),
        Kind(name: "Load model", category: "Model", inputs: [], outputs: [("model", .model)]),
        Kind(name: "Generate text", category: "Model", inputs: [("model", .model), ("prompt", .text), ("temperature", .number)], outputs: [("text", .text)]),
        Kind(name: "Generate image", category: "Model", inputs: [("model", .model), ("prompt", .text), ("image", .image)], outputs: [("image", .image)]),
        Kind(name: "Resize", category: "Process", inputs: [("image", .image), ("scale", .number)], outputs: [("image", .image)]),
        Kind(name: "Join text", category: "Process", inputs: [("a", .text), ("b", .text)], outputs: [("text", .text)]),
        Kind(name: "Preview image", category: "Output", inputs: [("image", .image)], outputs: []),
        Kind(name: "Show text", category: "Output", inputs: [("text", .text)], outputs: []),
    ]

    static func kind(_ node: Node<JSONValue>) -> Kind? { kinds.first { $0.name == node.data["kind"]?.stringValue } }
    static func portType(_ handle: String?) -> PortType? { handle.flatMap { PortType(rawValue: String($0.split(separator: ":").first ?? "")) } }

    @MainActor static let demo = Demo(name: "workflow", title: "Workflow editor", document: document) { ctx in
        let theme = ctx.canvas.theme, store = ctx.store
        ctx.canvas.nodeTypes["workflow"] = NodeType { node in WorkflowNode(node: node, theme: theme) }
        ctx.canvas.isValidConnection = { c in
            guard c.source != c.target, let a = portType(c.sourceHandle), a == portType(c.targetHandle) else { return false }
            // One connection per input.
            return !store.edges.contains { $0.target == c.target && $0.targetHandle == c.targetHandle }
        }
        ctx.canvas.onConnect = { c in
            let color = portType(c.sourceHandle)?.color
            store.edges = addEdge(c, to: store.edges, data: .null).map { e in
                var e = e
                if e.connection == c { e.style = EdgeStyle(stroke: color, strokeWidth: 2) }
                return e
            }
        }
        ctx.minimap.nodeColor = { node in kind(node).flatMap { k in categories.first { $0.0 == k.category }?.1 } }
        ctx.add(NodePalette(kinds: kinds, categories: categories))
    }

    /// A node of `kind` at `position` (flow units).
    static func make(_ kind: Kind, id: String, at position: Point) -> Node<JSONValue> {
        DemoGraph.node(id, position.x, position.y, kind.name, type: "workflow", extra: [("kind", .string(kind.name))])
    }

    static func document() -> FlowDocument {
        func k(_ name: String) -> Kind { kinds.first { $0.name == name }! }
        let nodes = [make(k("Load model"), id: "model", at: Point(x: 240, y: 140)),
                     make(k("Prompt"), id: "prompt", at: Point(x: 240, y: 300)),
                     make(k("Number"), id: "temp", at: Point(x: 240, y: 440)),
                     make(k("Generate text"), id: "llm", at: Point(x: 520, y: 240)),
                     make(k("Show text"), id: "show", at: Point(x: 800, y: 260))]
        func edge(_ s: String, _ sh: String, _ t: String, _ th: String) -> Edge<JSONValue> {
            DemoGraph.edge(s, sh, t, th, color: portType(sh)?.color)
        }
        let edges = [edge("model", "model:out:model", "llm", "model:in:model"), edge("prompt", "text:out:text", "llm", "text:in:prompt"),
                     edge("temp", "number:out:value", "llm", "number:in:temperature"), edge("llm", "text:out:text", "show", "text:in:text")]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}

/// One workflow node: a header in its category's colour, then one row per port — inputs on the
/// left, outputs on the right — each with a handle in its type's colour. Handle ids are
/// `type:in:name` and `type:out:name`, so that an input and an output of the same name and type
/// ("image" on Resize) stay two handles.
struct WorkflowNode: View {
    let node: Node<JSONValue>
    let theme: FlowTheme

    var body: some View {
        let kind = WorkflowDemo.kind(node)
        let header = WorkflowDemo.categories.first { $0.0 == kind?.category }?.1 ?? .gray
        let inputs = kind?.inputs ?? [], outputs = kind?.outputs ?? []
        Card(theme: theme, border: header) {
            VStack(alignment: .leading, spacing: 0) {
                ZStack(alignment: .leading) {
                    RoundedRectangle(cornerRadius: 4).fill(header)
                    Text(node.data.label ?? node.id).foregroundColor(.white).padding(.horizontal, 10)
                }
                .frame(height: 24)
                ForEach(0..<max(inputs.count, outputs.count)) { i in
                    HStack(spacing: 0) {
                        if i < inputs.count {
                            Handle(nodeId: node.id, id: "\(inputs[i].1.rawValue):in:\(inputs[i].0)", type: .target, position: .left,
                                   color: inputs[i].1.color)
                            Text(inputs[i].0).padding(.leading, 6)
                        }
                        Spacer(minLength: 16)
                        if i < outputs.count {
                            Text(outputs[i].0).padding(.trailing, 6)
                            Handle(nodeId: node.id, id: "\(outputs[i].1.rawValue):out:\(outputs[i].0)", type: .source, position: .right,
                                   color: outputs[i].1.color)
                        }
                    }
                    .frame(height: 24)
                }
            }
            .frame(width: 190)
            .padding(.bottom, 4)
        }
    }
}

/// The palette: node kinds by category in a panel at the right; drag one onto the canvas to
/// add it there (through `onNodesChange` with an `.add` change).
final class NodePalette: FlowComponent {
    let kinds: [WorkflowDemo.Kind]
    let panel: Panel
    let layer = ComponentLayer.foreground
    private var dragging: Int?
    private var added = 0

    init(kinds: [WorkflowDemo.Kind], categories: [(String, Color)]) {
        self.kinds = kinds
        panel = Panel(position: .centerRight, title: "Drag a node onto the canvas", lines: kinds.map { "\($0.category) · \($0.name)" })
        panel.onSelect = { _ in }
    }

    func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool { panel.hitTest(p, in: canvas) }

    func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
        switch event {
        case .pointerDown(let p, .primary, _, _):
            dragging = kinds.indices.first { panel.lineFrame($0, canvasSize: canvas.size, measurer: canvas.textMeasurer).contains(p) }
        case .pointerUp(let p, _, _):
            defer { dragging = nil }
            guard let k = dragging, !panel.hitTest(p, in: canvas), N.self == JSONValue.self else { return true }
            added += 1
            let at = canvas.screenToFlowPosition(p)
            let node = WorkflowDemo.make(kinds[k], id: "added-\(added)", at: Point(x: at.x - 95, y: at.y - 12))
            canvas.onNodesChange?([.add(unsafeBitCast(node, to: Node<N>.self))])
        default:
            return event.isPointer
        }
        return true
    }

    func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        panel.highlighted = dragging
        panel.draw(canvas, into: &list)
        guard let k = dragging, let p = canvas.pointer, !panel.hitTest(p, in: canvas) else { return }
        // The node being dragged: a translucent box under the pointer.
        let z = canvas.viewport.zoom
        let ghost = Rect(x: p.x - 95 * z, y: p.y - 12 * z, width: 190 * z, height: 80 * z)
        let color = WorkflowDemo.categories.first { $0.0 == kinds[k].category }?.1 ?? .gray
        list.addRectFill(ghost, color: color.opacity(0.25), cornerRadius: 4 * z)
        list.addRectStroke(ghost, color: color, thickness: 1.5, cornerRadius: 4 * z)
        canvas.textMeasurer.drawText(kinds[k].name, fontSize: 12, scale: z, origin: Point(x: ghost.minX + 10 * z, y: ghost.minY + 6 * z),
                                     color: color, into: &list)
    }
}
