import SwiftFlowCore

/// One imported ComfyUI workflow node (type "comfyui", see `ComfyUIImport`), drawn the way ComfyUI
/// does: a title bar in the node's `color`, a body in its `bgcolor`, input slot names on the left
/// and output names on the right (one 20-unit row per slot, level with its handle; an unlinked
/// widget input has no row), the widgets below as controls editing `data.widgets_values`
/// (`ComfyUIWidgetRows`). Collapsed nodes show their title bar only. Muted nodes (`mode` 2) are
/// dimmed to 40 % (ComfyUI's `editor_alpha` 0.4); bypassed nodes (`mode` 4) are tinted purple
/// (ComfyUI's bypass colour `#FF00FF` over the body). Sizes in flow units.
public struct ComfyUINodeView: View {
    /// The node drawn.
    public let node: Node<JSONValue>
    /// The canvas theme (text sizes).
    public let theme: FlowTheme
    /// The node's data, which the widget controls edit (`data.widgets_values`).
    public let data: Binding<JSONValue>
    /// The picture drawn below the slots and widgets (`ComfyUINodePicture`); nil: none.
    public var picture: ComfyUIImageFolder.Picture?

    /// Creates the view of `node`; its widgets edit `data` (default: none, the values are shown).
    public init(node: Node<JSONValue>, theme: FlowTheme, data: Binding<JSONValue>? = nil) {
        self.node = node; self.theme = theme; self.data = data ?? .constant(node.data)
    }

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
        // Read and placed once a frame, for the widget rows and the picture below them.
        let widgets = collapsed ? [] : (d["widgets"]?.arrayValue ?? []).compactMap(ComfyUIWidget.init(json:))
        let widgetRows = ComfyUIWidgetLayout.rows(widgets, slotRows: rows, nodeHeight: size.height)
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
                        if let picture {
                            Color.clear.frame(height: widgetsHeight(widgetRows, slotRows: rows))
                            ComfyUINodePicture(picture)
                        }
                    }
                    .font(.system(size: 11))
                    .foregroundColor(Color(hex: 0xC8C8C8))
                    .padding(.top, 4)
                }
            }
            .frame(width: size.width, alignment: .topLeading)
            if !collapsed { ComfyUIWidgetRows(widgets: widgets, rows: widgetRows, data: data, size: size) }
            ForEach(node.handles ?? []) { h in
                Handle(nodeId: node.id, id: h.id, type: h.type, position: h.position, color: h.color, isConnectable: h.isConnectable)
                    .position(x: h.x ?? 0, y: h.y ?? 0)
            }
        }
        .frame(width: size.width, height: size.height)
        .overlay(muted ? theme.background.opacity(0.6) : Color.clear)
    }

    /// The height of the widget rows below the slot rows (flow units), where a picture starts.
    private func widgetsHeight(_ rows: [(y: Double, height: Double)?], slotRows: Int) -> Double {
        let slotsBottom = ComfyUIImport.titleHeight + 4 + Double(slotRows) * ComfyUIImport.slotHeight
        return rows.compactMap { $0.map { $0.y + $0.height - slotsBottom } }.max() ?? 0
    }

    /// The names of the slots that take a row (not the unlinked widget inputs, `widget: true`).
    private func names(_ slots: JSONValue?) -> [String] {
        (slots?.arrayValue ?? []).filter { $0["widget"] != .bool(true) }.map { $0["name"]?.stringValue ?? "" }
    }
}
