import SwiftFlowCore

/// An imported ComfyUI group (type "group" with a `color`, see `ComfyUIImport`): a box tinted
/// with the group's colour and its title in LiteGraph's 24-unit group font, drawn behind its
/// member nodes (zIndex −1). Sizes in flow units.
public struct ComfyUIGroupView: View {
    /// The group node drawn.
    public let node: Node<JSONValue>
    /// The canvas theme.
    public let theme: FlowTheme

    /// Creates the view of `node`.
    public init(node: Node<JSONValue>, theme: FlowTheme) { self.node = node; self.theme = theme }

    /// The colour of a group that sets none: LiteGraph's pale blue `#3F789E`.
    public static let defaultColor = Color(hex: 0x3F789E)

    public var body: some View {
        let size = node.fixedSize ?? Size(width: 300, height: 200)
        let color = node.data["color"]?.stringValue.flatMap { Color(css: $0) } ?? Self.defaultColor
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 6).fill(color.opacity(0.35)).stroke(color.opacity(0.8))
            Text(node.data.label ?? "Group").font(.system(size: 24)).foregroundColor(Color(hex: 0xE0E0E0)).padding(10)
        }
        .frame(width: size.width, height: size.height)
    }
}
