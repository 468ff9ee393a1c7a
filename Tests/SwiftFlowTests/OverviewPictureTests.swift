@testable import SwiftFlow
import XCTest

/// The overview picture: zoomed out until every node is a few pixels across, nodes and edges
/// come from rasterised tiles (exact pixels read from the tiles the draw list carries), which
/// follow a moved node; the selection is drawn live on top; a steady frame rasterises nothing.
final class OverviewPictureTests: XCTestCase {
    /// A (100x50) at flow (160, 320) and B at (1600, 320), joined by an edge, at zoom 1/16 from
    /// the origin: one device pixel is 16 flow units, tile (0, 0) of level -4 covers 4096 units.
    private func zoomedOut(_ configure: @escaping (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) -> CanvasHarness {
        let nodes = [testNode("A", x: 160, y: 320, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 1600, y: 320, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        let edges = [Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)]
        return CanvasHarness(nodes: nodes, edges: edges) {
            $0.overviewPicture = true
            $0.overviewTileBudget = .max   // every tile in the first frame (OverviewTileBudgetTests: the budget)
            $0.minZoom = 0.01
            $0.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 16)
            configure($0)
        }
    }

    private let firstTile = OverviewTileKey(level: -4, x: 0, y: 0)

    /// The colour of tile (0, 0)'s pixel (x, y) as the draw list hands it to the backend.
    private func pixel(_ h: CanvasHarness, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) -> PackedColor? {
        guard let tile = h.canvas.overview.tiles[firstTile], let picture = h.list.picture(for: tile.texture) else {
            XCTFail("tile (0, 0) is not in the draw list", file: file, line: line)
            return nil
        }
        XCTAssertEqual(picture.version, tile.version, file: file, line: line)
        let i = (y * picture.width + x) * 4
        return PackedColor(r: picture.rgba[i], g: picture.rgba[i + 1], b: picture.rgba[i + 2], a: picture.rgba[i + 3])
    }

    private func bodyColour(_ h: CanvasHarness) -> PackedColor {
        PackedColor(h.canvas.nodeCache.farColor(of: h.canvas.nodeCache.index(of: "A")!)!)
    }

    private let transparent = PackedColor(r: 0, g: 0, b: 0, a: 0)

    func testTheFittedFrameShowsNodePixelsWhereNodesAreAndNothingBetween() throws {
        let h = zoomedOut()
        XCTAssertEqual(h.canvas.stats.overviewTiles, 12, "an 800x600 canvas over 256-pixel tiles: 4 x 3")
        XCTAssertEqual(h.canvas.stats.drawnNodes, 0, "no node drawn one by one")
        XCTAssertEqual(h.list.pictures.count, 12)
        let body = bodyColour(h)
        XCTAssertEqual(body.a, 255)
        XCTAssertEqual(pixel(h, 13, 21), body, "A's centre: flow (210, 345)")
        XCTAssertEqual(pixel(h, 103, 21), body, "B's centre: flow (1650, 345)")
        XCTAssertEqual(pixel(h, 60, 50), transparent, "between the nodes: the background shows through")
        XCTAssertEqual(pixel(h, 9, 21), transparent, "left of A (its left border is pixel 10)")
    }

    func testASteadyFrameRasterisesNothingAndReusesTheTiles() {
        let h = zoomedOut()
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 12)
        let version = h.canvas.overview.tiles[firstTile]!.version
        h.frame()
        XCTAssertEqual(h.canvas.stats.overviewTiles, 12)
        XCTAssertEqual(h.canvas.stats.overviewTilesRasterised, 0)
        XCTAssertEqual(h.canvas.overview.tiles[firstTile]!.version, version)
    }

    func testAMovedNodesTileIsRasterisedAgain() throws {
        let h = zoomedOut()
        let body = bodyColour(h)
        let version = h.canvas.overview.tiles[firstTile]!.version
        h.drag(from: Point(x: 13, y: 21), to: Point(x: 33, y: 41))   // 20 pixels: 320 flow units each way
        XCTAssertEqual(h.node("A")?.position, Point(x: 480, y: 640))
        XCTAssertGreaterThan(h.canvas.overview.tiles[firstTile]!.version, version)
        XCTAssertEqual(pixel(h, 13, 21), transparent, "A's old place: background")
        XCTAssertEqual(pixel(h, 33, 41), body, "A's new centre: flow (530, 665)")
        XCTAssertEqual(pixel(h, 103, 21), body, "B unchanged")
    }

    func testTheSelectedNodeIsDrawnLiveOnTop() {
        let h = zoomedOut()
        h.play("click 13 21")
        XCTAssertEqual(h.node("A")?.selected, true)
        XCTAssertEqual(h.canvas.stats.overviewTiles, 12)
        XCTAssertEqual(h.canvas.stats.drawnNodes, 1, "only the selected node is drawn one by one")
        let ring = PackedColor(h.canvas.theme.selectionColor)
        XCTAssertTrue(h.list.vertices.contains { PackedColor(r: $0.r, g: $0.g, b: $0.b, a: $0.a) == ring }, "its selection outline")
        XCTAssertEqual(h.canvas.nodeHit(at: Point(x: 1650, y: 345)), 1, "an unselected node is hit through the node index")
    }

    func testWithoutTheOverviewPictureOrLevelOfDetailEveryNodeIsDrawn() {
        for configure: (FlowCanvas<JSONValue, JSONValue>) -> Void in [{ $0.overviewPicture = false }, { $0.levelOfDetail = false }] {
            let h = zoomedOut(configure)
            XCTAssertEqual(h.canvas.stats.overviewTiles, 0)
            XCTAssertTrue(h.list.pictures.isEmpty)
            XCTAssertEqual(h.canvas.stats.drawnNodes, 2)
        }
    }

    func testTheLevelIsTheFinestPowerOfTwoAtLeastTheScreens() {
        XCTAssertEqual(OverviewPicture.level(zoom: 1.0 / 16, displayScale: 1), -4)
        XCTAssertEqual(OverviewPicture.level(zoom: 0.05, displayScale: 1), -4, "1/16 ≥ 0.05 > 1/32")
        XCTAssertEqual(OverviewPicture.level(zoom: 0.05, displayScale: 2), -3)
        XCTAssertEqual(OverviewPicture.level(zoom: 0.015, displayScale: 1), -6)
        XCTAssertEqual(OverviewPicture.flowRect(OverviewTileKey(level: -4, x: 1, y: -1)), Rect(x: 4096, y: -4096, width: 4096, height: 4096))
    }

    func testTheRasteriserFillsPixelCentresAndKeepsTinyRectanglesVisible() {
        let raster = TileRasterizer(side: 4)
        var rgba: [UInt8] = []
        raster.clear(&rgba)
        let red = PackedColor(r: 255, g: 0, b: 0, a: 255)
        rgba.withUnsafeMutableBufferPointer { raster.fill(Rect(x: 0.4, y: 0.6, width: 1.2, height: 0.2), red, into: $0) }   // two column centres, no row centre
        let lit = stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0 + 3] != 0 }.map { $0 / 4 }
        XCTAssertEqual(lit, [0, 1], "columns 0 and 1 (centres 0.5 and 1.5), row 0 (where its middle, 0.7, is)")
        rgba.withUnsafeMutableBufferPointer { raster.line(Point(x: -10, y: 3.5), Point(x: 10, y: 3.5), red, coverage: 255, into: $0) }
        XCTAssertEqual((0..<4).map { rgba[(12 + $0) * 4 + 3] }, [255, 255, 255, 255], "row 3, clipped to the tile")
    }
}
