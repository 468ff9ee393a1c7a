import SwiftFlowCore

/// How a `NodeResizeControl` looks (React Flow's `ResizeControlVariant`): a square grip or a
/// line along a side.
public enum ResizeControlVariant: Hashable, Sendable {
    /// A square grip (at a corner, or at the middle of a side).
    case handle
    /// A line along a side (a corner position draws a grip all the same).
    case line
}

extension ControlPosition {
    /// `.topLeft` in SwiftUI's spelling (code written for SwiftFlow on macOS).
    public static let topLeading = ControlPosition.topLeft
    /// `.topRight` in SwiftUI's spelling.
    public static let topTrailing = ControlPosition.topRight
    /// `.bottomLeft` in SwiftUI's spelling.
    public static let bottomLeading = ControlPosition.bottomLeft
    /// `.bottomRight` in SwiftUI's spelling.
    public static let bottomTrailing = ControlPosition.bottomRight
    /// `.left` in SwiftUI's spelling.
    public static let leading = ControlPosition.left
    /// `.right` in SwiftUI's spelling.
    public static let trailing = ControlPosition.right
}

/// One resize grip or line that the app places on a node (React Flow's `<NodeResizeControl/>`),
/// where `NodeResizer` draws all eight and shows them only while the node is selected: it is
/// always shown, and dragging it resizes the node as a `NodeResizer` grip does (the same
/// changes, bounds, undo step and callbacks). Several in one node add their positions to the
/// first one's grips; the first's bounds, colour and callbacks apply to all. It takes no room
/// in the layout (keep it out of stacks). A node holding one lays its content out from its
/// top-leading corner, as a resizable node does on macOS.
public struct NodeResizeControl: View, PrimitiveView {
    let spec: ResizerSpec

    /// Creates a control.
    /// - Parameters:
    ///   - position: where it sits (default `.bottomRight`, also spelled `.bottomTrailing`).
    ///   - variant: `.handle` (default) a square grip; `.line` a line along a side.
    ///   - minWidth, minHeight: smallest size, flow units (default 10).
    ///   - maxWidth, maxHeight: largest size, flow units (default unbounded).
    ///   - keepAspectRatio: keep the width/height ratio of the drag's start. Default false.
    ///   - color: grip or line colour (default #3367d9); `handleSize` the grip's side and
    ///     `lineWidth` the line's, screen points (defaults 8 and 1).
    ///   - onResizeStart, onResize, onResizeEnd: called on press, every change and release.
    public init(position: ControlPosition = .bottomRight, variant: ResizeControlVariant = .handle,
                minWidth: Double = 10, minHeight: Double = 10, maxWidth: Double = .infinity, maxHeight: Double = .infinity,
                keepAspectRatio: Bool = false, color: Color = Color(hex: 0x3367D9), handleSize: Double = 8, lineWidth: Double = 1,
                onResizeStart: ((ResizeParams) -> Void)? = nil, onResize: ((ResizeParams) -> Void)? = nil,
                onResizeEnd: ((ResizeParams) -> Void)? = nil) {
        spec = ResizerSpec(isVisible: true, minWidth: minWidth, minHeight: minHeight, maxWidth: maxWidth, maxHeight: maxHeight,
                           keepAspectRatio: keepAspectRatio, color: color, handleSize: handleSize, handleBorderColor: .white,
                           lineWidth: variant == .line ? lineWidth : 0, controls: [position],
                           onResizeStart: onResizeStart, onResize: onResize, onResizeEnd: onResizeEnd,
                           sideHandles: variant == .handle ? [position] : [])
    }

    public func _build(into builder: inout LayoutBuilder) {
        builder.append(resizer: spec)
        builder.alignsTopLeading = true
    }
}
