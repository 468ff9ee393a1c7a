@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The overview tiles rasterised together on every core (`FlowCanvas.rasteriseTiles`,
/// `ParallelChunks`) hold exactly the pixels of the same tiles rasterised one at a time.
final class OverviewParallelTests: XCTestCase {
    /// 300 seeded nodes with handles over 25000x18000 flow units, 600 edges of every type, colour,
    /// width and selection, at zoom 1/16 on 1600x1200: 7 x 5 tiles, more than one round
    /// (`tilesPerRound`) on any machine of up to 8 cores. `budget`: tiles rasterised per frame.
    private func canvas(budget: Int) -> EmbeddedCanvas<JSONValue, JSONValue> {
        var rng = SplitMix64(seed: 0x7_11E5)
        let handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                       NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]
        let n = 300
        let nodes = (0..<n).map { testNode("n\($0)", x: Double(rng.next() % 25000), y: Double(rng.next() % 18000), handles: handles) }
        let types: [EdgeType] = [.bezier, .simpleBezier, .straight, .step, .smoothStep]
        let edges = (0..<600).map { k -> Edge<JSONValue> in
            var e = testEdge("e\(k)", "n\(rng.next() % UInt64(n))", "n\(rng.next() % UInt64(n))", "out", "in")
            e.type = types[k % types.count]
            e.style.strokeWidth = [1, 16, 0, 40, 4][k % 5]
            if k % 3 == 0 { e.style.stroke = Color(hex: UInt32(0x204060 + k * 0x010305)) }
            e.selected = k % 4 == 1
            return e
        }
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 1600, height: 1200))
        d.canvas.overviewPicture = true
        d.canvas.overviewTileBudget = budget
        d.canvas.minZoom = 0.01
        d.canvas.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 16)
        d.frame()
        var frames = 0
        repeat { d.frame(); frames += 1 } while d.canvas.needsAnotherFrame && frames < 100
        return d
    }

    private func tiles(_ d: EmbeddedCanvas<JSONValue, JSONValue>) -> [OverviewTileKey: [UInt8]] {
        d.canvas.overview.tiles.filter { $0.key.level == -4 }.mapValues(\.rgba)
    }

    func testTilesRasterisedTogetherEqualTilesRasterisedOneAFrame() {
        let together = canvas(budget: .max), alone = canvas(budget: 1)
        XCTAssertTrue(together.canvas.usesOverview)
        let a = tiles(together), b = tiles(alone)
        XCTAssertEqual(a.count, 35, "7 x 5 tiles of 256 pixels over 1600x1200")
        XCTAssertEqual(Set(a.keys), Set(b.keys))
        for (key, pixels) in a {
            XCTAssertEqual(pixels.count, OverviewPicture.tileSize * OverviewPicture.tileSize * 4)
            XCTAssertTrue(pixels == b[key], "tile \(key.x),\(key.y)")
        }
        let drawn = a.values.map { p in stride(from: 3, to: p.count, by: 4).filter { p[$0] > 0 }.count }
        XCTAssertGreaterThan(drawn.filter { $0 > 100 }.count, 20, "most tiles hold edges and nodes")
    }

    func testEachTileEqualsTheSceneRasterisedSerially() {
        let d = canvas(budget: .max)
        let c = d.canvas, scene = c.tileScene
        let colors = TileStrokeColors(edge: PackedColor(c.theme.edgeColor), selected: PackedColor(c.theme.edgeSelectedColor))
        var path: [Point] = [], found: [Int32] = [], strokes: [TileStroke] = []
        for (key, pixels) in tiles(d) {
            c.frameInput.edges.withUnsafeBufferPointer { edges in
                FlowCanvas<JSONValue, JSONValue>.collectStrokes(key, edges, index: c.edgeIndex.rects, colors: colors, found: &found, into: &strokes)
            }
            var serial: [UInt8] = []
            scene.rasterise(key, strokes: strokes, into: &serial, path: &path, found: &found)
            XCTAssertTrue(pixels == serial, "tile \(key.x),\(key.y)")
        }
    }
}
