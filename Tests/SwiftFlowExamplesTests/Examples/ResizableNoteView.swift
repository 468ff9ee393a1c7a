import SwiftFlow

/// A resizable note in SwiftFlow's style: one `NodeResizeControl` grip at the bottom-trailing
/// corner, the text from the top-leading corner, wrapping in the node's width.
struct ResizableNoteView: View {
    let node: Node<String>

    var body: some View {
        NodeResizeControl(position: .bottomTrailing, minWidth: 80, minHeight: 40)
        Rectangle().fill(Color.yellow.opacity(0.3))
        Text(node.data).font(.body).italic().padding(6)
    }
}
