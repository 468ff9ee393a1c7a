import SwiftFlowCore

/// A node view: how nodes of one `type` look, as a closure rebuilt every frame for each visible
/// node (React Flow's `nodeTypes` entry).
///
/// Not `Sendable` (its closure may capture anything of the app's), so React Flow's habit of
/// declaring node types once at the top level does not compile in the Swift 6 language mode
/// (`let 'noteType' is not concurrency-safe`): make them where the canvas is configured, in a
/// function (`func noteType() -> NodeType<Note>`), or as a `@MainActor let`.
public struct NodeType<Data> {
    /// Builds the view of a node into the layout arena (no `AnyView` box per node per frame).
    let build: (Node<Data>, inout LayoutBuilder) -> Void
    /// Whether the canvas draws its selection ring (`FlowTheme.selectionColor`) around a selected
    /// node of this type. False leaves the selected look to the view (read `node.selected`), as a
    /// React Flow node's CSS does.
    public var showsSelectionRing: Bool
    /// Places a node's view without building it, for a node type whose size and handles follow
    /// from the node alone (the built-in types: their fixed or default size and `node.handles`, as
    /// React Flow places handles for server-side rendering): appends the handles a full layout
    /// would register, anchors included, given the theme's handle size (flow units), and returns
    /// the size it would record and the paint of its first shape (what its far colour is made
    /// of, see `FlowCanvas.isFarOut`); nil when the node needs its view built. The canvas
    /// uses it for nodes off-screen at their first layout (docs/ARCHITECTURE.md, build stage).
    var placeWithoutView: ((Node<Data>, _ handleSize: Double, _ handles: inout [LaidOutHandle]) -> (size: Size, firstPaint: ShapePaintStyle?)?)?

    /// Creates a node type from a view builder; the closure gets the node (the `Handle`s it
    /// places belong to it, with or without `nodeId: node.id`). `showsSelectionRing` (default
    /// true): whether the canvas rings selected nodes of this type.
    public init<V: View>(showsSelectionRing: Bool = true, @ViewBuilder _ body: @escaping (Node<Data>) -> V) {
        build = { $1.add(body($0)) }
        self.showsSelectionRing = showsSelectionRing
    }

    /// Creates a node type whose view edits the node's data: the closure gets the node and a
    /// binding to its `data` for controls (`TextField(text: data.prompt)`, or `data["prompt"].string`
    /// for `JSONValue` data). A write through it emits `NodeChange.replace` with the new data
    /// (`onNodesChange`; `FlowStore` applies it) and is recorded for undo, the edits of one typing
    /// session or drag as one step; reads see this frame's data and the writes made since.
    public init<V: View>(showsSelectionRing: Bool = true, @ViewBuilder _ body: @escaping (Node<Data>, Binding<Data>) -> V) {
        build = { node, builder in
            let data = (builder.dataSource as? NodeDataSource<Data>)?.binding(node) ?? .constant(node.data)
            builder.add(body(node, data))
        }
        self.showsSelectionRing = showsSelectionRing
    }

    /// A node type that builds its view itself (with a concrete view type, so that the view's
    /// building is specialised rather than generic).
    init(showsSelectionRing: Bool = true, build: @escaping (Node<Data>, inout LayoutBuilder) -> Void,
         placeWithoutView: ((Node<Data>, Double, inout [LaidOutHandle]) -> (size: Size, firstPaint: ShapePaintStyle?)?)? = nil) {
        self.build = build
        self.showsSelectionRing = showsSelectionRing
        self.placeWithoutView = placeWithoutView
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

/// Makes bindings to a node's data for the canvas whose node data type is `Data` (held by the
/// layout builder, type-erased, so that building a view needs no generic canvas).
final class NodeDataSource<Data> {
    let binding: (Node<Data>) -> Binding<Data>
    init(_ binding: @escaping (Node<Data>) -> Binding<Data>) { self.binding = binding }
}
