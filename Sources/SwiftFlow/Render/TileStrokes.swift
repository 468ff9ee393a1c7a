import SwiftFlowCore

/// One edge an overview tile draws, as read from the (generic) edge array once: its index, the
/// colour of its stroke (the selected colour, its style's or the theme's), the opacity a
/// hairline of its width has in the tile's pixels (0...255) and its path type.
struct TileStroke {
    var edge: Int32
    var color: PackedColor
    var coverage: Int32
    var type: EdgeType
}

/// The theme's edge colours for `TileStroke`s, read from the canvas once per pass
/// (`FlowCanvas.collectStrokes`).
struct TileStrokeColors {
    /// The theme's edge colour, for edges without a style colour.
    let edge: PackedColor
    /// The theme's colour of selected edges.
    let selected: PackedColor
}

extension TileRasterizer {
    /// Draws each of `strokes`, in order, whose ends `reader` resolves: the edge's path
    /// flattened within half a tile pixel (`EdgePath.flatten`), one pixel wide (`line`), at its coverage. `origin`:
    /// the tile's top-left, flow units; `scale`: tile pixels per flow unit; `path`: scratch
    /// storage for the flattened points. Non-generic, so the loop needs no generic metadata.
    /// O(strokes + pixels drawn).
    func stroke(_ strokes: [TileStroke], ends reader: EdgeEndReader, origin: Point, scale: Double,
                path: inout [Point], into rgba: UnsafeMutableBufferPointer<UInt8>) {
        func pixel(_ p: Point) -> Point { Point(x: (p.x - origin.x) * scale, y: (p.y - origin.y) * scale) }
        let tolerance = 0.5 / scale
        for s in strokes {
            guard let ends = reader.anchors(ofEdge: Int(s.edge)) else { continue }
            path.removeAll(keepingCapacity: true)
            if s.type == .bezier {
                // What `EdgePath.flatten` appends for a bezier edge's one cubic (64: its
                // `maxPieces`), without building the path's label point and offsets.
                let c = BezierPath(source: ends.source, sourcePosition: ends.sourcePosition,
                                   target: ends.target, targetPosition: ends.targetPosition)
                path.append(c.start)
                if !PathSegment.cubic(c).appendFlattened(tolerance: tolerance, limit: 64, into: &path) { path.removeAll() }
            } else {
                ends.path(s.type).flatten(tolerance: tolerance, into: &path)
            }
            path.withUnsafeBufferPointer { points in
                for j in points.indices.dropFirst() {
                    line(pixel(points[j - 1]), pixel(points[j]), s.color, coverage: Int(s.coverage), into: rgba)
                }
            }
        }
    }
}
