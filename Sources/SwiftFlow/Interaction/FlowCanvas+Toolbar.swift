import SwiftFlowCore

/// A press on a `Button`: its action and its screen rectangle at the press.
struct ButtonPress {
    var action: () -> Void
    var rect: Rect
    /// A `DragGesture` on the view instead of a tap (`.gesture`).
    var drag: ViewDrag?
}

extension FlowCanvas {
    /// Whether toolbar `t` is shown: `isVisible`, else while its node is the only selected node.
    func isShown(_ t: FrameToolbar) -> Bool {
        let i = Int(t.node)
        guard i < frameInput.nodes.count, nodeCache.states[i].drawable else { return false }
        if let v = t.spec.isVisible { return v }
        return nodeCache.states[i].selected && selectedNodeCount() == 1
    }

    /// How many nodes of this frame's array are selected: the ids `notifySelectionChange`
    /// collected at the start of the frame (no scan of the nodes).
    func selectedNodeCount() -> Int { editing.selectedNodeIds.count }

    /// Toolbar `t`'s rectangle, screen points.
    func screenFrame(of t: FrameToolbar) -> Rect { t.spec.frame(node: screenRect(ofNode: Int(t.node)), size: t.size) }

    /// The topmost shown toolbar under the screen point `p` (index in `tools.toolbars`).
    func toolbarHit(at p: Point) -> Int? {
        for k in tools.toolbars.indices.reversed() where isShown(tools.toolbars[k]) && screenFrame(of: tools.toolbars[k]).contains(p) {
            return k
        }
        return nil
    }

    /// Button `b`'s rectangle, screen points.
    func screenRect(of b: FrameButton) -> Rect {
        if b.toolbar >= 0 {
            let o = screenFrame(of: tools.toolbars[Int(b.toolbar)]).origin
            return Rect(origin: o + b.rect.origin, size: b.rect.size)
        }
        let z = viewportController.current.zoom
        return Rect(origin: viewportController.current.flowToScreen(nodeCache.states[Int(b.node)].origin + b.rect.origin),
                    size: Size(width: b.rect.width * z, height: b.rect.height * z))
    }

    /// The last-built button under the screen point `p` in toolbar `toolbar` (≥ 0) or in node
    /// `node`'s own view (`toolbar` -1).
    func buttonHit(at p: Point, node: Int32, toolbar: Int32) -> FrameButton? {
        for b in tools.buttons.reversed() where b.node == node && b.toolbar == toolbar && screenRect(of: b).contains(p) { return b }
        return nil
    }
}
