import SwiftFlowCore

/// Names one tile of the overview picture: a square of `OverviewPicture.tileSize` pixels at
/// `2^level` device pixels per flow unit (level 0 is zoom 1 at display scale 1; zoomed out the
/// levels are negative), the `x`-th and `y`-th tile from the flow origin.
struct OverviewTileKey: Hashable {
    var level: Int
    var x: Int
    var y: Int
}

/// One rasterised tile: its pixels and what a backend needs to keep its texture.
struct OverviewTile {
    /// Stable while the tile lives: a backend keeps one texture per ID (`OverviewPicture.owns`).
    var texture: TextureID
    /// Bumped by every rasterisation: a backend uploads the pixels again when it changed.
    var version = 0
    /// `tileSize²` RGBA pixels, straight alpha; transparent where nothing is.
    var rgba: [UInt8] = []
    /// Something under the tile changed since it was rasterised (or it never was).
    var dirty = true
    /// The frame number it was last drawn in (eviction).
    var lastFrame = 0
}

/// The overview picture (issue 17): when every node is far out (`DetailLevel.farOutSide`, a
/// node a few pixels across, drawn as one rectangle), nodes and edges are drawn from tiles of
/// the graph rasterised on the CPU at power-of-two zoom levels — a mip pyramid, as map engines
/// do — instead of one rectangle per node and one line per edge. A frame then costs the tiles
/// on screen plus the nodes drawn live on top (selected, interacting), not the graph.
///
/// Tiles are kept between frames and rasterised again only when dirty: the node and edge
/// indices record the old and new rectangle of everything that moved (`RectIndex.changedRects`),
/// and the tiles those meet are marked (`invalidate`); a rebuild of either index, a node or edge
/// array changed in unknown ways or a change of the theme's colours or handle size marks every tile. Tiles not drawn for
/// `framesUntilEviction` frames, or the least recently drawn beyond `maximumTiles`, are dropped.
///
/// Texture IDs are negative (`owns`), clear of the glyph atlas pages and the image cache's.
struct OverviewPicture {
    /// Pixels per tile side.
    static let tileSize = 256
    /// Frames without drawing after which a tile is dropped.
    static let framesUntilEviction = 120
    /// The most tiles kept (256 KiB each: 64 MiB).
    static let maximumTiles = 256
    /// More changed rectangles than this in one frame mark every tile instead of each one's.
    static let invalidationLimit = 4096

    private(set) var tiles: [OverviewTileKey: OverviewTile] = [:]
    private var nextTexture: Int32 = -1
    /// `RectIndex.rebuildCount` of the node and edge indices when the tiles were last followed.
    var nodeRebuilds = -1, edgeRebuilds = -1
    /// What of the theme the tiles were drawn with: the colours of edges, selected edges and
    /// handles, and the handles' size (flow units).
    var look: (edge: Color, selected: Color, handle: Color, handleSize: Double)?
    /// Scratch storage of `FlowCanvas.rasteriseTiles`: the strokes of each tile of a round.
    var strokeScratch: [[TileStroke]] = []

    /// Whether `id` names an overview tile's texture.
    static func owns(_ id: TextureID) -> Bool { id.rawValue < 0 }

    /// The level whose pixels are at least as fine as the screen's at `zoom` × `displayScale`
    /// device pixels per flow unit: drawn scaled down by at most half, never up.
    static func level(zoom: Double, displayScale: Double) -> Int {
        let p = zoom * displayScale
        guard p > 0, p.isFinite else { return 0 }
        var level = 0
        var scale = 1.0
        while scale < p { scale *= 2; level += 1 }
        while scale / 2 >= p { scale /= 2; level -= 1 }
        return level
    }

    /// Device pixels per flow unit at `level`.
    static func scale(_ level: Int) -> Double {
        var s = 1.0
        if level >= 0 { for _ in 0..<level { s *= 2 } } else { for _ in 0..<(-level) { s /= 2 } }
        return s
    }

    /// The flow rectangle tile `key` covers.
    static func flowRect(_ key: OverviewTileKey) -> Rect {
        let side = Double(tileSize) / scale(key.level)
        return Rect(x: Double(key.x) * side, y: Double(key.y) * side, width: side, height: side)
    }

    /// The tile columns and rows at `level` that meet flow rectangle `r` (nil when `r` is not finite).
    static func keyRange(_ r: Rect, level: Int) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        let side = Double(tileSize) / scale(level)
        let x0 = (r.minX / side).rounded(.down), x1 = (r.maxX / side).rounded(.down)
        let y0 = (r.minY / side).rounded(.down), y1 = (r.maxY / side).rounded(.down)
        let limit = Double(1 << 40)
        guard [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < limit }), x0 <= x1, y0 <= y1 else { return nil }
        return (Int(x0)...Int(x1), Int(y0)...Int(y1))
    }

    /// Coarser levels searched for a tile to draw in place of a missing or stale one.
    static let standInLevels = 4

    /// The nearest clean kept tile of up to `standInLevels` coarser levels containing tile `key`,
    /// marked drawn in `frame`; nil when none. O(standInLevels).
    mutating func cleanParent(of key: OverviewTileKey, frame: Int) -> OverviewTileKey? {
        var parent = key
        for _ in 0..<Self.standInLevels {
            parent = OverviewTileKey(level: parent.level - 1, x: parent.x >> 1, y: parent.y >> 1)   // >>: floor, negatives too
            if let tile = tiles[parent], !tile.dirty {
                tiles[parent]!.lastFrame = frame
                return parent
            }
        }
        return nil
    }

    /// The clean kept tiles of the next finer level inside tile `key` (at most four), marked drawn
    /// in `frame`. O(1).
    mutating func cleanChildren(of key: OverviewTileKey, frame: Int) -> [OverviewTileKey] {
        var found: [OverviewTileKey] = []
        for dy in 0..<2 {
            for dx in 0..<2 {
                let child = OverviewTileKey(level: key.level + 1, x: key.x * 2 + dx, y: key.y * 2 + dy)
                guard let tile = tiles[child], !tile.dirty else { continue }
                tiles[child]!.lastFrame = frame
                found.append(child)
            }
        }
        return found
    }

    /// Marks tile `key` drawn in `frame`, making it (empty, dirty) when missing; returns
    /// whether it needs rasterising.
    mutating func use(_ key: OverviewTileKey, frame: Int) -> Bool {
        if tiles[key] == nil {
            tiles[key] = OverviewTile(texture: TextureID(rawValue: nextTexture))
            nextTexture = nextTexture == Int32.min ? -1 : nextTexture - 1
        }
        tiles[key]!.lastFrame = frame
        return tiles[key]!.dirty
    }

    /// Stores `rgba` as tile `key`'s pixels, clean, with a new version.
    mutating func store(_ key: OverviewTileKey, rgba: inout [UInt8]) {
        guard tiles[key] != nil else { return }
        swap(&tiles[key]!.rgba, &rgba)
        tiles[key]!.version += 1
        tiles[key]!.dirty = false
    }

    /// Takes tile `key`'s pixel buffer out (to rasterise into without copying); empty when none.
    mutating func takePixels(_ key: OverviewTileKey) -> [UInt8] {
        guard tiles[key] != nil else { return [] }
        var out: [UInt8] = []
        swap(&tiles[key]!.rgba, &out)
        return out
    }

    /// Marks the tiles meeting flow rectangle `r` dirty. O(tiles kept).
    mutating func invalidate(_ r: Rect) {
        for (key, tile) in tiles where !tile.dirty && Self.flowRect(key).intersects(r) { tiles[key]!.dirty = true }
    }

    /// Marks every tile dirty.
    mutating func invalidateAll() {
        for key in tiles.keys { tiles[key]!.dirty = true }
    }

    /// Drops the tiles not drawn for `framesUntilEviction` frames before `frame`, then the least
    /// recently drawn beyond `maximumTiles` (never one drawn in `frame`).
    mutating func evict(frame: Int) {
        guard tiles.count > 0 else { return }
        if tiles.values.contains(where: { frame - $0.lastFrame >= Self.framesUntilEviction }) {
            tiles = tiles.filter { frame - $0.value.lastFrame < Self.framesUntilEviction }
        }
        if tiles.count > Self.maximumTiles {
            let old = tiles.sorted { $0.value.lastFrame < $1.value.lastFrame }.prefix(tiles.count - Self.maximumTiles)
            for (key, tile) in old where tile.lastFrame < frame { tiles.removeValue(forKey: key) }
        }
    }
}
