import SwiftFlow

/// A custom node in SwiftFlow's style with gestures: a knob dragged along a track
/// (`DragGesture`, node-local points), a double-tap that resets it, a hover highlight, a
/// context menu, a zIndex-raised badge, an offset shadow label and a scaled icon.
struct StatusNodeView: View {
    let node: Node<Double>
    var setValue: (Double) -> Void = { _ in }
    var hovering: (Bool) -> Void = { _ in }

    var body: some View {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 6).fill(Color.primary.opacity(0.08))
            VStack(alignment: .leading, spacing: 4) {
                Text("Level\n\(Int(node.data * 100))%").font(.subheadline.bold()).lineLimit(nil).fixedSize()
                ZStack(alignment: .leading) {
                    Capsule().fill(Color.secondary).frame(width: 120, height: 6)
                    Circle().fill(Color.blue).frame(width: 14, height: 14)
                        .offset(x: node.data * 106)
                }
                .frame(width: 120, height: 14)
                .gesture(DragGesture(minimumDistance: 0)
                    .onChanged { setValue(min(max(($0.location.x - 7) / 106, 0), 1)) })
                .onTapGesture(count: 2) { setValue(0) }
            }
            .padding(8)
            Image(systemName: "bolt.fill").scaleEffect(1.5).offset(x: 118, y: 6).zIndex(1)
        }
        .frame(width: 140, height: 64)
        .onHover { hovering($0) }
        .contextMenu {
            Button("Reset") { setValue(0) }
            Button("Full") { setValue(1) }
        }
    }
}
