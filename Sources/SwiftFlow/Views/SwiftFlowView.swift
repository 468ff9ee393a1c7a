import SwiftFlowCore

/// The canvas as a view (SwiftFlow's `SwiftFlow(nodes:edges:…) { node in … }`): the graph in
/// the app's bindings, every node drawn by `nodeContent`, as an app's root view that a window
/// host shows (`SwiftFlowApp.run { ContentView() }` in SwiftFlowSDL, or `hostedFlow(in:)`).
///
/// The graph is controlled, as in React Flow: each frame reads `nodes` and `edges`; the
/// canvas' changes (drags, selection, resizes, deletions, control edits) are applied to the
/// bindings with `applyNodeChanges` / `applyEdgeChanges` (O(graph) per batch), a connection
/// adds an edge (`addEdge` with `makeEdgeData` and `defaultEdgeOptions`), a reconnect moves
/// one (`reconnectEdge`). Every node is drawn by `nodeContent` — whatever its type, the
/// built-in ones included — unless `configure` registers a `NodeType` for its type; `configure`
/// sets anything else on the canvas too (components, theme, callbacks).
/// Inside a node's view it draws nothing.
public struct SwiftFlow<NodeData, EdgeData>: View, PrimitiveView {
    let nodes: Binding<[Node<NodeData>]>
    let edges: Binding<[Edge<EdgeData>]>
    let nodeType: NodeType<NodeData>
    let makeEdgeData: (Connection) -> EdgeData
    var defaultEdgeOptions = DefaultEdgeOptions()
    var configurations: [(FlowCanvas<NodeData, EdgeData>) -> Void] = []

    /// Creates the view over `nodes` and `edges`; `makeEdgeData` gives a new connection's data.
    public init<V: View>(nodes: Binding<[Node<NodeData>]>, edges: Binding<[Edge<EdgeData>]>,
                         makeEdgeData: @escaping (Connection) -> EdgeData, @ViewBuilder nodeContent: @escaping (Node<NodeData>) -> V) {
        self.nodes = nodes; self.edges = edges; self.makeEdgeData = makeEdgeData
        nodeType = NodeType(nodeContent)
    }

    /// Creates the view over `nodes` and data-less `edges` (`FlowEdge<EmptyEdgeData>`).
    public init<V: View>(nodes: Binding<[Node<NodeData>]>, edges: Binding<[Edge<EdgeData>]>,
                         @ViewBuilder nodeContent: @escaping (Node<NodeData>) -> V) where EdgeData == EmptyEdgeData {
        self.init(nodes: nodes, edges: edges, makeEdgeData: { _ in EmptyEdgeData() }, nodeContent: nodeContent)
    }

    /// The options of the edges a connection makes (SwiftFlow's `defaultEdgeOptions`).
    public func defaultEdgeOptions(_ options: DefaultEdgeOptions) -> SwiftFlow {
        var v = self; v.defaultEdgeOptions = options; return v
    }

    /// Runs `body` on the canvas once, when it is made (components, theme, callbacks…).
    public func configure(_ body: @escaping (FlowCanvas<NodeData, EdgeData>) -> Void) -> SwiftFlow {
        var v = self; v.configurations.append(body); return v
    }

    public func _build(into builder: inout LayoutBuilder) {}
}

/// A canvas made from a `SwiftFlow` view, for a window host: one frame per call, with the
/// canvas' outputs a host needs, free of the graph's data types.
public final class HostedFlow {
    /// Runs one frame with the frame's input events at `time` (ms), into `list`.
    public let frame: ([InputEvent], Double, inout DrawList) -> Void
    /// The canvas' text input rectangle after the frame (`FlowCanvas.textInputRect`).
    public let textInputRect: () -> Rect?
    /// The pointer cursor the canvas wants after the frame.
    public let cursor: () -> FlowCursor
    /// The canvas' background colour (its theme's).
    public let background: () -> Color
    /// Sets the canvas' image provider (the host's image cache), display scale and clipboard.
    public let attach: (ImageProvider?, Double, Clipboard?) -> Void

    init(frame: @escaping ([InputEvent], Double, inout DrawList) -> Void, textInputRect: @escaping () -> Rect?,
         cursor: @escaping () -> FlowCursor, background: @escaping () -> Color, attach: @escaping (ImageProvider?, Double, Clipboard?) -> Void) {
        self.frame = frame; self.textInputRect = textInputRect; self.cursor = cursor; self.background = background; self.attach = attach
    }
}

/// A view that a window host can show: a `SwiftFlow`.
public protocol FlowHostable {
    /// Makes its canvas at `size` (screen points), in `theme`, measuring text with `textMeasurer`.
    func makeHostedFlow(size: Size, theme: FlowTheme, textMeasurer: TextMeasurer) -> HostedFlow
}

extension SwiftFlow: FlowHostable {
    public func makeHostedFlow(size: Size, theme: FlowTheme, textMeasurer: TextMeasurer) -> HostedFlow {
        let canvas = FlowCanvas<NodeData, EdgeData>(size: size, theme: theme, textMeasurer: textMeasurer)
        let (nodes, edges, makeEdgeData, options, nodeType) = (self.nodes, self.edges, self.makeEdgeData, defaultEdgeOptions, self.nodeType)
        canvas.onNodesChange = { nodes.wrappedValue = applyNodeChanges($0, nodes: nodes.wrappedValue) }
        canvas.onEdgesChange = { edges.wrappedValue = applyEdgeChanges($0, edges: edges.wrappedValue) }
        canvas.onConnect = { edges.wrappedValue = addEdge($0, to: edges.wrappedValue, data: makeEdgeData($0), options: options) }
        canvas.onReconnect = { edges.wrappedValue = reconnectEdge(oldEdge: $0, newConnection: $1, edges: edges.wrappedValue) }
        canvas.nodeTypes = [:]   // every node is the closure's, built-in types included, unless `configure` registers its type
        for c in configurations { c(canvas) }
        var known = Set(canvas.nodeTypes.keys)
        return HostedFlow(
            frame: { events, time, list in
                let current = nodes.wrappedValue
                for n in current where !known.contains(n.type) {
                    if canvas.nodeTypes[n.type] == nil { canvas.nodeTypes[n.type] = nodeType }
                    known.insert(n.type)
                }
                canvas.frame(nodes: current, edges: edges.wrappedValue, events: events, time: time, into: &list)
            },
            textInputRect: { canvas.textInputRect }, cursor: { canvas.cursor }, background: { canvas.theme.background },
            attach: { images, scale, clipboard in
                canvas.imageProvider = images
                canvas.displayScale = scale
                if let clipboard { canvas.clipboard = clipboard }
            })
    }
}

/// The `SwiftFlow` an app's root view shows: `view` itself, or the first found down the `body`
/// of composite views (a `ContentView` whose body is a `SwiftFlow`); nil when there is none.
public func hostedFlow<V: View>(in view: V) -> (any FlowHostable)? {
    if let flow = view as? any FlowHostable { return flow }
    guard V.Body.self != Never.self else { return nil }
    return hostedFlow(in: view.body)
}
