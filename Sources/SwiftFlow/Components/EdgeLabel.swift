import SwiftFlowCore

/// A label on an edge drawn at constant screen size whatever the zoom (React Flow's
/// `EdgeLabelRenderer` content): centred on the edge's label point (the path at t = 0.5 for a
/// bezier) plus `offset` screen points, on a rounded box. An edge that is not drawn (hidden,
/// missing node or handle, unknown id) shows no label.
public final class EdgeLabel: FlowComponent {
    public var edgeId: String
    public var text: String
    /// Shift from the label point, screen points.
    public var offset: Point
    /// Font size, screen points. Default 11.
    public var fontSize: Double
    /// Box fill; nil uses `theme.nodeBackground`.
    public var background: Color?
    /// Text colour; nil uses `theme.nodeText`.
    public var color: Color?

    public let layer = ComponentLayer.foreground
    private var cachedIndex: Int?

    /// Creates a label for the edge `edgeId`.
    public init(edgeId: String, text: String, offset: Point = .zero, fontSize: Double = 11, background: Color? = nil, color: Color? = nil) {
        self.edgeId = edgeId; self.text = text; self.offset = offset; self.fontSize = fontSize
        self.background = background; self.color = color
    }

    /// The label box's screen rectangle this frame, or nil when the edge is not drawn.
    public func frame<N, E>(_ canvas: FlowCanvas<N, E>) -> Rect? {
        let edges = canvas.frameInput.edges
        if cachedIndex.map({ $0 >= edges.count || edges[$0].id != edgeId }) ?? true {
            cachedIndex = edges.firstIndex { $0.id == edgeId }
        }
        guard let i = cachedIndex, let path = canvas.edgePath(at: i) else { return nil }
        let s = canvas.textMeasurer.measure(text, fontSize: fontSize)
        let c = canvas.viewport.flowToScreen(path.labelPoint) + offset
        return Rect(x: c.x - s.width / 2 - 5, y: c.y - s.height / 2 - 2, width: s.width + 10, height: s.height + 4)
    }

    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        guard !text.isEmpty, let box = frame(canvas) else { return }
        list.addRectFill(box, color: background ?? canvas.theme.nodeBackground, cornerRadius: 4)
        canvas.textMeasurer.drawText(text, fontSize: fontSize, scale: 1, origin: Point(x: box.minX + 5, y: box.minY + 2),
                                     color: color ?? canvas.theme.nodeText, into: &list)
    }
}
