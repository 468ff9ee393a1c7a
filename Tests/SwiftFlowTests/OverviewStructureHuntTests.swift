@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The overview picture's tiles after structural edits while zoomed out — parents set and
/// dropped, copies under a used id, renames, handle lists changed, nodes without a size (placed
/// from their type), paste, duplicate, cut, Delete, undo, redo, the history cleared — against the
/// tiles a fresh canvas over the same arrays and viewport rasterises (`OverviewHuntTests`), and
/// the canvas' state against a fresh canvas'. Seeded and reproducible.
final class OverviewStructureHuntTests: XCTestCase {
    private static let lists: [[NodeHandle]] = [
        [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25), NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)],
        [NodeHandle(id: "in", type: .target, position: .top), NodeHandle(id: "out", type: .source, position: .bottom)],
        [NodeHandle(id: "out", type: .source, position: .right)],
    ]

    private func node(_ id: String, _ r: inout SeededRandom) -> Node<JSONValue> {
        var n = testNode(id, x: Double(r.int(3000)), y: Double(r.int(2000)), handles: Self.lists[r.int(3)])
        if r.chance(30) { (n.width, n.height) = (nil, nil) }
        return n
    }

    private func edge(_ id: String, _ nodes: [Node<JSONValue>], _ r: inout SeededRandom) -> Edge<JSONValue>? {
        guard !nodes.isEmpty else { return nil }
        return testEdge(id, nodes[r.int(nodes.count)].id, nodes[r.int(nodes.count)].id, r.chance(80) ? "out" : nil, r.chance(80) ? "in" : nil)
    }

    private func edit(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ r: inout SeededRandom, next: inout Int) -> String {
        guard let i = d.huntNode(&r, next: &next, make: node) else { return "one node" }
        let nodes = d.store.nodes, id = nodes[i].id
        func select() {
            d.store.apply([NodeChange<JSONValue>.select(id: id, selected: true)])
            d.frame()
        }
        switch r.int(18) {
        case 0:
            let p = r.chance(30) ? nil : nodes[r.int(nodes.count)].id
            d.store.nodes[i].parentId = p
            if p != nil, r.chance(50) { d.store.nodes[i].position = Point(x: Double(r.int(300)), y: Double(r.int(200))) }
            return "parent of \(id): \(p ?? "none")"
        case 1:
            var n = nodes[i]
            n.position = Point(x: Double(r.int(3000)), y: Double(r.int(2000)))
            d.store.apply([NodeChange.add(n)])
            return "copy of \(id)"
        case 2:
            var seen = Set<String>()
            d.store.nodes = nodes.filter { seen.insert($0.id).inserted }
            return "deduplicate"
        case 3:
            let name = "r\(next)"
            next += 1
            try? d.store.updateNode(id) { $0.id = name }
            return "rename \(id) to \(name)"
        case 4:
            let h = Self.lists[r.int(3)]
            try? d.store.updateNode(id) { $0.handles = h }
            return "handles of \(id): \(h.map(\.id))"
        case 5:
            d.store.apply([NodeChange<JSONValue>.position(id: id, position: Point(x: Double(r.int(3000)), y: Double(r.int(2000))), dragging: false)])
            return "move \(id)"
        case 6:
            select()
            d.key("c", .ctrl)
            d.frame([.pointerMove(Point(x: Double(50 + r.int(700)), y: Double(50 + r.int(500))), modifiers: [])])
            d.key("v", .ctrl)
            return "copy \(id), paste"
        case 7:
            select()
            d.key("d", .ctrl)
            return "duplicate \(id)"
        case 8:
            select()
            d.key("x", .ctrl)
            return "cut \(id)"
        case 9:
            select()
            d.key("Delete")
            return "delete \(id)"
        case 10, 11:
            d.key("z", .ctrl)
            return "undo"
        case 12:
            d.key("y", .ctrl)
            return "redo"
        case 13:
            d.canvas.clearHistory()
            return "clear history"
        case 14:
            d.store.nodes[i].hidden.toggle()
            return "hidden \(id)"
        case 15:
            d.store.apply([NodeChange<JSONValue>.remove(id: id)])
            return "remove \(id)"
        case 16:
            let zoom = [1.0 / 16, 1.0 / 32, 1.0 / 8, 0.05][r.int(4)]
            d.canvas.viewport = Viewport(x: -Double(r.int(400)), y: -Double(r.int(300)), zoom: zoom)
            return "viewport \(d.canvas.viewport)"
        default:
            if let e = edge("x\(next)", nodes, &r) { d.store.apply([EdgeChange.add(e)]) }
            next += 1
            return "edge"
        }
    }

    func testStructuralEditsKeepTheTilesAndStateTrue() {
        var r = SeededRandom(seed: 0x5EED_0E1E)
        var failures: [String] = []
        for g in 0..<4 {
            let n = 10 + r.int(30)
            let nodes = (0..<n).map { node("n\($0)", &r) }
            let edges = (0..<n).compactMap { edge("e\($0)", nodes, &r) }
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            OverviewHuntTests.configure(d.canvas)
            d.recordsOutbound = false
            d.canvas.historyLimit = 1000
            d.canvas.overviewTileBudget = [4, .max][r.int(2)]
            d.canvas.viewport = Viewport(x: 0, y: 0, zoom: 1.0 / 16)
            d.frame()
            d.frame()
            var next = 0, log: [String] = []
            for _ in 0..<30 {
                log.append(edit(d, &r, next: &next))
                d.frame()
                d.frame()
                var problems = differencesFromFresh(d, configure: OverviewHuntTests.configure)
                if problems.isEmpty, d.canvas.usesOverview { problems = OverviewHuntTests.staleTiles(d) }
                if !problems.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(6)): \(problems.prefix(4))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }
}
