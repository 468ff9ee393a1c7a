import SwiftFlowCore

/// What a hover region reports: `.onHover`'s action and `.help`'s text.
struct HoverSpec {
    var action: ((Bool) -> Void)?
    var help: String?
    /// The region's structural identity in its node's tree (as `ControlSpec.path`).
    var path: UInt64 = 0
}

/// A view with `.onHover` or `.help`: its content inside a hover region.
public struct HoverView<Content: View>: View, PrimitiveView {
    let content: Content
    let spec: HoverSpec

    public func _build(into builder: inout LayoutBuilder) {
        builder.hovers.append(spec)
        let k = builder.hovers.count - 1
        builder.container(.hover(Int32(k))) { b in
            b.hovers[k].path = b.identityScope   // inside its container: the container's identity
            b.add(content)
        }
        builder.toolCount += 1
    }
}

extension View {
    /// Calls `action(true)` when the pointer enters the view and `action(false)` when it leaves
    /// it (SwiftUI's `onHover`), at the frame that sees it (the interact stage), for the topmost
    /// node under the pointer; also `false` when the node goes away or is no longer laid out.
    public func onHover(perform action: @escaping (Bool) -> Void) -> HoverView<Self> {
        HoverView(content: self, spec: HoverSpec(action: action, help: nil))
    }

    /// Shows `text` in a tooltip near the pointer once it has rested on the view for half a
    /// second of the frame clock (SwiftUI's `help`), drawn above everything in screen points.
    public func help(_ text: String) -> HoverView<Self> {
        HoverView(content: self, spec: HoverSpec(action: nil, help: text))
    }
}

/// A hover region placed this frame: its node, its frame (node-local flow units), its key.
struct FrameHover {
    var node: Int32
    var rect: Rect
    var path: UInt64
    var spec: HoverSpec
}

/// The hover part: the regions under the pointer as of the last frame (by node id and tree
/// path) and since when, for `.onHover`'s enter/leave and `.help`'s tooltip. Written by the
/// interact stage (`updateHover`), read by draw (`drawTooltip`).
struct HoverState {
    /// The hovered regions with the action that reported entering them (to report leaving).
    var hovered: [(key: ControlKey, action: ((Bool) -> Void)?)] = []
    /// The help text of the innermost hovered region with one, and when the pointer started
    /// resting on it (ms of the frame clock).
    var help: (text: String, key: ControlKey, since: Double)?
    /// The node and edge under the pointer for the canvas' mouse callbacks (`updateMouseHover`).
    var mouse = MouseHover()
}

extension FlowCanvas {
    /// The pointer must rest this long (ms) before a `.help` tooltip shows.
    static var tooltipDelay: Double { 500 }

    /// The frame's one hover hit: finds the topmost node under the pointer (not under an open
    /// popup or a foreground component), or where there is none the edge when the edge mouse
    /// callbacks want it, then reports the hover regions and the mouse callbacks
    /// (`updateMouseHover`). Does nothing while no hover region, `.onHover` mark or mouse
    /// callback needs it.
    func updateHover() {
        let mouse = tracksMouseHover
        guard mouse || !tools.hovers.isEmpty || !hoverState.hovered.isEmpty else { return }
        var node: Int?, edge: Int?, flow = Point.zero
        if let p = pointer, popupHit(at: p) == nil, componentHit(at: p) == nil {
            flow = viewportController.current.screenToFlow(p)
            node = nodeHit(at: flow)
            if node == nil, mouse, tracksEdgeHover { edge = edgeHit(at: flow) }
        }
        if !tools.hovers.isEmpty || !hoverState.hovered.isEmpty { updateHoverRegions(node: node, at: flow) }
        if mouse { updateMouseHover(node: node, edge: edge) }
    }

    /// Reports entering and leaving the hover regions of node `node` (the one under the pointer,
    /// at the flow point `flow`) through their actions, and follows the `.help` text.
    private func updateHoverRegions(node: Int?, at flow: Point) {
        var now: [(key: ControlKey, action: ((Bool) -> Void)?, help: String?)] = []
        if let i = node {
            let origin = nodeCache.states[i].origin
            for h in tools.hovers where h.node == Int32(i) && Rect(origin: origin + h.rect.origin, size: h.rect.size).contains(flow) {
                now.append((ControlKey(nodeId: nodeCache.ids[i], path: h.path), h.spec.action, h.spec.help))
            }
        }
        let before = hoverState.hovered
        hoverState.hovered = now.map { ($0.key, $0.action) }
        for old in before.reversed() where !now.contains(where: { $0.key == old.key }) { old.action?(false) }   // inner first
        for new in now where !before.contains(where: { $0.key == new.key }) { new.action?(true) }
        if let inner = now.last(where: { $0.help != nil }), let text = inner.help {
            if hoverState.help?.key != inner.key || hoverState.help?.text != text { hoverState.help = (text, inner.key, time) }
        } else {
            hoverState.help = nil
        }
    }

    /// The tooltip shown now (its text, and its top-left in screen points), nil before the delay.
    var tooltip: (text: String, origin: Point)? {
        guard let h = hoverState.help, time - h.since >= Self.tooltipDelay, let p = pointer, case .idle = interaction.gesture else { return nil }
        let w = textMeasurer.measure(h.text, fontSize: Self.popupFontSize).width + 12
        return (h.text, Point(x: min(p.x + 12, size.width - w), y: p.y + 18))
    }

    /// Draws the tooltip: the text on the theme's node background with a border, screen points.
    func drawTooltip(into list: inout DrawList) {
        guard let t = tooltip else { return }
        let s = textMeasurer.measure(t.text, fontSize: Self.popupFontSize)
        let box = Rect(x: t.origin.x, y: t.origin.y, width: s.width + 12, height: s.height + 6)
        list.addRectFill(box, color: theme.nodeBackground, cornerRadius: 4)
        list.addRectStroke(box, color: theme.nodeText.opacity(0.3), thickness: 1, cornerRadius: 4)
        textMeasurer.drawText(t.text, fontSize: Self.popupFontSize, scale: 1, origin: Point(x: box.minX + 6, y: box.minY + 3), color: theme.nodeText, into: &list)
    }
}
