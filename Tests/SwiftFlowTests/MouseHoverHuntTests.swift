@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The mouse callbacks (`onNodeMouseEnter` / `Move` / `Leave`, `onEdgeMouseEnter` / `Move` /
/// `Leave`) over seeded pointer paths mixed with edits (drags, deletes, undo, the app hiding,
/// moving and removing nodes, wheel pans): enters and leaves alternate per element, a move
/// reports the element entered, and after every frame the element entered is the one under the
/// pointer. A node or edge that stops being drawn while entered gets no leave (React Flow
/// unmounts it), so it is forgotten then.
final class MouseHoverHuntTests: XCTestCase {
    final class Tracker {
        var node: String?, edge: String?
        var problems: [String] = []
    }

    private func graph(_ r: inout SeededRandom) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        let nodes = (0..<6).map { i in
            testNode("n\(i)", x: Double(40 + (i % 3) * 250 + r.int(40)), y: Double(60 + (i / 3) * 250 + r.int(40)),
                     handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                               NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)])
        }
        let edges = (0..<6).map { k in testEdge("e\(k)", "n\(r.int(6))", "n\(r.int(6))", "out", "in") }
        return (nodes, edges)
    }

    /// Whether node `id` is in the canvas' frame and drawn.
    private static func nodeDrawn(_ c: FlowCanvas<JSONValue, JSONValue>, _ id: String) -> Bool {
        c.nodeCache.index(of: id).map { c.nodeCache.states[$0].drawable } ?? false
    }

    /// Whether edge `id` is in the canvas' frame, not hidden, between drawn nodes.
    private static func edgeDrawn(_ c: FlowCanvas<JSONValue, JSONValue>, _ id: String) -> Bool {
        guard let e = c.frameInput.edges.first(where: { $0.id == id }) else { return false }
        return !e.hidden && nodeDrawn(c, e.source) && nodeDrawn(c, e.target)
    }

    private func install(_ c: FlowCanvas<JSONValue, JSONValue>, _ t: Tracker) {
        c.onNodeMouseEnter = { n in
            if t.node == n.id { t.problems.append("enter \(n.id) twice") }
            if let old = t.node, old != n.id, Self.nodeDrawn(c, old) { t.problems.append("enter \(n.id) while \(old) is entered") }
            t.node = n.id
        }
        c.onNodeMouseLeave = { n in
            if t.node != n.id { t.problems.append("leave \(n.id) while \(t.node ?? "none") is entered") }
            t.node = nil
        }
        c.onNodeMouseMove = { n in if t.node != n.id { t.problems.append("move \(n.id) while \(t.node ?? "none") is entered") } }
        c.onEdgeMouseEnter = { e in
            if let old = t.edge, Self.edgeDrawn(c, old) { t.problems.append("edge enter \(e.id) while \(old) is entered") }
            t.edge = e.id
        }
        c.onEdgeMouseLeave = { e in
            if t.edge != e.id { t.problems.append("edge leave \(e.id) while \(t.edge ?? "none") is entered") }
            t.edge = nil
        }
        c.onEdgeMouseMove = { e in if t.edge != e.id { t.problems.append("edge move \(e.id) while \(t.edge ?? "none") is entered") } }
    }

    func testEntersAndLeavesAlternateAndFollowThePointer() {
        var failures: [String] = []
        for seed in 0..<UInt64(25) {
            var r = SeededRandom(seed: 0x40_0E &+ seed)
            let (nodes, edges) = graph(&r)
            let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600), frameDuration: 0)
            let t = Tracker()
            install(d.canvas, t)
            d.frame()
            var log: [String] = []
            var pointer: Point?
            for _ in 0..<80 {
                let all = d.store.nodes
                var what: String
                switch r.int(12) {
                case 0, 1, 2, 3:   // over a node, an edge's middle, or anywhere
                    var p = Point(x: Double(r.int(800)), y: Double(r.int(600)))
                    if r.chance(50), !all.isEmpty {
                        let n = all[r.int(all.count)]
                        p = d.canvas.flowToScreenPosition(n.position + Point(x: Double(r.int(100)), y: Double(r.int(50))))
                    } else if r.chance(50), let e = d.store.edges.randomElement(using: &r.rng),
                              let s = all.first(where: { $0.id == e.source }), let g = all.first(where: { $0.id == e.target }) {
                        p = d.canvas.flowToScreenPosition(Point(x: (s.position.x + 100 + g.position.x) / 2, y: (s.position.y + g.position.y) / 2 + 25))
                    }
                    d.frame([.pointerMove(p, modifiers: [])])
                    pointer = p
                    what = "move \(p)"
                case 4:
                    d.frame([.pointerLeave])
                    pointer = nil
                    what = "leave the canvas"
                case 5:   // drag from where the pointer is
                    guard let p = pointer else { continue }
                    let q = Point(x: p.x + Double(r.int(81) - 40), y: p.y + Double(r.int(81) - 40))
                    d.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1)])
                    d.frame([.pointerMove(q, modifiers: [])])
                    d.frame([.pointerUp(q, button: .primary, modifiers: [])])
                    pointer = q
                    what = "drag to \(q)"
                case 6:   // click where the pointer is, Delete
                    guard let p = pointer else { continue }
                    d.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1), .pointerUp(p, button: .primary, modifiers: [])])
                    d.key("Delete")
                    what = "click, Delete"
                case 7:
                    d.key("z", .ctrl)
                    what = "undo"
                case 8:   // the app hides or shows a node, or moves it
                    guard !all.isEmpty else { continue }
                    var n = all[r.int(all.count)]
                    if r.chance(50) { n.hidden.toggle() } else { n.position = n.position + Point(x: Double(r.int(61) - 30), y: Double(r.int(61) - 30)) }
                    d.store.apply([NodeChange.replace(n)])
                    what = "app changes \(n.id)"
                case 9:   // the app removes a node with its edges, or an edge
                    guard !all.isEmpty else { continue }
                    let n = all[r.int(all.count)]
                    if r.chance(50) {
                        d.store.apply(d.store.edges.filter { $0.source == n.id || $0.target == n.id }.map { EdgeChange<JSONValue>.remove(id: $0.id) })
                        d.store.apply([NodeChange<JSONValue>.remove(id: n.id)])
                        what = "app removes \(n.id)"
                    } else if let e = d.store.edges.randomElement(using: &r.rng) {
                        d.store.apply([EdgeChange<JSONValue>.remove(id: e.id)])
                        what = "app removes \(e.id)"
                    } else { continue }
                case 10:   // a wheel pan under the pointer
                    let p = pointer ?? Point(x: 400, y: 300)
                    d.frame([.wheel(p, dx: Double(r.int(81) - 40), dy: Double(r.int(81) - 40), modifiers: [])])
                    what = "wheel"
                default:
                    d.frame()
                    what = "still"
                }
                d.frame()
                log.append(what)
                // Forget what stopped being drawn while entered (no leave for it).
                let c = d.canvas
                if let id = t.node, !Self.nodeDrawn(c, id) { t.node = nil }
                if let id = t.edge, !Self.edgeDrawn(c, id) { t.edge = nil }
                if let p = c.pointer, case .idle = c.interaction.gesture {
                    let flow = c.viewportController.current.screenToFlow(p)
                    let hit = c.nodeHit(at: flow).map { c.nodeCache.ids[$0] }
                    let edgeHit = hit == nil ? c.edgeHit(at: flow).map { c.frameInput.edges[$0].id } : nil
                    if hit != t.node { t.problems.append("under the pointer: \(hit ?? "none"), entered: \(t.node ?? "none")") }
                    if edgeHit != t.edge { t.problems.append("edge under the pointer: \(edgeHit ?? "none"), entered: \(t.edge ?? "none")") }
                }
                if !t.problems.isEmpty {
                    failures.append("seed \(seed) after \(log.suffix(5).joined(separator: " | ")): \(t.problems.joined(separator: "; "))")
                    break
                }
            }
            _ = d.finish()
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }
}
