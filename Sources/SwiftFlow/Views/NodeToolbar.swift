import SwiftFlowCore

/// How a `NodeToolbar` lines up along the side it is on (React Flow's `Align`).
public enum ToolbarAlign: Hashable, Sendable {
    /// The toolbar's left (or top) edge at the node's left (or top) edge.
    case start
    case center
    /// The toolbar's right (or bottom) edge at the node's right (or bottom) edge.
    case end

    var fraction: Double { self == .start ? 0 : self == .center ? 0.5 : 1 }
}

/// A toolbar attached to a side of the node whose view contains it (React Flow's `<NodeToolbar/>`).
///
/// `content` is laid out in screen points, so the toolbar keeps its screen size whatever the
/// zoom, and is drawn above every node. It is shown while its node is the only selected node,
/// unless `isVisible` says otherwise. Its content is interactive: `Button`s in it react to
/// clicks, and a press anywhere on it starts no pan, drag or selection. Like `NodeResizer` it
/// takes no room in the node's layout; `Handle`s inside it are ignored.
public struct NodeToolbar<Content: View>: View, PrimitiveView {
    let spec: ToolbarSpec
    let content: Content

    /// Creates a toolbar.
    /// - Parameters:
    ///   - position: the node side it is attached to (default `.top`).
    ///   - align: where along that side (default `.center`).
    ///   - offset: gap between the node's border and the toolbar, screen points (default 10).
    ///   - isVisible: nil (default) shows it while the node is the only selected node.
    public init(position: Position = .top, align: ToolbarAlign = .center, offset: Double = 10, isVisible: Bool? = nil,
                @ViewBuilder content: () -> Content) {
        spec = ToolbarSpec(position: position, align: align, offset: offset.isFinite ? offset : 10, isVisible: isVisible)
        self.content = content()
    }

    public func _build(into builder: inout LayoutBuilder) {
        builder.toolbar(spec) { $0.container(.zstack(.center)) { $0.add(content) } }
    }
}

/// What a `NodeToolbar` asked for.
struct ToolbarSpec {
    var position: Position
    var align: ToolbarAlign
    var offset: Double
    var isVisible: Bool?

    /// The toolbar's screen rectangle for a node at screen rectangle `node` and content of
    /// `size` screen points (xyflow's `getNodeToolbarTransform`).
    func frame(node: Rect, size: Size) -> Rect {
        let a = align.fraction
        let origin: Point
        switch position {
        case .top: origin = Point(x: node.minX + (node.width - size.width) * a, y: node.minY - offset - size.height)
        case .bottom: origin = Point(x: node.minX + (node.width - size.width) * a, y: node.maxY + offset)
        case .left: origin = Point(x: node.minX - offset - size.width, y: node.minY + (node.height - size.height) * a)
        case .right: origin = Point(x: node.maxX + offset, y: node.minY + (node.height - size.height) * a)
        }
        return Rect(origin: origin, size: size)
    }
}
