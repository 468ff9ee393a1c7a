import SwiftFlow

// Drivers whose edges carry no data of their own need no `makeEdgeData` closure (as
// `FlowStore.init(nodes:edges:)` for `EmptyEdgeData` and `JSONValue` edges).
extension EmbeddedCanvas where EdgeData == EmptyEdgeData {
    /// `init(nodes:edges:makeEdgeData:size:theme:textMeasurer:time:frameDuration:)` with edges
    /// made by `onConnect` holding `EmptyEdgeData()`.
    public convenience init(nodes: [Node<NodeData>], edges: [Edge<EdgeData>] = [], size: Size = Size(width: 1280, height: 800),
                            theme: FlowTheme = .light, textMeasurer: TextMeasurer = FixedAdvanceTextMeasurer(), time: Double = 0,
                            frameDuration: Double = 1000.0 / 60) {
        self.init(nodes: nodes, edges: edges, makeEdgeData: { _ in EmptyEdgeData() }, size: size, theme: theme,
                  textMeasurer: textMeasurer, time: time, frameDuration: frameDuration)
    }
}

extension EmbeddedCanvas where EdgeData == JSONValue {
    /// `init(nodes:edges:makeEdgeData:size:theme:textMeasurer:time:frameDuration:)` with edges
    /// made by `onConnect` holding `.null`.
    public convenience init(nodes: [Node<NodeData>], edges: [Edge<EdgeData>] = [], size: Size = Size(width: 1280, height: 800),
                            theme: FlowTheme = .light, textMeasurer: TextMeasurer = FixedAdvanceTextMeasurer(), time: Double = 0,
                            frameDuration: Double = 1000.0 / 60) {
        self.init(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: size, theme: theme,
                  textMeasurer: textMeasurer, time: time, frameDuration: frameDuration)
    }
}
