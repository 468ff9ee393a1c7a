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

    /// A node type whose closure erases its view itself (with a concrete view type, so that
    /// the view's building is specialised rather than generic).
    init(erased make: @escaping (Node<Data>) -> AnyView) { self.make = make }
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
