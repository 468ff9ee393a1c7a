@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Nodes whose view places one target handle per string of their data, many of them off-screen,
/// edited every way an app or the canvas edits them (data through `updateNodeData`, the store's
/// `nodes`, `.replace` changes and whole arrays; selections and moves applied in place; removals
/// at the front, middle and end; additions; copies under a used id; hiding; parents; undo, redo,
/// paste, Delete; clicks and drags; the view panned and zoomed out): after each edit the canvas must know what a fresh canvas over the
/// store's arrays knows, its edges attached to the handles the nodes' views now place.
/// Seeded and reproducible.
final class OffScreenHandlesHuntTests: XCTestCase {
    private static let portNames = ["in", "in2", "in3"]

    private static func register(_ canvas: FlowCanvas<JSONValue, JSONValue>) {
        canvas.nodeTypes["ports"] = NodeType { PortsView(node: $0) }
    }

    private func ports(_ r: inout SeededRandom) -> JSONValue {
        let names = Self.portNames.filter { _ in r.chance(60) }
        return .array((r.chance(50) ? names : names.reversed()).map(JSONValue.string))
    }

    private func node(_ id: String, _ r: inout SeededRandom) -> Node<JSONValue> {
        // One node in three on screen (800x600), the others off it.
        let x = r.chance(33) ? Double(r.int(700)) : Double(1000 + r.int(4000))
        return Node<JSONValue>(id: id, position: Point(x: x, y: Double(r.int(500))), data: ports(&r), type: "ports")
    }

    private func edge(_ id: String, _ nodes: [Node<JSONValue>], _ r: inout SeededRandom) -> Edge<JSONValue>? {
        guard !nodes.isEmpty else { return nil }
        let s = nodes[r.int(nodes.count)].id, t = nodes[r.int(nodes.count)].id
        return Edge(id: id, source: s, target: t, sourceHandle: "out", targetHandle: Self.portNames[r.int(3)], data: .null)
    }

    private func edit(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ r: inout SeededRandom, next: inout Int) -> String {
        let nodes = d.store.nodes, edges = d.store.edges
        func some() -> Int? { nodes.isEmpty ? nil : [0, nodes.count - 1, nodes.count / 2, r.int(nodes.count)][r.int(4)] }
        guard let i = some() else {
            d.store.nodes = [node("a\(next)", &r)]
            next += 1
            return "one node"
        }
        let id = nodes[i].id
        switch r.int(20) {
        case 0:
            let data = ports(&r)
            try? d.store.updateNodeData(id, data)
            return "updateNodeData \(id) \(data)"
        case 1:
            d.store.nodes[i].data = ports(&r)
            return "nodes[\(i)].data"
        case 2:
            var n = nodes[i]
            n.data = ports(&r)
            d.store.apply([NodeChange.replace(n)])
            return "replace \(id)"
        case 3:   // selected in place before or after the array is set whole with a node's new data
            let selectFirst = r.chance(50), selected = nodes[r.int(nodes.count)].id
            if selectFirst { d.store.apply([NodeChange<JSONValue>.select(id: selected, selected: true)]) }
            var all = d.store.nodes
            all[i].data = ports(&r)
            d.store.setNodes(all)
            if !selectFirst { d.store.apply([NodeChange<JSONValue>.select(id: selected, selected: true)]) }
            return "setNodes with \(id) changed, select \(selectFirst ? "before" : "after")"
        case 4:   // moved in place, then another node's data set through the array
            d.store.apply([NodeChange<JSONValue>.position(id: nodes[r.int(nodes.count)].id, position: Point(x: 20, y: 20), dragging: false)])
            d.store.nodes[i].data = ports(&r)
            return "move, nodes[\(i)].data"
        case 5:   // removed (front, middle, end) with its edges, another's data changed in the same array
            var all = nodes
            all.remove(at: i)
            if !all.isEmpty { all[r.int(all.count)].data = ports(&r) }
            d.store.edges = edges.filter { $0.source != id && $0.target != id }
            d.store.nodes = all
            return "remove \(id) in a new array"
        case 6:
            d.store.apply([NodeChange<JSONValue>.remove(id: id)])
            return "remove \(id)"
        case 7:
            let n = node("a\(next)", &r)
            next += 1
            d.store.apply([NodeChange.add(n)])
            if let e = edge("x\(next)", nodes + [n], &r) { d.store.apply([EdgeChange.add(e)]) }
            return "add \(n.id)"
        case 8:   // a copy under a used id, or the copies dropped
            if r.chance(50) {
                var n = nodes[i]
                n.data = ports(&r)
                d.store.apply([NodeChange.add(n)])
                return "copy of \(id)"
            }
            var seen = Set<String>()
            d.store.nodes = nodes.filter { seen.insert($0.id).inserted }
            return "deduplicate"
        case 9:
            d.store.nodes[i].hidden.toggle()
            return "toggle hidden \(id)"
        case 10:
            d.key("z", .ctrl)
            return "undo"
        case 11:
            d.key("y", .ctrl)
            return "redo"
        case 12:
            d.store.apply([NodeChange<JSONValue>.select(id: id, selected: true)])
            d.frame()
            d.key("c", .ctrl)
            d.key("v", .ctrl)
            return "copy \(id), paste"
        case 13:
            d.store.apply([NodeChange<JSONValue>.select(id: id, selected: true)])
            d.frame()
            d.key("Delete")
            return "delete \(id)"
        case 14:
            d.canvas.viewport = Viewport(x: -Double(r.int(4000)), y: 0, zoom: 1)
            return "pan to \(d.canvas.viewport.x)"
        case 16:
            d.canvas.viewport = Viewport(x: -Double(r.int(400)), y: 0, zoom: [1, 0.3, 0.1, 0.05][r.int(4)])
            return "zoom \(d.canvas.viewport.zoom)"
        case 17:
            d.store.nodes[i].parentId = r.chance(50) ? nil : nodes[r.int(nodes.count)].id
            return "parent of \(id)"
        case 18, 19:   // a drag of a visible node, or a click
            guard let v = d.canvas.nodeCache.visible.first.map(Int.init) else { return "no visible node" }
            let start = d.canvas.flowToScreenPosition(d.canvas.nodeCache.states[v].origin + Point(x: 3, y: 3))
            let end = r.chance(50) ? start : start + Point(x: 30, y: 10)
            d.frame([.pointerDown(start, button: .primary, modifiers: r.chance(30) ? [.shift] : [], clickCount: 1)])
            d.frame([.pointerMove(end, modifiers: [])])
            d.frame([.pointerUp(end, button: .primary, modifiers: [])])
            return "drag \(d.canvas.nodeCache.ids[v]) to \(end)"
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
            let n = 3 + r.int(8)
            let nodes = (0..<n).map { node("n\($0)", &r) }
            let edges = (0..<n).compactMap { edge("e\($0)", nodes, &r) }
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
            Self.register(d.canvas)
            d.recordsOutbound = false
            d.canvas.historyLimit = 1000
            d.frame()
            var next = 0, log: [String] = []
            for _ in 0..<edits {
                log.append(edit(d, &r, next: &next))
                d.frame()
                d.frame()
                let problems = differencesFromFresh(d, configure: Self.register)
                if !problems.isEmpty {
                    failures.append("graph \(g) after \(log.suffix(6)): \(problems.prefix(4))")
                    break
                }
            }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }

    func testOffScreenNodesEditedEveryWayMatchAFreshCanvas() {
        hunt(seed: 0x5EED_0240, graphs: 8, edits: 40)
    }
}

/// A node of the "ports" type: its label, one target handle per string of its data, and "out".
private struct PortsView: View {
    let node: Node<JSONValue>
    var body: some View {
        HStack {
            VStack {
                ForEach(node.data.arrayValue?.compactMap(\.stringValue) ?? [], id: \.self) { id in
                    Handle(nodeId: node.id, id: id, type: .target, position: .left)
                }
            }
            Text(node.id)
            Handle(nodeId: node.id, id: "out", type: .source, position: .right)
        }
    }
}
