import SwiftFlow

/// A connection-validation node in SwiftFlow's style: typed ports whose handles are coloured by
/// type, a lock symbol when the node takes no connections, and `allowsHitTesting(false)` on
/// the decorative label.
struct PortData: Codable, Hashable {
    var name: String
    var inputType: String
    var outputType: String
    var locked: Bool
}

struct PortNodeView: View {
    let node: Node<PortData>

    static func color(_ type: String) -> Color { type == "number" ? .blue : type == "text" ? .green : .gray }

    var body: some View {
        HStack(spacing: 4) {
            Handle(nodeId: node.id, id: "in", type: .target, position: .left, color: Self.color(node.data.inputType))
            if node.data.locked { Image(systemName: "lock.fill") }
            Text(node.data.name).monospaced().allowsHitTesting(false)
            Spacer()
            Handle(nodeId: node.id, id: "out", type: .source, position: .right, color: Self.color(node.data.outputType))
        }
        .padding(.vertical, 6)
        .frame(width: 150)
        .background(RoundedRectangle(cornerRadius: 4).fill(Color.white).stroke(Color.gray))
    }
}
