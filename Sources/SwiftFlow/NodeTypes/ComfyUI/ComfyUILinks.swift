import SwiftFlowCore

/// Links drawn by the user in an imported ComfyUI workflow, made as `ComfyUIImport` makes the
/// workflow's own: data `{"type": T}` and a 2-unit stroke in the slot type's colour
/// (`ComfyUIPalette`), T being the type of the source slot (`ComfyUINodeCatalog.slotType`; "*"
/// when the source node is not found). `ComfyUIExport` writes T as the link's type.
public enum ComfyUILinks {
    /// Sets `store.makeEdgeData` and `store.edgeStyle` for the workflow `store` holds. O(1) per link
    /// (the source node is found through the store's id map).
    public static func install(on store: FlowStore<JSONValue, JSONValue>) {
        store.makeEdgeData = { [weak store] c in .object(JSONObject([("type", .string(type(of: c, in: store)))])) }
        store.edgeStyle = { [weak store] c in EdgeStyle(stroke: ComfyUIPalette.color(type: type(of: c, in: store)), strokeWidth: 2) }
    }

    private static func type(of c: Connection, in store: FlowStore<JSONValue, JSONValue>?) -> String {
        guard let node = store?.node(c.source) else { return "*" }
        return ComfyUINodeCatalog.slotType(of: node, handle: c.sourceHandle ?? "")
    }
}
