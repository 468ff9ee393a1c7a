@testable import SwiftFlow
import XCTest

/// The index stage's passes outside the generic canvas: `EdgeResolver` (edge ends), the
/// registry's `HandleTable`, the edges by node and the bounds of a rebuild, each against exact
/// values and against the per-edge reads the canvas makes elsewhere.
final class EdgeResolverTests: XCTestCase {
    /// A with two source handles, B with a target and a source handle, C without handles.
    private func nodes() -> [Node<JSONValue>] {
        [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "o1", type: .source, position: .right, x: 100, y: 10),
                                             NodeHandle(id: "o2", type: .source, position: .right, x: 100, y: 40)]),
         testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "i", type: .target, position: .left, x: 0, y: 25),
                                               NodeHandle(id: "b", type: .source, position: .bottom, x: 50, y: 50)]),
         testNode("C", x: 0, y: 200, handles: [])]
    }

    private func edges() -> [Edge<JSONValue>] {
        [testEdge("ok", "A", "B", "o2", "i"), testEdge("gone", "A", "Z"), testEdge("nohandle", "A", "B", "o1", "x"),
         testEdge("side", "C", "C"), testEdge("firsts", "A", "B"), testEdge("lost", "Y", "C"), testEdge("loose", "A", "B", "o1", "b")]
    }

    /// Every kind of end, exactly: named and first handles, a node's side, a missing node and a
    /// missing handle; the problems in edge order, reported with their edge ids.
    func testEachKindOfEndAndTheProblemsInEdgeOrder() {
        let h = CanvasHarness(nodes: nodes(), edges: edges())
        let r = h.canvas.registry
        func handle(_ node: Int, _ id: String) -> EdgeEndResolution { .handle(Int32(r.find(nodeIndex: node, id: id)!)) }
        XCTAssertEqual(h.canvas.edgeIndex.ends.map(\.source),
                       [handle(0, "o2"), handle(0, "o1"), handle(0, "o1"), .side(node: 2), handle(0, "o1"), .missing, handle(0, "o1")])
        XCTAssertEqual(h.canvas.edgeIndex.ends.map(\.target),
                       [handle(1, "i"), .missing, .missing, .side(node: 2), handle(1, "i"), .side(node: 2), .missing])
        XCTAssertEqual(h.canvas.edgeIndex.missingEnds, 4)
        XCTAssertEqual(h.diagnostics, [
            .edgeTargetMissing(edgeId: "gone", nodeId: "Z"),
            .edgeHandleMissing(edgeId: "nohandle", nodeId: "B", handleId: "x", type: .target),
            .edgeSourceMissing(edgeId: "lost", nodeId: "Y"),
            .edgeHandleMissing(edgeId: "loose", nodeId: "B", handleId: "b", type: .target),
        ])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: 100, y: 40))
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 300, y: 25))
        XCTAssertEqual(h.canvas.edgePath(at: 3)?.start, Point(x: 100, y: 225), "C's right centre")
        XCTAssertEqual(h.canvas.edgePath(at: 3)?.end, Point(x: 0, y: 225), "C's left centre")
    }

    /// In loose mode a named handle of the other type ends an edge; only the still missing
    /// handle is reported.
    func testLooseModeTakesAHandleOfTheOtherType() {
        let h = CanvasHarness(nodes: nodes(), edges: edges()) { $0.connectionMode = .loose }
        XCTAssertEqual(h.canvas.edgeIndex.ends[6].target, .handle(Int32(h.canvas.registry.find(nodeIndex: 1, id: "b")!)))
        XCTAssertEqual(h.canvas.edgePath(at: 6)?.end, Point(x: 350, y: 50))
        XCTAssertEqual(h.diagnostics.count, 3)
        XCTAssertFalse(h.diagnostics.contains(.edgeHandleMissing(edgeId: "loose", nodeId: "B", handleId: "b", type: .target)))
    }

    /// A resolver run by hand over the canvas' node cache and registry appends exactly the
    /// ends, keys and names the canvas holds, whatever edge it starts from.
    func testAResolverAppendsWhatTheCanvasHolds() {
        let h = CanvasHarness(nodes: nodes(), edges: edges())
        let c = h.canvas, edges = edges()
        for from in [0, 3] {
            var index = EdgeIndex()
            var resolver = EdgeResolver(nodes: c.nodeCache, registry: c.registry, connectionMode: .strict)
            for k in from..<edges.count {
                resolver.append(edge: k, source: edges[k].source, target: edges[k].target, sourceHandle: edges[k].sourceHandle,
                                targetHandle: edges[k].targetHandle, to: &index)
            }
            XCTAssertEqual(index.ends.map(\.source), c.edgeIndex.ends[from...].map(\.source))
            XCTAssertEqual(index.ends.map(\.target), c.edgeIndex.ends[from...].map(\.target))
            XCTAssertEqual(resolver.problems.map(\.edge), [1, 2, 5, 6].filter { $0 >= from })
            if from == 0 {
                XCTAssertEqual(index.keys, c.edgeIndex.keys)
                XCTAssertEqual(index.names, c.edgeIndex.names)
                XCTAssertEqual(index.missingEnds, c.edgeIndex.missingEnds)
            }
        }
    }

    /// The table answers as the registry: by id and type, for a node of few handles (scanned)
    /// and one of more than 32 (through its id map), and its first handle of each type.
    func testTheTableFindsAsTheRegistry() {
        let many = (0..<40).map { NodeHandle(id: "h\($0)", type: $0 % 2 == 0 ? .source : .target, position: .right, x: 100, y: Double($0)) }
        let h = CanvasHarness(nodes: nodes() + [testNode("M", x: 600, y: 0, width: 100, height: 50, handles: many)])
        let r = h.canvas.registry, table = r.table
        XCTAssertEqual(table.range(ofNode: 3), r.range(ofNode: 3))
        XCTAssertEqual(table.range(ofNode: 3).count, 40)
        XCTAssertEqual(table.range(ofNode: 9), 0..<0)
        XCTAssertEqual(table.scan(r.range(ofNode: 0), id: "o2", type: .source), r.range(ofNode: 0).lowerBound + 1)
        XCTAssertNil(table.scan(r.range(ofNode: 0), id: "o2", type: .target))
        for (node, id) in [(0, "o1"), (1, "b"), (3, "h7"), (3, "h8"), (3, "nope")] {
            for type in [nil, HandleType.source, .target] {
                let found = r.find(nodeIndex: node, id: id, type: type, in: table)
                XCTAssertEqual(found, r.find(nodeIndex: node, id: id, type: type), "\(id) \(String(describing: type))")
                XCTAssertEqual(found.map { r[$0].id }, found == nil ? nil : id)
            }
        }
        XCTAssertEqual(r.find(nodeIndex: 3, id: "h7", type: .target, in: table), r.range(ofNode: 3).lowerBound + 7)
        XCTAssertEqual(table.first(nodeIndex: 3, type: .target), r.range(ofNode: 3).lowerBound + 1)
        XCTAssertEqual(table.first(nodeIndex: 1, type: .source), r.range(ofNode: 1).lowerBound + 1)
        XCTAssertNil(table.first(nodeIndex: 2, type: .source))
    }

    /// Each distinct node an edge's ends resolve to, once; none for a missing end.
    func testEachEdgesNodesOnce() {
        let h = CanvasHarness(nodes: nodes(), edges: edges())
        var seen: [Int] = []
        for k in [0, 3, 1, 5] { h.canvas.forEachNode(of: h.canvas.edgeIndex.ends[k]) { seen.append($0) } }
        XCTAssertEqual(seen, [0, 1, 2, 0, 2])
        XCTAssertEqual(h.canvas.edgeIndex.byNodeStart, [0, 5, 7, 9])
        XCTAssertEqual(h.canvas.edgeIndex.byNode, [0, 1, 2, 4, 6, 0, 4, 3, 5])
    }

    /// The bounds of a rebuild, taken in one pass into the edge index, equal each edge's own
    /// (`edgeBounds` of its `resolvedEnds`), hidden and labelled edges among them.
    func testAllEdgeBoundsEqualEachEdgesOwn() {
        let doc = StressGraph.make(nodeCount: 600)
        var edges = doc.edges
        edges[3].hidden = true
        edges[5].label = "five"
        edges[8].type = .step
        edges.append(testEdge("gone", "n1", "nowhere"))
        let h = CanvasHarness(nodes: doc.nodes, edges: edges, size: Size(width: 1280, height: 800))
        let c = h.canvas, all = c.indexedEdgeBounds()
        XCTAssertEqual(all.count, edges.count)
        XCTAssertNil(all[3])
        XCTAssertNil(all[edges.count - 1])
        XCTAssertGreaterThan(all.compactMap { $0 }.count, edges.count - 3)
        for k in edges.indices {
            XCTAssertEqual(all[k], c.edgeBounds(k, c.resolvedEnds(k, h.store.nodes)), "edge \(k)")
        }
        XCTAssertEqual(all[0], c.edgeIndex.cache.info[0].bounds(c.resolvedEnds(0, h.store.nodes)))
        XCTAssertNil(c.edgeIndex.cache.info[3].bounds(c.resolvedEnds(0, h.store.nodes)), "a hidden edge has no bounds")
        XCTAssertNil(c.edgeIndex.cache.info[0].bounds(nil))
    }
}
