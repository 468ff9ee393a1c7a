@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Issue 17, "every edit in constant time": `FlowStore` applies changes in place through its id
/// map and tells the canvas which elements changed, and the canvas follows only those.
final class ConstantTimeEditTests: XCTestCase {
    private func node(_ id: String, x: Double = 0) -> Node<JSONValue> {
        Node(id: id, position: Point(x: x, y: 0), data: .string(id), width: 100, height: 50)
    }

    /// Random batches of every kind of change, applied in place by the store, give what
    /// `applyNodeChanges` gives, and the store's id lookup stays consistent after removals and
    /// additions (also when a batch removes an id and adds it again).
    func testInPlaceApplyMatchesApplyNodeChangesAndKeepsTheIdIndex() {
        var generator = SystemRandomNumberGenerator()
        var reference = (0..<40).map { node("n\($0)", x: Double($0)) }
        let store = FlowStore<JSONValue, JSONValue>(nodes: reference, makeEdgeData: { _ in .null })
        var next = 40
        for round in 0..<200 {
            var batch: [NodeChange<JSONValue>] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let id = reference.isEmpty ? "n0" : reference[Int.random(in: 0..<reference.count, using: &generator)].id
                switch Int.random(in: 0..<7, using: &generator) {
                case 0: batch.append(.position(id: id, position: Point(x: Double(round), y: 1), dragging: true))
                case 1: batch.append(.select(id: id, selected: Bool.random(using: &generator)))
                case 2: batch.append(.dimensions(id: id, size: Size(width: 7, height: 9)))
                case 3: var n = node(id); n.data = .string("r\(round)"); batch.append(.replace(n))
                case 4: batch.append(.remove(id: id))
                case 5: batch.append(.add(node("n\(next)"))); next += 1
                default: batch.append(.remove(id: id)); batch.append(.add(node(id, x: -1)))
                }
            }
            reference = applyNodeChanges(batch, to: reference)
            store.apply(batch)
            XCTAssertEqual(store.nodes.map(\.id), reference.map(\.id), "round \(round): \(batch)")
            XCTAssertEqual(store.nodes.map(\.position), reference.map(\.position), "round \(round)")
            XCTAssertEqual(store.nodes.map(\.data), reference.map(\.data), "round \(round)")
            XCTAssertEqual(store.nodes.map(\.selected), reference.map(\.selected), "round \(round)")
            for n in reference { XCTAssertEqual(store.node(n.id)?.position, n.position, "round \(round): \(n.id)") }
            XCTAssertNil(store.node("missing"))
        }
    }

    /// With two nodes sharing an id the store applies changes as `applyNodeChanges` does (every
    /// copy removed, the first found), without its id map.
    func testDuplicateIdsFallBackToApplyNodeChanges() {
        let nodes = [node("A"), node("B"), node("A", x: 5), node("C")]
        let store = FlowStore<JSONValue, JSONValue>(nodes: nodes, makeEdgeData: { _ in .null })
        let batch: [NodeChange<JSONValue>] = [.position(id: "A", position: Point(x: 9, y: 9), dragging: false), .remove(id: "B"),
                                              .add(node("C", x: 3)), .remove(id: "A")]
        store.apply(batch)
        let reference = applyNodeChanges(batch, to: nodes)
        XCTAssertEqual(store.nodes.map(\.id), reference.map(\.id))
        XCTAssertEqual(store.nodes.map(\.position), reference.map(\.position))
    }

    /// The stress graph of `n` nodes in the local view (node 0 at screen (300, 200)), first
    /// frame run.
    private func stressCanvas(_ n: Int) -> EmbeddedCanvas<JSONValue, JSONValue> {
        let doc = StressGraph.make(nodeCount: n)
        let driver = EmbeddedCanvas(nodes: doc.nodes, edges: doc.edges, makeEdgeData: { _ in .null })
        driver.canvas.viewport = Viewport(x: 300, y: 200, zoom: 1)
        driver.frame()
        driver.frame()
        return driver
    }

    /// Dragging one node reads only that node from the array (no scan of the others, no parent
    /// chain but its own), re-reads no edge's facts and resolves no edge, and lays out as many
    /// nodes as the same drag in a graph ten times smaller: the visible ones.
    func testDraggingOneNodeReadsOnlyThatNode() {
        var laidOut: [Int] = []
        for n in [200, 2_000] {
            let driver = stressCanvas(n)
            driver.frame([.pointerDown(Point(x: 380, y: 240), button: .primary, modifiers: [], clickCount: 1)])
            for f in 1...5 {
                driver.frame([.pointerMove(Point(x: 380 + Double(4 * f), y: 240 + Double(f)), modifiers: [])])
                let stats = driver.canvas.stats
                if f > 1 {
                    XCTAssertEqual(stats.scannedNodes, 1, "N=\(n) frame \(f)")
                    XCTAssertEqual(stats.parentChainsResolved, 1, "N=\(n) frame \(f)")
                    XCTAssertEqual(stats.resolvedEdges, 0, "N=\(n) frame \(f)")
                    XCTAssertEqual(stats.edgeInfosRead, 0, "N=\(n) frame \(f)")
                    XCTAssertEqual(stats.indexRebuilds, 0, "N=\(n) frame \(f)")
                }
            }
            laidOut.append(driver.canvas.stats.laidOutNodes)
            driver.frame([.pointerUp(Point(x: 400, y: 245), button: .primary, modifiers: [])])
            driver.frame()
            XCTAssertEqual(driver.store.node("n0")?.position, Point(x: 20, y: 5))
            let start = driver.canvas.edgePath(at: 0)?.start ?? .zero
            XCTAssertEqual(start.x, 180, accuracy: 1e-9, "the edge follows its node")
            XCTAssertEqual(start.y, 5 + 80.0 / 3, accuracy: 1e-9, "the edge follows its node")
            // The drag is one undo step, found from the dragged node alone.
            driver.frame([.keyDown("Z", modifiers: .ctrl)])
            driver.frame()
            XCTAssertEqual(driver.store.node("n0")?.position, .zero)
        }
        XCTAssertEqual(laidOut[0], laidOut[1], "laid-out nodes per drag frame at N=200 and N=2000")
    }

    /// The store changes its node array in place during a drag: the canvas lets go of it while
    /// the store applies the frame's changes, so the buffer is never copied.
    func testTheStoreArrayIsNotCopiedDuringADrag() {
        let driver = stressCanvas(500)
        func buffer() -> UnsafeRawPointer? { driver.store.nodes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) } }
        driver.frame([.pointerDown(Point(x: 380, y: 240), button: .primary, modifiers: [], clickCount: 1)])
        driver.frame([.pointerMove(Point(x: 390, y: 240), modifiers: [])])
        let before = buffer()
        for f in 1...5 { driver.frame([.pointerMove(Point(x: 390 + Double(f), y: 240), modifiers: [])]) }
        XCTAssertEqual(buffer(), before)
        XCTAssertEqual(driver.store.node("n0")?.position, Point(x: 15, y: 0))
    }

    /// A data change (what a text field emits per keystroke) is followed at its index: the next
    /// frame reads that node only and draws its new label.
    func testADataChangeIsFollowedAtItsIndex() {
        let driver = stressCanvas(1_000)
        guard var n = driver.store.node("n1") else { return XCTFail("no n1") }
        n.data = .object(JSONObject([("label", .string("typed"))]))
        driver.store.apply([NodeChange.replace(n)])
        driver.frame()
        XCTAssertEqual(driver.canvas.stats.scannedNodes, 1)
        XCTAssertEqual(driver.canvas.stats.resolvedEdges, 0)
        XCTAssertEqual(driver.store.nodes[1].data, n.data)
        // Through the store's conveniences too.
        try? driver.store.updateNodeData("n2", .object(JSONObject([("label", .string("also"))])))
        driver.frame()
        XCTAssertEqual(driver.canvas.stats.scannedNodes, 1)
    }

    /// A new edge from a connection drag is resolved alone; it then follows its nodes as any
    /// other edge, and selecting it is reported.
    func testAConnectedEdgeIsResolvedAlone() {
        let driver = stressCanvas(1_000)
        let edges = driver.store.edges.count
        // n0's out0 (460, 226.67) onto n1's in1 (520, 253.33): no edge joins them yet.
        try? driver.play("press 460 226.67\nmove 490 240\nmove 520 253.33\nrelease 520 253.33")
        XCTAssertEqual(driver.store.edges.count, edges + 1)
        XCTAssertEqual(driver.canvas.stats.resolvedEdges, 1, "the frame after the release resolves the new edge alone")
        XCTAssertNotNil(driver.canvas.edgePath(at: edges), "the new edge is drawn")
        // Dragging n1 moves the new edge's end with it.
        driver.frame([.pointerDown(Point(x: 600, y: 240), button: .primary, modifiers: [], clickCount: 1)])
        driver.frame([.pointerMove(Point(x: 610, y: 250), modifiers: [])])
        driver.frame([.pointerMove(Point(x: 620, y: 260), modifiers: [])])
        driver.frame([.pointerUp(Point(x: 620, y: 260), button: .primary, modifiers: [])])
        driver.frame()
        let end = driver.canvas.edgePath(at: edges)?.end ?? .zero
        XCTAssertEqual(end.x, 240, accuracy: 1e-9)
        XCTAssertEqual(end.y, 20 + 160.0 / 3, accuracy: 1e-9)
        _ = driver.drainOutbound()
        var e = driver.store.edges[edges]
        e.selected = true
        driver.store.apply([EdgeChange.replace(e)])
        driver.frame()
        let reported = driver.drainOutbound().contains { if case .selectionChange(let s) = $0 { s.edges.map(\.id) == [e.id] } else { false } }
        XCTAssertTrue(reported, "selecting the new edge is reported")
    }

    /// The frame after the store appended an edge resolves only that edge.
    func testAnAppendedEdgeResolvesOnlyItself() {
        let driver = stressCanvas(1_000)
        let count = driver.store.edges.count
        driver.store.apply([EdgeChange.add(Edge(id: "extra", source: "n3", target: "n9", sourceHandle: "out0", targetHandle: "in1", data: .null))])
        driver.frame()
        XCTAssertEqual(driver.canvas.stats.resolvedEdges, 1)
        XCTAssertEqual(driver.canvas.stats.edgeInfosRead, 1)
        XCTAssertNotNil(driver.canvas.edgePath(at: count))
        // Removing it, the last edge, resolves nothing and draws no path for it.
        driver.store.apply([EdgeChange<JSONValue>.remove(id: "extra")])
        driver.frame()
        XCTAssertEqual(driver.canvas.stats.resolvedEdges, 0)
        XCTAssertEqual(driver.canvas.stats.indexRebuilds, 0)
        XCTAssertNil(driver.canvas.edgePath(at: count))
        XCTAssertEqual(driver.canvas.stats.totalEdges, count)
    }

    /// Deleting a node and undoing it: the undo appends the node and its edges, which the canvas
    /// follows alone; deleting it again (now the last node, its edges the last edges) and undoing
    /// that touch only it and its edges too (no index rebuilt, no other edge resolved), and leave
    /// the canvas as a fresh one over the same arrays: the same edge paths and handles, and the
    /// node's handles take a new connection.
    func testDeleteAndUndoOfTheLastNodeFollowOnlyIt() {
        let driver = stressCanvas(1_000)
        let nodes = driver.store.nodes.count, edges = driver.store.edges.count
        let centre = Point(x: 380, y: 240)   // n0, at flow (0, 0), 160×80
        func deleteAndUndo() -> (removal: FrameStats, undo: FrameStats) {
            driver.frame([.pointerDown(centre, button: .primary, modifiers: [], clickCount: 1), .pointerUp(centre, button: .primary, modifiers: [])])
            driver.frame([.keyDown("Delete", modifiers: [])])
            driver.frame()
            let removal = driver.canvas.stats
            XCTAssertEqual(driver.store.nodes.count, nodes - 1)
            XCTAssertEqual(driver.store.edges.count, edges - 2)
            XCTAssertNil(driver.store.node("n0"))
            driver.frame([.keyDown("Z", modifiers: .ctrl)])
            driver.frame()
            XCTAssertEqual(driver.store.nodes.count, nodes)
            XCTAssertEqual(driver.store.edges.count, edges)
            return (removal, driver.canvas.stats)
        }
        // n0 is the first node: its removal closes the gaps it and its edges leave (no edge
        // resolved, no node read); the undo appends it.
        let first = deleteAndUndo()
        XCTAssertEqual(first.removal.resolvedEdges, 0)
        XCTAssertEqual(first.removal.scannedNodes, 0)
        XCTAssertEqual(first.removal.parentChainsResolved, 0)
        XCTAssertEqual(first.undo.resolvedEdges, 2)
        XCTAssertEqual(first.undo.scannedNodes, 1)
        XCTAssertEqual(first.undo.indexRebuilds, 0)
        XCTAssertEqual(driver.store.nodes.last?.id, "n0")
        XCTAssertEqual(driver.store.edges.suffix(2).map(\.source), ["n0", "n0"])
        // Now n0 and its edges are the last ones.
        let second = deleteAndUndo()
        XCTAssertEqual(second.removal.resolvedEdges, 0)
        XCTAssertEqual(second.removal.scannedNodes, 0)
        XCTAssertEqual(second.removal.indexRebuilds, 0)
        XCTAssertEqual(second.removal.totalNodes, nodes - 1)
        XCTAssertEqual(second.undo.resolvedEdges, 2)
        XCTAssertEqual(second.undo.scannedNodes, 1)
        XCTAssertEqual(second.undo.indexRebuilds, 0)

        let fresh = EmbeddedCanvas(nodes: driver.store.nodes, edges: driver.store.edges, makeEdgeData: { _ in .null })
        fresh.canvas.viewport = driver.canvas.viewport
        fresh.frame()
        fresh.frame()
        for k in edges - 4..<edges { XCTAssertEqual(driver.canvas.edgePath(at: k), fresh.canvas.edgePath(at: k), "edge \(k)") }
        XCTAssertEqual(driver.canvas.stats.totalHandles, fresh.canvas.stats.totalHandles)
        XCTAssertEqual(driver.canvas.stats.visibleEdges, fresh.canvas.stats.visibleEdges)
        // A node in the middle: its edges, found through its edge lists, are those the general
        // function finds.
        let expected = getElementsToRemove(nodeIds: ["n8"], edgeIds: [], nodes: driver.store.nodes, edges: driver.store.edges)
        driver.frame()
        let removal = driver.canvas.deleteElements(nodes: ["n8"])
        XCTAssertEqual(removal.nodes.map(\.id), ["n8"])
        XCTAssertEqual(removal.edges.map(\.id), expected.edges.map(\.id))
        XCTAssertEqual(removal.edges.count, 4)
        driver.frame()
        XCTAssertEqual(driver.canvas.stats.resolvedEdges, 0)
        XCTAssertEqual(driver.canvas.stats.scannedNodes, 0)
        XCTAssertEqual(differencesFromFresh(driver), [])
        driver.frame([.keyDown("Z", modifiers: .ctrl)])
        driver.frame()
        XCTAssertEqual(driver.store.edges.count, edges)
        // n0's out0 (460, 226.67) onto n1's in1 (520, 253.33).
        try? driver.play("press 460 226.67\nmove 490 240\nmove 520 253.33\nrelease 520 253.33")
        XCTAssertEqual(driver.store.edges.count, edges + 1)
        XCTAssertEqual(driver.store.edges.last?.source, "n0")
        XCTAssertEqual(driver.store.edges.last?.target, "n1")
    }

    /// Where the store's node and edge arrays keep their elements.
    private func buffers(_ driver: EmbeddedCanvas<JSONValue, JSONValue>) -> [UnsafeRawPointer?] {
        [driver.store.nodes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) },
         driver.store.edges.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }]
    }

    /// The ids of the selected nodes, in array order.
    private func selectedIds(_ driver: EmbeddedCanvas<JSONValue, JSONValue>) -> [String] {
        driver.store.nodes.filter(\.selected).map(\.id)
    }

    /// Clicks screen point `p` (a frame) and returns the selected nodes.
    private func click(_ driver: EmbeddedCanvas<JSONValue, JSONValue>, _ p: Point) -> [String] {
        driver.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1), .pointerUp(p, button: .primary, modifiers: [])])
        return selectedIds(driver)
    }

    /// Deleting the first node moves the others down in place (no copy of either array), and the
    /// canvas follows without reading a node or resolving an edge: ids, id maps, handles, edge
    /// ends and culling indexes as a fresh canvas has them; a click hits the right node and a
    /// connection drag resolves the moved nodes' handles. The undo appends the node and its edges.
    /// (100 nodes in 10 columns: node i at flow ((i % 10)·220, (i / 10)·140), 160×80, on screen
    /// at flow + (300, 200).)
    func testDeletingTheFirstNodeAndUndoingIt() {
        let driver = stressCanvas(100)
        let before = buffers(driver)
        XCTAssertEqual(click(driver, Point(x: 380, y: 240)), ["n0"])
        driver.frame([.keyDown("Delete", modifiers: [])])
        driver.frame()
        XCTAssertEqual(driver.canvas.stats.resolvedEdges, 0)
        XCTAssertEqual(driver.canvas.stats.scannedNodes, 0)
        XCTAssertEqual(buffers(driver), before)
        XCTAssertEqual(driver.store.nodes.count, 99)
        XCTAssertEqual(driver.store.nodes.prefix(3).map(\.id), ["n1", "n2", "n3"])
        XCTAssertEqual(driver.store.nodes.last?.id, "n99")
        XCTAssertEqual(driver.store.edges.count, 190)
        XCTAssertEqual(driver.store.edges.prefix(3).map(\.id), ["e1-a", "e1-b", "e2-a"])
        XCTAssertEqual(driver.canvas.nodeCache.ids, driver.store.nodes.map(\.id))
        XCTAssertEqual(driver.canvas.nodeCache.index(of: "n1"), 0)
        XCTAssertEqual(driver.canvas.nodeCache.index(of: "n57"), 56)
        XCTAssertNil(driver.canvas.nodeCache.index(of: "n0"))
        XCTAssertEqual(driver.store.node("n57")?.position, Point(x: 1_540, y: 700))
        XCTAssertEqual(differencesFromFresh(driver), [])
        // n11 (flow (220, 140)) and n1 (flow (220, 0)); nothing where n0 was.
        XCTAssertEqual(click(driver, Point(x: 600, y: 380)), ["n11"])
        XCTAssertEqual(click(driver, Point(x: 600, y: 240)), ["n1"])
        XCTAssertEqual(click(driver, Point(x: 380, y: 240)), [])
        // n1's out0 (680, 226.67) onto n2's in1 (740, 253.33).
        try? driver.play("press 680 226.67\nmove 710 240\nmove 740 253.33\nrelease 740 253.33")
        XCTAssertEqual(driver.store.edges.count, 191)
        XCTAssertEqual(driver.store.edges.last.map { [$0.source, $0.sourceHandle, $0.target, $0.targetHandle] }, ["n1", "out0", "n2", "in1"])
        driver.frame([.keyDown("Z", modifiers: .ctrl)])   // the connection
        driver.frame([.keyDown("Z", modifiers: .ctrl)])   // the deletion
        driver.frame()
        XCTAssertEqual(driver.store.nodes.count, 100)
        XCTAssertEqual(driver.store.nodes.first?.id, "n1")
        XCTAssertEqual(driver.store.nodes.last?.id, "n0")
        XCTAssertEqual(driver.store.edges.count, 192)
        XCTAssertEqual(Set(driver.store.edges.suffix(2).map(\.id)), ["e0-a", "e0-b"])
        XCTAssertEqual(driver.canvas.nodeCache.index(of: "n0"), 99)
        XCTAssertEqual(differencesFromFresh(driver), [])
        XCTAssertEqual(click(driver, Point(x: 380, y: 240)), ["n0"])
    }

    /// Deleting a node in the middle (n13 and its four edges, at edge indices 13, 24, 26 and 27)
    /// moves only what follows, in place; the canvas follows as for the first node.
    func testDeletingAMiddleNodeAndUndoingIt() {
        let driver = stressCanvas(100)
        let before = buffers(driver)
        XCTAssertEqual(click(driver, Point(x: 1_040, y: 380)), ["n13"])
        driver.frame([.keyDown("Delete", modifiers: [])])
        driver.frame()
        XCTAssertEqual(driver.canvas.stats.resolvedEdges, 0)
        XCTAssertEqual(driver.canvas.stats.scannedNodes, 0)
        XCTAssertEqual(buffers(driver), before)
        XCTAssertEqual(driver.store.nodes.count, 99)
        XCTAssertEqual(driver.store.nodes[12...13].map(\.id), ["n12", "n14"])
        XCTAssertEqual(driver.store.edges.count, 188)
        XCTAssertEqual(driver.store.edges[12...13].map(\.id), ["e6-a", "e7-a"])
        XCTAssertEqual(driver.store.edges[22...24].map(\.id), ["e11-b", "e12-b", "e14-a"])
        XCTAssertEqual(driver.canvas.nodeCache.index(of: "n14"), 13)
        XCTAssertEqual(driver.canvas.nodeCache.index(of: "n12"), 12)
        XCTAssertNil(driver.canvas.nodeCache.index(of: "n13"))
        XCTAssertEqual(differencesFromFresh(driver), [])
        // n14 (flow (880, 140)) and n12 (flow (440, 140)); nothing where n13 was.
        XCTAssertEqual(click(driver, Point(x: 1_260, y: 380)), ["n14"])
        XCTAssertEqual(click(driver, Point(x: 820, y: 380)), ["n12"])
        XCTAssertEqual(click(driver, Point(x: 1_040, y: 380)), [])
        // n12's out0 (900, 366.67) onto n14's in1 (1180, 393.33).
        try? driver.play("press 900 366.67\nmove 1000 380\nmove 1180 393.33\nrelease 1180 393.33")
        XCTAssertEqual(driver.store.edges.last.map { [$0.source, $0.sourceHandle, $0.target, $0.targetHandle] }, ["n12", "out0", "n14", "in1"])
        driver.frame([.keyDown("Z", modifiers: .ctrl)])
        driver.frame([.keyDown("Z", modifiers: .ctrl)])
        driver.frame()
        XCTAssertEqual(driver.store.nodes.count, 100)
        XCTAssertEqual(driver.store.nodes.last?.id, "n13")
        XCTAssertEqual(driver.store.edges.count, 192)
        XCTAssertEqual(Set(driver.store.edges.suffix(4).map(\.id)), ["e6-b", "e12-a", "e13-a", "e13-b"])
        XCTAssertEqual(differencesFromFresh(driver), [])
        XCTAssertEqual(click(driver, Point(x: 1_040, y: 380)), ["n13"])
    }

    /// A child dragged alone moves within its parent through the incremental parent-chain
    /// update; dragging the parent re-resolves every chain, and the child follows.
    func testParentChainsFollowAChildAndTheirParent() {
        var parent = node("P", x: 200)
        parent.position = Point(x: 200, y: 200)
        parent.width = 300; parent.height = 200
        var child = node("C", x: 20)
        child.position = Point(x: 20, y: 60)
        child.parentId = "P"
        let driver = EmbeddedCanvas<JSONValue, JSONValue>(nodes: [parent, child], makeEdgeData: { _ in .null })
        driver.frame()
        // Away from the canvas' borders, so that no drag auto-pans.
        driver.frame([.pointerDown(Point(x: 270, y: 285), button: .primary, modifiers: [], clickCount: 1)])
        driver.frame([.pointerMove(Point(x: 280, y: 285), modifiers: [])])
        driver.frame([.pointerMove(Point(x: 290, y: 285), modifiers: [])])
        XCTAssertEqual(driver.canvas.stats.parentChainsResolved, 1)
        driver.frame([.pointerUp(Point(x: 290, y: 285), button: .primary, modifiers: [])])
        driver.frame()
        XCTAssertEqual(driver.store.node("C")?.position, Point(x: 40, y: 60))
        // The parent: its chain and its child's are resolved again.
        driver.frame([.pointerDown(Point(x: 450, y: 220), button: .primary, modifiers: [], clickCount: 1)])
        driver.frame([.pointerMove(Point(x: 460, y: 230), modifiers: [])])
        driver.frame([.pointerMove(Point(x: 470, y: 240), modifiers: [])])
        XCTAssertEqual(driver.canvas.stats.parentChainsResolved, 2)
        driver.frame([.pointerUp(Point(x: 470, y: 240), button: .primary, modifiers: [])])
        driver.frame()
        XCTAssertEqual(driver.store.node("P")?.position, Point(x: 220, y: 220))
        XCTAssertEqual(driver.store.node("C")?.position, Point(x: 40, y: 60), "relative to its parent")
    }
}
