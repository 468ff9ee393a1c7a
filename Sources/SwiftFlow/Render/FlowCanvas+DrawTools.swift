import SwiftFlowCore

extension FlowCanvas {
    /// A resizer's side lines (`lineWidth` screen points, centred on the node's border) and its
    /// corner grips, those of its `controls` (`handleSize` squares centred on the corners, with a one-point border), at a
    /// constant screen size.
    func drawResizer(_ r: FrameResizer, into list: inout DrawList) {
        let rect = screenRect(ofNode: Int(r.node)), s = r.spec
        let w = max(s.lineWidth, 0)
        if w > 0 {
            let c = s.controls
            if c.contains(.top) && !s.sideHandles.contains(.top) { list.addSolidRect(Rect(x: rect.minX - w / 2, y: rect.minY - w / 2, width: rect.width + w, height: w), color: s.color) }
            if c.contains(.bottom) && !s.sideHandles.contains(.bottom) { list.addSolidRect(Rect(x: rect.minX - w / 2, y: rect.maxY - w / 2, width: rect.width + w, height: w), color: s.color) }
            if c.contains(.left) && !s.sideHandles.contains(.left) { list.addSolidRect(Rect(x: rect.minX - w / 2, y: rect.minY - w / 2, width: w, height: rect.height + w), color: s.color) }
            if c.contains(.right) && !s.sideHandles.contains(.right) { list.addSolidRect(Rect(x: rect.maxX - w / 2, y: rect.minY - w / 2, width: w, height: rect.height + w), color: s.color) }
        }
        let half = max(s.handleSize, 0) / 2
        guard half > 0 else { return }
        for c in ControlPosition.allCases where (c.isCorner || s.sideHandles.contains(c)) && s.controls.contains(c) {
            let x = c.sides.x < 0 ? rect.minX : c.sides.x > 0 ? rect.maxX : rect.center.x
            let y = c.sides.y < 0 ? rect.minY : c.sides.y > 0 ? rect.maxY : rect.center.y
            list.addSolidRect(Rect(x: x - half - 1, y: y - half - 1, width: 2 * half + 2, height: 2 * half + 2), color: s.handleBorderColor)
            list.addSolidRect(Rect(x: x - half, y: y - half, width: 2 * half, height: 2 * half), color: s.color)
        }
    }

    /// A toolbar's content at its screen frame, unscaled (screen points).
    func drawToolbar(_ t: FrameToolbar, into list: inout DrawList) {
        drawOps(tools.ops[t.opsStart..<t.opsStart + t.opsCount], at: screenFrame(of: t).origin, scale: 1, detail, into: &list)
    }
}
