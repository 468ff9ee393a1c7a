@testable import SwiftFlow
import XCTest

/// The index stage's passes on every core (`ParallelChunks`) against one pass in edge order,
/// on a seeded graph: the same ends, keys, names and problems (in edge order), the same edges by
/// node and the same bounds, exactly, whatever the number of chunks.
final class ParallelIndexTests: XCTestCase {
    /// The stress graph of 3,000 nodes and a node of 40 handles (found through the registry's id
    /// maps), its edges changed at seeded places: ends on missing nodes, named handles that do not
    /// exist, handle names of other kinds and order, ends without a handle, edges to the big node.
    private func seededGraph() -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
        let doc = StressGraph.make(nodeCount: 3_000)
        let many = (0..<40).map { NodeHandle(id: "h\($0)", type: $0 % 2 == 0 ? .source : .target, position: .right, x: 100, y: Double($0)) }
        let nodes = doc.nodes + [testNode("M", x: -600, y: 0, width: 100, height: 50, handles: many)]
        var edges = doc.edges, seed: UInt64 = 42
        func next(_ n: UInt64) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % n)
        }
        for k in edges.indices {
            switch next(12) {
            case 0: edges[k].target = "ghost\(next(5))"
            case 1: edges[k].sourceHandle = "x\(next(3))"
            case 2: edges[k].targetHandle = nil
            case 3: edges[k].source = "M"; edges[k].sourceHandle = "h\(2 * next(25))"
            case 4: edges[k].target = "M"; edges[k].targetHandle = next(2) == 0 ? "h\(2 * next(20) + 1)" : "h\(next(40))"
            case 5: edges[k].sourceHandle = "in\(next(2))"; edges[k].source = "ghost\(next(7))"
            default: break
            }
        }
        return (nodes, edges)
    }

    /// Every edge resolved on many chunks equals every edge resolved in one pass, in both
    /// connection modes: ends, keys, names (in order of first use), missing ends and problems.
    func testAParallelResolutionEqualsOnePass() {
        let (nodes, edges) = seededGraph()
        for mode in [ConnectionMode.strict, .loose] {
            let h = CanvasHarness(nodes: nodes, edges: edges) { $0.connectionMode = mode }
            let c = h.canvas
            var serial = EdgeIndex()
            var one = EdgeResolver(nodes: c.nodeCache, registry: c.registry, connectionMode: mode)
            for k in edges.indices {
                one.append(edge: k, source: edges[k].source, target: edges[k].target, sourceHandle: edges[k].sourceHandle,
                           targetHandle: edges[k].targetHandle, to: &serial)
            }
            XCTAssertGreaterThan(one.problems.count, 300)
            XCTAssertGreaterThan(serial.names.count, 10)
            c.registry.buildIdMaps()
            for minimumChunk in [1, 7, 1_000, 1 << 30] {
                var index = EdgeIndex()
                let problems = FlowCanvas<JSONValue, JSONValue>.resolveAll(
                    edges, EdgeResolver(nodes: c.nodeCache, registry: c.registry, connectionMode: mode), into: &index,
                    minimumChunk: minimumChunk)
                XCTAssertEqual(index.keys, serial.keys, "\(mode) \(minimumChunk)")
                XCTAssertEqual(index.ends.map(\.source), serial.ends.map(\.source))
                XCTAssertEqual(index.ends.map(\.target), serial.ends.map(\.target))
                XCTAssertEqual(index.names, serial.names)
                XCTAssertEqual(index.nameIndex, serial.nameIndex)
                XCTAssertEqual(index.missingEnds, serial.missingEnds)
                XCTAssertEqual(problems, one.problems)
            }
            XCTAssertEqual(c.edgeIndex.keys, serial.keys, "the canvas' own pass")
            XCTAssertEqual(h.diagnostics.filter { $0.isEdgeEndProblem }, one.problems.map { $0.diagnostic(edgeId: edges[$0.edge].id) })
        }
    }

    /// The chunks' names merged in chunk order: each name placed at its first use, the keys of
    /// a chunk that numbered them otherwise renumbered (missing nodes and handles), the others
    /// kept; the problems concatenated in chunk order and the missing ends summed.
    func testSharesMergeInChunkOrder() {
        let shares = [
            EdgeResolver.Share(names: ["a", "b"], problems: [.missingNode(edge: 1, node: "a", type: .target)], missingEnds: 1),
            EdgeResolver.Share(names: ["c", "b"], problems: [.missingNode(edge: 2, node: "c", type: .source)], missingEnds: 2),
            EdgeResolver.Share(names: ["a"], problems: [], missingEnds: 0),
        ]
        var keys = [EdgeKey(source: 0, target: 1, sourceHandle: 1, targetHandle: -1),
                    EdgeKey(source: 0, target: -1, sourceHandle: -1, targetHandle: -1),
                    EdgeKey(source: -1, target: 3, sourceHandle: 1, targetHandle: -1),
                    EdgeKey(source: 2, target: -2, sourceHandle: 0, targetHandle: 1),
                    EdgeKey(source: 4, target: -1, sourceHandle: 0, targetHandle: -1),
                    EdgeKey(source: 5, target: 6, sourceHandle: -1, targetHandle: 0)]
        var index = EdgeIndex()
        let problems = keys.withUnsafeMutableBufferPointer { EdgeResolver.merge(shares, keys: $0, into: &index) }
        XCTAssertEqual(index.names, ["a", "b", "c"])
        XCTAssertEqual(index.missingEnds, 3)
        XCTAssertEqual(problems, [.missingNode(edge: 1, node: "a", type: .target), .missingNode(edge: 2, node: "c", type: .source)])
        XCTAssertEqual(keys, [EdgeKey(source: 0, target: 1, sourceHandle: 1, targetHandle: -1),
                              EdgeKey(source: 0, target: -1, sourceHandle: -1, targetHandle: -1),
                              EdgeKey(source: -3, target: 3, sourceHandle: 1, targetHandle: -1),
                              EdgeKey(source: 2, target: -2, sourceHandle: 2, targetHandle: 1),
                              EdgeKey(source: 4, target: -1, sourceHandle: 0, targetHandle: -1),
                              EdgeKey(source: 5, target: 6, sourceHandle: -1, targetHandle: 0)])
    }

    /// The edges by node and every edge's bounds, on many chunks, equal those of one chunk and
    /// the canvas' own.
    func testEdgesByNodeAndBoundsOnManyChunksEqualOneChunk() {
        let (nodes, edges) = seededGraph()
        let h = CanvasHarness(nodes: nodes, edges: edges, size: Size(width: 1280, height: 800))
        let c = h.canvas, ends = c.edgeIndex.ends, packed = c.registry.packed, count = c.nodeCache.states.count
        let one = FlowCanvas<JSONValue, JSONValue>.edgesByNode(ends, packed, nodeCount: count, minimumChunk: 1 << 30)
        XCTAssertEqual(one.starts, c.edgeIndex.byNodeStart)
        XCTAssertEqual(one.edges, c.edgeIndex.byNode)
        XCTAssertEqual(one.starts.count, count + 1)
        var expected = [[Int32]](repeating: [], count: count)
        for (k, e) in ends.enumerated() { c.forEachNode(of: e) { expected[$0].append(Int32(k)) } }
        XCTAssertEqual(one.edges, expected.flatMap { $0 })
        c.rebuildEdgeIndex(minimumChunk: 1 << 30)
        let bounds = c.indexedEdgeBounds()
        XCTAssertEqual(bounds.count, edges.count)
        XCTAssertGreaterThan(bounds.compactMap { $0 }.count, edges.count / 2)
        for minimumChunk in [1, 7, 1_000] {
            let many = FlowCanvas<JSONValue, JSONValue>.edgesByNode(ends, packed, nodeCount: count, minimumChunk: minimumChunk)
            XCTAssertEqual(many.starts, one.starts, "\(minimumChunk)")
            XCTAssertEqual(many.edges, one.edges, "\(minimumChunk)")
            c.rebuildEdgeIndex(minimumChunk: minimumChunk)
            XCTAssertEqual(c.indexedEdgeBounds(), bounds, "\(minimumChunk)")
        }
    }

    /// Without nodes (an empty canvas, or edges whose ends are all missing) the lists are empty.
    func testEdgesByNodeWithoutNodes() {
        for ends in [[], [EdgeEnds(source: .missing, target: .missing)]] {
            for minimumChunk in [1, 1 << 30] {
                let lists = FlowCanvas<JSONValue, JSONValue>.edgesByNode(ends, [], nodeCount: 0, minimumChunk: minimumChunk)
                XCTAssertEqual(lists.starts, [0])
                XCTAssertEqual(lists.edges, [])
            }
        }
    }
}

private extension FlowDiagnostic {
    /// Whether this is an edge end's problem (a missing node or handle).
    var isEdgeEndProblem: Bool {
        switch self {
        case .edgeSourceMissing, .edgeTargetMissing, .edgeHandleMissing: return true
        default: return false
        }
    }
}
