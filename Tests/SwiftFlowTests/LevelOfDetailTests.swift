@testable import SwiftFlow
import XCTest

/// Level of detail when zoomed out: far-out nodes as one rectangle without rebuilding their
/// view, no tiny text, hairline edges without fringes, curves flattened within a quarter pixel.
final class LevelOfDetailTests: XCTestCase {
    /// Records the text it is asked to draw.
    final class RecordingMeasurer: TextMeasurer {
        var drawn: [String] = []
        func measure(_ text: String, fontSize: Double, face: FontFace) -> Size { Size(width: Double(text.count) * 0.6 * fontSize, height: 1.2 * fontSize) }
        func lineSkip(fontSize: Double, face: FontFace) -> Double { 1.2 * fontSize }
        func drawText(_ text: String, fontSize: Double, face: FontFace, scale: Double, origin: Point, color: Color, into list: inout DrawList) {
            drawn.append(text)
        }
    }

    private func colour(_ v: DrawVertex) -> PackedColor { PackedColor(r: v.r, g: v.g, b: v.b, a: v.a) }

    /// Two stress nodes (160x80) side by side, joined by one flat edge out0 → in0.
    private func twoStressNodes(zoom: Double, lod: Bool = true, measurer: TextMeasurer = FixedAdvanceTextMeasurer())
        -> (FlowCanvas<JSONValue, JSONValue>, DrawList) {
        let doc = StressGraph.make(nodeCount: 2)
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), textMeasurer: measurer)
        canvas.minZoom = 0.001
        canvas.overviewPicture = false   // node by node (OverviewPictureTests: the picture)
        canvas.levelOfDetail = lod
        var list = DrawList()
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)   // laid out at zoom 1
        canvas.viewport = Viewport(x: 100, y: 100, zoom: zoom)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        return (canvas, list)
    }

    func testFarOutNodesAreOneRectangleInTheirBodyColourAndAreNotRebuilt() {
        let (canvas, list) = twoStressNodes(zoom: 0.05)   // 8x4 pixels
        XCTAssertEqual(canvas.stats.visibleNodes, 2)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0, "far-out nodes keep their last layout")
        XCTAssertEqual(canvas.stats.vertices - canvas.stats.edgeVertices, 8, "one 4-vertex rectangle per node, no handles")
        let body = FlowCanvas<JSONValue, JSONValue>.solidColor(ShapePaintStyle(fill: canvas.theme.nodeBackground, stroke: canvas.theme.nodeBorder,
                                                                               lineWidth: 1, cornerRadius: 3))!
        let first = list.vertices[canvas.stats.edgeVertices]
        XCTAssertEqual(colour(first), PackedColor(body))
        // Node n1 at flow (220, 0): its rectangle from screen (111, 100) to (119, 104).
        let second = list.vertices[canvas.stats.edgeVertices + 4 ..< canvas.stats.edgeVertices + 8].map { Point(x: Double($0.x), y: Double($0.y)) }
        XCTAssertEqual(second, [Point(x: 111, y: 100), Point(x: 119, y: 100), Point(x: 119, y: 104), Point(x: 111, y: 104)])
    }

    func testWithoutLevelOfDetailFarOutNodesAreRebuiltInFull() {
        let (canvas, _) = twoStressNodes(zoom: 0.05, lod: false)
        XCTAssertEqual(canvas.stats.laidOutNodes, 2)
        XCTAssertGreaterThan(canvas.stats.vertices - canvas.stats.edgeVertices, 8 * 4)
    }

    func testTextUnderFourPixelsIsNotDrawnButTheNodeIsStillBuilt() {
        let near = RecordingMeasurer()
        _ = twoStressNodes(zoom: 1, measurer: near)
        XCTAssertEqual(near.drawn.suffix(2), ["Node 0", "Node 1"])
        let small = RecordingMeasurer()
        let (canvas, _) = twoStressNodes(zoom: 0.3, measurer: small)   // 12 pt text at 3.6 pixels; nodes 48 pixels wide
        XCTAssertEqual(canvas.stats.laidOutNodes, 2)
        XCTAssertEqual(small.drawn, ["Node 0", "Node 1"], "only the first frame, at zoom 1, drew text")
    }

    func testHairlineEdgesFarOutAreTwoVerticesPerPointWithoutFringe() {
        let (canvas, list) = twoStressNodes(zoom: 0.05)
        // out0 of n0 at flow (160, 26.67) to in0 of n1 at (220, 26.67): a flat curve, one segment,
        // a strip one pixel wide whose opacity is the stroke's coverage (1 flow unit = 0.05 pixel).
        XCTAssertEqual(canvas.stats.edgeVertices, 4)
        let y = 100 + 0.05 * 80 / 3
        let strip = list.vertices[0..<4].map { Point(x: Double($0.x), y: Double($0.y)) }
        for (p, expected) in zip(strip, [Point(x: 108, y: y + 0.5), Point(x: 108, y: y - 0.5), Point(x: 111, y: y + 0.5), Point(x: 111, y: y - 0.5)]) {
            XCTAssertEqual(p.x, expected.x, accuracy: 1e-4)
            XCTAssertEqual(p.y, expected.y, accuracy: 1e-4)
        }
        XCTAssertEqual(colour(list.vertices[0]), PackedColor(canvas.theme.edgeColor.opacity(0.05)))
        let (full, _) = twoStressNodes(zoom: 0.05, lod: false)
        XCTAssertEqual(full.stats.edgeVertices, 8, "antialiased: 4 vertices per point")
    }

    func testEdgeVerticesCountOnlyTheEdgesWhenABackgroundIsDrawnFirst() {
        let doc = StressGraph.make(nodeCount: 2)
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
        canvas.minZoom = 0.001
        canvas.overviewPicture = false   // node by node (OverviewPictureTests: the picture)
        canvas.components = [Background(.lines, gap: 400, lineWidth: 2)]   // 20 pixels apart at zoom 0.05
        var list = DrawList()
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        canvas.viewport = Viewport(x: 100, y: 100, zoom: 0.05)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        XCTAssertGreaterThan(list.vertices.count, 4 + 8, "the background's lines are in the list")
        XCTAssertEqual(canvas.stats.edgeVertices, 4, "the one hairline strip, as without a background")
    }
}
