import Foundation
import SwiftFlowAssets
import SwiftFlowSDL

/// "comfyui": a ComfyUI workflow opened editable — the image-to-image sample of `assets/`
/// (`sample-img2img.json`: checkpoint loader, LoadImage → VAE encode, two prompts, KSampler,
/// VAE decode, SaveImage) drawn by `ComfyUINodeTypes` with `assets/` as its input folder, so that
/// LoadImage shows `sample.png`. Widgets are controls, nodes move, links connect and disconnect,
/// a double-click on empty canvas (or a link dropped there) opens the node search, a right
/// click the node and canvas menus (`ComfyUINodeCatalog`, `ComfyUIMenus`), edits undo; the
/// "ComfyUI" panel saves the workflow back in ComfyUI's format (`ComfyUIExport`: every field
/// nobody changed stays as it was), as `swiftflow-demo comfyui --save-comfyui FILE` does on exit.
public enum ComfyUIDemo {
    /// Where "Save" writes: `swiftflow-demo-comfyui.json` in the temporary directory unless set
    /// (tests give each run its own file).
    @MainActor public static var savePath = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-demo-comfyui.json").path
    /// The workflow opened: `sample-img2img.json` of the resource bundle, else
    /// `assets/sample-img2img.json` relative to the working directory (a checkout).
    static let path = AssetResources.path(AssetResources.sampleImageWorkflow) ?? "assets/" + AssetResources.sampleImageWorkflow

    @MainActor static let demo = Demo(name: "comfyui", title: "ComfyUI workflow", document: document) { ctx in
        let canvas = ctx.canvas, store = ctx.store
        ComfyUINodeTypes.register(on: canvas, imageFolder: ComfyUIImageFolder(input: (path as NSString).deletingLastPathComponent))
        ctx.minimap.nodeColor = { $0.type == "group" ? nil : ComfyUINodeView.defaultBody }
        // The node search box (double-click, or a link dropped on empty canvas), the node and
        // canvas menus, and links coloured by their slot type, as `swiftflow-stress --open` has.
        canvas.nodeCatalog = ComfyUINodeCatalog.make(from: document())
        ComfyUIMenus.install(on: canvas)
        ComfyUILinks.install(on: store)
        let status = Panel(position: .bottomCenter, lines: ["Edit widgets, move nodes, drag links; double-click to add a node, right-click for menus; Ctrl+Z undoes."])
        let menu = Panel(position: .topRight, title: "ComfyUI", lines: ["Save as a ComfyUI workflow"])
        menu.onSelect = { k in
            menu.highlighted = k
            var doc = document()
            doc.nodes = store.nodes; doc.edges = store.edges; doc.viewport = canvas.viewport
            do {
                let warnings = try FlowFile.save(doc, to: savePath, format: .comfyUI)
                status.lines = ["Saved \(doc.nodes.count) nodes and \(doc.edges.count) links to \(savePath)"] + warnings.map(\.description)
            } catch {
                status.lines = ["\(error)"]
            }
        }
        ctx.add(menu)
        ctx.add(status)
    }

    /// The view the gallery shows the workflow at: right of its sidebar, at zoom 0.6.
    public static let viewport = Viewport(x: 176, y: 100, zoom: 0.6)

    /// The workflow as loaded, at `viewport` when the gallery switches to it (the runner fits
    /// ComfyUI workflows unless `--viewport file`); a file that cannot be read is an empty graph
    /// with the error as a diagnostic.
    static func document() -> FlowDocument {
        do {
            var doc = try FlowFile.load(path: path)
            doc.viewport = viewport
            return doc
        } catch {
            return FlowDocument(format: .comfyUI, diagnostics: [.fileWarning("\(error)")])
        }
    }
}
