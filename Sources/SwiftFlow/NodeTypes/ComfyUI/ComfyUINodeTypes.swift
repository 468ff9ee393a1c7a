import SwiftFlowCore

/// The node types that draw imported ComfyUI workflows (`ComfyUIImport`): "comfyui" nodes
/// (`ComfyUINodeView`, whose widget controls edit the node's `widgets_values`, or
/// `ComfyUIRerouteView` for Reroute nodes) and "group" nodes
/// (`ComfyUIGroupView`).
public enum ComfyUINodeTypes {
    /// Registers the views on `canvas`, replacing its "comfyui" and "group" types. With an
    /// `imageFolder`, image nodes (LoadImage, and PreviewImage / SaveImage given `data["images"]`)
    /// show their picture below their widgets (`ComfyUIImageFolder`, `ComfyUINodePicture`); a
    /// file not found or a name leaving the folder is a placeholder naming it and one
    /// `FlowDiagnostic.imageUnavailable` through the canvas' `onError`. Without one (the
    /// default) no picture is drawn.
    public static func register(on canvas: FlowCanvas<JSONValue, JSONValue>, imageFolder: ComfyUIImageFolder? = nil) {
        let theme = canvas.theme
        canvas.nodeTypes[ComfyUIImport.nodeType] = NodeType { [weak canvas] node, data in
            if node.data["comfyType"]?.stringValue == "Reroute" {
                ComfyUIRerouteView(node: node)
            } else {
                ComfyUINodeView(node: node, theme: theme, data: data).showing(picture(of: node, in: imageFolder, canvas: canvas))
            }
        }
        canvas.nodeTypes["group"] = NodeType { ComfyUIGroupView(node: $0, theme: theme) }
    }

    /// The picture `node` shows from `folder`, its problem reported on `canvas`.
    private static func picture(of node: Node<JSONValue>, in folder: ComfyUIImageFolder?,
                                canvas: FlowCanvas<JSONValue, JSONValue>?) -> ComfyUIImageFolder.Picture? {
        guard let picture = folder?.picture(of: node) else { return nil }
        if let d = ComfyUIImageFolder.diagnostic(picture, nodeId: node.id) { canvas?.report(d) }
        return picture
    }
}

extension ComfyUINodeView {
    /// This view with `picture` below its slots and widgets.
    func showing(_ picture: ComfyUIImageFolder.Picture?) -> ComfyUINodeView {
        var view = self
        view.picture = picture
        return view
    }
}
