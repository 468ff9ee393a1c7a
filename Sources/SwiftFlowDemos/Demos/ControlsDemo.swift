import Foundation
import SwiftFlowAssets
import SwiftFlowSDL

/// "controls": every control a node view can hold, each bound to a member of its node's data
/// and shown beside a caption with the value it holds — a text field, a text editor, a number
/// field, a slider, a stepper, a toggle, a picker, a colour picker, a progress bar, an image and
/// a disabled field. Edits go through `onNodesChange` into the store and Ctrl+Z undoes them; the
/// "Output" node reads the values of the nodes wired into it (its progress bar follows the gain
/// slider, its frame the tint).
public enum ControlsDemo {
    /// The options of the "Model" picker.
    public static let models = ["sdxl-base-1.0", "flux.1-schnell", "llama-3.1-8b"]

    /// The node width (flow units) of every node of the demo.
    static let width = 250.0

    @MainActor static let demo = Demo(name: "controls", title: "Controls in nodes", document: document) { ctx in
        let theme = ctx.canvas.theme, store = ctx.store
        ctx.canvas.nodeTypes["controls"] = NodeType { node, data in
            ControlsNode(node: node, data: data, theme: theme) { id in store.nodes.first { $0.id == id }?.data }
        }
        ctx.minimap.nodeColor = { node in node.data["accent"]?.stringValue.flatMap { Color(css: $0) } }
        ctx.add(Panel(position: .bottomCenter, lines: ["Every control edits its node's data: Ctrl+Z undoes, Ctrl+Shift+Z redoes."]))
    }

    static func document() -> FlowDocument {
        let nodes = [
            DemoGraph.node("text", 230, 60, "Text", type: "controls", width: width, extra: [
                ("accent", .string("#0EA5E9")), ("name", .string("Ada")),
                ("notes", .string("Text wraps at the node's width.\nReturn starts a new line.")),
            ]),
            DemoGraph.node("numbers", 230, 300, "Numbers", type: "controls", width: width, extra: [
                ("accent", .string("#10B981")), ("scale", .number(1.5)), ("gain", .number(0.4)), ("count", .number(3)),
            ]),
            DemoGraph.node("choices", 550, 60, "Choices", type: "controls", width: width, extra: [
                ("accent", .string("#A855F7")), ("enabled", .bool(true)), ("model", .string(models[0])), ("tint", .string("#F97316")),
            ]),
            DemoGraph.node("output", 870, 230, "Output", type: "controls", width: width, extra: [
                ("accent", .string("#EF4444")), ("image", .string(AssetResources.samplePicture)), ("seed", .number(42)),
            ]),
        ]
        let edges = [
            DemoGraph.edge("text", "out", "choices", "in", color: Color(hex: 0x0EA5E9)),
            DemoGraph.edge("numbers", "out", "output", "in", color: Color(hex: 0x10B981)),
            DemoGraph.edge("choices", "out", "output", "in", color: Color(hex: 0xA855F7)),
        ]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }

    /// `value` with `digits` decimals ("0.40").
    static func decimal(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

    /// A string as a caption shows it: quoted, newlines as `⏎`, cut after 28 characters.
    static func quoted(_ s: String) -> String {
        let flat = s.replacingOccurrences(of: "\n", with: " ⏎ ")
        return "\"" + (flat.count > 28 ? String(flat.prefix(27)) + "…" : flat) + "\""
    }
}

/// One node of the controls demo: a header in the node's accent colour with an input and an
/// output handle, then the controls of its kind (its id), each above a caption with its value.
struct ControlsNode: View {
    let node: Node<JSONValue>
    let data: Binding<JSONValue>
    let theme: FlowTheme
    /// The data of another node of the graph (the Output node reads the nodes wired into it).
    let dataOf: (String) -> JSONValue?

    var body: some View {
        let accent = node.data["accent"]?.stringValue.flatMap { Color(css: $0) } ?? .gray
        Card(theme: theme, border: accent) {
            VStack(alignment: .leading, spacing: 0) {
                ZStack(alignment: .leading) {
                    RoundedRectangle(cornerRadius: 4).fill(accent)
                    HStack(spacing: 0) {
                        Handle(nodeId: node.id, id: "in", type: .target, position: .left, color: accent)
                        Text(node.data.label ?? node.id).foregroundColor(.white).padding(.horizontal, 10)
                        Spacer(minLength: 0)
                        Handle(nodeId: node.id, id: "out", type: .source, position: .right, color: accent)
                    }
                }
                .frame(height: 24)
                VStack(alignment: .leading, spacing: 4) { controls }
                    .padding(EdgeInsets(top: 8, leading: 10, bottom: 4, trailing: 10))
            }
            .frame(width: ControlsDemo.width)
        }
    }

    /// A caption under a control: the value it holds, in the secondary text colour.
    func caption(_ text: String) -> some View {
        Text(text).font(.system(size: 11).monospaced()).foregroundColor(.secondary).padding(.bottom, 6)
    }

    @ViewBuilder var controls: some View {
        switch node.id {
        case "text":
            let name = data["name"].string, notes = data["notes"].string
            TextField("Name", text: name)
            caption("name = \(ControlsDemo.quoted(name.wrappedValue))")
            TextEditor(text: notes).frame(height: 64)
            caption("notes = \(notes.wrappedValue.split(separator: "\n", omittingEmptySubsequences: false).count) lines, \(notes.wrappedValue.count) chars")
        case "numbers":
            let scale = data["scale"].double, gain = data["gain"].double, count = data["count"].int
            HStack(spacing: 8) {
                Text("Scale")
                Spacer(minLength: 0)
                TextField("Scale", value: scale, format: .number.precision(.fractionLength(2))).frame(width: 80)
            }
            caption("scale = \(ControlsDemo.decimal(scale.wrappedValue)) (drag or type)")
            Slider(value: gain, in: 0...1, step: 0.05)
            caption("gain = \(ControlsDemo.decimal(gain.wrappedValue))")
            Stepper("Count", value: count, in: 1...10)
            caption("count = \(count.wrappedValue)")
        case "choices":
            let enabled = data["enabled"].bool, model = data["model"].string
            let tint = WorkflowDemo.cssColor(data["tint"], fallback: .orange)
            Toggle("Enabled", isOn: enabled)
            caption("enabled = \(enabled.wrappedValue)")
            Picker("Model", selection: model) {
                ForEach(ControlsDemo.models, id: \.self) { Text($0).tag($0) }
            }
            caption("model = \(ControlsDemo.quoted(model.wrappedValue))")
            ColorPicker("Tint", selection: tint, supportsOpacity: false)
            caption("tint = \(tint.wrappedValue.cssHex)")
        default:
            let gain = dataOf("numbers")?["gain"]?.doubleValue ?? 0
            let tint = dataOf("choices")?["tint"]?.stringValue.flatMap { Color(css: $0) } ?? .gray
            let image = data["image"].string.wrappedValue, seed = data["seed"].int
            ProgressView("Progress", value: gain)
            caption("progress = \(Int((gain * 100).rounded()))% (the gain)")
            Image(contentsOfFile: WorkflowDemo.imagePath(image)).resizable().scaledToFit()
                .frame(height: 90)
                .padding(4)
                .background(RoundedRectangle(cornerRadius: 4).fill(tint.opacity(0.25)).stroke(tint))
            caption("image = \(ControlsDemo.quoted(image)), tint frame")
            HStack(spacing: 8) {
                Text("Seed")
                Spacer(minLength: 0)
                TextField("Seed", value: seed, format: .number).frame(width: 80)
            }
            .disabled(true)
            caption("seed = \(seed.wrappedValue) (disabled)")
        }
    }
}
