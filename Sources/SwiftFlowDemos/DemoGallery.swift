import Foundation
import SwiftFlowSDL

/// The demos gallery: a sidebar listing every demo (click one to switch) and keyboard
/// switching (Page Down / Page Up for the next / previous demo), on one canvas.
///
/// Switching resets the canvas to the settings it had when the gallery was installed (node
/// types, connection mode, interactivity, validity check, connection line; no node catalogue,
/// canvas menus or edge-making hooks), replaces the graph
/// and the components, runs the demo's setup, and shows the demo's viewport (or fits the view).
public final class DemoGallery: FlowComponent {
    public let demos: [Demo]
    public private(set) var current: Int
    public let canvas: FlowCanvas<JSONValue, JSONValue>
    public let store: FlowStore<JSONValue, JSONValue>
    /// The sidebar menu (top left).
    public let sidebar: Panel
    /// The context of the demo on show.
    public private(set) var context: DemoContext?
    public let layer = ComponentLayer.foreground

    private let baseNodeTypes: [String: NodeType<JSONValue>]
    private let baseConnectionMode: ConnectionMode
    private let baseMakeEdgeData: (Connection) -> JSONValue

    /// Installs the gallery on `canvas`, showing demo `start` with the graph already in `store`.
    public init(demos: [Demo], start: Int, canvas: FlowCanvas<JSONValue, JSONValue>, store: FlowStore<JSONValue, JSONValue>) {
        self.demos = demos; self.current = start; self.canvas = canvas; self.store = store
        baseNodeTypes = canvas.nodeTypes
        baseConnectionMode = canvas.connectionMode
        baseMakeEdgeData = store.makeEdgeData
        sidebar = Panel(position: .topLeft, title: "SwiftFlow demos", lines: demos.map(\.title))
        sidebar.minWidth = 170
        sidebar.onSelect = { [unowned self] in show($0) }
        install(current)
    }

    /// Switches to demo `index` (out-of-range indices are ignored).
    public func show(_ index: Int) {
        guard demos.indices.contains(index) else { return }
        current = index
        let document = demos[index].document()
        store.nodes = document.nodes
        store.edges = document.edges
        install(index)
        if let v = document.viewport { canvas.viewport = v } else { canvas.fitView() }
    }

    private func install(_ index: Int) {
        canvas.nodeTypes = baseNodeTypes
        canvas.connectionMode = baseConnectionMode
        canvas.nodesDraggable = true; canvas.nodesConnectable = true; canvas.elementsSelectable = true
        canvas.isValidConnection = nil
        canvas.connectionLine = nil
        canvas.focusedComponent = nil
        canvas.nodeCatalog = nil
        canvas.onNodeContextMenu = nil
        canvas.onPaneContextMenu = nil
        store.makeEdgeData = baseMakeEdgeData
        store.edgeStyle = nil
        store.attach(to: canvas)
        let background = Background(.dots, gap: 20, size: 1.5)
        let controls = Controls(position: .bottomLeft)
        let minimap = MiniMap<JSONValue>(position: .bottomRight)
        canvas.components = [background, controls, minimap, sidebar, self]
        sidebar.highlighted = index
        let context = DemoContext(canvas: canvas, store: store, background: background, controls: controls, minimap: minimap)
        self.context = context
        demos[index].setup(context)
    }

    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {}

    public func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
        switch event {
        case .keyDown("PageDown", _): show((current + 1) % demos.count); return true
        case .keyDown("PageUp", _): show((current + demos.count - 1) % demos.count); return true
        default: return false
        }
    }

    /// Every demo, in sidebar order.
    @MainActor public static let all: [Demo] = [
        BasicDemo.demo, ConnectionModesDemo.demo, ValidationDemo.demo, EdgeTypesDemo.demo, CustomNodesDemo.demo,
        SubflowsDemo.demo, ResizeDemo.demo, AutoLayoutDemo.demo, SaveLoadDemo.demo, WorkflowDemo.demo, ControlsDemo.demo, StressDemo.demo, ComfyUIDemo.demo,
    ]

    /// The `swiftflow-demo` command line: `swiftflow-demo [NAME] [replay.md options]`, `--list`
    /// prints the demo names. Returns the exit code (2 for an unknown demo or bad option).
    @MainActor public static func main(arguments: [String], demos: [Demo] = all) -> Int32 {
        if arguments.contains("--list") { print(demos.map { "\($0.name)\t\($0.title)" }.joined(separator: "\n")); return 0 }
        if arguments.contains("--help") || arguments.contains("-h") {
            print("usage: swiftflow-demo [NAME] [options]\ndemos: \(demos.map(\.name).joined(separator: ", "))\n" + RunOptions.usage)
            return 0
        }
        var args = arguments, start = 0
        if let first = args.first, !first.hasPrefix("-") {
            guard let k = demos.firstIndex(where: { $0.name == first }) else {
                FileHandle.standardError.write(Data("unknown demo '\(first)'; demos: \(demos.map(\.name).joined(separator: ", "))\n".utf8))
                return 2
            }
            start = k
            args.removeFirst()
        }
        let options: RunOptions
        do { options = try RunOptions(arguments: args) } catch {
            FileHandle.standardError.write(Data("\(error) (see --help)\n".utf8))
            return 2
        }
        return run(start, options: options, demos: demos).code
    }

    /// Runs demo `start` with `options` through `CanvasRunner` (window or headless, replay,
    /// screenshot, save, report); returns the exit code and the gallery as the run left it.
    @MainActor public static func run(_ start: Int, options: RunOptions, demos: [Demo] = all) -> (code: Int32, gallery: DemoGallery?) {
        var gallery: DemoGallery?
        let runner = CanvasRunner(options: options, title: "SwiftFlow demos — \(demos[start].title)",
                                  defaultDocument: demos[start].document) { canvas, store in
            gallery = DemoGallery(demos: demos, start: start, canvas: canvas, store: store)
        }
        let code = runner.run()
        return (code, gallery)
    }
}
