import SwiftFlowCore

/// ComfyUI's right-click menus for imported workflows (`ComfyUIImport`), through the canvas'
/// generic menus (`FlowCanvas.onNodeContextMenu`, `onPaneContextMenu`).
///
/// On a "comfyui" node: Collapse / Expand, Bypass / Remove bypass, Mute / Unmute, Pin / Unpin,
/// Colour (a submenu of LiteGraph's node colours), Remove. On empty canvas or a group's body:
/// Add node (the node search box, with `FlowCanvas.nodeCatalog` set), Add group. Each edit is
/// one `FlowCanvas.updateNode` (a `.replace` change and one undo step) of what `ComfyUIExport`
/// saves: `data.collapsed` (with the node's collapsed frame and handles, as the importer makes
/// them), `data.mode` (4 bypassed, 2 muted, 0 always), `data.pinned` (and `draggable` false),
/// `data.color` / `data.bgcolor`.
public enum ComfyUIMenus {
    /// LiteGraph's node colours (`LGraphCanvas.node_colors`): name, title colour, body colour.
    public static let colors: [(name: String, color: String, bgcolor: String)] = [
        ("Red", "#322", "#533"), ("Brown", "#332922", "#593930"), ("Green", "#232", "#353"), ("Blue", "#223", "#335"),
        ("Pale blue", "#2a363b", "#3f5159"), ("Cyan", "#233", "#355"), ("Purple", "#323", "#535"), ("Yellow", "#432", "#653"),
        ("Black", "#222", "#000"),
    ]
    /// The size of a group made by Add group, flow units: LiteGraph's default 140 × 80.
    public static let groupSize = Size(width: 140, height: 80)

    /// Sets `canvas`' node and pane menus to ComfyUI's (replacing any set before).
    public static func install(on canvas: FlowCanvas<JSONValue, JSONValue>) {
        canvas.onNodeContextMenu = { [weak canvas] node in canvas.map { nodeItems(node, on: $0) } ?? [] }
        canvas.onPaneContextMenu = { [weak canvas] p in canvas.map { paneItems(at: p, on: $0) } ?? [] }
    }

    /// The menu of `node`: ComfyUI's node items for a "comfyui" node, the pane's for a group
    /// (at the pointer), none for others.
    public static func nodeItems(_ node: Node<JSONValue>, on canvas: FlowCanvas<JSONValue, JSONValue>) -> [MenuItem] {
        if node.type == "group" {
            return paneItems(at: canvas.screenToFlowPosition(canvas.pointer ?? canvas.flowToScreenPosition(node.position)), on: canvas)
        }
        guard node.type == ComfyUIImport.nodeType else { return [] }
        let id = node.id, d = node.data
        let collapsed = d["collapsed"]?.boolValue == true, mode = d["mode"]?.doubleValue ?? 0
        let pinned = d["pinned"]?.boolValue ?? d["comfyui"]?["flags"]?["pinned"]?.boolValue ?? false
        return [
            MenuItem(collapsed ? "Expand" : "Collapse") { [weak canvas] in canvas?.updateNode(id) { $0 = collapsing($0, !collapsed) } },
            MenuItem(mode == 4 ? "Remove bypass" : "Bypass") { [weak canvas] in canvas?.updateNode(id) { set(&$0, "mode", .number(mode == 4 ? 0 : 4)) } },
            MenuItem(mode == 2 ? "Unmute" : "Mute") { [weak canvas] in canvas?.updateNode(id) { set(&$0, "mode", .number(mode == 2 ? 0 : 2)) } },
            MenuItem(pinned ? "Unpin" : "Pin") { [weak canvas] in
                canvas?.updateNode(id) { n in
                    set(&n, "pinned", .bool(!pinned))
                    n.draggable = pinned ? nil : false
                }
            },
            MenuItem("Colour") { [weak canvas] in
                guard let canvas else { return }
                canvas.showMenu(colorItems(id, on: canvas), at: canvas.pointer ?? canvas.flowToScreenPosition(node.position))
            },
            MenuItem("Remove") { [weak canvas] in _ = canvas?.deleteElements(nodes: [id]) },
        ]
    }

    /// The colour submenu of node `id`: No colour, then `colors`.
    static func colorItems(_ id: String, on canvas: FlowCanvas<JSONValue, JSONValue>) -> [MenuItem] {
        let choices: [(name: String, color: String?, bgcolor: String?)] = [("No colour", nil, nil)] + colors.map { ($0.name, $0.color, $0.bgcolor) }
        return choices.map { c in
            MenuItem(c.name) { [weak canvas] in
                canvas?.updateNode(id) { n in
                    set(&n, "color", c.color.map(JSONValue.string))
                    set(&n, "bgcolor", c.bgcolor.map(JSONValue.string))
                }
            }
        }
    }

    /// The menu of empty canvas at the flow point `p`: Add node (the search box opened there;
    /// only with a `nodeCatalog`), Add group (a `groupSize` group with its top-left at `p`).
    public static func paneItems(at p: Point, on canvas: FlowCanvas<JSONValue, JSONValue>) -> [MenuItem] {
        var items: [MenuItem] = []
        if canvas.nodeCatalog != nil {
            items.append(MenuItem("Add node") { [weak canvas] in canvas?.openNodeSearch(at: canvas?.flowToScreenPosition(p) ?? p) })
        }
        items.append(MenuItem("Add group") { [weak canvas] in
            guard let canvas else { return }
            let taken = Set(canvas.frameInput.nodes.lazy.map(\.id))
            var k = 0
            while taken.contains("group-\(k)") { k += 1 }
            canvas.addNodes([Node(id: "group-\(k)", position: p, data: .object(JSONObject([("label", .string("Group"))])), type: "group",
                                  width: groupSize.width, height: groupSize.height, zIndex: -1)])
        })
        return items
    }

    /// Sets (nil: removes) member `key` of `node`'s data object.
    private static func set(_ node: inout Node<JSONValue>, _ key: String, _ value: JSONValue?) {
        var data = node.data.objectValue ?? JSONObject()
        data[key] = value
        node.data = .object(data)
    }

    /// `node` collapsed (`true`) or expanded: `data.collapsed`, and the frame and handles the
    /// importer gives a node so (`ComfyUIImport.frame`, `slotNode`); its top-left stays. Its own
    /// size when it was not collapsed is kept in `data.expandedSize` (`[width, height]`, flow
    /// units, title bar included) while it is collapsed. Expanded, it takes that size, else the
    /// LiteGraph `size` of its original object, else its own size when it was not collapsed,
    /// else 200 wide and as tall as its slots.
    public static func collapsing(_ node: Node<JSONValue>, _ collapsed: Bool) -> Node<JSONValue> {
        let d = node.data, type = d["comfyType"]?.stringValue ?? ""
        let inputs = ComfyUINodeCatalog.slots(d["inputs"]), outputs = ComfyUINodeCatalog.slots(d["outputs"])
        let wasCollapsed = d["collapsed"]?.boolValue == true
        let kept = (d["expandedSize"]?.arrayValue?.compactMap(\.doubleValue)).flatMap { s in
            s.count == 2 && s.allSatisfy { $0.isFinite && $0 >= 0 && $0 < 1e6 } ? Size(width: s[0], height: s[1]) : nil
        }
        let full: Size
        if wasCollapsed, let kept {
            full = kept
        } else if let original = ComfyUINodeCatalog.originalSize(node), wasCollapsed || node.fixedSize == nil {
            full = original
        } else if !wasCollapsed, let own = node.fixedSize {
            full = own
        } else {
            full = Size(width: 200, height: ComfyUIImport.titleHeight + Double(max(inputs.count, outputs.count)) * ComfyUIImport.slotHeight + 10)
        }
        let frame = ComfyUIImport.frame(type: type, pos: [node.position.x, node.position.y + ComfyUIImport.titleHeight],
                                        size: [full.width, full.height - ComfyUIImport.titleHeight], collapsed: collapsed,
                                        label: d["label"]?.stringValue ?? type)
        var data = d.objectValue ?? JSONObject()
        data["collapsed"] = .bool(collapsed)
        data["expandedSize"] = collapsed ? .array([.number(full.width), .number(full.height)]) : nil
        let made = ComfyUIImport.slotNode(id: node.id, frame: frame, inputs: inputs, outputs: outputs, collapsed: collapsed || type == "Reroute", data: data)
        var result = node
        result.width = made.width
        result.height = made.height
        result.handles = made.handles
        result.data = made.data
        return result
    }
}
