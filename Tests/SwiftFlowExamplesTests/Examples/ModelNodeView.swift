import SwiftFlow

/// An "AI flow" model node in SwiftFlow's style: a capsule badge in a bold title3 header, a
/// sparkles symbol, a translucent material footer, a bordered run button and a spinner that
/// turns and fades with the frame clock while the model runs.
struct ModelData: Codable, Hashable {
    var model: String
    var running: Bool
    var progress: Double
}

struct ModelNodeView: View {
    let node: Node<ModelData>
    var onRun: () -> Void = {}

    var body: some View {
        VStack(spacing: 0) {
            HStack {
                Image(systemName: "sparkles")
                Text(node.data.model).font(.title3).bold()
                Spacer()
                Text("LLM")
                    .font(.caption2)
                    .fontWeight(.semibold)
                    .padding(.horizontal, 6)
                    .background(Capsule().fill(Color.accentColor.opacity(0.2)))
            }
            .padding(8)
            HStack {
                Ellipse().fill(Color.purple)
                    .frame(width: 16, height: 10)
                    .rotationEffect(.degrees(node.data.running ? 90 : 0))
                    .opacity(node.data.running ? 1 : 0.3)
                    .animation(.easeInOut(duration: 0.5), value: node.data.running)
                Button("Run", action: onRun).buttonStyle(.bordered).disabled(node.data.running)
            }
            .padding(8)
            .frame(maxWidth: .infinity)
            .background(.ultraThinMaterial)
        }
        .frame(width: 200)
        .background(RoundedRectangle(cornerRadius: 10).fill(Color.white))
        .clipShape(RoundedRectangle(cornerRadius: 10))
        .help("Runs \(node.data.model)")
    }
}
