import SwiftFlowCore

/// One imported ComfyUI workflow node (type "comfyui", see `ComfyUIImport`), drawn the way ComfyUI
/// does: a title bar in the node's `color`, a body in its `bgcolor`, input slot names on the left
/// and output names on the right (one 20-unit row per slot, level with its handle), widget values
/// below, a note's text. Collapsed nodes show their title bar only. Muted nodes (`mode` 2) are
/// dimmed to 40 % (ComfyUI's `editor_alpha` 0.4); bypassed nodes (`mode` 4) are tinted purple
/// (ComfyUI's bypass colour `#FF00FF` over the body). Sizes in flow units.
public struct ComfyUINodeView: View {
    /// The node drawn.
    public let node: Node<JSONValue>
    /// The canvas theme (text sizes).
    public let theme: FlowTheme
    /// The picture drawn below the slots and widgets (`ComfyUINodePicture`); nil: none.
    public var picture: ComfyUIImageFolder.Picture?

    /// Creates the view of `node`.
    public init(node: Node<JSONValue>, theme: FlowTheme) { self.node = node; self.theme = theme }

    /// The colour a bypassed node's body is drawn in: ComfyUI's `#FF00FF` at 25 % over `#2A2A2A`.
    public static let bypassedBody = Color(hex: 0x602060)
    /// The body colour when the node sets none: LiteGraph's `NODE_DEFAULT_BGCOLOR` `#353535`.
    public static let defaultBody = Color(hex: 0x353535)
    /// The title colour when the node sets none: LiteGraph's `NODE_DEFAULT_COLOR` `#333`.
    public static let defaultTitle = Color(hex: 0x333333)

    public var body: some View {
        let d = node.data
        let size = node.fixedSize ?? Size(width: 200, height: 60)
        let titleColor = d["color"]?.stringValue.flatMap { Color(css: $0) } ?? Self.defaultTitle
        let bodyColor = d["bgcolor"]?.stringValue.flatMap { Color(css: $0) } ?? Self.defaultBody
        let bypassed = d["mode"]?.doubleValue == 4
        let muted = d["mode"]?.doubleValue == 2
        let inputs = names(d["inputs"]), outputs = names(d["outputs"])
        let rows = max(inputs.count, outputs.count)
        let collapsed = d["collapsed"]?.boolValue == true
        let free = size.height - ComfyUIImport.titleHeight - 4 - Double(rows) * ComfyUIImport.slotHeight
        // Clamped before converting: sizes from files can be as large as 1e308.
        let lines = detailLines(d, room: Int(min(max(free, 0) / 18, 1000)), width: size.width)
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 8).fill(bypassed ? Self.bypassedBody : bodyColor).stroke(Color(hex: 0x0A0A0A))
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
                        if let picture { ComfyUINodePicture(picture) }
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
        .overlay(muted ? theme.background.opacity(0.6) : Color.clear)
    }

    private func names(_ slots: JSONValue?) -> [String] {
        (slots?.arrayValue ?? []).map { $0["name"]?.stringValue ?? "" }
    }

    /// Widget values ("name  value") or a note's text, as many lines as fit, cut to the width.
    private func detailLines(_ d: JSONValue, room: Int, width: Double) -> [String] {
        guard room > 0 else { return [] }
        let maxChars = Int(min(max((width - 28) / 6.2, 4), 10_000))
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

