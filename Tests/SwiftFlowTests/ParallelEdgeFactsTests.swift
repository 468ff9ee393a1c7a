@testable import SwiftFlow
import XCTest

/// The edge facts pass on every core (`FlowCanvas.rebuildEdgeInfo`: chunks intern their edges'
/// facts, labelled edges measured afterwards on the calling thread) against one chunk and
/// against the table one pass in edge order builds: the same facts, numbered alike, the same
/// selection and drawing order.
final class ParallelEdgeFactsTests: XCTestCase {
    /// The stress graph's 18,000 edges, changed at seeded places: labels (of several sizes, some
    /// empty), markers, stroke widths (a non-finite one), types, hidden, selected, a `zIndex`.
    private func seededEdges(layered: Bool) -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
        let doc = StressGraph.make(nodeCount: 9_000)
        var edges = doc.edges, r = SeededRandom(seed: 91)
        for k in edges.indices {
            switch r.int(16) {
            case 0: edges[k].label = ["a", "bb", "a longer label", ""][r.int(4)]
            case 1: edges[k].markerEnd = EdgeMarker(type: .arrowClosed, width: Double(10 + r.int(3)))
            case 2: edges[k].style = EdgeStyle(strokeWidth: [1, 3, .infinity][r.int(3)])
            case 3: edges[k].type = [.step, .straight, .smoothStep][r.int(3)]
            case 4: edges[k].hidden = true
            case 5: edges[k].selected = true
            case 6 where layered: edges[k].zIndex = r.int(3) - 1
            case 7: edges[k].label = "x"; edges[k].labelStyle = EdgeLabelStyle(fontSize: Double(8 + r.int(4)))
            default: break
            }
        }
        return (doc.nodes, edges)
    }

    func testFactsOnManyChunksEqualOnePassInEdgeOrder() {
        for layered in [false, true] {
            let (nodes, edges) = seededEdges(layered: layered)
            XCTAssertGreaterThan(edges.count, 16_384)
            let c = CanvasHarness(nodes: nodes, edges: edges).canvas
            c.rebuildEdgeInfo(edges, minimumChunk: 1 << 30)
            let one = c.edgeIndex.cache
            // The reference: each edge's facts appended in edge order (first use numbers them).
            var reference = EdgeInfoTable()
            for k in edges.indices { reference.append(one.info[k]) }
            XCTAssertEqual(one.info, reference)
            XCTAssertEqual(one.selected, edges.indices.filter { edges[$0].selected }.map(Int32.init))
            let order = edges.indices.sorted { edges[$0].zIndex != edges[$1].zIndex ? edges[$0].zIndex < edges[$1].zIndex : $0 < $1 }
            XCTAssertEqual(one.order, layered ? order.map(Int32.init) : [])
            XCTAssertNotNil(one.info[edges.firstIndex { $0.label == "a longer label" }!].labelSize)
            XCTAssertNil(one.info[edges.firstIndex { $0.label == "" }!].labelSize)
            for minimumChunk in [1, 7, 1_000] {
                c.rebuildEdgeInfo(edges, minimumChunk: minimumChunk)
                XCTAssertEqual(c.edgeIndex.cache.info, one.info, "\(layered) \(minimumChunk)")
                XCTAssertEqual(c.edgeIndex.cache.selected, one.selected, "\(layered) \(minimumChunk)")
                XCTAssertEqual(c.edgeIndex.cache.order, one.order, "\(layered) \(minimumChunk)")
            }
        }
    }

    /// Shares merge into the facts in order of first use: a chunk whose labelled edge (measured
    /// last) used a fact first has it numbered by that edge; a later chunk's numbers are
    /// renumbered to the earlier chunks' facts.
    func testSharesMergeInOrderOfFirstUse() {
        let a = EdgeDrawInfo(margin: 1, labelSize: nil, type: .bezier, hidden: false)
        let b = EdgeDrawInfo(margin: 2, labelSize: Size(width: 3, height: 4), type: .bezier, hidden: false)
        let c = EdgeDrawInfo(margin: 1, labelSize: nil, type: .step, hidden: false)
        var first = EdgeInfoShare(), second = EdgeInfoShare()
        // Chunk 0: edges 0 ..< 2 (edge 0 labelled, interned after edge 1); chunk 1: edges 2 ..< 4.
        var refs: [Int32] = [0, 0, 0, 0]
        refs[1] = first.intern(a, edge: 1)
        refs[0] = first.intern(b, edge: 0)
        refs[2] = second.intern(c, edge: 2)
        refs[3] = second.intern(b, edge: 3)
        XCTAssertEqual(refs, [1, 0, 0, 1])
        let table = EdgeInfoTable.merging([first, second], refs: &refs)
        var reference = EdgeInfoTable()
        for info in [b, a, c, b] { reference.append(info) }
        XCTAssertEqual(table, reference)
        XCTAssertEqual(refs, [0, 1, 2, 0])
        XCTAssertEqual((0..<4).map { table[$0] }, [b, a, c, b])
    }
}
