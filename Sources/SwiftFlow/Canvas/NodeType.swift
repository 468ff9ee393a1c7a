import SwiftFlowCore

/// A node view: how nodes of one `type` look, as a closure rebuilt every frame for each visible
/// node (React Flow's `nodeTypes` entry).
public struct NodeType<Data> {
    let make: (Node<Data>) -> AnyView

    /// Creates a node type from a view builder; the closure gets the node (use `node.id` as the
    /// `nodeId` of the `Handle`s it places).
    public init<V: View>(@ViewBuilder _ body: @escaping (Node<Data>) -> V) {
        make = { AnyView(body($0)) }
    }
}

/// Node data that carries a display label, used by the built-in node types.
public protocol NodeLabeled {
    /// The text the built-in node types show; nil shows the node id.
    var label: String? { get }
}

extension String: NodeLabeled {
    public var label: String? { self }
}

extension JSONValue: NodeLabeled {
    /// `data.label` when it is a string (React Flow's convention).
    public var label: String? { self["label"]?.stringValue }
}

/// The built-in node types (replay.md): `default` (one target left, one source right), `input`
/// (source only), `output` (target only) and `group` (a labelled box, no handles). A node's
/// `handles` list, when present, replaces the default handles.
enum BuiltInNodeTypes {
    /// Size of a built-in node without a fixed width and height, flow units (React Flow's 150 wide).
    static let defaultSize = Size(width: 150, height: 40)

    static func make<Data>(theme: FlowTheme) -> [String: NodeType<Data>] {
        func handles(_ node: Node<Data>) -> [NodeHandle] {
            if let h = node.handles { return h }
            switch node.type {
            case "input": return [NodeHandle(id: "source", type: .source, position: node.sourcePosition)]
            case "output": return [NodeHandle(id: "target", type: .target, position: node.targetPosition)]
            case "group": return []
            default: return [NodeHandle(id: "target", type: .target, position: node.targetPosition),
                             NodeHandle(id: "source", type: .source, position: node.sourcePosition)]
            }
        }
        let box = NodeType<Data> { node in
            let size = node.fixedSize ?? defaultSize
            let isGroup = node.type == "group"
            ZStack(alignment: isGroup ? .topLeading : .center) {
                if isGroup {
                    RoundedRectangle(cornerRadius: 4).fill(theme.nodeBackground.opacity(0.25)).stroke(theme.nodeBorder.opacity(0.5))
                } else {
                    RoundedRectangle(cornerRadius: 3).fill(theme.nodeBackground).stroke(theme.nodeBorder)
                }
                Text(label(node)).font(.system(size: theme.fontSize)).foregroundColor(theme.nodeText).padding(isGroup ? 8 : 4)
                ForEach(placed(handles(node), in: size)) { h in
                    Handle(nodeId: node.id, id: h.id, type: h.type, position: h.position, color: h.color, isConnectable: h.isConnectable)
                        .position(x: h.x!, y: h.y!)
                }
            }
            .frame(width: size.width, height: size.height)
        }
        return ["default": box, "input": box, "output": box, "group": box]
    }

    static func label<Data>(_ node: Node<Data>) -> String {
        (node.data as? NodeLabeled)?.label ?? node.id
    }

    /// Gives every handle an explicit anchor: its own `x`/`y` when set, else spread evenly along
    /// its side in list order (the k-th of n at `(k + 1) / (n + 1)` of the side).
    static func placed(_ handles: [NodeHandle], in size: Size) -> [NodeHandle] {
        // Per-side counters in a SIMD4 (no hashing or allocation per node per frame).
        func side(_ p: Position) -> Int { p == .left ? 0 : p == .top ? 1 : p == .right ? 2 : 3 }
        var perSide = SIMD4<Int>(), seen = SIMD4<Int>()
        for h in handles where h.x == nil || h.y == nil { perSide[side(h.position)] += 1 }
        return handles.map { h in
            var h = h
            let k = seen[side(h.position)], n = perSide[side(h.position)]
            if h.x == nil || h.y == nil { seen[side(h.position)] = k + 1 }
            let along = Double(k + 1) / Double(n + 1)
            switch h.position {
            case .left: h.x = h.x ?? 0; h.y = h.y ?? size.height * along
            case .right: h.x = h.x ?? size.width; h.y = h.y ?? size.height * along
            case .top: h.x = h.x ?? size.width * along; h.y = h.y ?? 0
            case .bottom: h.x = h.x ?? size.width * along; h.y = h.y ?? size.height
            }
            return h
        }
    }
}
