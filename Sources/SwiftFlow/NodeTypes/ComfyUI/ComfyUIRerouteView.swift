import SwiftFlowCore

/// An imported ComfyUI `Reroute` node: a `ComfyUIImport.rerouteSize` dot in the colour of the type
/// it carries (its output slot's type, else its input's), with its one input handle on the left
/// and its one output handle on the right of the centre line. Sizes in flow units.
public struct ComfyUIRerouteView: View {
    /// The node drawn.
    public let node: Node<JSONValue>

    /// Creates the view of `node`.
    public init(node: Node<JSONValue>) { self.node = node }

    public var body: some View {
        let d = ComfyUIImport.rerouteSize
        let type = node.data["outputs"]?.arrayValue?.first?["type"]?.stringValue
        let shown = type == nil || type == "*" ? node.data["inputs"]?.arrayValue?.first?["type"]?.stringValue ?? "*" : type!
        let color = ComfyUIPalette.color(type: shown)
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: d / 2).fill(color).stroke(Color(hex: 0x0A0A0A))
            ForEach(node.handles ?? []) { h in
                Handle(nodeId: node.id, id: h.id, type: h.type, position: h.position, color: h.color, isConnectable: h.isConnectable)
                    .position(x: h.x ?? 0, y: h.y ?? 0)
            }
        }
        .frame(width: d, height: d)
    }
}
