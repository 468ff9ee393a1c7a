@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Built-in nodes (`default`, `input`, `output`, `group`: placed without their views while
/// off screen or far out, `placeWithoutView`, with handle lists shared between nodes) opened
/// zoomed far out, then edited every way — handle lists, types, sides, fixed sizes, moves,
/// hiding, parents, removals, additions, copies under a used id, undo, redo, the theme's handle
/// size — across zoom levels and pans: after each edit the canvas must know what a fresh canvas
/// over the store's arrays and the same viewport knows. Seeded and reproducible.
final class BuiltInPlacementHuntTests: XCTestCase {
    /// Handle lists shared by many nodes (one storage each), and fresh copies of them.
    private static let lists: [[NodeHandle]] = [
        [NodeHandle(id: "in", type: .target, position: .left), NodeHandle(id: "out", type: .source, position: .right)],
        [NodeHandle(id: "in", type: .target, position: .top), NodeHandle(id: "out", type: .source, position: .bottom),
         NodeHandle(id: "out2", type: .source, position: .bottom)],
        [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 5), NodeHandle(id: "out", type: .source, position: .right, x: 40, y: 5)],
    ]
    private static let types = ["default", "input", "output", "group"]

    private func handles(_ r: inout SeededRandom) -> [NodeHandle]? {
        switch r.int(5) {
        case 0: return nil
        case 1: return Self.lists[r.int(Self.lists.count)].map { $0 }   // a fresh copy (another storage)
        default: return Self.lists[r.int(Self.lists.count)]
        }
    }

    private func node(_ id: String, _ r: inout SeededRandom) -> Node<JSONValue> {
        var n = Node<JSONValue>(id: id, position: Point(x: Double(r.int(6000)), y: Double(r.int(4000))), data: .null,
                                type: Self.types[r.int(3)])
        n.handles = handles(&r)
        if r.chance(40) { (n.width, n.height) = (Double(40 + r.int(200)), Double(20 + r.int(80))) }
        return n
    }

    private func edge(_ id: String, _ nodes: [Node<JSONValue>], _ r: inout SeededRandom) -> Edge<JSONValue>? {
        guard !nodes.isEmpty else { return nil }
        let names: [String?] = [nil, "out", "out2", "source"], targets: [String?] = [nil, "in", "target"]
        return Edge(id: id, source: nodes[r.int(nodes.count)].id, target: nodes[r.int(nodes.count)].id,
                    sourceHandle: names[r.int(4)], targetHandle: targets[r.int(3)], data: .null)
    }

    private func edit(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ r: inout SeededRandom, next: inout Int) -> String {
        guard let i = d.huntNode(&r, next: &next, make: node) else { return "one node" }
        let nodes = d.store.nodes, id = nodes[i].id
        switch r.int(20) {
        case 0:
            let h = handles(&r)
            d.store.nodes[i].handles = h
            return "handles of \(id): \(h.map { $0.map(\.id) } ?? [])"
        case 1:
            var n = nodes[i]
            n.handles = handles(&r)
            d.store.apply([NodeChange.replace(n)])
            return "replace \(id) with handles \(n.handles.map { $0.map(\.id) } ?? [])"
        case 2:
            let t = Self.types[r.int(4)]
            try? d.store.updateNode(id) { $0.type = t }
            return "type of \(id): \(t)"
        case 3:
            let s = Position.allCases[r.int(4)], t = Position.allCases[r.int(4)]
            d.store.nodes[i].sourcePosition = s
            d.store.nodes[i].targetPosition = t
            return "sides of \(id): \(s) \(t)"
        case 4:
            if r.chance(50) {
                d.store.apply([NodeChange<JSONValue>.dimensions(id: id, size: Size(width: Double(40 + r.int(200)), height: Double(20 + r.int(80))),
                                                                 resizing: false)])
            } else {
                d.store.nodes[i].width = nil
                d.store.nodes[i].height = nil
            }
            return "size of \(id)"
        case 5:
            d.store.apply([NodeChange<JSONValue>.position(id: id, position: Point(x: Double(r.int(6000)), y: Double(r.int(4000))), dragging: false)])
            return "move \(id)"
        case 6:
            d.store.nodes[i].hidden.toggle()
            return "hidden \(id)"
        case 7:
            d.store.nodes[i].parentId = r.chance(40) ? nil : nodes[r.int(nodes.count)].id
            return "parent of \(id): \(d.store.nodes[i].parentId ?? "none")"
        case 8:
            d.store.apply([NodeChange<JSONValue>.remove(id: id)])
            return "remove \(id)"
        case 9:
            let n = node("a\(next)", &r)
            next += 1
            d.store.apply([NodeChange.add(n)])
            if let e = edge("x\(next)", nodes + [n], &r) { d.store.apply([EdgeChange.add(e)]) }
            return "add \(n.id)"
        case 10:
            if r.chance(50) {
                var n = nodes[i]
                n.handles = handles(&r)
                d.store.apply([NodeChange.add(n)])
                return "copy of \(id)"
            }
            var seen = Set<String>()
            d.store.nodes = nodes.filter { seen.insert($0.id).inserted }
            return "deduplicate"
        case 11:
            d.key("z", .ctrl)
            return "undo"
        case 12:
            d.key("y", .ctrl)
            return "redo"
        case 13:
            d.canvas.theme.handleSize = [6, 8, 12][r.int(3)]
            return "handle size \(d.canvas.theme.handleSize)"
        case 14, 15:
            let zoom = [0.02, 0.05, 0.1, 0.3, 1][r.int(5)]
            d.canvas.viewport = Viewport(x: -Double(r.int(3000)) * zoom, y: -Double(r.int(2000)) * zoom, zoom: zoom)
            return "viewport \(d.canvas.viewport)"
        case 16:
            d.store.apply([NodeChange<JSONValue>.select(id: id, selected: true)])
            d.frame()
            d.key("Delete")
            return "delete \(id)"
        case 17:
            d.store.apply([NodeChange<JSONValue>.select(id: id, selected: true)])
            d.frame()
            d.key("d", .ctrl)
            return "duplicate \(id)"
        default:
            if let e = edge("x\(next)", nodes, &r) { d.store.apply([EdgeChange.add(e)]) }
            next += 1
            return "edge"
        }
    }

    private func hunt(seed: UInt64, graphs: Int, edits: Int) {
        var r = SeededRandom(seed: seed)
        var failures: [String] = []
        for g in 0..<graphs {
            let n = 4 + r.int(30)
            let nodes = (0..<n).map { node("n\($0)", &r) }
            let edges = (0..<n).compactMap { edge("e\($0)", nodes, &r) }
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            d.recordsOutbound = false
            d.canvas.historyLimit = 1000
            d.canvas.minZoom = 0.01
            d.canvas.viewport = Viewport(x: 0, y: 0, zoom: [0.02, 0.05, 0.1][r.int(3)])
            d.frame()
            var next = 0, log: [String] = ["open at zoom \(d.canvas.viewport.zoom)"]
            for _ in 0..<edits {
                log.append(edit(d, &r, next: &next))
                d.frame()
                d.frame()
                let handleSize = d.canvas.theme.handleSize
                let problems = differencesFromFresh(d) { $0.minZoom = 0.01; $0.theme.handleSize = handleSize }
                if !problems.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(6)): \(problems.prefix(4))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }

    func testBuiltInNodesOpenedFarOutAndEditedMatchAFreshCanvas() {
        hunt(seed: 0x5EED_B117, graphs: 10, edits: 40)
    }
}
