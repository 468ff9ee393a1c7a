import SwiftFlowCore

/// What edge drawing and hit-testing keep between frames (built by `FlowCanvas.updateEdgeIndex`
/// in the index stage; read by interaction and drawing).
/// Reading a field of a generic `Edge` copies the edge, so the edges are read once when their
/// array changes (`info`, `order`, `selected`); the bounds are recomputed from `info` when the
/// geometry changes, only for the edges of moved nodes when nothing else changed.
struct EdgeCache {
    /// Per edge, what does not depend on the nodes' geometry.
    var info: [EdgeDrawInfo] = []
    /// Edge indices in drawing order (ascending zIndex, stable); empty when every zIndex is 0.
    var order: [Int32] = []
    /// Indices of the selected edges.
    var selected: [Int32] = []
    /// Each edge's bounds (flow units): its path's (control points included), united with its
    /// label box, grown by `margin`; nil for an edge that is not drawn (and kept in
    /// `FlowCanvas.edgeIndex`).
    var bounds: [Rect?] = []
    /// Each edge's resolved ends, kept with `bounds` (nil for an edge that is not drawn).
    var anchors: [EdgeAnchors?] = []
}

/// The geometry-independent facts about one edge that its bounds need.
struct EdgeDrawInfo {
    var type: EdgeType
    var hidden: Bool
    /// The label box (text plus padding), flow units; nil without a label (or with a non-finite size).
    var labelSize: Size?
    /// How far the stroke, markers, hit area and grips reach beyond the path, flow units.
    var margin: Double
}
