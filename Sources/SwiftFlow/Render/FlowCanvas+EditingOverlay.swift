import SwiftFlowCore

extension FlowCanvas {
    /// Draws the keyboard focus ring (around the focused node, outside its selection outline) and
    /// the selection box in progress: a translucent fill of the theme's selection colour with a
    /// 1-point border. Screen points.
    func drawEditingOverlay(into list: inout DrawList) {
        let vp = viewportController.current
        if let id = editing.focusedNodeId, let i = nodeCache.index(of: id), i < nodeCache.states.count, nodeCache.states[i].drawable, nodeCache.states[i].laidOut,
           nodeRect(i).intersects(cullRect) {
            list.addRectStroke(screenRect(ofNode: i).insetBy(-5), color: theme.selectionColor.opacity(0.6), thickness: 2, cornerRadius: 6)
        }
        if let box = selectionRect {
            let screen = Rect(corner: vp.flowToScreen(box.origin), corner: vp.flowToScreen(Point(x: box.maxX, y: box.maxY)))
            list.addRectFill(screen, color: theme.selectionColor.opacity(0.08))
            list.addRectStroke(screen, color: theme.selectionColor.opacity(0.8), thickness: 1)
        }
    }
}
