@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The passes that run on every core (`ParallelChunks`) at sizes around their chunk bounds
/// (16,384 items a chunk at least: 32,767 items are one chunk, 32,768 two on two cores), against
/// a serial pass: a canvas that follows appended nodes and edges one frame at a time must know
/// what a fresh canvas over the same arrays (its first frame on every core) knows; the selection
/// scan and the id and tag passes must equal their one-element-at-a-time results.
final class ParallelBoundTests: XCTestCase {
    private static let sizes = [16_383, 16_384, 16_385, 32_767, 32_768, 32_769]

    /// Node `i` of the seeded graph: a grid, some selected (the chunk bounds among them), a few hidden.
    private func node(_ i: Int, _ r: inout SeededRandom) -> Node<JSONValue> {
        var n = testNode("n\(i)", x: Double(i % 200) * 120, y: Double(i / 200) * 70, width: 100, height: 50,
                         handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                                   NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)])
        n.selected = i % 16_384 == 0 || i % 16_384 == 16_383 || r.chance(2)
        n.hidden = r.chance(1)
        return n
    }

    /// Edge `k` of `count` nodes: to a seeded node, now and then to a missing one or naming a
    /// handle its node lacks.
    private func edge(_ k: Int, nodes count: Int, _ r: inout SeededRandom) -> Edge<JSONValue> {
        var e = testEdge("e\(k)", "n\(k % count)", r.chance(3) ? "ghost\(r.int(5))" : "n\(r.int(count))", "out", r.chance(3) ? "nope" : "in")
        e.selected = k % 16_384 == 0 || r.chance(2)
        return e
    }

    func testACanvasFollowingAppendsAcrossTheChunkBoundEqualsAFreshOne() {
        var r = SeededRandom(seed: 0xB0_0D)
        let start = 32_767
        let nodes = (0..<start).map { node($0, &r) }
        let edges = (0..<start).map { edge($0, nodes: start, &r) }
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.canvas.viewport = Viewport(x: 0, y: 0, zoom: 0.05)
        d.frame()
        d.frame()
        for step in 0..<2 {
            let i = d.store.nodes.count
            d.store.apply([NodeChange.add(node(i, &r))])
            d.store.apply([EdgeChange.add(edge(d.store.edges.count, nodes: i + 1, &r))])
            d.frame()
            d.frame()
            let problems = differencesFromFresh(d)
            XCTAssertEqual(problems.prefix(5).map { String($0.prefix(300)) }, [], "step \(step): \(i + 1) nodes")
        }
        _ = d.drainOutbound()
        _ = d.drainDiagnostics()
    }

    func testTheSelectionScanAroundTheChunkBoundsEqualsAFilter() {
        var r = SeededRandom(seed: 0x5E1)
        for count in Self.sizes {
            var edges = (0..<count).map { testEdge("e\($0)", "a", "b") }
            for k in edges.indices where k % 16_384 == 0 || k % 16_384 == 16_383 || (count - k) < 3 || r.chance(1) { edges[k].selected = true }
            let scanned = FlowCanvas<JSONValue, JSONValue>.selectedIndices(of: edges)
            XCTAssertEqual(scanned, edges.indices.filter { edges[$0].selected }, "\(count) edges")
        }
    }

    func testTheIdAndTagPassesAroundTheChunkBoundsEqualOneAtATime() {
        for count in Self.sizes {
            let nodes = (0..<count).map { testNode("n\($0)", x: 0, y: 0, handles: []) }
            XCTAssertEqual(Node<JSONValue>.ids(of: nodes), nodes.map(\.id), "\(count) nodes")
            let map = ElementIdIndex(nodes)
            XCTAssertEqual(map?.count, count)
            for i in [0, 16_382, 16_383, 16_384, 16_385, count - 1] where i < count { XCTAssertEqual(map?.index(of: "n\(i)", in: nodes), i) }
            XCTAssertNil(map?.index(of: "n\(count)", in: nodes))
        }
    }
}
