import SwiftFlowCore

/// What edge drawing and hit-testing keep between frames (built by `FlowCanvas.updateEdgeIndex`
/// in the index stage; read by interaction and drawing).
/// Reading a field of a generic `Edge` copies the edge, so the edges are read once when their
/// array changes (`info`, `order`, `selected`); the bounds (kept only in the edge index,
/// `EdgeIndex.rects`) are recomputed from `info` when the geometry changes, only for the edges
/// of moved nodes when nothing else changed. An edge's anchors are not kept: they are its
/// resolved ends' registry anchors or node sides (`resolvedEnds`), read when drawn.
struct EdgeCache {
    /// Per edge, what does not depend on the nodes' geometry.
    var info: [EdgeDrawInfo] = []
    /// Edge indices in drawing order (ascending zIndex, stable); empty when every zIndex is 0.
    var order: [Int32] = []
    /// Indices of the selected edges.
    var selected: [Int32] = []
}

/// The geometry-independent facts about one edge that its bounds need (32 bytes: the fields are
/// in the order that leaves no padding).
struct EdgeDrawInfo {
    /// How far the stroke, markers, hit area and grips reach beyond the path, flow units.
    var margin: Double
    /// The label box (text plus padding), flow units; nil without a label (or with a non-finite size).
    var labelSize: Size?
    var type: EdgeType
    var hidden: Bool
}
