import SwiftFlowAssets
import SwiftFlowSDL

/// "workflow": an AI-flow style editor — node kinds in categories (coloured headers), typed
/// ports coloured by type (text, image, number, model), connections only between ports of the
/// same type and at most one per input, edges in their type's colour, parameters edited by
/// controls inside the nodes (a prompt `TextEditor`, a number `Slider` and drag field, a model
/// `Picker`, steps, a `Toggle` and a tint `ColorPicker`, `Image` previews of the sample picture),
/// stored as members of the node's data, and a palette to add nodes by dragging them onto the
/// canvas.
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

    /// A kind of node the palette offers: its ports, its width and the parameters (data members)
    /// its controls edit.
    public struct Kind: Sendable {
        public let name: String, category: String
        let inputs: [(String, PortType)], outputs: [(String, PortType)]
        /// The node's width in flow units: 190, wider for kinds with controls.
        public let width: Double
        /// The data members a new node of this kind starts with (its parameters' defaults),
        /// besides `label` and `kind`.
        public let defaults: [(String, JSONValue)]

        init(name: String, category: String, inputs: [(String, PortType)], outputs: [(String, PortType)],
             width: Double = 190, defaults: [(String, JSONValue)] = []) {
            self.name = name; self.category = category; self.inputs = inputs; self.outputs = outputs
            self.width = width; self.defaults = defaults
        }
    }

    static let categories: [(String, Color)] = [("Input", Color(hex: 0x16A34A)), ("Model", Color(hex: 0x7C3AED)),
                                                ("Process", Color(hex: 0x2563EB)), ("Output", Color(hex: 0xDC2626))]

    /// The models "Load model" offers (its `Picker`).
    public static let models = ["llama-3.1-8b", "mistral-7b", "sdxl-base-1.0", "flux.1-schnell"]

    /// The path of an image parameter (`data["image"]`): a bare file name is one of the sample
    /// assets (`assets/` of a checkout, or the resource bundle), anything else a path as it is.
    static func imagePath(_ name: String) -> String {
        guard !name.contains("/") else { return name }
        return AssetResources.path(name) ?? "assets/" + name
    }

    public static let kinds: [Kind] = [
        Kind(name: "Prompt", category: "Input", inputs: [], outputs: [("text", .text)], width: 230,
             defaults: [("prompt", .string("A lighthouse on a cliff at dusk, waves below, oil painting"))]),
        Kind(name: "Number", category: "Input", inputs: [], outputs: [("value", .number)], width: 230,
             defaults: [("value", .number(0.7))]),
        Kind(name: "Load image", category: "Input", inputs: [], outputs: [("image", .image)], width: 230,
             defaults: [("image", .string(AssetResources.samplePicture))]),
        Kind(name: "Load model", category: "Model", inputs: [], outputs: [("model", .model)], width: 230,
             defaults: [("model", .string(models[0]))]),
        Kind(name: "Generate text", category: "Model", inputs: [("model", .model), ("prompt", .text), ("temperature", .number)], outputs: [("text", .text)]),
        Kind(name: "Generate image", category: "Model", inputs: [("model", .model), ("prompt", .text), ("image", .image)], outputs: [("image", .image)],
             width: 230, defaults: [("steps", .number(30)), ("hiresFix", .bool(false)), ("tint", .string("#F59E0B"))]),
        Kind(name: "Resize", category: "Process", inputs: [("image", .image), ("scale", .number)], outputs: [("image", .image)]),
        Kind(name: "Join text", category: "Process", inputs: [("a", .text), ("b", .text)], outputs: [("text", .text)]),
        Kind(name: "Preview image", category: "Output", inputs: [("image", .image)], outputs: [], width: 230,
             defaults: [("image", .string(AssetResources.samplePicture))]),
        Kind(name: "Show text", category: "Output", inputs: [("text", .text)], outputs: []),
    ]

    static func kind(_ node: Node<JSONValue>) -> Kind? { kinds.first { $0.name == node.data["kind"]?.stringValue } }
    static func portType(_ handle: String?) -> PortType? { handle.flatMap { PortType(rawValue: String($0.split(separator: ":").first ?? "")) } }

    @MainActor static let demo = Demo(name: "workflow", title: "Workflow editor", document: document) { ctx in
        let theme = ctx.canvas.theme, store = ctx.store
        ctx.canvas.nodeTypes["workflow"] = NodeType { node, data in WorkflowNode(node: node, data: data, theme: theme) }
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

    /// A node of `kind` at `position` (flow units), its width the kind's and its data the kind's
    /// defaults.
    static func make(_ kind: Kind, id: String, at position: Point) -> Node<JSONValue> {
        let extra = [("kind", JSONValue.string(kind.name))] + kind.defaults
        return DemoGraph.node(id, position.x, position.y, kind.name, type: "workflow", width: kind.width, extra: extra)
    }

    static func document() -> FlowDocument {
        func k(_ name: String) -> Kind { kinds.first { $0.name == name }! }
        let nodes = [make(k("Load model"), id: "model", at: Point(x: 210, y: 24)),
                     make(k("Prompt"), id: "prompt", at: Point(x: 210, y: 136)),
                     make(k("Number"), id: "temp", at: Point(x: 210, y: 318)),
                     make(k("Load image"), id: "image", at: Point(x: 210, y: 460)),
                     make(k("Generate text"), id: "llm", at: Point(x: 520, y: 40)),
                     make(k("Generate image"), id: "gen", at: Point(x: 520, y: 250)),
                     make(k("Show text"), id: "show", at: Point(x: 820, y: 60)),
                     make(k("Preview image"), id: "preview", at: Point(x: 820, y: 290))]
        func edge(_ s: String, _ sh: String, _ t: String, _ th: String) -> Edge<JSONValue> {
            DemoGraph.edge(s, sh, t, th, color: portType(sh)?.color)
        }
        let edges = [edge("model", "model:out:model", "llm", "model:in:model"), edge("prompt", "text:out:text", "llm", "text:in:prompt"),
                     edge("temp", "number:out:value", "llm", "number:in:temperature"), edge("llm", "text:out:text", "show", "text:in:text"),
                     edge("model", "model:out:model", "gen", "model:in:model"), edge("prompt", "text:out:text", "gen", "text:in:prompt"),
                     edge("image", "image:out:image", "gen", "image:in:image"), edge("gen", "image:out:image", "preview", "image:in:image")]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }

    /// A binding to the colour stored in a JSON member as CSS hex (`"#F59E0B"`): reads
    /// `fallback` when the member is not a colour; a write stores `Color.cssHex`.
    static func cssColor(_ member: Binding<JSONValue>, fallback: Color) -> Binding<Color> {
        Binding(get: { member.wrappedValue.stringValue.flatMap { Color(css: $0) } ?? fallback },
                set: { member.wrappedValue = .string($0.cssHex) })
    }
}

/// One workflow node: a header in its category's colour, then one row per port — inputs on the
/// left, outputs on the right — each with a handle in its type's colour, then the kind's
/// parameters as controls bound to members of the node's data. Handle ids are `type:in:name`
/// and `type:out:name`, so that an input and an output of the same name and type ("image" on
/// Resize) stay two handles.
struct WorkflowNode: View {
    let node: Node<JSONValue>
    let data: Binding<JSONValue>
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
                if let kind, !kind.defaults.isEmpty { WorkflowParameters(kind: kind.name, data: data) }
            }
            .frame(width: kind?.width ?? 190)
            .padding(.bottom, 4)
        }
    }
}

/// The controls of a workflow node's parameters, each bound to a member of its data.
struct WorkflowParameters: View {
    let kind: String
    let data: Binding<JSONValue>

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            switch kind {
            case "Prompt":
                TextEditor(text: data["prompt"].string).frame(height: 80)
            case "Number":
                Slider(value: data["value"].double, in: 0...2, step: 0.05)
                HStack(spacing: 8) {
                    Text("value").foregroundColor(.secondary)
                    Spacer(minLength: 0)
                    TextField("Value", value: data["value"].double, format: .number.precision(.fractionLength(2))).frame(width: 72)
                }
            case "Load model":
                Picker("Model", selection: data["model"].string) {
                    ForEach(WorkflowDemo.models, id: \.self) { Text($0).tag($0) }
                }
            case "Generate image":
                HStack(spacing: 8) {
                    Text("Steps")
                    Spacer(minLength: 0)
                    TextField("Steps", value: data["steps"].int, format: .number).frame(width: 72)
                }
                Toggle("HiRes fix", isOn: data["hiresFix"].bool)
                ColorPicker("Tint", selection: WorkflowDemo.cssColor(data["tint"], fallback: .orange), supportsOpacity: false)
            case "Load image":
                TextField("File", text: data["image"].string)
                picture(width: 128, height: 96)
            case "Preview image":
                picture(width: 160, height: 120)
            default:
                EmptyView()
            }
        }
        .padding(EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
    }

    /// The picture named by `data["image"]`, fitted into `width` x `height` flow units with a
    /// thin border (the sample's white quadrant would otherwise merge with the node), centred.
    func picture(width: Double, height: Double) -> some View {
        Image(contentsOfFile: WorkflowDemo.imagePath(data["image"].string.wrappedValue)).resizable().scaledToFit()
            .frame(width: width, height: height)
            .border(Color.secondary.opacity(0.6))
            .frame(maxWidth: .infinity)
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
            let node = WorkflowDemo.make(kinds[k], id: "added-\(added)", at: Point(x: at.x - kinds[k].width / 2, y: at.y - 12))
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
        let w = kinds[k].width
        let ghost = Rect(x: p.x - w / 2 * z, y: p.y - 12 * z, width: w * z, height: 80 * z)
        let color = WorkflowDemo.categories.first { $0.0 == kinds[k].category }?.1 ?? .gray
        list.addRectFill(ghost, color: color.opacity(0.25), cornerRadius: 4 * z)
        list.addRectStroke(ghost, color: color, thickness: 1.5, cornerRadius: 4 * z)
        canvas.textMeasurer.drawText(kinds[k].name, fontSize: 12, scale: z, origin: Point(x: ghost.minX + 10 * z, y: ghost.minY + 6 * z),
                                     color: color, into: &list)
    }
}
