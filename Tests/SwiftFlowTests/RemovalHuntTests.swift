@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Removals from the front and middle of the arrays (`ArrayChanges.removed`, followed by closing
/// the gaps) mixed with what renumbers or re-reads handles: nodes of many handles (duplicated
/// ids, no ids, handles replaced with more or fewer), hidden nodes, nodes off-screen and nodes
/// sized by their view, with undo, redo, paste, connections, drags and nudges. After each edit
/// the canvas must know what a fresh canvas over the same arrays knows (`differencesFromFresh`),
/// and a delete undone at once gives back the nodes and edges it took. Seeded and reproducible.
final class RemovalHuntTests: XCTestCase {
    /// Whether every edge names handles its nodes have (or none) and no handle id repeats, so
    /// that removals are followed in place rather than by re-interning the arrays.
    private var tidy = false
    /// Whether some nodes are children of earlier ones.
    private var parents = false

    private static let sides: [Position] = [.left, .right, .top, .bottom]

    /// Up to 9 handles, now and then none named, an id repeated or none at all (the built-in ones).
    private func handles(_ r: inout SeededRandom) -> [NodeHandle]? {
        guard !r.chance(15) else { return nil }
        return (0..<r.int(10)).map { k in
            let id = !tidy && r.chance(10) ? "h0" : !tidy && r.chance(5) ? "" : "h\(k)"
            let at = r.chance(70)
            return NodeHandle(id: id, type: r.chance(50) ? .source : .target, position: Self.sides[r.int(4)],
                              x: at ? Double(r.int(60)) : nil, y: at ? Double(r.int(40)) : nil,
                              isConnectable: !r.chance(10))
        }
    }

    private func node(_ id: String, _ r: inout SeededRandom) -> Node<JSONValue> {
        let far = r.chance(25)
        var n = Node<JSONValue>(id: id, position: Point(x: Double(far ? 1500 + r.int(3000) : r.int(700)), y: Double(r.int(far ? 3000 : 500))),
                     data: .object(JSONObject([("label", .string(id))])), handles: handles(&r))
        if r.chance(80) { n.width = 60; n.height = 40 }
        n.hidden = r.chance(10)
        return n
    }

    /// An edge from `s` to `t` naming one of their handles (or none, or one they lack).
    private func edge(_ id: String, _ s: Node<JSONValue>, _ t: Node<JSONValue>, _ r: inout SeededRandom) -> Edge<JSONValue> {
        let tidy = self.tidy
        func name(_ n: Node<JSONValue>, _ type: HandleType) -> String? {
            let hs = (n.handles ?? []).filter { !tidy || $0.type == type }
            guard !hs.isEmpty, !r.chance(15) else { return !tidy && r.chance(10) ? "nope" : nil }
            return hs[r.int(hs.count)].id
        }
        return Edge(id: id, source: s.id, target: t.id, sourceHandle: name(s, .source), targetHandle: name(t, .target), data: .null)
    }

    private func graph(_ r: inout SeededRandom, nodes n: Int) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        var nodes = (0..<n).map { node("n\($0)", &r) }
        for i in 1..<n where parents && r.chance(25) { nodes[i].parentId = "n\(r.int(i))"; nodes[i].position = Point(x: 10, y: 30) }
        let edges = (0..<(2 * n)).map { k in edge("e\(k)", nodes[r.int(n)], nodes[r.int(n)], &r) }
        return (nodes, edges)
    }

    /// The node's centre on screen, when it is on screen away from the borders.
    private func centre(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ i: Int) -> Point? {
        guard i < d.canvas.nodeCache.states.count else { return nil }
        let s = d.canvas.nodeCache.states[i]
        guard s.laidOut, s.drawable else { return nil }
        let p = d.canvas.flowToScreenPosition(Point(x: s.origin.x + s.size.width / 2, y: s.origin.y + s.size.height / 2))
        return p.x > 60 && p.x < 740 && p.y > 60 && p.y < 540 ? p : nil
    }

    /// Nodes and edges sorted by id, to compare a graph with itself after a delete and its undo.
    private func sorted(_ d: EmbeddedCanvas<JSONValue, JSONValue>) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        (d.store.nodes.sorted { $0.id < $1.id }, d.store.edges.sorted { $0.id < $1.id })
    }

    /// One random edit, mostly removing from the front or the middle; its description, and a
    /// problem when a delete undone at once did not give back what it took.
    private func edit(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ r: inout SeededRandom, next: inout Int) -> (String, String?) {
        let nodes = d.store.nodes, edges = d.store.edges
        func some() -> Int? { nodes.isEmpty ? nil : r.chance(40) ? 0 : r.int(nodes.count) }
        switch r.int(16) {
        case 0, 1:   // select the first or some node, Delete, and sometimes undo at once
            guard let i = some() else { return ("nothing", nil) }
            let before = sorted(d)
            d.store.apply([NodeChange<JSONValue>.select(id: nodes[i].id, selected: true)])
            d.frame()
            d.key("Delete")
            d.frame()
            guard r.chance(50), d.store.nodes.count < before.0.count else { return ("delete \(nodes[i].id)", nil) }
            d.key("z", .ctrl)
            d.frame()
            var after = sorted(d)
            for k in after.0.indices { after.0[k].selected = before.0.first { $0.id == after.0[k].id }?.selected ?? after.0[k].selected }
            let same = after.0 == before.0 && after.1 == before.1
            return ("delete \(nodes[i].id), undo", same ? nil : "undo of delete \(nodes[i].id) lost data")
        case 2:   // deleteElements of the first and a middle node
            guard let i = some() else { return ("nothing", nil) }
            let ids = [nodes[0].id, nodes[i].id, nodes[nodes.count / 2].id]
            d.canvas.deleteElements(nodes: ids)
            return ("deleteElements \(ids)", nil)
        case 3:   // the app removes edges from anywhere, several at once
            guard !edges.isEmpty else { return ("nothing", nil) }
            let ids = Set((0..<(1 + r.int(3))).map { _ in r.chance(50) ? edges[0].id : edges[r.int(edges.count)].id })
            d.store.apply(ids.sorted().map { EdgeChange<JSONValue>.remove(id: $0) })
            return ("remove edges \(ids.sorted())", nil)
        case 4, 5:
            d.key("z", .ctrl)
            return ("undo", nil)
        case 6:
            d.key("y", .ctrl)
            return ("redo", nil)
        case 7:   // copy two nodes, paste
            guard let a = some(), let b = some() else { return ("nothing", nil) }
            d.store.apply([NodeChange<JSONValue>.select(id: nodes[a].id, selected: true), .select(id: nodes[b].id, selected: true)])
            d.frame()
            d.key("c", .ctrl)
            d.key("v", .ctrl)
            return ("copy \(nodes[a].id) \(nodes[b].id), paste", nil)
        case 8:   // a connection between two handles, as onConnect brings it
            guard let a = some(), let b = some() else { return ("nothing", nil) }
            let e = edge("c", nodes[a], nodes[b], &r)
            d.canvas.onConnect?(Connection(source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle))
            return ("connect \(e.source).\(e.sourceHandle ?? "-") \(e.target).\(e.targetHandle ?? "-")", nil)
        case 9:   // the app gives a node other handles (more, fewer, none), then maybe removes one
            guard let i = some() else { return ("nothing", nil) }
            var n = nodes[i]
            n.handles = handles(&r)
            if r.chance(30) { try? d.store.updateNode(n.id) { $0.handles = n.handles } } else { d.store.apply([NodeChange.replace(n)]) }
            guard r.chance(40), let j = some(), j != i else { return ("\(n.id) handles \(n.handles?.count ?? -1)", nil) }
            d.store.apply(edges.filter { $0.source == nodes[j].id || $0.target == nodes[j].id }.map { EdgeChange<JSONValue>.remove(id: $0.id) })
            d.store.apply([NodeChange<JSONValue>.remove(id: nodes[j].id)])
            return ("\(n.id) handles \(n.handles?.count ?? -1), remove \(nodes[j].id)", nil)
        case 10:   // hide or show a node
            guard let i = some() else { return ("nothing", nil) }
            var n = nodes[i]
            n.hidden.toggle()
            d.store.apply([NodeChange.replace(n)])
            return ("hidden \(n.hidden) \(n.id)", nil)
        case 11:   // drag a node by its middle, across two frames
            guard let i = some(), let p = centre(d, i) else { return ("nothing", nil) }
            let q = Point(x: p.x + Double(r.int(80)) - 40, y: p.y + Double(r.int(80)) - 40)
            d.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1)])
            d.frame([.pointerMove(q, modifiers: [])])
            d.frame([.pointerUp(q, button: .primary, modifiers: [])])
            return ("drag \(nodes[i].id)", nil)
        case 12:   // the app appends a node of many handles, connected to the first
            let n = node("a\(next)", &r)
            next += 1
            d.store.apply([NodeChange.add(n)])
            if let first = nodes.first { d.store.apply([EdgeChange.add(edge("x\(next)", first, n, &r))]) }
            return ("add \(n.id)", nil)
        case 13:   // the app removes nodes from anywhere with their edges
            guard let i = some() else { return ("nothing", nil) }
            let ids = Set([nodes[i].id, nodes[0].id])
            d.store.apply(edges.filter { ids.contains($0.source) || ids.contains($0.target) }.map { EdgeChange<JSONValue>.remove(id: $0.id) })
            d.store.apply(ids.sorted().map { NodeChange<JSONValue>.remove(id: $0) })
            return ("remove nodes \(ids.sorted())", nil)
        case 14:   // select all, delete, undo
            let before = sorted(d)
            d.key("a", .ctrl)
            d.key("Delete")
            d.frame()
            // Nothing deleted (no node shown): the undo would take back an earlier step.
            guard d.store.nodes.count < before.0.count else { return ("select all, nothing to delete", nil) }
            d.key("z", .ctrl)
            d.frame()
            let after = sorted(d)
            let same = after.0.map(\.id) == before.0.map(\.id) && after.1.map(\.id) == before.1.map(\.id)
            return ("select all, delete, undo", same ? nil : "undo of select all + delete: nodes \(before.0.map(\.id)) -> \(after.0.map(\.id)), edges \(before.1.map(\.id)) -> \(after.1.map(\.id))")
        default:   // click a node, nudge it
            guard let i = some(), let p = centre(d, i) else { return ("nothing", nil) }
            d.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1), .pointerUp(p, button: .primary, modifiers: [])])
            d.key("ArrowRight", r.chance(50) ? .shift : [])
            return ("click, nudge \(nodes[i].id)", nil)
        }
    }

    private func hunt(seed: UInt64, graphs: Int, edits: Int, tidy: Bool = false, parents: Bool = false) {
        self.tidy = tidy
        self.parents = parents
        var r = SeededRandom(seed: seed)
        var failures: [String] = []
        for g in 0..<graphs {
            let (nodes, edges) = graph(&r, nodes: 4 + r.int(12))
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            d.recordsOutbound = false
            d.canvas.historyLimit = 1000
            d.frame()
            var next = 0, log: [String] = []
            for _ in 0..<edits {
                let (what, problem) = edit(d, &r, next: &next)
                log.append(what)
                d.frame()
                d.frame()
                let problems = (problem.map { [$0] } ?? []) + differencesFromFresh(d)
                if !problems.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(6)): \(problems.prefix(4))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }

    func testFrontAndMiddleRemovalsWithManyHandlesMatchAFreshCanvas() {
        hunt(seed: 0x5EED_0170, graphs: 8, edits: 40)
    }

    func testFrontAndMiddleRemovalsOfTidyGraphsMatchAFreshCanvas() {
        hunt(seed: 0x5EED_0171, graphs: 8, edits: 40, tidy: true)
    }
}

extension RemovalHuntTests {
    func testFrontAndMiddleRemovalsWithParentsMatchAFreshCanvas() {
        hunt(seed: 0x5EED_0172, graphs: 8, edits: 40, parents: true)
    }
}
