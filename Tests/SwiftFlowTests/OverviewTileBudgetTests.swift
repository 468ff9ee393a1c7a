@testable import SwiftFlow
import XCTest

/// The overview picture's tile budget (`FlowCanvas.overviewTileBudget`): after a zoom across a
/// level, a frame rasterises at most the budget of tiles and draws the others from the kept
/// tiles of the other level scaled in their place; the following frames finish the rest, and a
/// steady frame then rasterises nothing.
final class OverviewTileBudgetTests: XCTestCase {
    /// A (100x50) at flow (160, 320) and C at (2100, 2100), at zoom `zoom` from the origin on an
    /// 800x600 canvas, every tile of the first frame rasterised (budget `Int.max`), then budget 4.
    private func harness(zoom: Double) -> CanvasHarness {
        let h = CanvasHarness(nodes: [testNode("A", x: 160, y: 320, handles: []), testNode("C", x: 2100, y: 2100, handles: [])], edges: []) {
            $0.overviewPicture = true
            $0.overviewTileBudget = .max
            $0.minZoom = 0.01
            $0.viewport = Viewport(x: 0, y: 0, zoom: zoom)
        }
        XCTAssertEqual(h.canvas.stats.overviewTilesPending, 0)
        XCTAssertFalse(h.canvas.needsAnotherFrame)
        h.canvas.overviewTileBudget = 4
        return h
    }

    /// The colour of pixel (x, y) of kept tile `key` as the draw list hands it to the backend.
    private func pixel(_ h: CanvasHarness, _ key: OverviewTileKey, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) -> PackedColor? {
        guard let tile = h.canvas.overview.tiles[key], let picture = h.list.picture(for: tile.texture) else {
            XCTFail("tile \(key) is not in the draw list", file: file, line: line)
            return nil
        }
        let i = (y * picture.width + x) * 4
        return PackedColor(r: picture.rgba[i], g: picture.rgba[i + 1], b: picture.rgba[i + 2], a: picture.rgba[i + 3])
    }

    /// The screen rectangles and texture coordinates of the list's image quads naming `key`'s texture.
    private func quads(_ h: CanvasHarness, _ key: OverviewTileKey) -> [[Double]] {
        guard let texture = h.canvas.overview.tiles[key]?.texture else { return [] }
        var found: [[Double]] = []
        for command in h.list.commands where command.texture == texture {
            for q in stride(from: command.indexOffset, to: command.indexOffset + command.indexCount, by: 6) {
                let a = h.list.vertices[command.vertexOffset + Int(h.list.indices[q])]
                let c = h.list.vertices[command.vertexOffset + Int(h.list.indices[q + 2])]
                found.append([a.x, a.y, c.x, c.y, a.u, a.v, c.u, c.v].map(Double.init))
            }
        }
        return found
    }

    private func colour(_ h: CanvasHarness, _ id: String) -> PackedColor {
        PackedColor(h.canvas.nodeCache.farColor(of: h.canvas.nodeCache.index(of: id)!)!)
    }

    func testAZoomInRasterisesTheBudgetAndDrawsTheRestFromTheCoarserLevel() {
        let h = harness(zoom: 1.0 / 16)
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 12, "level -4: 4 x 3 tiles of 4096 flow units")
        let parent = OverviewTileKey(level: -4, x: 0, y: 0)
        h.canvas.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 8)   // level -3: tiles of 2048 flow units
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTiles, 12, "4 x 3 tiles of level -3 (6400 x 4800 flow units on screen)")
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 4, "the budget: row 0")
        XCTAssertEqual(h.canvas.stats.overviewTilesPending, 8)
        XCTAssertEqual(h.canvas.stats.overviewTilesStandIn, 8, "every other tile from its level -4 parent")
        XCTAssertTrue(h.canvas.needsAnotherFrame)
        // Tile (1, 1) of level -3 (flow 2048...4096, screen 256...512) is the lower right quarter of its parent.
        XCTAssertTrue(quads(h, parent).contains([256, 256, 512, 512, 0.5, 0.5, 1, 1]))
        XCTAssertEqual(pixel(h, parent, 134, 132), colour(h, "C"), "C's centre, flow (2150, 2125), through the scaled parent")
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 4, "row 1")
        XCTAssertEqual(h.canvas.stats.overviewTilesPending, 4)
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 4, "row 2")
        XCTAssertEqual(h.canvas.stats.overviewTilesPending, 0)
        XCTAssertFalse(h.canvas.needsAnotherFrame)
        XCTAssertEqual(pixel(h, OverviewTileKey(level: -3, x: 1, y: 1), 12, 9), colour(h, "C"), "C's centre in its own tile")
        XCTAssertTrue(quads(h, parent).isEmpty, "the parent is no longer drawn")
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTiles, 12)
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 0, "a steady frame: no tile work")
        XCTAssertEqual(h.canvas.stats.overviewTilesPending, 0)
    }

    func testAZoomOutDrawsTheFinerChildrenWhereTheyAreKept() {
        let h = harness(zoom: 1.0 / 8)
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 12, "level -3: x 0...3, y 0...2")
        h.canvas.overviewTileBudget = 1
        h.canvas.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 16)   // level -4: x 0...3, y 0...2
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 1, "tile (0, 0)")
        XCTAssertEqual(h.canvas.stats.overviewTilesPending, 11)
        XCTAssertEqual(h.canvas.stats.overviewTilesStandIn, 3, "(1, 0), (0, 1), (1, 1): the others have no kept child")
        let child = OverviewTileKey(level: -3, x: 2, y: 1)   // flow (4096, 2048)...(6144, 4096), in tile (1, 0)
        XCTAssertEqual(quads(h, child), [[256, 128, 384, 256, 0, 0, 1, 1]], "a child whole, at its place")
        XCTAssertEqual(pixel(h, OverviewTileKey(level: -4, x: 0, y: 0), 134, 132), colour(h, "C"), "C in the rasterised tile")
        for _ in 0..<11 { h.frame() }
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 1)
        XCTAssertFalse(h.canvas.needsAnotherFrame)
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 0)
    }
}
