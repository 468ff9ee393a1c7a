import SwiftFlowSDL

/// One demo of the gallery: a graph and the canvas settings, node types and components that
/// show one feature.
public struct Demo {
    /// The command-line name (`swiftflow-demo NAME`).
    public let name: String
    /// The title shown in the gallery's sidebar.
    public let title: String
    /// The graph the demo starts with (flow units; with a viewport, or fitted when nil).
    public let document: () -> FlowDocument
    /// Configures the canvas after the gallery reset it to its defaults and gave it the
    /// standard components (Background, Controls, MiniMap).
    public let setup: (DemoContext) -> Void

    /// Creates a demo.
    public init(name: String, title: String, document: @escaping () -> FlowDocument, setup: @escaping (DemoContext) -> Void = { _ in }) {
        self.name = name; self.title = title; self.document = document; self.setup = setup
    }
}

/// What a demo's setup works with: the canvas, the store that owns the graph, and the
/// standard components it may restyle or remove.
public final class DemoContext {
    public let canvas: FlowCanvas<JSONValue, JSONValue>
    public let store: FlowStore<JSONValue, JSONValue>
    public let background: Background
    public let controls: Controls
    public let minimap: MiniMap<JSONValue>

    init(canvas: FlowCanvas<JSONValue, JSONValue>, store: FlowStore<JSONValue, JSONValue>,
         background: Background, controls: Controls, minimap: MiniMap<JSONValue>) {
        self.canvas = canvas; self.store = store; self.background = background; self.controls = controls; self.minimap = minimap
    }

    /// Adds a component above the standard ones (below the gallery's sidebar).
    public func add(_ component: any FlowComponent) {
        let sidebarIndex = canvas.components.firstIndex { $0 is DemoGallery } ?? canvas.components.endIndex
        canvas.components.insert(component, at: sidebarIndex)
    }

    /// Replaces the graph.
    public func show(_ document: FlowDocument) {
        store.nodes = document.nodes
        store.edges = document.edges
    }
}
