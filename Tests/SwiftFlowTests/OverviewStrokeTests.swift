@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The overview tiles' edges (`TileStroke`, `TileRasterizer.stroke`, `EdgeEndReader`) against
/// a reference written out here edge by edge through the canvas' own `resolvedEnds`: every
/// pixel of every tile the same, for edges of every type, colour, width and selection.
final class OverviewStrokeTests: XCTestCase {
    /// 40 nodes with handles (and 4 without) over 3000x2000 flow units, 60 edges of mixed
    /// types, colours, widths (0 among them) and selection, at zoom 1/16 on 800x600.
    private func canvas() -> EmbeddedCanvas<JSONValue, JSONValue> {
        var rng = SplitMix64(seed: 0x5_7120_4E)
        let handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                       NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]
        let n = 44
        let nodes = (0..<n).map { testNode("n\($0)", x: Double(rng.next() % 3000), y: Double(rng.next() % 2000), handles: $0 < 40 ? handles : []) }
        let types: [EdgeType] = [.bezier, .simpleBezier, .straight, .step, .smoothStep]
        let edges = (0..<60).map { k -> Edge<JSONValue> in
            var e = Edge<JSONValue>(id: "e\(k)", source: "n\(k % n)", target: "n\((k * 7 + 3) % n)", data: .null)
            e.type = types[k % types.count]
            e.style.strokeWidth = [1, 16, 0, 40, 4][k % 5]
            if k % 3 == 0 { e.style.stroke = Color(hex: UInt32(0x204060 + k * 0x010305)) }
            e.selected = k % 4 == 1
            return e
        }
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.canvas.overviewPicture = true
        d.canvas.overviewTileBudget = .max
        d.canvas.minZoom = 0.01
        d.canvas.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 16)
        d.frame()
        d.frame()
        return d
    }

    /// Tile `key` drawn the reference way: per edge of the edge index's query, in index order,
    /// its ends through `resolvedEnds`, its path flattened within half a pixel, one-pixel lines
    /// at its hairline coverage; then the nodes' rectangles and their handles' squares.
    private func reference(_ c: FlowCanvas<JSONValue, JSONValue>, _ key: OverviewTileKey) -> [UInt8] {
        let raster = TileRasterizer(side: OverviewPicture.tileSize)
        var rgba: [UInt8] = []
        raster.clear(&rgba)
        let area = OverviewPicture.flowRect(key), scale = OverviewPicture.scale(key.level)
        func pixel(_ p: Point) -> Point { Point(x: (p.x - area.minX) * scale, y: (p.y - area.minY) * scale) }
        let edges = c.frameInput.edges, nodes = c.frameInput.nodes
        var found: [Int32] = []
        c.edgeIndex.rects.query(area, into: &found)
        rgba.withUnsafeMutableBufferPointer { rgba in
            for k in found.map(Int.init) {
                let e = edges[k], width = e.style.strokeWidth * scale
                guard let ends = c.resolvedEnds(k, nodes), width > 0 else { continue }
                let color = PackedColor(e.selected ? c.theme.edgeSelectedColor : e.style.stroke ?? c.theme.edgeColor)
                var path: [Point] = []
                ends.path(e.type).flatten(tolerance: 0.5 / scale, into: &path)
                for j in path.indices.dropFirst() {
                    raster.line(pixel(path[j - 1]), pixel(path[j]), color, coverage: Int(min(width, 1) * 255), into: rgba)
                }
            }
            c.nodeCache.bounds.query(area, into: &found)
            for i in found.map(Int.init) {
                guard let color = c.nodeCache.farColor(of: i), let r = c.nodeCache.bounds.rect(of: i) else { continue }
                raster.fill(Rect(origin: pixel(r.origin), size: Size(width: r.width * scale, height: r.height * scale)), PackedColor(color), into: rgba)
                let side = c.theme.handleSize * scale
                guard side >= DetailLevel.hiddenHandlePixels else { continue }
                for e in c.registry.range(ofNode: i) {
                    let p = pixel(c.registry.anchor(of: e))
                    raster.fill(Rect(x: p.x - side / 2, y: p.y - side / 2, width: side, height: side),
                                PackedColor(c.registry.style(of: e).color ?? c.theme.handleColor), into: rgba)
                }
            }
        }
        return rgba
    }

    func testEveryTileHoldsTheReferencePixels() {
        let d = canvas()
        let c = d.canvas
        XCTAssertTrue(c.usesOverview)
        let tiles = c.overview.tiles.filter { $0.key.level == -4 }
        XCTAssertEqual(tiles.count, 12, "4 x 3 tiles of 256 pixels over 800x600")
        var drawn = 0
        for (key, tile) in tiles {
            let expected = reference(c, key)
            XCTAssertEqual(tile.rgba.count, expected.count)
            let differing = stride(from: 0, to: expected.count, by: 4).filter { tile.rgba[$0..<$0 + 4] != expected[$0..<$0 + 4] }.count
            XCTAssertEqual(differing, 0, "tile \(key.x),\(key.y)")
            drawn += stride(from: 3, to: expected.count, by: 4).filter { expected[$0] > 0 }.count
        }
        XCTAssertGreaterThan(drawn, 1000, "the tiles hold edges and nodes")
    }
}
