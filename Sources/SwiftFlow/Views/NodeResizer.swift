import SwiftFlowCore

/// Where a resize grip sits on a node's border (React Flow's `ControlPosition`).
public enum ControlPosition: CaseIterable, Hashable, Sendable {
    case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left

    /// Which edges of the node the grip moves: -1 the left/top edge, 1 the right/bottom edge, 0 neither.
    var sides: (x: Int, y: Int) {
        switch self {
        case .topLeft: return (-1, -1)
        case .top: return (0, -1)
        case .topRight: return (1, -1)
        case .right: return (1, 0)
        case .bottomRight: return (1, 1)
        case .bottom: return (0, 1)
        case .bottomLeft: return (-1, 1)
        case .left: return (-1, 0)
        }
    }
    /// True for the four corner grips (squares); the sides are lines.
    var isCorner: Bool { sides.x != 0 && sides.y != 0 }
}

/// A node's rectangle during a resize (React Flow's `ResizeParams`): `x`, `y` the top-left in
/// flow units (relative to the parent when the node has one, like `Node.position`), `width`
/// and `height` in flow units, and the grip being dragged.
public struct ResizeParams: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var direction: ControlPosition
}

/// Resize grips on the border of the node whose view contains it (React Flow's `<NodeResizer/>`).
/// A node holding one lays its content out from its top-leading corner (as a resizable node
/// does on macOS) rather than centred.
///
/// Put it anywhere in a node type's view, e.g. beside the content at the top level; it takes no
/// room in the layout (inside an `HStack`/`VStack` it still counts for the stack's spacing, so
/// keep it out of stacks). It draws four corner squares and four side lines at a constant
/// screen size whatever the zoom (React Flow 12's `autoScale`), shown when the node is
/// selected unless `isVisible` says otherwise. Dragging a grip is the canvas' resizing
/// gesture: it emits `.dimensions(id:size:resizing: true)` changes (and, for top and left grips,
/// `.position` changes that keep the opposite corner fixed), then one last pair with
/// `resizing: false` on release, one undo step in all; Escape restores the size from before.
/// Sizes stay within `minWidth…maxWidth` × `minHeight…maxHeight` (flow units) at any zoom; the
/// moved sides stay inside the node's `extent` and the canvas' `coordinateExtent`, and land on
/// the grid with `snapToGrid`.
public struct NodeResizer: View, PrimitiveView {
    let spec: ResizerSpec

    /// Creates a resizer.
    /// - Parameters:
    ///   - isVisible: nil (default) shows the grips while the node is selected.
    ///   - minWidth, minHeight: smallest size, flow units (default 10, React Flow's).
    ///   - maxWidth, maxHeight: largest size, flow units (default unbounded).
    ///   - keepAspectRatio: keep the width/height ratio the node had when the drag began; a
    ///     side grip then scales the other dimension too, keeping the node's left (or top)
    ///     edge. Default false.
    ///   - color: lines and grip fill (default React Flow's #3367d9).
    ///   - handleSize: grip side, screen points (default 8); the hit target is 4 points larger.
    ///   - handleBorderColor: grip border (default white).
    ///   - lineWidth: side line thickness, screen points (default 1).
    ///   - controls: the grips shown (default all eight; React Flow's `NodeResizeControl` is
    ///     one of them, e.g. `[.bottomRight]`).
    ///   - onResizeStart, onResize, onResizeEnd: called on press, on every change and on
    ///     release with the node's rectangle.
    public init(isVisible: Bool? = nil, minWidth: Double = 10, minHeight: Double = 10,
                maxWidth: Double = .infinity, maxHeight: Double = .infinity, keepAspectRatio: Bool = false,
                color: Color = Color(hex: 0x3367D9), handleSize: Double = 8, handleBorderColor: Color = .white,
                lineWidth: Double = 1, controls: Set<ControlPosition> = Set(ControlPosition.allCases),
                onResizeStart: ((ResizeParams) -> Void)? = nil, onResize: ((ResizeParams) -> Void)? = nil,
                onResizeEnd: ((ResizeParams) -> Void)? = nil) {
        spec = ResizerSpec(isVisible: isVisible, minWidth: minWidth, minHeight: minHeight, maxWidth: maxWidth, maxHeight: maxHeight,
                           keepAspectRatio: keepAspectRatio, color: color, handleSize: handleSize,
                           handleBorderColor: handleBorderColor, lineWidth: lineWidth, controls: controls,
                           onResizeStart: onResizeStart, onResize: onResize, onResizeEnd: onResizeEnd)
    }

    public func _build(into builder: inout LayoutBuilder) {
        builder.append(resizer: spec)
        builder.alignsTopLeading = true
    }
}

/// What a `NodeResizer` asked for (see its initialiser for units and defaults).
struct ResizerSpec {
    var isVisible: Bool?
    var minWidth: Double, minHeight: Double, maxWidth: Double, maxHeight: Double
    var keepAspectRatio: Bool
    var color: Color
    var handleSize: Double
    var handleBorderColor: Color
    var lineWidth: Double
    var controls: Set<ControlPosition>
    var onResizeStart: ((ResizeParams) -> Void)?
    var onResize: ((ResizeParams) -> Void)?
    var onResizeEnd: ((ResizeParams) -> Void)?
    /// Side positions drawn as a square grip at the side's middle instead of a line
    /// (`NodeResizeControl(variant: .handle)`).
    var sideHandles: Set<ControlPosition> = []

    /// The size a drag asks for (`width`, `height`, flow units), the axes the grip moves clamped
    /// to the bounds (a side grip leaves the other axis as it is). With `keepAspectRatio` the
    /// ratio `aspect` (width / height) is kept: a corner grip follows the larger relative
    /// change, a side grip its own axis (xyflow's `getDimensionsAfterResize`), and the bounds
    /// clamp both dimensions together.
    func clamped(width: Double, height: Double, aspect: Double, direction: ControlPosition) -> Size {
        let loW = max(minWidth.isFinite ? minWidth : 0, 0), loH = max(minHeight.isFinite ? minHeight : 0, 0)
        let hiW = maxWidth.isNaN ? .infinity : max(maxWidth, loW), hiH = maxHeight.isNaN ? .infinity : max(maxHeight, loH)
        let (sx, sy) = direction.sides
        guard keepAspectRatio, aspect.isFinite, aspect > 0 else {
            return Size(width: sx == 0 ? width : min(max(width, loW), hiW), height: sy == 0 ? height : min(max(height, loH), hiH))
        }
        var w = width
        if sx == 0 || (sy != 0 && height * aspect > width) { w = height * aspect }
        let lo = max(loW, loH * aspect), hi = max(min(hiW, hiH * aspect), lo)
        w = min(max(w, lo), hi)
        return Size(width: w, height: w / aspect)
    }
}
