import SwiftFlowCore
import XCTest

final class GraphUtilitiesTests: XCTestCase {
    private func node(_ id: String, _ x: Double, _ y: Double, w: Double = 100, h: Double = 50, parent: String? = nil,
                      hidden: Bool = false, selectable: Bool? = nil, deletable: Bool = true) -> Node<Int> {
        Node(id: id, position: Point(x: x, y: y), data: 0, width: w, height: h, hidden: hidden, selectable: selectable,
             deletable: deletable, parentId: parent)
    }
    private func edge(_ id: String, _ s: String, _ t: String, deletable: Bool = true) -> Edge<Int> {
        Edge(id: id, source: s, target: t, data: 0, deletable: deletable)
    }

    /// A → B, A → C, C → B, D alone; G is a group holding C.
    private var nodes: [Node<Int>] {
        [node("A", 0, 0), node("B", 300, 0), node("G", 100, 200, w: 300, h: 200), node("C", 20, 40, parent: "G"), node("D", -50, -80, w: 10, h: 10)]
    }
    private var edges: [Edge<Int>] { [edge("e1", "A", "B"), edge("e2", "A", "C"), edge("e3", "C", "B"), edge("e4", "A", "B")] }

    func testIncomersAndOutgoers() {
        XCTAssertEqual(getIncomers("B", nodes: nodes, edges: edges).map(\.id), ["A", "C"])
        XCTAssertEqual(getOutgoers("A", nodes: nodes, edges: edges).map(\.id), ["B", "C"])
        XCTAssertEqual(getIncomers("A", nodes: nodes, edges: edges).map(\.id), [])
        XCTAssertEqual(getOutgoers("D", nodes: nodes, edges: edges).map(\.id), [])
    }

    func testConnectedEdges() {
        XCTAssertEqual(getConnectedEdges([node("C", 0, 0)], edges: edges).map(\.id), ["e2", "e3"])
        XCTAssertEqual(getConnectedEdges(nodes.filter { $0.id == "D" }, edges: edges).map(\.id), [])
    }

    func testNodesBoundsUseAbsolutePositionsThroughParents() {
        // C at (100 + 20, 200 + 40) = (120, 240), 100x50; A at (0, 0) 100x50.
        let c = nodes.filter { $0.id == "C" }
        XCTAssertEqual(getNodesBounds(c, allNodes: nodes), Rect(x: 120, y: 240, width: 100, height: 50))
        XCTAssertEqual(getNodesBounds(nodes), Rect(x: -50, y: -80, width: 450, height: 480))
        XCTAssertEqual(getNodesBounds([Node<Int>]()), Rect(x: 0, y: 0, width: 0, height: 0))
        // A measured size replaces the fixed one.
        XCTAssertEqual(getNodesBounds([node("A", 10, 20)], size: { _ in Size(width: 5, height: 6) }), Rect(x: 10, y: 20, width: 5, height: 6))
        // Non-finite nodes are skipped.
        XCTAssertEqual(getNodesBounds([node("A", 10, 20), node("N", .nan, 0)]), Rect(x: 10, y: 20, width: 100, height: 50))
    }

    /// Chains deeper than 64 (where the walk used to stop and call the chain a cycle) and real
    /// cycles: a chain sums every ancestor; a cycle and what hangs from it sit at their own
    /// positions.
    func testAbsolutePositionsOfDeepChainsAndCycles() {
        let chain = (0..<200).map { i in node("c\(i)", 1, 1, w: 10, h: 10, parent: i == 0 ? nil : "c\(i - 1)") }
        let lookup = NodeLookup(chain)
        XCTAssertEqual(lookup.absolutePosition(of: chain[199]), Point(x: 200, y: 200))
        XCTAssertEqual(getNodesBounds(chain), Rect(x: 1, y: 1, width: 209, height: 209))
        let cycle = [node("a", 5, 5, parent: "b"), node("b", 7, 7, parent: "a"), node("child", 1, 2, parent: "a"), node("root", 3, 3),
                     node("leaf", 10, 10, parent: "root")]
        let l = NodeLookup(cycle)
        XCTAssertEqual(cycle.map { l.absolutePosition(of: $0) },
                       [Point(x: 5, y: 5), Point(x: 7, y: 7), Point(x: 1, y: 2), Point(x: 3, y: 3), Point(x: 13, y: 13)])
    }

    func testNodesInsidePartialAndFull() {
        // Box from (50, 20) to (150, 260): overlaps A (0..100, 0..50) and C (120..220, 240..290), contains neither.
        let box = Rect(x: 50, y: 20, width: 100, height: 240)
        XCTAssertEqual(getNodesInside(nodes, rect: box).map(\.id), ["A", "G", "C"])
        XCTAssertEqual(getNodesInside(nodes, rect: box, mode: .full).map(\.id), [])
        XCTAssertEqual(getNodesInside(nodes, rect: Rect(x: -1, y: -1, width: 102, height: 52), mode: .full).map(\.id), ["A"])
        // Touching borders share no area.
        XCTAssertEqual(getNodesInside(nodes, rect: Rect(x: 100, y: 0, width: 0.5, height: 10)).map(\.id), [])
        var hiddenA = nodes
        hiddenA[0].hidden = true
        hiddenA[2].selectable = false
        XCTAssertEqual(getNodesInside(hiddenA, rect: box, excludeNonSelectable: true).map(\.id), ["C"])
    }

    func testIntersectingNodes() {
        let all = nodes + [node("E", 90, 40, w: 20, h: 20)]
        let a = all[0]
        XCTAssertEqual(getIntersectingNodes(a, nodes: all).map(\.id), ["E"])
        XCTAssertEqual(getIntersectingNodes(all[2], nodes: all).map(\.id), ["C"])
        XCTAssertEqual(getIntersectingNodes(Rect(x: 295, y: 45, width: 10, height: 10), nodes: all).map(\.id), ["B"])
        // Not partially: the nodes that hold the rectangle wholly (G is 100…400 x 200…400, C 120…220 x 240…290).
        XCTAssertEqual(getIntersectingNodes(Rect(x: 130, y: 250, width: 10, height: 10), nodes: all, partially: false).map(\.id), ["G", "C"])
        XCTAssertEqual(getIntersectingNodes(Rect(x: 210, y: 250, width: 20, height: 10), nodes: all, partially: false).map(\.id), ["G"])
        XCTAssertEqual(getIntersectingNodes(Rect(x: 210, y: 250, width: 20, height: 10), nodes: all).map(\.id), ["G", "C"])
        XCTAssertEqual(getIntersectingNodes(Rect(x: 50, y: 25, width: 0, height: 0), nodes: all).map(\.id), ["A"])
    }

    func testViewportForBoundsFollowsReactFlow() {
        // 200x100 bounds at (100, 50) in 800x600, padding 0.1: zoom = min(800/220, 600/110) = 3.6363…
        let v = getViewportForBounds(Rect(x: 100, y: 50, width: 200, height: 100), width: 800, height: 600, padding: 0.1)
        XCTAssertEqual(v.zoom, 800.0 / 220, accuracy: 1e-12)
        XCTAssertEqual(v.x, 400 - 200 * (800.0 / 220), accuracy: 1e-9)
        XCTAssertEqual(v.y, 300 - 100 * (800.0 / 220), accuracy: 1e-9)
        // Clamped zoom.
        let big = getViewportForBounds(Rect(x: 0, y: 0, width: 100_000, height: 10), width: 800, height: 600)
        XCTAssertEqual(big, Viewport(x: 400 - 50_000 * 0.1, y: 300 - 5 * 0.1, zoom: 0.1))
    }

    func testViewportForBoundsNeverNaN() {
        XCTAssertEqual(getViewportForBounds(Rect(x: 10, y: 20, width: 0, height: 0), width: 800, height: 600),
                       Viewport(x: 400 - 40, y: 300 - 80, zoom: 4))
        // A flat box is limited by its width only: zoom = 800 / (100 · 1.1).
        let flat = getViewportForBounds(Rect(x: 0, y: 0, width: 100, height: 0), width: 800, height: 600, maxZoom: 10)
        XCTAssertEqual(flat.zoom, 800.0 / 110, accuracy: 1e-12)
        XCTAssertEqual(flat.x, 400 - 50 * flat.zoom, accuracy: 1e-9)
        XCTAssertEqual(flat.y, 300)
        XCTAssertEqual(getViewportForBounds(Rect(x: .nan, y: 0, width: 1, height: 1), width: 800, height: 600), Viewport())
        XCTAssertEqual(getViewportForBounds(Rect(x: 0, y: 0, width: 1, height: 1), width: 0, height: 600), Viewport())
        let v = getViewportForBounds(Rect(x: 0, y: 0, width: 100, height: 100), width: 800, height: 600, padding: .infinity)
        XCTAssertEqual(v.zoom, 4)
        XCTAssertTrue(v.isValid)
    }

    func testElementsToRemoveCascadeToChildrenAndEdges() {
        var all = nodes
        all.append(node("C2", 5, 5, parent: "C", deletable: false))
        let es = edges + [edge("e5", "D", "C2", deletable: false)]
        // Deleting G takes its child C, C's non-deletable child C2, and every edge on them.
        let r = getElementsToRemove(nodeIds: ["G"], edgeIds: [], nodes: all, edges: es)
        XCTAssertEqual(r.nodes.map(\.id), ["G", "C", "C2"])
        XCTAssertEqual(r.edges.map(\.id), ["e2", "e3", "e5"])
        // A non-deletable node or edge is protected from direct deletion only.
        let direct = getElementsToRemove(nodeIds: ["C2", "D"], edgeIds: ["e5", "e1"], nodes: all, edges: es)
        XCTAssertEqual(direct.nodes.map(\.id), ["D"])
        XCTAssertEqual(direct.edges.map(\.id), ["e1", "e5"])
        XCTAssertTrue(getElementsToRemove(nodeIds: ["nope"], edgeIds: ["nope"], nodes: all, edges: es).isEmpty)
    }
}
