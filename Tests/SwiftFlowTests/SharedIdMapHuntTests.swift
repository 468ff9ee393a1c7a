@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The node id map the canvas takes from its `FlowStore` (`FlowStore.nodeIds(ifHolding:)`) and
/// then changes on its own: random store edits (removals at the front, middle and end, additions,
/// replacements, renames, whole arrays set with duplicated ids and without them, reorders), undo,
/// redo, paste and deletes, with a second canvas run by the same store now and then. After each
/// edit both canvases must know what a fresh canvas over the store's arrays knows, and the store's
/// map must find each node at its index. Seeded and reproducible.
final class SharedIdMapHuntTests: XCTestCase {
    private func node(_ id: String, _ r: inout SeededRandom) -> Node<JSONValue> {
        var n = Node<JSONValue>(id: id, position: Point(x: Double(r.int(700)), y: Double(r.int(500))),
                                data: .object(JSONObject([("label", .string(id))])))
        if r.chance(80) { n.width = 60; n.height = 40 }
        return n
    }

    /// The edges of `edges` that do not end on `ids`, as removals of the others.
    private func edgeRemovals(_ edges: [Edge<JSONValue>], touching ids: Set<String>) -> [EdgeChange<JSONValue>] {
        edges.filter { ids.contains($0.source) || ids.contains($0.target) }.map { .remove(id: $0.id) }
    }

    private func edit(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ r: inout SeededRandom, next: inout Int) -> String {
        let nodes = d.store.nodes, edges = d.store.edges
        func some() -> Int? { nodes.isEmpty ? nil : [0, nodes.count - 1, nodes.count / 2, r.int(nodes.count)][r.int(4)] }
        switch r.int(13) {
        case 0, 1:   // remove a node (front, end, middle) with its edges
            guard let i = some() else { return "nothing" }
            d.store.apply(edgeRemovals(edges, touching: [nodes[i].id]))
            d.store.apply([NodeChange<JSONValue>.remove(id: nodes[i].id)])
            return "remove \(nodes[i].id)"
        case 2:   // add a node connected to another
            let n = node("a\(next)", &r)
            next += 1
            d.store.apply([NodeChange.add(n)])
            if let i = some() { d.store.apply([EdgeChange.add(Edge(id: "x\(next)", source: nodes[i].id, target: n.id, data: .null))]) }
            return "add \(n.id)"
        case 3:   // remove one node and add another with its id in one batch
            guard let i = some() else { return "nothing" }
            var n = node(nodes[i].id, &r)
            n.position.x += 5
            d.store.apply([NodeChange<JSONValue>.remove(id: nodes[i].id), .add(n)])
            return "remove and add \(n.id)"
        case 4:   // rename a node (its edges dropped first)
            guard let i = some() else { return "nothing" }
            d.store.apply(edgeRemovals(edges, touching: [nodes[i].id]))
            let id = "r\(next)"
            next += 1
            try? d.store.updateNode(nodes[i].id) { $0.id = id }
            return "rename \(nodes[i].id) \(id)"
        case 5:   // a copy of a node appended under the same id, through the array
            guard let i = some() else { return "nothing" }
            d.store.nodes.append(nodes[i])
            return "duplicate \(nodes[i].id)"
        case 6:   // later copies of duplicated ids dropped, through the array
            var seen = Set<String>()
            d.store.nodes = nodes.filter { seen.insert($0.id).inserted }
            return "deduplicate"
        case 7:   // the array reversed, or its first node moved last
            d.store.nodes = r.chance(50) ? nodes.reversed() : Array(nodes.dropFirst()) + nodes.prefix(1)
            return "reorder"
        case 8:
            d.key("z", .ctrl)
            return "undo"
        case 9:
            d.key("y", .ctrl)
            return "redo"
        case 10:   // select a node, copy, paste
            guard let i = some() else { return "nothing" }
            d.store.apply([NodeChange<JSONValue>.select(id: nodes[i].id, selected: true)])
            d.frame()
            d.key("c", .ctrl)
            d.key("v", .ctrl)
            return "copy \(nodes[i].id), paste"
        case 11:   // select a node, Delete
            guard let i = some() else { return "nothing" }
            d.store.apply([NodeChange<JSONValue>.select(id: nodes[i].id, selected: true)])
            d.frame()
            d.key("Delete")
            return "delete \(nodes[i].id)"
        default:   // replace a node whole, move another
            guard let i = some(), let j = some() else { return "nothing" }
            var n = nodes[i]
            n.position.y += 7
            d.store.apply([NodeChange.replace(n), .position(id: nodes[j].id, position: Point(x: 3, y: 3), dragging: false)])
            return "replace \(n.id), move \(nodes[j].id)"
        }
    }

    /// Nodes the store's id map does not find at their index (the first of each id).
    private func storeMapProblems(_ store: FlowStore<JSONValue, JSONValue>) -> [String] {
        let nodes = store.nodes
        guard let map = store.nodeIds() else { return [] }   // duplicated ids: no map
        return nodes.indices.compactMap { i in map.index(of: nodes[i].id, in: nodes) == i ? nil : "store map: \(nodes[i].id) not at \(i)" }
    }

    private func hunt(seed: UInt64, graphs: Int, edits: Int, second: Bool, readsMidFrame: Bool = false) {
        var r = SeededRandom(seed: seed)
        var failures: [String] = []
        for g in 0..<graphs {
            let n = 3 + r.int(8)
            let nodes = (0..<n).map { node("n\($0)", &r) }
            let edges = (0..<n).map { k in Edge<JSONValue>(id: "e\(k)", source: "n\(r.int(n))", target: "n\(r.int(n))", data: .null) }
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            d.recordsOutbound = false
            d.canvas.historyLimit = 1000
            let b = FlowCanvas<JSONValue, JSONValue>(size: d.canvas.size, textMeasurer: FixedAdvanceTextMeasurer())
            var list = DrawList()
            if readsMidFrame {
                // The app's own callbacks after the store's read the store during the frame,
                // which applies the changes waiting for the frame to return.
                let nodesChange = d.canvas.onNodesChange, edgesChange = d.canvas.onEdgesChange, store = d.store
                d.canvas.onNodesChange = { nodesChange?($0); _ = store.nodes.count }
                d.canvas.onEdgesChange = { edgesChange?($0); _ = store.edges.count }
            }
            d.frame()
            var next = 0, log: [String] = []
            for _ in 0..<edits {
                log.append(edit(d, &r, next: &next))
                d.frame()
                if second && r.chance(30) {
                    d.store.frame(b, into: &list)
                    let fresh = EmbeddedCanvas(nodes: d.store.nodes, edges: d.store.edges, makeEdgeData: { _ in .null }, size: b.size)
                    fresh.frame()
                    fresh.frame()
                    let p = canvasDifferences(b, fresh.canvas)
                    if !p.isEmpty { failures.append("graph \(g), second canvas, after \(log.suffix(6)): \(p.prefix(4))"); break }
                }
                d.frame()
                let problems = differencesFromFresh(d) + storeMapProblems(d.store)
                if !problems.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(6)): \(problems.prefix(4))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }

    func testStoreEditsOfTheSharedNodeMapMatchAFreshCanvas() {
        hunt(seed: 0x5EED_0220, graphs: 10, edits: 40, second: false)
    }

    func testStoreReadDuringTheFrameMatchesAFreshCanvas() {
        hunt(seed: 0x5EED_0223, graphs: 10, edits: 40, second: false, readsMidFrame: true)
    }

    func testTwoCanvasesOfOneStoreMatchAFreshCanvas() {
        hunt(seed: 0x5EED_0221, graphs: 10, edits: 40, second: true)
    }
}
