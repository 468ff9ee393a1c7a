@testable import SwiftFlow
import SwiftFlowCore
import SwiftFlowTesting
import XCTest

/// A first frame's placement on every core (`FirstPlacements`: the nodes placed without their
/// view planned in chunks, then recorded in node order) records exactly what the pass records
/// on the calling thread alone (`firstPlacementChunk` = `Int.max`): every registry entry, style,
/// anchor and node range, every node's state and index rectangle, the far colours, the visible
/// nodes and the diagnostics in order, compared bit for bit.
final class FirstPlacementChunksTests: XCTestCase {
    /// A seeded graph of `count` nodes on a grid: the four built-in types and a custom type that
    /// cannot be placed without its view, own handle lists (some with duplicate ids), fixed
    /// sizes, hidden nodes, duplicate node ids and a few non-finite sizes.
    private func graph(_ count: Int, seed: UInt64) -> [Node<JSONValue>] {
        var r = SeededRandom(seed: seed)
        let types = ["default", "input", "output", "group", "custom", "default", "default"]
        return (0..<count).map { i in
            let side = { Position.allCases[r.int(4)] }
            let handles: [NodeHandle]? = r.chance(15)
                ? (0..<(1 + r.int(4))).map { _ in NodeHandle(id: "h\(r.int(3))", type: r.chance(50) ? .source : .target, position: side()) }
                : nil
            let fixed = r.chance(20), nonFinite = r.chance(1)
            return Node(id: r.chance(1) && i > 0 ? "n\(i - 1)" : "n\(i)",
                        position: Point(x: Double(i % 100) * 200 + r.double(0...50), y: Double(i / 100) * 80),
                        data: .string("label \(i)"), type: types[r.int(types.count)],
                        width: nonFinite ? .nan : fixed ? r.double(20...300) : nil, height: fixed || nonFinite ? r.double(20...120) : nil,
                        hidden: r.chance(3), sourcePosition: side(), targetPosition: side(), handles: handles)
        }
    }

    /// A first frame of `nodes` at `viewport`, with chunks of at least `chunk` nodes.
    private func firstFrame(_ nodes: [Node<JSONValue>], _ viewport: Viewport, chunk: Int) -> EmbeddedCanvas<JSONValue, JSONValue> {
        let d = EmbeddedCanvas(nodes: nodes, edges: [Edge<JSONValue>](), makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.canvas.minZoom = 0.001
        d.canvas.viewport = viewport
        d.canvas.firstPlacementChunk = chunk
        d.canvas.nodeTypes["custom"] = NodeType { node in
            Text(node.id)
            Handle(nodeId: node.id, id: "c", type: .source, position: .right)
        }
        d.frame()
        return d
    }

    private func bits(_ p: Point) -> String { "\(p.x.bitPattern),\(p.y.bitPattern)" }
    private func bits(_ s: Size) -> String { "\(s.width.bitPattern)x\(s.height.bitPattern)" }
    private func bits(_ c: Color?) -> String { c.map { "\($0.red.bitPattern) \($0.green.bitPattern) \($0.blue.bitPattern) \($0.opacity.bitPattern)" } ?? "nil" }

    /// What a first frame recorded, as lines (floating-point values by their bits).
    private func record(_ d: EmbeddedCanvas<JSONValue, JSONValue>) -> [String] {
        let c = d.canvas, reg = c.registry, cache = c.nodeCache
        var lines = ["versions \(reg.structureVersion) \(reg.geometryVersion) \(cache.sizesVersion) largest \(String(describing: cache.largestSide))"]
        lines += reg.styles.map { "style \($0.id) \($0.type) \($0.position) \(bits($0.color)) \($0.isConnectable)" }
        lines += reg.packed.indices.map { e in
            "entry \(reg.packed[e].nodeIndex) \(reg.packed[e].style) \(bits(reg.packed[e].localAnchor)) \(bits(reg.anchor(of: e)))"
        }
        lines += reg.nodeIds.indices.map { "node \($0) \(reg.nodeIds[$0]) \(reg.starts[$0]) \(reg.counts[$0])" }
        lines += cache.states.indices.map { i in
            let s = cache.states[i]
            return "state \(i) \(bits(s.origin)) \(bits(s.size)) \(s.laidOut) \(s.drawable) \(s.duplicate) \(s.opsFrame) \(s.farColor) "
                + "\(s.showsSelectionRing) \(s.solid.nodesVersion) \(String(describing: cache.bounds.rect(of: i)))"
        }
        lines += cache.farColors.map { "far \(bits($0))" }
        lines.append("visible \(cache.visible)")
        lines += d.drainDiagnostics().map { "diagnostic \($0)" }
        return lines
    }

    func testAFirstFramePlacedInChunksRecordsExactlyWhatTheCallingThreadRecords() {
        let nodes = graph(34_000, seed: 0x5EED_0041)
        for viewport in [Viewport(x: 0, y: 0, zoom: 1), Viewport(x: -9000, y: -5000, zoom: 0.05)] {
            let chunks = firstFrame(nodes, viewport, chunk: 16_384), serial = firstFrame(nodes, viewport, chunk: .max)
            let a = record(chunks), b = record(serial)
            XCTAssertEqual(a.count, b.count, "\(viewport)")
            for (x, y) in zip(a, b) where x != y {
                XCTFail("\(viewport): \(x) vs \(y)")
                break
            }
            let placed = serial.canvas.nodeCache.states.filter { $0.laidOut && $0.opsFrame == -1 }.count
            XCTAssertGreaterThan(placed, 25_000, "\(viewport): most nodes are placed without their view")
            XCTAssertGreaterThan(serial.canvas.stats.laidOutNodes, 0, "\(viewport): some nodes are laid out with their view")
            XCTAssertTrue(a.contains { $0.hasPrefix("diagnostic") && $0.contains("two handles with id") }, "\(viewport)")
        }
    }
}
