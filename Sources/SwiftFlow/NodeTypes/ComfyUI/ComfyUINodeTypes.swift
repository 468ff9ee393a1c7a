import SwiftFlowCore

/// The node types that draw imported ComfyUI workflows (`ComfyUIImport`): "comfyui" nodes
/// (`ComfyUINodeView`, or `ComfyUIRerouteView` for Reroute nodes) and "group" nodes
/// (`ComfyUIGroupView`).
public enum ComfyUINodeTypes {
    /// Registers the views on `canvas`, replacing its "comfyui" and "group" types.
    public static func register(on canvas: FlowCanvas<JSONValue, JSONValue>) {
        let theme = canvas.theme
        canvas.nodeTypes[ComfyUIImport.nodeType] = NodeType { node in
            if node.data["comfyType"]?.stringValue == "Reroute" {
                ComfyUIRerouteView(node: node)
            } else {
                ComfyUINodeView(node: node, theme: theme)
            }
        }
        canvas.nodeTypes["group"] = NodeType { ComfyUIGroupView(node: $0, theme: theme) }
    }
}
