@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// The first frame drawn from the overview picture draws one by one exactly what the next
/// frames draw: the selected nodes, live on top of the complete tiles, with their selection
/// rings — also when a `fitView` asked for before it moves the view within that frame (as an
/// app opening a file does), where the interact stage has not yet learnt the selection. Nodes
/// only in the tiles are not kept for drawing one by one.
final class OverviewFirstFrameTests: XCTestCase {
    /// The 2,000-node stress graph (45 columns, 220 x 140 flow units apart, 160x80 nodes) with
    /// nodes 0, 300, …, 1800 selected, every tile rasterised in the first frame, fitted or at
    /// zoom 0.05 from the origin on the 800x600 canvas.
    private func harness(fit: Bool) -> CanvasHarness {
        var doc = StressGraph.make(nodeCount: 2000)
        for i in selected { doc.nodes[i].selected = true }
        return CanvasHarness(nodes: doc.nodes, edges: doc.edges) {
            $0.overviewPicture = true
            $0.overviewTileBudget = .max
            $0.minZoom = 0.01
            if fit { $0.fitView() } else { $0.viewport = Viewport(x: 0, y: 0, zoom: 0.05) }
        }
    }

    private let selected = Array(stride(from: 0, to: 2000, by: 300))

    /// How many of the list's vertices have the selection ring's colour.
    private func ringVertices(_ h: CanvasHarness) -> Int {
        let ring = PackedColor(h.canvas.theme.selectionColor)
        return h.list.vertices.filter { PackedColor(r: $0.r, g: $0.g, b: $0.b, a: $0.a) == ring }.count
    }

    func testAFittedFirstFrameDrawsTheSelectedNodesLiveAsTheNextFrameDoes() {
        let h = harness(fit: true)
        XCTAssertEqual(h.canvas.viewport.zoom, 800.0 / (44 * 220 + 160) / 1.1, accuracy: 1e-12, "fitted: 9,840 flow units wide, padding 10%")
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 35, "every tile: the picture complete")
        XCTAssertEqual(h.canvas.stats.overviewTilesPending, 0)
        XCTAssertEqual(h.canvas.stats.drawnNodes, 7, "the 7 selected nodes, one by one")
        XCTAssertEqual(h.canvas.nodeCache.visible, selected.map(Int32.init))
        XCTAssertGreaterThan(ringVertices(h), 0, "their selection rings")
        let first = h.list.vertices, rings = ringVertices(h)
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 0)
        XCTAssertEqual(h.canvas.stats.drawnNodes, 7)
        XCTAssertEqual(ringVertices(h), rings)
        XCTAssertTrue(h.list.vertices == first, "the second frame draws the same")
    }

    func testAFirstFrameAtASetViewKeepsOnlyTheLiveNodes() {
        let h = harness(fit: false)
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 12)
        XCTAssertEqual(h.canvas.stats.drawnNodes, 7)
        XCTAssertEqual(h.canvas.nodeCache.visible, selected.map(Int32.init), "not the 2,000 nodes in view")
        let first = h.list.vertices
        h.frame()
        XCTAssertEqual(h.canvas.nodeCache.visible, selected.map(Int32.init))
        XCTAssertTrue(h.list.vertices == first)
    }

    func testASelectedNodeHasOneColourInItsTileAndDrawnLive() throws {
        let h = harness(fit: false)
        let color = PackedColor(h.canvas.nodeCache.farColor(of: 300)!)
        XCTAssertEqual(color.a, 255)
        // Node 300 at flow (6600, 840) (column 30, row 6), centre (6680, 880): at zoom 0.05 in
        // tile (1, 0) of level -4 (4096 flow units, 16 per pixel), pixel (161, 55).
        let tile = try XCTUnwrap(h.canvas.overview.tiles[OverviewTileKey(level: -4, x: 1, y: 0)])
        let picture = try XCTUnwrap(h.list.picture(for: tile.texture))
        let p = (55 * picture.width + 161) * 4
        XCTAssertEqual(PackedColor(r: picture.rgba[p], g: picture.rgba[p + 1], b: picture.rgba[p + 2], a: picture.rgba[p + 3]), color)
        // Drawn live: far out (8x4 points), one rectangle of that colour at (330, 42)–(338, 46).
        let live = h.list.vertices.filter { PackedColor(r: $0.r, g: $0.g, b: $0.b, a: $0.a) == color }.map { [$0.x, $0.y] }
        XCTAssertTrue(live.contains([330, 42]) && live.contains([338, 46]), "\(live)")
    }
}
