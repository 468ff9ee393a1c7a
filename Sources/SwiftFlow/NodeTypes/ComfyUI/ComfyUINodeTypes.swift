import SwiftFlowCore

/// The node types that draw imported ComfyUI workflows (`ComfyUIImport`): "comfyui" nodes
/// (`ComfyUINodeView`, whose widget controls edit the node's `widgets_values`, or
/// `ComfyUIRerouteView` for Reroute nodes) and "group" nodes
/// (`ComfyUIGroupView`).
public enum ComfyUINodeTypes {
    /// Registers the views on `canvas`, replacing its "comfyui" and "group" types.
    public static func register(on canvas: FlowCanvas<JSONValue, JSONValue>) {
        let theme = canvas.theme
        canvas.nodeTypes[ComfyUIImport.nodeType] = NodeType { node, data in
            if node.data["comfyType"]?.stringValue == "Reroute" {
                ComfyUIRerouteView(node: node)
            } else {
                ComfyUINodeView(node: node, theme: theme, data: data)
            }
        }
        canvas.nodeTypes["group"] = NodeType { ComfyUIGroupView(node: $0, theme: theme) }
    }
}
