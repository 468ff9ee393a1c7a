import SwiftFlowCore
import XCTest

/// `computeLayout`: exact positions for small graphs, and the invariants (no overlaps, layers
/// in edge order, determinism) on larger ones.
final class LayoutAlgorithmTests: XCTestCase {
    private func node(_ id: String, _ w: Double = 100, _ h: Double = 40, parent: String? = nil) -> Node<Int> {
        Node(id: id, position: Point(x: 999, y: 999), data: 0, width: w, height: h, parentId: parent)
    }
    private func edge(_ s: String, _ t: String) -> Edge<Int> { Edge(id: "\(s)-\(t)", source: s, target: t, data: 0) }

    private func rects(_ nodes: [Node<Int>], _ pos: [String: Point]) -> [Rect] {
        nodes.compactMap { n in pos[n.id].map { Rect(origin: $0, size: n.fixedSize!) } }
    }
    private func assertNoOverlaps(_ r: [Rect], file: StaticString = #filePath, line: UInt = #line) {
        for i in r.indices { for j in r.indices where j > i {
            let overlap = r[i].minX < r[j].maxX && r[j].minX < r[i].maxX && r[i].minY < r[j].maxY && r[j].minY < r[i].maxY
            XCTAssertFalse(overlap, "\(r[i]) overlaps \(r[j])", file: file, line: line)
        } }
    }

    /// Asserts each node in `expected` sits at its position in `p` (nodes not named are unchecked).
    private func assertPositions(_ p: [String: Point], _ expected: KeyValuePairs<String, Point>,
                                 file: StaticString = #filePath, line: UInt = #line) {
        for (id, point) in expected { XCTAssertEqual(p[id], point, id, file: file, line: line) }
    }

    /// A deterministic "random" DAG-ish graph with cycles: n nodes of varied sizes, ~2n edges.
    private func randomGraph(_ n: Int, seed: UInt64) -> ([Node<Int>], [Edge<Int>]) {
        var rng = SplitMix64(seed: seed)
        let nodes = (0..<n).map { node("n\($0)", Double(60 + rng.next() % 120), Double(30 + rng.next() % 50)) }
        var edges: [Edge<Int>] = []
        for i in 0..<(2 * n) {
            let a = Int(rng.next() % UInt64(n)), b = Int(rng.next() % UInt64(n))
            edges.append(Edge(id: "e\(i)", source: "n\(a)", target: "n\(b)", data: 0))
        }
        return (nodes, edges)
    }

    func testLayeredLeftToRightChainAndFork() throws {
        let nodes = [node("a"), node("b"), node("c"), node("d", 100, 80)]
        let edges = [edge("a", "b"), edge("a", "c"), edge("b", "d"), edge("c", "d")]
        let p = try computeLayout(nodes: nodes, edges: edges, algorithm: .layered(direction: .leftToRight, layerSpacing: 50, nodeSpacing: 20))
        // Layers at x = 0, 150, 300; b and c stacked 20 apart and centred on a and d.
        assertPositions(p, ["a": Point(x: 0, y: 30), "b": Point(x: 150, y: 0),
                            "c": Point(x: 150, y: 60), "d": Point(x: 300, y: 10)])
    }

    func testLayeredTopToBottomPutsEverySuccessorInALowerLayer() throws {
        let (nodes, edges) = randomGraph(60, seed: 3)
        let dag = edges.filter { Int($0.source.dropFirst())! < Int($0.target.dropFirst())! }
        let p = try computeLayout(nodes: nodes, edges: dag, algorithm: .layered(direction: .topToBottom))
        assertNoOverlaps(rects(nodes, p))
        let byId = Dictionary(uniqueKeysWithValues: nodes.map { ($0.id, $0) })
        for e in dag {
            XCTAssertLessThan(p[e.source]!.y + byId[e.source]!.height!, p[e.target]!.y, "\(e.source) → \(e.target)")
        }
    }

    func testLayeredToleratesCyclesAndIsDeterministic() throws {
        let (nodes, edges) = randomGraph(80, seed: 9)
        let a = try computeLayout(nodes: nodes, edges: edges, algorithm: .layered())
        let b = try computeLayout(nodes: nodes, edges: edges, algorithm: .layered())
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.count, 80)
        assertNoOverlaps(rects(nodes, a))
    }

    func testLayeredUncrossesASwappedPair() throws {
        // a1→b2 and a2→b1 cross in input order; the sweeps must remove the crossing.
        let nodes = [node("a1"), node("a2"), node("b1"), node("b2")]
        let p = try computeLayout(nodes: nodes, edges: [edge("a1", "b2"), edge("a2", "b1")], algorithm: .layered())
        XCTAssertEqual(p["a1"]!.y < p["a2"]!.y, p["b2"]!.y < p["b1"]!.y)
        XCTAssertEqual(p["a1"]!.y, p["b2"]!.y)
    }

    func testTreeCentresParentsOverTheirChildren() throws {
        let nodes = [node("r"), node("a"), node("b"), node("a1"), node("a2")]
        let edges = [edge("r", "a"), edge("r", "b"), edge("a", "a1"), edge("a", "a2")]
        let p = try computeLayout(nodes: nodes, edges: edges, algorithm: .tree(direction: .topToBottom, layerSpacing: 60, nodeSpacing: 20))
        assertPositions(p, ["a1": Point(x: 0, y: 200), "a2": Point(x: 120, y: 200), "a": Point(x: 60, y: 100),
                            "b": Point(x: 240, y: 100), "r": Point(x: 150, y: 0)])
    }

    func testTreeOfADeepChainAndACycleHasNoOverlaps() throws {
        let chain = (0..<5000).map { node("c\($0)") }
        let edges = (1..<5000).map { edge("c\($0 - 1)", "c\($0)") } + [edge("c4999", "c0")]
        let p = try computeLayout(nodes: chain, edges: edges, algorithm: .tree(direction: .leftToRight))
        XCTAssertEqual(p["c0"], Point(x: 0, y: 0))
        XCTAssertEqual(p["c4999"], Point(x: 4999 * 180, y: 0))
    }

    func testGridPlacesNodesRowByRow() throws {
        let nodes = (0..<5).map { node("g\($0)", $0 == 2 ? 140 : 100, 40) }
        let p = try computeLayout(nodes: nodes, edges: [Edge<Int>](), algorithm: .grid(columns: nil, spacing: 10))
        // 3 columns of 150-wide cells, 50-high rows; nodes centred in their cells (the wide g2
        // reaches 20 further left than the others, so they start at 0 after the shift).
        assertPositions(p, ["g0": Point(x: 0, y: 0), "g2": Point(x: 280, y: 0),
                            "g3": Point(x: 0, y: 50), "g4": Point(x: 150, y: 50)])
    }

    func testForceIsSeededDeterministicAndOverlapFree() throws {
        let (nodes, edges) = randomGraph(40, seed: 5)
        let a = try computeLayout(nodes: nodes, edges: edges, algorithm: .force(seed: 7, iterations: 100, spacing: 10))
        let b = try computeLayout(nodes: nodes, edges: edges, algorithm: .force(seed: 7, iterations: 100, spacing: 10))
        let c = try computeLayout(nodes: nodes, edges: edges, algorithm: .force(seed: 8, iterations: 100, spacing: 10))
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        assertNoOverlaps(rects(nodes, a))
        XCTAssertEqual(a.values.map(\.x).min(), 0)
        XCTAssertEqual(a.values.map(\.y).min(), 0)
    }

    func testForcePullsConnectedNodesCloserThanUnconnectedOnes() throws {
        let nodes = (0..<6).map { node("f\($0)", 40, 40) }
        let edges = [edge("f0", "f1"), edge("f1", "f2"), edge("f3", "f4"), edge("f4", "f5")]
        let p = try computeLayout(nodes: nodes, edges: edges, algorithm: .force())
        let linked = p["f0"]!.distance(to: p["f1"]!), apart = p["f0"]!.distance(to: p["f5"]!)
        XCTAssertLessThan(linked, apart)
    }

    func testBadInputGivesTypedErrorsAndEmptyGraphsNothing() {
        XCTAssertThrowsError(try computeLayout(nodes: [node("x"), node("x")], edges: [Edge<Int>](), algorithm: .grid())) {
            XCTAssertEqual($0 as? LayoutError, .duplicateNodeId("x"))
        }
        XCTAssertThrowsError(try computeLayout(nodes: [node("x", .nan, 1)], edges: [Edge<Int>](), algorithm: .layered())) {
            XCTAssertEqual($0 as? LayoutError, .invalidSize(nodeId: "x"))
        }
        XCTAssertThrowsError(try computeLayout(nodes: [node("x")], edges: [Edge<Int>](), algorithm: .grid(columns: 0))) {
            XCTAssertEqual($0 as? LayoutError, .invalidParameter("columns = 0"))
        }
        XCTAssertThrowsError(try computeLayout(nodes: [node("x")], edges: [Edge<Int>](), algorithm: .layered(layerSpacing: -1))) {
            XCTAssertEqual($0 as? LayoutError, .invalidParameter("layerSpacing = -1.0"))
        }
        XCTAssertEqual(try computeLayout(nodes: [Node<Int>](), edges: [Edge<Int>](), algorithm: .force()), [:])
    }

    func testChildNodesAndEdgesToMissingNodesAreLeftOut() throws {
        let nodes = [node("p"), node("q"), node("child", parent: "p")]
        let edges = [edge("p", "q"), edge("q", "ghost"), edge("child", "q"), edge("p", "p")]
        let p = try computeLayout(nodes: nodes, edges: edges, algorithm: .layered(layerSpacing: 50))
        XCTAssertEqual(Set(p.keys), ["p", "q"])
        XCTAssertEqual(p["q"], Point(x: 150, y: 0))
    }
}
