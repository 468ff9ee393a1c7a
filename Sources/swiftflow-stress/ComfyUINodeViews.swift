import SwiftFlow

/// Node views that draw imported ComfyUI workflows the way ComfyUI does: a coloured title bar,
/// input slot names on the left and output names on the right (one 20-unit row per slot, level
/// with its handle), widget values below, notes as text, and groups as tinted boxes.
enum ComfyUINodeViews {
    static func register(on canvas: FlowCanvas<JSONValue, JSONValue>) {
        let theme = canvas.theme
        canvas.nodeTypes[ComfyUIImport.nodeType] = NodeType { ComfyUINode(node: $0, theme: theme) }
        canvas.nodeTypes["group"] = NodeType { ComfyUIGroup(node: $0, theme: theme) }
    }
}

/// One workflow node.
struct ComfyUINode: View {
    let node: Node<JSONValue>
    let theme: FlowTheme

    var body: some View {
        let d = node.data
        let size = node.fixedSize ?? Size(width: 200, height: 60)
        let titleColor = d["color"]?.stringValue.flatMap { Color(css: $0) } ?? Color(hex: 0x353535)
        let bodyColor = d["bgcolor"]?.stringValue.flatMap { Color(css: $0) } ?? Color(hex: 0x2A2A2A)
        let bypassed = d["mode"]?.doubleValue == 4
        let muted = d["mode"]?.doubleValue == 2
        let inputs = names(d["inputs"]), outputs = names(d["outputs"])
        let rows = max(inputs.count, outputs.count)
        let collapsed = d["collapsed"]?.boolValue == true
        let free = size.height - ComfyUIImport.titleHeight - 4 - Double(rows) * ComfyUIImport.slotHeight
        let lines = detailLines(d, room: Int(max(free, 0) / 18), width: size.width)
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 8).fill(bypassed ? Color(hex: 0x6A2C70) : bodyColor).stroke(Color(hex: 0x0A0A0A))
            VStack(alignment: .leading, spacing: 0) {
                ZStack(alignment: .leading) {
                    RoundedRectangle(cornerRadius: 8).fill(titleColor)
                    Text(node.data.label ?? node.id).font(.system(size: 14)).foregroundColor(Color(hex: 0xE8E8E8)).padding(.leading, 12)
                }
                .frame(height: ComfyUIImport.titleHeight)
                if !collapsed {
                    VStack(alignment: .leading, spacing: 0) {
                        ForEach(0..<rows) { i in
                            HStack(spacing: 0) {
                                Text(i < inputs.count ? inputs[i] : "").padding(.leading, 14)
                                Spacer()
                                Text(i < outputs.count ? outputs[i] : "").padding(.trailing, 14)
                            }
                            .frame(height: ComfyUIImport.slotHeight)
                        }
                        ForEach(lines.indices) { k in
                            Text(lines[k]).foregroundColor(Color(hex: 0xA8A8A8)).padding(.leading, 14).frame(height: 18)
                        }
                    }
                    .font(.system(size: 11))
                    .foregroundColor(Color(hex: 0xC8C8C8))
                    .padding(.top, 4)
                }
            }
            .frame(width: size.width, alignment: .topLeading)
            ForEach(node.handles ?? []) { h in
                Handle(nodeId: node.id, id: h.id, type: h.type, position: h.position, color: h.color, isConnectable: h.isConnectable)
                    .position(x: h.x ?? 0, y: h.y ?? 0)
            }
        }
        .frame(width: size.width, height: size.height)
        .overlay(muted ? Color(white: 0, opacity: 0.45) : Color.clear)
    }

    private func names(_ slots: JSONValue?) -> [String] {
        (slots?.arrayValue ?? []).map { $0["name"]?.stringValue ?? "" }
    }

    /// Widget values ("name  value") or a note's text, as many lines as fit, cut to the width.
    private func detailLines(_ d: JSONValue, room: Int, width: Double) -> [String] {
        guard room > 0 else { return [] }
        let maxChars = max(Int((width - 28) / 6.2), 4)
        var lines: [String]
        if let text = d["text"]?.stringValue {
            lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        } else {
            lines = (d["widgets"]?.arrayValue ?? []).compactMap { pair in
                guard let p = pair.arrayValue, p.count == 2, let value = p[1].stringValue, !value.isEmpty, value != "null" else { return nil }
                guard let name = p[0].stringValue else { return value }   // unnamed widgets show their value only
                return "\(name)  \(value)"
            }
        }
        return lines.prefix(room).map { $0.count > maxChars ? String($0.prefix(maxChars - 1)) + "…" : $0 }
    }
}

/// A workflow group: a tinted box with its title, drawn behind the nodes.
struct ComfyUIGroup: View {
    let node: Node<JSONValue>
    let theme: FlowTheme

    var body: some View {
        let size = node.fixedSize ?? Size(width: 300, height: 200)
        let color = node.data["color"]?.stringValue.flatMap { Color(css: $0) } ?? Color(hex: 0x3F789E)
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 6).fill(color.opacity(0.35)).stroke(color.opacity(0.8))
            Text(node.data.label ?? "Group").font(.system(size: 22)).foregroundColor(Color(hex: 0xE0E0E0)).padding(10)
        }
        .frame(width: size.width, height: size.height)
    }
}
