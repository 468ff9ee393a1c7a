@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Issue 17's incremental change following against a canvas built from scratch: random edits
/// (deletions of first, middle and last nodes and edges, undo, redo, paste, connections, the app
/// appending, hiding or replacing nodes, and removing nodes and edges from anywhere) through `FlowStore` and the frame loop, and
/// after each the canvas must know what a fresh canvas over the same arrays knows
/// (`differencesFromFresh`). Seeded and reproducible.
final class ChangeFollowingHuntTests: XCTestCase {
    private static let handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 20),
                                  NodeHandle(id: "out", type: .source, position: .right, x: 60, y: 20)]

    private func node(_ id: String, _ r: inout SeededRandom) -> Node<JSONValue> {
        testNode(id, x: Double(r.int(700)), y: Double(r.int(500)), width: 60, height: 40, handles: Self.handles)
    }

    private func edge(_ id: String, _ s: String, _ t: String, _ r: inout SeededRandom, handles: Bool = true) -> Edge<JSONValue> {
        // Now and then a handle no node has (an end that stays missing) or no handle named.
        let sh = !handles ? nil : (r.chance(5) ? "nope" : "out"), th = !handles ? nil : "in"
        return Edge(id: id, source: s, target: t, sourceHandle: sh, targetHandle: th, data: .null)
    }

    /// `n` nodes with edges between them and a self-loop; with `layered`, some nodes are children
    /// of earlier ones, some have a z-index, some edges a z-index and some are selected.
    private func graph(_ r: inout SeededRandom, nodes n: Int, namedHandles: Bool, layered: Bool = false) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        var nodes = (0..<n).map { node("n\($0)", &r) }
        var edges: [Edge<JSONValue>] = []
        for k in 0..<(2 * n) { edges.append(edge("e\(k)", "n\(r.int(n))", "n\(r.int(n))", &r, handles: namedHandles)) }
        if layered {
            for i in 1..<n where r.chance(25) { nodes[i].parentId = "n\(r.int(i))"; nodes[i].position = Point(x: 10, y: 30) }
            for i in 0..<n where r.chance(10) { nodes[i].zIndex = 1 + r.int(3) }
            for k in edges.indices where r.chance(15) { edges[k].selected = true }
            for k in edges.indices where r.chance(10) { edges[k].zIndex = 1 }
        }
        edges.append(edge("loop", "n1", "n1", &r, handles: namedHandles))
        return (nodes, edges)
    }

    /// One random edit, as a user or an app makes it; returns its description.
    private func edit(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ r: inout SeededRandom, next: inout Int) -> String {
        let nodes = d.store.nodes, edges = d.store.edges
        func someNode() -> String? { nodes.isEmpty ? nil : nodes[r.int(nodes.count)].id }
        switch r.int(14) {
        case 0, 1:   // select a node (often the last or the first) and press Delete
            guard let id = r.chance(40) ? nodes.last?.id : r.chance(40) ? nodes.first?.id : someNode() else { return "nothing" }
            d.store.apply([NodeChange<JSONValue>.select(id: id, selected: true)])
            d.frame()
            d.frame([.keyDown("Delete", modifiers: []), .keyUp("Delete", modifiers: [])])
            return "delete \(id)"
        case 2:   // deleteElements of several nodes, some last, some not
            var ids = Array(nodes.suffix(2).map(\.id))
            if let id = someNode() { ids.append(id) }
            d.canvas.deleteElements(nodes: ids)
            return "deleteElements \(ids)"
        case 3, 4:
            d.frame([.keyDown("z", modifiers: .ctrl), .keyUp("z", modifiers: .ctrl)])
            return "undo"
        case 5:
            d.frame([.keyDown("y", modifiers: .ctrl), .keyUp("y", modifiers: .ctrl)])
            return "redo"
        case 6:   // select two nodes, copy, paste
            guard let a = someNode(), let b = someNode() else { return "nothing" }
            d.store.apply([NodeChange<JSONValue>.select(id: a, selected: true), .select(id: b, selected: true)])
            d.frame()
            d.frame([.keyDown("c", modifiers: .ctrl), .keyUp("c", modifiers: .ctrl)])
            d.frame([.keyDown("v", modifiers: .ctrl), .keyUp("v", modifiers: .ctrl)])
            return "copy \(a) \(b), paste"
        case 7:   // a connection, as onConnect brings it
            guard let a = someNode(), let b = someNode() else { return "nothing" }
            d.canvas.onConnect?(Connection(source: a, target: b, sourceHandle: "out", targetHandle: "in"))
            return "connect \(a) \(b)"
        case 8:   // the app appends a node, sometimes with an id already used
            let id = r.chance(25) ? (someNode() ?? "x") : "a\(next)"
            next += 1
            d.store.apply([NodeChange.add(node(id, &r))])
            return "add node \(id)"
        case 9:   // the app removes the last edge or node directly, or one from anywhere
            if r.chance(50), !edges.isEmpty {
                let e = r.chance(50) ? edges[edges.count - 1] : edges[r.int(edges.count)]
                d.store.apply([EdgeChange<JSONValue>.remove(id: e.id)])
                return "remove edge \(e.id)"
            }
            guard !nodes.isEmpty else { return "nothing" }
            let id = r.chance(50) ? nodes[nodes.count - 1].id : nodes[r.int(nodes.count)].id
            if r.chance(50) {
                // With its edges first, as a delete does.
                d.store.apply(edges.filter { $0.source == id || $0.target == id }.map { EdgeChange<JSONValue>.remove(id: $0.id) })
                d.store.apply([NodeChange<JSONValue>.remove(id: id)])
                return "remove node \(id) and its edges"
            }
            d.store.apply([NodeChange<JSONValue>.remove(id: id)])
            return "remove node \(id) (its edges left dangling)"
        case 10:   // hide or show a node
            guard !nodes.isEmpty else { return "nothing" }
            var n = nodes[r.int(nodes.count)]
            n.hidden.toggle()
            d.store.apply([NodeChange.replace(n)])
            return "hidden \(n.hidden) \(n.id)"
        case 11:   // the app appends an edge, maybe to a hidden or missing node
            guard let a = someNode() else { return "nothing" }
            let b = r.chance(20) ? "ghost" : (someNode() ?? a)
            let id = r.chance(10) ? (edges.first?.id ?? "e") : "x\(next)"
            next += 1
            d.store.apply([EdgeChange.add(edge(id, a, b, &r))])
            return "add edge \(id) \(a)→\(b)"
        case 12:   // the app replaces the nodes wholesale between frames
            d.store.nodes = nodes.reversed()
            return "nodes reversed"
        default:   // move a node
            guard !nodes.isEmpty else { return "nothing" }
            let i = r.int(nodes.count)
            d.store.apply([NodeChange<JSONValue>.position(id: nodes[i].id, position: Point(x: Double(r.int(700)), y: Double(r.int(500))), dragging: false)])
            return "move \(nodes[i].id)"
        }
    }

    private func hunt(seed: UInt64, graphs: Int, edits: Int, namedHandles: Bool, layered: Bool = false) {
        var r = SeededRandom(seed: seed)
        var failures: [String] = []
        for g in 0..<graphs {
            let (nodes, edges) = graph(&r, nodes: 4 + r.int(10), namedHandles: namedHandles, layered: layered)
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            d.recordsOutbound = false
            d.frame()
            var next = 0, log: [String] = []
            for _ in 0..<edits {
                log.append(edit(d, &r, next: &next))
                d.frame()
                d.frame()
                let problems = differencesFromFresh(d)
                if !problems.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(6)): \(problems.prefix(4))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }

    func testRandomEditsMatchAFreshCanvasWithNamedHandles() {
        hunt(seed: 0x5EED_0017, graphs: 15, edits: 40, namedHandles: true)
    }

    func testRandomEditsMatchAFreshCanvasWithSideEnds() {
        hunt(seed: 0x5EED_0018, graphs: 15, edits: 40, namedHandles: false)
    }

    func testRandomEditsMatchAFreshCanvasWithParentsAndLayers() {
        hunt(seed: 0x5EED_001A, graphs: 15, edits: 40, namedHandles: true, layered: true)
    }
}

extension ChangeFollowingHuntTests {
    /// A screen point near a node's handle or body most of the time.
    private func point(_ r: inout SeededRandom, _ d: EmbeddedCanvas<JSONValue, JSONValue>) -> Point {
        let states = d.canvas.nodeCache.states
        guard r.chance(80), !states.isEmpty else { return Point(x: Double(60 + r.int(680)), y: Double(60 + r.int(480))) }
        let s = states[r.int(states.count)]
        let flow = Point(x: s.origin.x + [0, s.size.width / 2, s.size.width][r.int(3)], y: s.origin.y + [20, s.size.height / 2][r.int(2)])
        let p = d.canvas.flowToScreenPosition(flow)
        // Away from the borders, where a drag auto-pans (and moves on in the settling frame).
        return Point(x: min(max(p.x, 60), 740), y: min(max(p.y, 60), 540))
    }

    /// Random input (presses, drags and connections, keys that delete, undo, redo, copy, paste,
    /// duplicate, nudge, select all) mixed with app edits between frames, mid-gesture or not; after
    /// every frame the canvas must know what a fresh one knows.
    func testRandomInputMidGestureMatchesAFreshCanvas() {
        var r = SeededRandom(seed: 0x5EED_0019)
        var failures: [String] = []
        for g in 0..<12 {
            let (nodes, edges) = graph(&r, nodes: 3 + r.int(8), namedHandles: g % 2 == 0, layered: g % 3 == 2)
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            d.recordsOutbound = false
            d.canvas.historyLimit = 1000
            d.frame()
            var down = false, next = 0, log: [String] = []
            for f in 0..<120 {
                var events: [InputEvent] = []
                switch r.int(12) {
                case 0, 1, 2:
                    events = [down ? .pointerUp(point(&r, d), button: .primary, modifiers: []) : .pointerDown(point(&r, d), button: .primary, modifiers: r.chance(20) ? .shift : [], clickCount: 1)]
                    down.toggle()
                case 3, 4, 5: events = [.pointerMove(point(&r, d), modifiers: [])]
                case 6, 7:
                    let keys: [(String, Modifiers)] = [("Delete", []), ("z", .ctrl), ("z", .ctrl), ("y", .ctrl), ("c", .ctrl), ("v", .ctrl),
                                                       ("d", .ctrl), ("a", .ctrl), ("ArrowLeft", []), ("Escape", [])]
                    let (k, m) = keys[r.int(keys.count)]
                    events = [.keyDown(k, modifiers: m), .keyUp(k, modifiers: m)]
                default:
                    log.append("f\(f) " + edit(d, &r, next: &next))
                }
                log.append("f\(f) \(events)")
                d.frame(events)
                d.frame()   // the canvas sees what the store applied after the last one
                let problems = differencesFromFresh(d)
                if !problems.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(8)): \(problems.prefix(4))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }
}

extension ChangeFollowingHuntTests {
    /// An off-screen node whose handles the app changes through the store is laid out again: its
    /// edge resolves against the new handles, as a fresh canvas's does (handles.md §2: an edge to
    /// an off-screen node attaches as it would on-screen). It used to keep the old ones. A node
    /// the store only moved keeps its layout.
    func testAnOffScreenNodesNewHandlesAreFollowed() {
        let handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 20),
                       NodeHandle(id: "out", type: .source, position: .right, x: 60, y: 20)]
        let nodes = [testNode("A", x: 0, y: 0, width: 60, height: 40, handles: handles),
                     testNode("B", x: 5000, y: 0, width: 60, height: 40, handles: handles)]
        let edges = [Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)]
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.frame()
        d.frame()
        var b = d.store.nodes[1]
        b.handles = [NodeHandle(id: "in2", type: .target, position: .top, x: 30, y: 0)]
        d.store.apply([NodeChange.replace(b)])
        d.frame()
        XCTAssertEqual(d.canvas.stats.laidOutNodes, 2, "A, on screen, and B, replaced")
        d.frame()
        XCTAssertEqual(differencesFromFresh(d), [])
        // Moved only (a drag, a nudge, a layout transition): it keeps its layout, moved.
        d.store.apply([NodeChange<JSONValue>.position(id: "B", position: Point(x: 5100, y: 10), dragging: true)])
        d.frame()
        XCTAssertEqual(d.canvas.stats.laidOutNodes, 1, "A alone")
        XCTAssertEqual(d.canvas.registry.handles(ofNode: 1).first?.anchor, Point(x: 5130, y: 10))
    }
}

extension ChangeFollowingHuntTests {
    /// The store's connection counts (what `onConnect` checks a new edge against) follow removed
    /// and replaced edges instead of being dropped and counted again over every edge at the next
    /// connection (O(edges): a connection after any deletion or undo of a connection cost that);
    /// a connection some edge still makes is refused, one no edge makes any more is made.
    func testConnectionCountsFollowRemovalsReplacementsAndUndo() {
        let handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 20),
                       NodeHandle(id: "out", type: .source, position: .right, x: 60, y: 20)]
        let nodes = ["A", "B", "C"].enumerated().map { testNode($1, x: Double($0) * 200, y: 100, width: 60, height: 40, handles: handles) }
        func edge(_ id: String, _ s: String, _ t: String) -> Edge<JSONValue> {
            Edge(id: id, source: s, target: t, sourceHandle: "out", targetHandle: "in", data: .null)
        }
        let d = EmbeddedCanvas(nodes: nodes, edges: [edge("e1", "A", "B"), edge("e2", "A", "B")], makeEdgeData: { _ in .null },
                               size: Size(width: 800, height: 600))
        d.frame()
        let ab = Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")
        let bc = Connection(source: "B", target: "C", sourceHandle: "out", targetHandle: "in")
        XCTAssertNil(d.store.connectionCounts, "counted at the first connection, not in the first frame")
        d.store.buildConnectionCounts()
        XCTAssertEqual(d.store.connectionCounts?[ab.storeHash], 2)
        d.store.apply([EdgeChange<JSONValue>.remove(id: "e2")])
        XCTAssertEqual(d.store.connectionCounts?[ab.storeHash], 1, "followed, not dropped")
        d.canvas.onConnect?(ab)
        XCTAssertEqual(d.store.edges.map(\.id), ["e1"], "e1 still joins A and B")
        d.store.apply([EdgeChange.replace(edge("e1", "B", "C"))])
        XCTAssertNil(d.store.connectionCounts?[ab.storeHash])
        XCTAssertEqual(d.store.connectionCounts?[bc.storeHash], 1)
        d.canvas.onConnect?(bc)
        XCTAssertEqual(d.store.edges.count, 1, "e1 now joins B and C")
        d.canvas.onConnect?(ab)
        XCTAssertEqual(d.store.edges.map(\.source), ["B", "A"])
        // A connection removed again (as its undo does): the counts follow, and the same
        // connection can be made again.
        d.frame()
        d.store.apply([EdgeChange<JSONValue>.remove(id: d.store.edges[1].id)])
        d.frame()
        XCTAssertEqual(d.store.edges.map(\.id), ["e1"])
        XCTAssertNotNil(d.store.connectionCounts)
        XCTAssertNil(d.store.connectionCounts?[ab.storeHash])
        d.canvas.onConnect?(ab)
        XCTAssertEqual(d.store.edges.count, 2)
    }

    /// Random batches of edge additions (some with a used id), removals, replacements and
    /// connections through the store: whenever the counts are kept, they are those of the edges.
    func testConnectionCountsStayTrueUnderRandomEdgeChanges() {
        var r = SeededRandom(seed: 0xC0_4417)
        let ids = ["A", "B", "C", "D"]
        func connection() -> Connection { Connection(source: ids[r.int(4)], target: ids[r.int(4)], sourceHandle: "out", targetHandle: "in") }
        func edge(_ id: String) -> Edge<JSONValue> {
            let c = connection()
            return Edge(id: id, source: c.source, target: c.target, sourceHandle: c.sourceHandle, targetHandle: c.targetHandle, data: .null)
        }
        let store = FlowStore<JSONValue, JSONValue>(edges: (0..<6).map { edge("e\($0)") }, makeEdgeData: { _ in .null })
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 400, height: 300), textMeasurer: FixedAdvanceTextMeasurer())
        store.attach(to: canvas)
        var list = DrawList()
        store.frame(canvas, into: &list)
        var next = 6
        for round in 0..<300 {
            let edges = store.edges
            var batch: [EdgeChange<JSONValue>] = []
            for _ in 0..<(1 + r.int(3)) {
                let some = edges.isEmpty ? "e0" : edges[r.int(edges.count)].id
                switch r.int(5) {
                case 0: batch.append(.add(edge(r.chance(10) ? some : "n\(next)"))); next += 1
                case 1: batch.append(.remove(id: some))
                case 2: batch.append(.remove(id: edges.last?.id ?? "e0"))
                case 3: batch.append(.replace(edge(some)))
                default: batch.append(.select(id: some, selected: true))
                }
            }
            store.apply(batch)
            if r.chance(30) { canvas.onConnect?(connection()) }
            if r.chance(20) { store.frame(canvas, into: &list) }
            guard let counts = store.connectionCounts else { continue }
            var expected: [UInt32: UInt16] = [:]
            for e in store.edges { expected[e.connection.storeHash, default: 0] += 1 }
            XCTAssertEqual(counts.count, expected.count, "round \(round): \(batch)")
            for (hash, n) in expected { XCTAssertEqual(counts[hash], n, "round \(round): \(batch)") }
        }
    }
}
