import SwiftFlowCore

/// One item of a context menu: a `Button`'s label (its texts joined by spaces) and action, or
/// what `FlowCanvas.onNodeContextMenu` / `onPaneContextMenu` return.
public struct MenuItem {
    /// The text shown.
    public var label: String
    /// Runs when the item is chosen, after the menu closed (it may open another: `showMenu`).
    public var action: () -> Void

    /// Creates an item.
    public init(_ label: String, action: @escaping () -> Void) {
        self.label = label; self.action = action
    }
}

/// A view with a context menu (SwiftUI's `contextMenu`): a secondary click on it opens its items
/// as a list above every node (arrows, Home/End, type-ahead, Return or a click to run one,
/// Escape or a click outside to close). The innermost menu under the pointer opens.
public struct ContextMenuView<Content: View, MenuItems: View>: View, PrimitiveView {
    let content: Content
    let menuItems: MenuItems

    public func _build(into builder: inout LayoutBuilder) {
        let items = builder.collectMenuItems { $0.add(menuItems) }
        guard !items.isEmpty, builder.environment.allowsHitTesting else { return builder.add(content) }
        builder.menus.append(items)
        builder.container(.contextMenu(Int32(builder.menus.count - 1))) { $0.add(content) }
        builder.toolCount += 1
    }
}

extension View {
    /// Adds a context menu of `menuItems` — `Button`s; other views are ignored — opened by a
    /// secondary click on the view (SwiftUI's `contextMenu(menuItems:)`).
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> ContextMenuView<Self, MenuItems> {
        ContextMenuView(content: self, menuItems: menuItems())
    }
}

/// A context menu placed this frame: its node, its view's frame (node-local flow units), its items.
struct FrameContextMenu {
    var node: Int32
    var rect: Rect
    var items: [MenuItem]
}

extension FlowCanvas {
    /// A secondary press on a view with a context menu opens it at the pointer (closing any
    /// popup); returns whether one opened.
    func openContextMenu(at p: Point) -> Bool {
        guard !tools.contextMenus.isEmpty else { return false }
        let flow = viewportController.current.screenToFlow(p)
        guard let i = nodeHit(at: flow) else { return false }
        let origin = nodeCache.states[i].origin
        // The innermost (recorded last) menu of the node under the pointer.
        guard let m = tools.contextMenus.last(where: { $0.node == Int32(i) && Rect(origin: origin + $0.rect.origin, size: $0.rect.size).contains(flow) })
        else { return false }
        endEditing(commit: true)
        controlState.popup = ControlPopup(key: ControlKey(nodeId: nodeCache.ids[i], path: 0), kind: .list(highlight: 0, firstRow: 0),
                                          menu: (m.items, flow))
        return true
    }
}
