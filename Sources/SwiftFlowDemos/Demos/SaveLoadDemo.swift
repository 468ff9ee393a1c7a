import Foundation
import SwiftFlowAssets
import SwiftFlowSDL

/// "files": the native JSON round trip (save, clear, load back, compared with what was
/// saved) and opening the sample ComfyUI workflow of `assets/`.
public enum SaveLoadDemo {
    /// Where "Save" writes: `swiftflow-demo-saved.json` in the temporary directory unless set
    /// (tests give each run its own file).
    @MainActor public static var savePath = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-demo-saved.json").path
    /// The ComfyUI workflow "Open" reads: `sample-workflow.json` of the resource bundle, else
    /// `assets/sample-workflow.json` relative to the working directory (a checkout).
    static let comfyPath = AssetResources.path(AssetResources.sampleWorkflow) ?? "assets/" + AssetResources.sampleWorkflow

    @MainActor static let demo = Demo(name: "files", title: "Save and load", document: document) { ctx in
        let canvas = ctx.canvas, store = ctx.store
        ComfyUINodeTypes.register(on: ctx.canvas)
        let status = Panel(position: .bottomCenter, lines: ["Save, clear, then load: the graph comes back unchanged."])
        var saved: FlowDocument?
        let menu = Panel(position: .topRight, title: "Files",
                         lines: ["Save as native JSON", "Clear the graph", "Load the saved file", "Open a ComfyUI workflow"])
        menu.onSelect = { k in
            menu.highlighted = k
            do {
                switch k {
                case 0:
                    let doc = FlowDocument(nodes: store.nodes, edges: store.edges, viewport: canvas.viewport)
                    try FlowFile.save(doc, to: savePath)
                    saved = doc
                    status.lines = ["Saved \(doc.nodes.count) nodes and \(doc.edges.count) edges to \(savePath)"]
                case 1:
                    store.nodes = []; store.edges = []
                    status.lines = ["Cleared. Load the saved file to bring it back."]
                case 2:
                    let doc = try FlowFile.load(path: savePath)
                    ctx.show(doc)
                    if let v = doc.viewport { canvas.viewport = v }
                    let same = saved.map { $0.nodes == doc.nodes && $0.edges == doc.edges } ?? false
                    status.lines = ["Loaded \(doc.nodes.count) nodes, \(doc.edges.count) edges"
                                    + (same ? " — identical to what was saved." : ".")]
                default:
                    let doc = try FlowFile.load(path: comfyPath)
                    ctx.show(doc)
                    canvas.fitView()
                    status.lines = ["Opened \((comfyPath as NSString).lastPathComponent): \(doc.nodes.count) nodes, \(doc.edges.count) links"]
                }
            } catch {
                status.lines = ["\(error)"]
            }
        }
        ctx.add(menu)
        ctx.add(status)
    }

    static func document() -> FlowDocument {
        let nodes = [
            DemoGraph.node("in", 300, 160, "Input", type: "input"),
            DemoGraph.node("a", 540, 100, "Transform A"),
            DemoGraph.node("b", 540, 260, "Transform B"),
            DemoGraph.node("out", 800, 180, "Output", type: "output"),
        ]
        let edges = [DemoGraph.edge("in", nil, "a", nil), DemoGraph.edge("in", nil, "b", nil),
                     DemoGraph.edge("a", nil, "out", nil, label: "via A"), DemoGraph.edge("b", nil, "out", nil)]
        return FlowDocument(nodes: nodes, edges: edges, viewport: Viewport())
    }
}
