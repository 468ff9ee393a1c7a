@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// Built-in nodes off-screen at their first layout are placed from their size and declared
/// handles without building their view (`NodeType.placeWithoutView`): the registry's anchors,
/// the edge paths, sizes, far colours and overview pixels equal those of a full layout, and the
/// nodes that come into view are laid out in full.
final class HandleFastPathTests: XCTestCase {
    /// A stress graph of 300 nodes (160x80, two handles per side) plus built-in nodes of every
    /// type without a size, with handles of their own (three on a side, fixed x/y, fractional
    /// sizes), joined by edges.
    private func graph() -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
        let doc = StressGraph.make(nodeCount: 300)
        var nodes = doc.nodes, edges = doc.edges
        let own = [NodeHandle(id: "a", type: .target, position: .left), NodeHandle(id: "b", type: .target, position: .left),
                   NodeHandle(id: "c", type: .target, position: .left), NodeHandle(id: "d", type: .source, position: .bottom),
                   NodeHandle(id: "e", type: .source, position: .top, x: 7.3, y: 1.1), NodeHandle(id: "f", type: .source, position: .right, x: 3)]
        nodes.append(Node(id: "in", position: Point(x: -900, y: 40), data: .null, type: "input"))
        nodes.append(Node(id: "out", position: Point(x: 9000, y: 5000), data: .null, type: "output", targetPosition: .top))
        nodes.append(Node(id: "def", position: Point(x: 4000.5, y: -700.25), data: .null))
        nodes.append(Node(id: "own", position: Point(x: 3000, y: 3000), data: .null, width: 97.3, height: 61.7, handles: own))
        nodes.append(Node(id: "grp", position: Point(x: 6000, y: 100), data: .null, type: "group", width: 400, height: 300))
        edges.append(Edge(id: "x1", source: "in", target: "own", sourceHandle: "source", targetHandle: "b", data: .null))
        edges.append(Edge(id: "x2", source: "own", target: "out", sourceHandle: "d", targetHandle: "target", data: .null))
        edges.append(Edge(id: "x3", source: "own", target: "def", sourceHandle: "e", targetHandle: "target", data: .null))
        edges.append(Edge(id: "x4", source: "def", target: "n5", sourceHandle: "source", targetHandle: "in1", data: .null))
        return (nodes, edges)
    }

    /// A canvas over `graph()` as swiftflow-stress configures one, at the default viewport
    /// (a few nodes in view), after its first frame; `full` takes the fast path away.
    private func canvas(full: Bool, overview: Bool = false, firstViewport: Viewport? = nil) -> CanvasHarness {
        let g = graph()
        return CanvasHarness(nodes: g.nodes, edges: g.edges) { c in
            c.minZoom = 0.001
            if let firstViewport { c.viewport = firstViewport }
            c.overviewPicture = overview
            c.overviewTileBudget = .max
            if full {
                var types = c.nodeTypes
                for k in types.keys { types[k]!.placeWithoutView = nil }
                c.nodeTypes = types
            }
        }
    }

    private func farColors(_ h: CanvasHarness) -> [Color?] { h.canvas.nodeCache.states.indices.map { h.canvas.nodeCache.farColor(of: $0) } }

    func testFirstFrameRegistersTheAnchorsAndPathsOfAFullLayout() {
        let fast = canvas(full: false), full = canvas(full: true)
        let count = fast.canvas.nodeCache.ids.count
        XCTAssertEqual(full.canvas.stats.laidOutNodes, count, "the full path builds every node's view")
        XCTAssertLessThan(fast.canvas.stats.laidOutNodes, 40, "only the nodes in view are built")
        XCTAssertGreaterThan(fast.canvas.stats.laidOutNodes, 0)
        XCTAssertEqual(canvasDifferences(fast.canvas, full.canvas), [])
        XCTAssertEqual(farColors(fast), farColors(full))
        XCTAssertEqual(fast.canvas.registry.count, full.canvas.registry.count)
        XCTAssertEqual(fast.diagnostics.count, full.diagnostics.count)
    }

    func testFittedAndThenPannedFramesMatchAFullLayout() {
        let fast = canvas(full: false), full = canvas(full: true)
        for h in [fast, full] { h.canvas.fitView(); h.frame() }
        XCTAssertEqual(canvasDifferences(fast.canvas, full.canvas), [])
        XCTAssertEqual(farColors(fast), farColors(full))
        // Into a part of the graph the first frame did not show, at 1:1: those nodes are built now.
        for h in [fast, full] { h.canvas.viewport = Viewport(x: -2900, y: -2900, zoom: 1); h.frame() }
        XCTAssertGreaterThan(fast.canvas.stats.drawnNodes, 0)
        XCTAssertEqual(fast.canvas.stats.drawnNodes, full.canvas.stats.drawnNodes)
        XCTAssertEqual(canvasDifferences(fast.canvas, full.canvas), [])
        let own = fast.canvas.nodeCache.index(of: "own")!
        XCTAssertEqual(fast.canvas.nodeCache.states[own].opsFrame, fast.canvas.frameInput.number, "laid out in full once in view")
        XCTAssertEqual(fast.list.commands, full.list.commands)
    }

    /// A first frame already zoomed far out (an opened file's saved, fitted viewport): the nodes
    /// on screen but far out are placed without their view too, and only those drawn in full
    /// are built; the canvas then knows what a full layout knows, at that zoom and at 1:1.
    func testAFirstFrameZoomedFarOutPlacesTheFarOutNodesOnScreen() {
        let zoomedOut = Viewport(x: 100, y: 50, zoom: 1.0 / 64)
        let fast = canvas(full: false, firstViewport: zoomedOut), full = canvas(full: true, firstViewport: zoomedOut)
        XCTAssertEqual(full.canvas.stats.laidOutNodes, fast.canvas.nodeCache.ids.count)
        XCTAssertLessThan(fast.canvas.stats.laidOutNodes, 5, "only nodes drawn in full at 1/64 are built")
        XCTAssertGreaterThan(fast.canvas.stats.visibleNodes, 250, "the graph is on screen")
        XCTAssertEqual(canvasDifferences(fast.canvas, full.canvas), [])
        XCTAssertEqual(farColors(fast), farColors(full))
        for h in [fast, full] { h.canvas.viewport = Viewport(x: -2900, y: -2900, zoom: 1); h.frame() }
        XCTAssertEqual(canvasDifferences(fast.canvas, full.canvas), [])
        XCTAssertEqual(fast.list.commands, full.list.commands)
    }

    func testOverviewPixelsMatchAFullLayout() {
        let fast = canvas(full: false, overview: true), full = canvas(full: true, overview: true)
        for h in [fast, full] { h.canvas.viewport = Viewport(x: 100, y: 50, zoom: 1.0 / 64); h.frame() }
        XCTAssertGreaterThan(fast.canvas.stats.overviewTiles, 0)
        XCTAssertEqual(fast.canvas.overview.tiles.keys.sorted(by: { "\($0)" < "\($1)" }).map { "\($0)" },
                       full.canvas.overview.tiles.keys.sorted(by: { "\($0)" < "\($1)" }).map { "\($0)" })
        var compared = 0
        for (key, tile) in fast.canvas.overview.tiles {
            guard let a = fast.list.picture(for: tile.texture), let other = full.canvas.overview.tiles[key],
                  let b = full.list.picture(for: other.texture) else { continue }
            XCTAssertEqual(a.rgba, b.rgba, "tile \(key)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 0)
    }
}
