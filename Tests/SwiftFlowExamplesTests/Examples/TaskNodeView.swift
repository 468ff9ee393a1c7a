import SwiftFlow

/// A task card in SwiftFlow's style: a title in a medium system font, a status dot, a
/// monospaced id, a two-line note, a divider and a checkbox-like tap target; a soft shadow, a
/// border and corners. Written as for SwiftUI (only the import differs).
struct TaskData: Codable, Hashable {
    var title: String
    var note: String
    var done: Bool
}

struct TaskNodeView: View {
    let node: Node<TaskData>
    var onToggle: (String) -> Void = { _ in }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack(spacing: 6) {
                Circle()
                    .fill(node.data.done ? Color.green : Color.orange)
                    .frame(width: 10, height: 10)
                Text(node.data.title)
                    .font(.system(size: 14, weight: .medium))
                    .lineLimit(1)
                    .truncationMode(.tail)
                Spacer()
                Image(systemName: node.data.done ? "checkmark.circle" : "circle")
                    .foregroundColor(.accentColor)
                    .onTapGesture { onToggle(node.id) }
            }
            Text(verbatim: node.id).font(.system(.caption, design: .monospaced)).foregroundColor(.secondary)
            Divider()
            Text(node.data.note)
                .font(.callout)
                .lineLimit(2)
                .multilineTextAlignment(.leading)
        }
        .padding(10)
        .frame(width: CGFloat(180))
        .background(Color.white)
        .cornerRadius(8)
        .border(Color.gray.opacity(0.4))
        .shadow(color: .black.opacity(0.2), radius: 4, x: 0, y: 2)
    }
}
