import SwiftFlowCore

/// What the overview tiles of one frame draw besides their edges' strokes, taken from the
/// (generic) canvas once: the edge ends, the node index, the nodes' far-out colours and the
/// handles, with the theme's handle colour and size. Non-generic and read-only, so that
/// `rasterise` runs for several tiles at once (`ParallelChunks`, `FlowCanvas.rasteriseTiles`)
/// touching no canvas state and no generic metadata. Valid while those arrays do not change:
/// take one per pass and drop it before the canvas changes them (as `EdgeEndReader`).
struct TileScene {
    let ends: EdgeEndReader
    /// The node index (`NodeCache.bounds`).
    let nodes: RectIndex
    /// `NodeCache.farColors`, which `NodeState.farColor` indexes.
    let farColors: [Color]
    /// The theme's handle colour, for handles without their own.
    let handleColor: Color
    /// The side of a handle's square, flow units (the theme's).
    let handleSize: Double

    /// Rasterises tile `key` into `rgba` (cleared first, grown to the tile's `tileSize²` pixels):
    /// `strokes`, the edges meeting it (`TileRasterizer.stroke`), then the nodes meeting it as
    /// rectangles of their far-out colour with their handles as squares (unless under
    /// `DetailLevel.hiddenHandlePixels`), in index order. `path` and `found`: scratch storage.
    /// O(strokes + nodes meeting the tile + pixels drawn).
    func rasterise(_ key: OverviewTileKey, strokes: [TileStroke], into rgba: inout [UInt8],
                   path: inout [Point], found: inout [Int32]) {
        let raster = TileRasterizer(side: OverviewPicture.tileSize)
        raster.clear(&rgba)
        let area = OverviewPicture.flowRect(key), scale = OverviewPicture.scale(key.level)
        func pixel(_ p: Point) -> Point { Point(x: (p.x - area.minX) * scale, y: (p.y - area.minY) * scale) }
        let handle = handleSize * scale, states = ends.states, handles = ends.handles
        // The tile's pixels taken once, not once per line or rectangle.
        rgba.withUnsafeMutableBufferPointer { rgba in
            raster.stroke(strokes, ends: ends, origin: area.origin, scale: scale, path: &path, into: rgba)
            nodes.query(area, into: &found)
            for i in found.lazy.map(Int.init) {
                let k = states[i].farColor
                guard k >= 0, let r = nodes.rect(of: i) else { continue }
                raster.fill(Rect(origin: pixel(r.origin), size: Size(width: r.width * scale, height: r.height * scale)),
                            PackedColor(farColors[Int(k)]), into: rgba)
                guard handle >= DetailLevel.hiddenHandlePixels else { continue }
                for e in handles.range(ofNode: i) {
                    let c = pixel(handles.anchors.position(of: e))
                    raster.fill(Rect(x: c.x - handle / 2, y: c.y - handle / 2, width: handle, height: handle),
                                PackedColor(handles.styles[Int(handles.packed[e].style)].color ?? handleColor), into: rgba)
                }
            }
        }
    }
}

extension FlowCanvas {
    /// The overview tiles' scene as it is now, for one pass over tiles (see `TileScene`). O(1).
    var tileScene: TileScene {
        TileScene(ends: edgeEndReader, nodes: nodeCache.bounds, farColors: nodeCache.farColors,
                  handleColor: theme.handleColor, handleSize: theme.handleSize)
    }
}
