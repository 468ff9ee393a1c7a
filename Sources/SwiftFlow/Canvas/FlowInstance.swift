import SwiftFlowCore

/// Programmatic control of a live canvas (React Flow's `ReactFlowInstance`, `useReactFlow()`).
///
/// Viewport methods move the canvas itself; with a `duration` (milliseconds of the frame clock,
/// default 0) they animate over the next frames. Graph reads come from the `FlowStore` when the
/// instance has one, else from the arrays given to the canvas' last frame.
public final class FlowInstance<NodeData, EdgeData> {
    public let canvas: FlowCanvas<NodeData, EdgeData>
    /// The store owning the graph, if any (needed to change the graph through the instance).
    public let store: FlowStore<NodeData, EdgeData>?

    /// Creates an instance acting on `canvas` and, when given, reading and changing `store`.
    public init(canvas: FlowCanvas<NodeData, EdgeData>, store: FlowStore<NodeData, EdgeData>? = nil) {
        self.canvas = canvas; self.store = store
    }

    // MARK: Viewport

    /// The current viewport (screen = flow · zoom + (x, y)).
    public func getViewport() -> Viewport { canvas.viewport }

    /// Sets the viewport (zoom clamped to `minZoom...maxZoom`); invalid viewports are ignored.
    public func setViewport(_ viewport: Viewport, duration: Double = 0) { canvas.move(to: viewport, duration: duration) }

    /// Zooms ×1.2 about the canvas centre (React Flow's `zoomIn`), clamped to `maxZoom`.
    public func zoomIn(duration: Double = 0) { zoomTo(canvas.viewport.zoom * FlowCanvas<NodeData, EdgeData>.wheelZoomStep, duration: duration) }

    /// Zooms ÷1.2 about the canvas centre (React Flow's `zoomOut`), clamped to `minZoom`.
    public func zoomOut(duration: Double = 0) { zoomTo(canvas.viewport.zoom / FlowCanvas<NodeData, EdgeData>.wheelZoomStep, duration: duration) }

    /// Zooms to `zoom` (clamped) about the canvas centre, keeping the flow point there in place.
    public func zoomTo(_ zoom: Double, duration: Double = 0) {
        guard zoom.isFinite, zoom > 0 else { return }
        let centre = Point(x: canvas.size.width / 2, y: canvas.size.height / 2)
        canvas.move(to: canvas.viewport.zoomed(to: zoom, about: centre, clampedTo: canvas.minZoom...canvas.maxZoom), duration: duration)
    }

    /// Centres the flow point `(x, y)` in the canvas at `zoom` (default `maxZoom`, as React
    /// Flow's `setCenter`), clamped to `minZoom...maxZoom`.
    public func setCenter(x: Double, y: Double, zoom: Double? = nil, duration: Double = 0) {
        let z = min(max(zoom ?? canvas.maxZoom, canvas.minZoom), canvas.maxZoom)
        guard x.isFinite, y.isFinite, z.isFinite, z > 0 else { return }
        canvas.move(to: Viewport(x: canvas.size.width / 2 - x * z, y: canvas.size.height / 2 - y * z, zoom: z), duration: duration)
    }

    /// Fits the view, at the next frame (after layout), to the nodes with the ids `nodes` (nil:
    /// every non-hidden node), as `FlowCanvas.fitView(padding:)` (React Flow's formula: `padding`
    /// is a fraction of the bounds, default 0.1), the result centred, the zoom clamped. Unknown and
    /// hidden ids are left out; when none remains the view stays as it is.
    public func fitView(nodes: [String]? = nil, padding: Double = 0.1, duration: Double = 0) {
        canvas.viewportController.pendingFit = FitViewRequest(padding: padding, nodeIds: nodes.map(Set.init), duration: duration)
    }

    /// Converts a screen point (canvas points from its top-left) to flow units.
    public func screenToFlowPosition(_ p: Point) -> Point { canvas.screenToFlowPosition(p) }

    /// Converts a flow point to screen points.
    public func flowToScreenPosition(_ p: Point) -> Point { canvas.flowToScreenPosition(p) }

    // MARK: Graph

    /// The nodes: the store's, else those of the canvas' last frame.
    public func getNodes() -> [Node<NodeData>] { store?.nodes ?? canvas.frameInput.nodes }

    /// The edges: the store's, else those of the canvas' last frame.
    public func getEdges() -> [Edge<EdgeData>] { store?.edges ?? canvas.frameInput.edges }

    /// The node with `id`, or nil. O(n).
    public func getNode(_ id: String) -> Node<NodeData>? { getNodes().first { $0.id == id } }

    /// The edge with `id`, or nil. O(n).
    public func getEdge(_ id: String) -> Edge<EdgeData>? { getEdges().first { $0.id == id } }

    /// The node with `id` as the canvas last laid it out (React Flow 12's `getInternalNode`):
    /// its measured size and absolute position (flow units) and its handles, as of the canvas'
    /// last frame (not the store's later changes). Nil for an unknown id and for a node not laid
    /// out (no frame since it was added, hidden, a duplicate id, non-finite geometry), and
    /// between a removal the store applied in place and the next frame (the canvas' indices are
    /// last frame's, the arrays' are not: `edgePath(at:)` answers nil then too). O(1) plus
    /// O(its handles).
    public func getInternalNode(_ id: String) -> InternalNode<NodeData>? {
        let cache = canvas.nodeCache
        guard !canvas.frameInput.removedInPlace, let i = cache.index(of: id), i < cache.states.count, i < canvas.frameInput.nodes.count, cache.states[i].laidOut else { return nil }
        return InternalNode(node: canvas.frameInput.nodes[i], measured: cache.states[i].size,
                            positionAbsolute: cache.states[i].origin, handles: canvas.registry.handles(ofNode: i))
    }

    /// The bounds of the nodes with the ids `ids` (React Flow's `getNodesBounds`, SwiftFlowCore's
    /// `getNodesBounds`) with the sizes the canvas last laid out (measured sizes included):
    /// absolute flow units; hidden nodes count, unknown ids do not; none gives the zero
    /// rectangle. O(nodes).
    public func getNodesBounds(_ ids: [String]) -> Rect {
        let all = getNodes(), wanted = Set(ids)
        return SwiftFlowCore.getNodesBounds(all.filter { wanted.contains($0.id) }, allNodes: all, size: canvas.laidOutSize)
    }

    /// Deletes the nodes and edges with the given ids as the Delete key does
    /// (`FlowCanvas.deleteElements`): cascades to attached edges and child nodes, honours
    /// `deletable` and `onBeforeDelete`, emits remove changes and records one undo step.
    /// Returns what was removed.
    @discardableResult
    public func deleteElements(nodes: [String] = [], edges: [String] = []) -> FlowElements<NodeData, EdgeData> {
        canvas.deleteElements(nodes: nodes, edges: edges)
    }
}

extension FlowInstance where NodeData == JSONValue, EdgeData == JSONValue {
    /// The graph and the view as one value (React Flow's `toObject()`, a `ReactFlowJsonObject`):
    /// `getNodes()`, `getEdges()` and `getViewport()` in a `FlowDocument` (native format, no
    /// extra members), which `FlowFile.save(_:to:)` writes and `FlowFile.load(path:)` reads back.
    /// The arrays are shared, not copied (copy on write). O(1).
    public func toObject() -> FlowDocument {
        FlowDocument(nodes: getNodes(), edges: getEdges(), viewport: getViewport())
    }
}

extension FlowInstance where NodeData: Encodable, EdgeData: Encodable {
    /// The graph and the view as one value (React Flow's `toObject()`), for data of your own
    /// `Encodable` types: `getNodes()` and `getEdges()` with their data encoded as JSON (by its
    /// own `encode(to:)`, through `JSONEncoder`), and `getViewport()`, in a `FlowDocument` that
    /// `FlowFile.save(_:to:)` writes. Throws the first `EncodingError` the data's encoding
    /// throws. O(nodes + edges) encodings.
    public func toObject() throws -> FlowDocument {
        FlowDocument(nodes: try getNodes().map { try $0.mapData { try JSONValue(encoding: $0) } },
                     edges: try getEdges().map { try $0.mapData { try JSONValue(encoding: $0) } },
                     viewport: getViewport())
    }
}
