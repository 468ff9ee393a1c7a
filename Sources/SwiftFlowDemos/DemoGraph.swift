import SwiftFlowSDL

/// Small builders for the demos' graphs (native JSON data, `data.label` as React Flow does).
enum DemoGraph {
    /// `{"label": text}` plus any extra members.
    static func data(_ label: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object(JSONObject([("label", .string(label))] + extra))
    }

    static func node(_ id: String, _ x: Double, _ y: Double, _ label: String? = nil, type: String = "default",
                     width: Double? = nil, height: Double? = nil, extra: [(String, JSONValue)] = [],
                     handles: [NodeHandle]? = nil) -> Node<JSONValue> {
        Node(id: id, position: Point(x: x, y: y), data: data(label ?? id, extra), type: type, width: width, height: height, handles: handles)
    }

    static func edge(_ source: String, _ sourceHandle: String?, _ target: String, _ targetHandle: String?,
                     label: String? = nil, color: Color? = nil, animated: Bool = false) -> Edge<JSONValue> {
        Edge(id: "\(source).\(sourceHandle ?? "")-\(target).\(targetHandle ?? "")", source: source, target: target,
             sourceHandle: sourceHandle, targetHandle: targetHandle, data: .null, label: label, animated: animated,
             style: EdgeStyle(stroke: color, strokeWidth: color == nil ? 1 : 2))
    }
}

/// A node card: the theme's rounded box with content inside, sized by the content.
struct Card<Content: View>: View {
    let theme: FlowTheme
    var fill: Color?
    var border: Color?
    let content: Content

    init(theme: FlowTheme, fill: Color? = nil, border: Color? = nil, @ViewBuilder content: () -> Content) {
        self.theme = theme; self.fill = fill; self.border = border; self.content = content()
    }

    var body: some View {
        content
            .font(.system(size: theme.fontSize))
            .foregroundColor(theme.nodeText)
            .background(RoundedRectangle(cornerRadius: 4).fill(fill ?? theme.nodeBackground).stroke(border ?? theme.nodeBorder))
    }
}
