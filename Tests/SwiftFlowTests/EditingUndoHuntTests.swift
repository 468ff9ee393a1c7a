@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// A user's editing session through the canvas only (pointer and keys as `EmbeddedCanvas` plays
/// them): drags, multi-selection drags, deletes, copy/paste, cut, duplicate, nudges,
/// connections and reconnections, typing into text fields, sliders and pickers, with undo and
/// redo among them. After every edit the store's arrays must stay consistent (unique ids, edges
/// between existing nodes naming handles of the right role), each undo step must give back
/// exactly the graph it was recorded from, and at the end undoing every step, then redoing every
/// step, must pass through the same graphs. Seeded and reproducible.
final class EditingUndoHuntTests: XCTestCase {
    typealias Driver = EmbeddedCanvas<JSONValue, JSONValue>

    /// A form node: a text field `name`, a slider `gain` (0...100, step 5), a picker `model`.
    private func configure(_ canvas: FlowCanvas<JSONValue, JSONValue>) {
        canvas.historyLimit = 10_000
        canvas.nodeTypes["form"] = NodeType { _, data in
            VStack(spacing: 4) {
                TextField("Name", text: data["name"].string)
                Slider(value: data["gain"].double, in: 0...100, step: 5)
                Picker("Model", selection: data["model"].string) {
                    ForEach(["a", "b", "c"], id: \.self) { Text($0).tag($0) }
                }
            }
            .padding(8)
        }
    }

    private func graph(_ r: inout SeededRandom) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        let nodes = (0..<8).map { i -> Node<JSONValue> in
            let at = Point(x: Double(30 + (i % 3) * 230), y: Double(30 + (i / 3) * 160))
            guard i % 3 != 2 else {
                return Node(id: "f\(i)", position: at, data: .object(JSONObject([("name", .string("x")), ("gain", .number(10)),
                                                                                  ("model", .string("a"))])),
                            type: "form", width: 180, height: 110)
            }
            return testNode("n\(i)", x: at.x, y: at.y, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25),
                                                                NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)])
        }
        let plain = nodes.filter { $0.type != "form" }
        let edges = (0..<5).map { k in testEdge("e\(k)", plain[r.int(plain.count)].id, plain[r.int(plain.count)].id, "out", "in") }
        return (nodes, edges)
    }

    /// The graph as undo must give it back: sorted by id (a restored element is appended), the
    /// selection left out (it is no undo step).
    private func normalized(_ d: Driver) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        (d.store.nodes.map { var n = $0; n.selected = false; return n }.sorted { $0.id < $1.id },
         d.store.edges.map { var e = $0; e.selected = false; return e }.sorted { $0.id < $1.id })
    }

    /// Problems with the store's arrays: repeated ids, edges to absent nodes or naming a handle
    /// their node lacks (in the edge's role).
    private func inconsistencies(_ d: Driver) -> [String] {
        var p: [String] = []
        let nodes = d.store.nodes, edges = d.store.edges
        if Set(nodes.map(\.id)).count != nodes.count { p.append("repeated node ids \(nodes.map(\.id))") }
        if Set(edges.map(\.id)).count != edges.count { p.append("repeated edge ids \(edges.map(\.id))") }
        let byId = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for e in edges {
            guard let s = byId[e.source], let t = byId[e.target] else { p.append("edge \(e.id) \(e.source)->\(e.target): absent node"); continue }
            if let h = e.sourceHandle, !(s.handles ?? []).contains(where: { $0.id == h && $0.type == .source }) { p.append("edge \(e.id): source handle \(h)") }
            if let h = e.targetHandle, !(t.handles ?? []).contains(where: { $0.id == h && $0.type == .target }) { p.append("edge \(e.id): target handle \(h)") }
        }
        if d.store.nodes.count != d.canvas.nodeCache.ids.count { p.append("canvas holds \(d.canvas.nodeCache.ids.count) nodes") }
        return p
    }

    /// A point of node `id` where a press grabs the node itself (its top-left padding), on screen.
    private func grab(_ d: Driver, _ id: String) -> Point? {
        guard let i = d.canvas.nodeCache.index(of: id), i < d.canvas.nodeCache.states.count else { return nil }
        let s = d.canvas.nodeCache.states[i]
        guard s.laidOut, s.drawable else { return nil }
        let p = d.canvas.flowToScreenPosition(Point(x: s.origin.x + 4, y: s.origin.y + 4))
        return p.x > 2 && p.x < 798 && p.y > 2 && p.y < 598 ? p : nil
    }

    /// The screen point of handle `handle` of plain node `id` (in at its left middle, out at its right).
    private func handle(_ d: Driver, _ id: String, _ handle: String) -> Point? {
        guard let n = d.store.nodes.first(where: { $0.id == id }), n.type != "form", n.parentId == nil else { return nil }
        return d.canvas.flowToScreenPosition(Point(x: n.position.x + (handle == "out" ? 100 : 0), y: n.position.y + 25))
    }

    private func press(_ d: Driver, _ p: Point, _ m: Modifiers = []) { d.frame([.pointerDown(p, button: .primary, modifiers: m, clickCount: 1)]) }
    private func move(_ d: Driver, _ p: Point) { d.frame([.pointerMove(p, modifiers: [])]) }
    private func release(_ d: Driver, _ p: Point) { d.frame([.pointerUp(p, button: .primary, modifiers: [])]) }
    private func click(_ d: Driver, _ p: Point, _ m: Modifiers = []) {
        d.frame([.pointerDown(p, button: .primary, modifiers: m, clickCount: 1), .pointerUp(p, button: .primary, modifiers: m)])
    }
    private func drag(_ d: Driver, from a: Point, to b: Point) {
        press(d, a)
        move(d, Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2))
        move(d, b)
        release(d, b)
    }

    /// The controls of form node `id` laid out in the last frame, in view order.
    private func controls(_ d: Driver, _ id: String) -> [Rect] {
        d.canvas.tools.controls.filter { d.canvas.nodeCache.ids[Int($0.node)] == id }.map { d.canvas.screenRect(of: $0) }
    }

    private enum Kind { case graph, data, undo, redo, mixed }

    /// One random edit; its description and what kind of step it may record.
    private func edit(_ d: Driver, _ r: inout SeededRandom) -> (String, Kind) {
        let nodes = d.store.nodes, edges = d.store.edges
        guard !nodes.isEmpty else { d.key("z", .ctrl); return ("undo (empty)", .undo) }
        let a = nodes[r.int(nodes.count)].id, b = nodes[r.int(nodes.count)].id
        let shift = Point(x: Double(r.int(121) - 60), y: Double(r.int(121) - 60))
        switch r.int(24) {
        case 0, 1:
            guard let p = grab(d, a) else { return ("nothing", .graph) }
            drag(d, from: p, to: Point(x: p.x + shift.x, y: p.y + shift.y))
            return ("drag \(a) by \(shift)", .graph)
        case 2:
            guard let p = grab(d, a), let q = grab(d, b) else { return ("nothing", .graph) }
            click(d, p)
            click(d, q, .shift)
            guard let p2 = grab(d, a) else { return ("nothing", .graph) }
            drag(d, from: p2, to: Point(x: p2.x + shift.x, y: p2.y + shift.y))
            return ("select \(a) +\(b), drag by \(shift)", .graph)
        case 3:
            guard let p = grab(d, a) else { return ("nothing", .graph) }
            click(d, p)
            if let q = grab(d, b), r.chance(50) { click(d, q, .shift) }
            d.key(r.chance(50) ? "Delete" : "Backspace")
            return ("delete \(a) (maybe \(b))", .graph)
        case 4, 5, 6:
            d.key("z", .ctrl)
            return ("undo", .undo)
        case 7, 8:
            if r.chance(50) { d.key("y", .ctrl) } else { d.key("z", [.ctrl, .shift]) }
            return ("redo", .redo)
        case 9:
            if r.chance(40) {   // paste what is on the clipboard (from an earlier copy or cut)
                d.frame([.pointerMove(Point(x: Double(50 + r.int(600)), y: Double(50 + r.int(400))), modifiers: [])])
                d.key("v", .ctrl)
                return ("paste", .graph)
            }
            guard let p = grab(d, a) else { return ("nothing", .graph) }
            click(d, p)
            if let q = grab(d, b), r.chance(50) { click(d, q, .shift) }
            d.key("c", .ctrl)
            d.frame()
            d.key("v", .ctrl)
            return ("copy \(a) (+\(b)), paste", .graph)
        case 10:
            guard let p = grab(d, a) else { return ("nothing", .graph) }
            click(d, p)
            let cut = r.chance(50)
            d.key(cut ? "x" : "d", .ctrl)
            return ("\(cut ? "cut" : "duplicate") \(a)", .graph)
        case 11:
            guard let p = grab(d, a) else { return ("nothing", .graph) }
            click(d, p)
            for _ in 0...r.int(3) { d.key(["Left", "Right", "Up", "Down"][r.int(4)], r.chance(30) ? .shift : []) }
            return ("nudge \(a)", .graph)
        case 12, 13:
            guard let p = handle(d, a, "out"), let q = handle(d, b, "in") else { return ("nothing", .graph) }
            drag(d, from: p, to: q)
            return ("connect \(a).out -> \(b).in", .graph)
        case 14:   // click an edge to select it, then drag the grip of one of its ends to another node's handle
            guard !edges.isEmpty else { return ("nothing", .graph) }
            let e = edges[r.int(edges.count)]
            let moveTarget = r.chance(50)
            guard let p = handle(d, e.source, "out"), let q = handle(d, e.target, "in"),
                  let to = handle(d, b, moveTarget ? "in" : "out") else { return ("nothing", .graph) }
            click(d, Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2))
            guard let k = d.canvas.frameInput.edges.firstIndex(where: { $0.id == e.id }),
                  let ends = d.canvas.resolvedEnds(k, d.canvas.frameInput.nodes) else { return ("nothing", .graph) }
            let grip = d.canvas.flowToScreenPosition(ends.grip(moveTarget ? .target : .source, radius: d.canvas.reconnectRadius))
            drag(d, from: grip, to: to)
            return ("reconnect \(e.id) \(moveTarget ? "target" : "source") to \(b)", .graph)
        case 15:
            guard !edges.isEmpty else { return ("nothing", .graph) }
            let e = edges[r.int(edges.count)]
            guard let p = handle(d, e.source, "out"), let q = handle(d, e.target, "in") else { return ("nothing", .graph) }
            click(d, Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2))
            d.key("Delete")
            return ("click edge \(e.id) between its ends, Delete", .graph)
        case 16, 17:   // type into a form's text field, then click the pane to end the edit
            guard let f = nodes.filter({ $0.type == "form" }).randomElement(using: &r.rng)?.id,
                  let field = controls(d, f).first else { return ("nothing", .data) }
            click(d, field.center)
            let text = ["a", "bc", "ü", "  ", "x\u{301}"][r.int(5)]
            d.frame([.text(text)])
            if r.chance(30) { d.key("Backspace") }
            click(d, Point(x: 795, y: 595))
            return ("type \(text.debugDescription) into \(f)", .data)
        case 18:   // drag a slider
            guard let f = nodes.filter({ $0.type == "form" }).randomElement(using: &r.rng)?.id else { return ("nothing", .data) }
            let cs = controls(d, f)
            guard cs.count > 1 else { return ("nothing", .data) }
            let s = cs[1]
            let x0 = s.minX + Double(r.int(Int(max(s.width, 1)))), x1 = s.minX + Double(r.int(Int(max(s.width, 1))))
            press(d, Point(x: x0, y: s.center.y))
            move(d, Point(x: x1, y: s.center.y))
            release(d, Point(x: x1, y: s.center.y))
            return ("slide \(f) \(x0) -> \(x1)", .data)
        case 20:   // a key in the middle of a node drag: undo, redo, Delete or Escape
            guard let p = grab(d, a) else { return ("nothing", .graph) }
            let key = ["z", "y", "Delete", "Escape"][r.int(4)]
            press(d, p)
            move(d, Point(x: p.x + shift.x / 2, y: p.y + shift.y / 2))
            d.key(key, key.count == 1 ? .ctrl : [])
            move(d, Point(x: p.x + shift.x, y: p.y + shift.y))
            release(d, Point(x: p.x + shift.x, y: p.y + shift.y))
            return ("drag \(a) with \(key) in the middle", .mixed)
        case 21:   // a key in the middle of a connection drag
            guard let p = handle(d, a, "out"), let q = handle(d, b, "in") else { return ("nothing", .graph) }
            let key = ["z", "y", "Delete", "Escape"][r.int(4)]
            press(d, p)
            move(d, Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2))
            d.key(key, key.count == 1 ? .ctrl : [])
            move(d, q)
            release(d, q)
            return ("connect \(a) -> \(b) with \(key) in the middle", .mixed)
        case 22:   // type into a field, then undo or redo while it has the focus, then more typing
            guard let f = nodes.filter({ $0.type == "form" }).randomElement(using: &r.rng)?.id,
                  let field = controls(d, f).first else { return ("nothing", .data) }
            click(d, field.center)
            d.frame([.text("q")])
            d.key(r.chance(70) ? "z" : "y", .ctrl)
            if r.chance(50) { d.frame([.text("w")]) }
            click(d, Point(x: 795, y: 595))
            return ("type into \(f), undo/redo while focused", .mixed)
        case 23:   // a key in the middle of a slider drag
            guard let f = nodes.filter({ $0.type == "form" }).randomElement(using: &r.rng)?.id else { return ("nothing", .data) }
            let cs = controls(d, f)
            guard cs.count > 1 else { return ("nothing", .data) }
            let s = cs[1], key = ["z", "y", "Delete", "Escape"][r.int(4)]
            press(d, Point(x: s.minX + 2, y: s.center.y))
            move(d, Point(x: s.center.x, y: s.center.y))
            d.key(key, key.count == 1 ? .ctrl : [])
            move(d, Point(x: s.maxX - 2, y: s.center.y))
            release(d, Point(x: s.maxX - 2, y: s.center.y))
            return ("slide \(f) with \(key) in the middle", .mixed)
        default:   // choose in a picker
            guard let f = nodes.filter({ $0.type == "form" }).randomElement(using: &r.rng)?.id else { return ("nothing", .data) }
            let cs = controls(d, f)
            guard cs.count > 2 else { return ("nothing", .data) }
            click(d, cs[2].center)
            guard let layout = d.canvas.popupLayout() else { return ("picker \(f) did not open", .data) }
            let row = r.int(3)
            click(d, Point(x: layout.frame.center.x, y: layout.frame.minY + 4 + layout.rowHeight * (Double(row - layout.firstRow) + 0.5)))
            return ("pick row \(row) in \(f)", .data)
        }
    }

    func testEditingSessionsKeepTheArraysConsistentAndUndoRestoresExactly() {
        var failures: [String] = []
        for seed in 0..<UInt64(16) {
            var r = SeededRandom(seed: 0xED17 &+ seed)
            let (nodes, edges) = graph(&r)
            let d = Driver(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600), frameDuration: 0)
            configure(d.canvas)
            d.frame()
            d.frame()
            var states = [normalized(d)]   // states[k]: the graph with k undo steps
            var log: [String] = []
            func fail(_ s: String) { failures.append("seed \(seed) after \(log.suffix(6).joined(separator: " | ")): \(s)") }
            var broken = false
            for _ in 0..<60 where !broken {
                let before = d.canvas.history.undo.count
                let (what, kind) = edit(d, &r)
                d.frame()
                d.frame()
                log.append(what)
                let depth = d.canvas.history.undo.count, now = normalized(d)
                let problems = inconsistencies(d)
                if !problems.isEmpty { fail(problems.joined(separator: "; ")); broken = true; continue }
                switch kind {
                case .undo, .redo:
                    if kind == .redo && depth == states.count { states.append(now) }   // a step undone within a gesture
                    guard depth < states.count else { fail("undo depth \(depth) past the recorded \(states.count - 1)"); broken = true; continue }
                    if states[depth] != now { fail("\(kind) to depth \(depth) is not the graph recorded there: \(difference(states[depth], now))"); broken = true }
                case .mixed:   // a step may be recorded and undone within the gesture: what redo brings is not known
                    if depth == before + 1 || depth == before || (depth < before && states[depth] == now) {
                        if depth == 0 && states[0] != now { fail("changed without an undo step: \(difference(states[0], now))"); broken = true }
                        states = Array(states[0..<depth]) + [now]
                    } else {
                        fail("undo depth \(before) -> \(depth), graph \(depth < states.count ? difference(states[depth], now) : "new")"); broken = true
                    }
                case .graph, .data:
                    if depth == before + 1 {
                        states = Array(states[0...before]) + [now]
                    } else if depth == before {
                        if states[depth] != now {
                            if kind == .data && before > 0 { states[depth] = now }   // a data edit merged into the last step
                            else { fail("changed without an undo step: \(difference(states[depth], now))"); broken = true }
                        }
                    } else {
                        fail("undo depth \(before) -> \(depth)"); broken = true
                    }
                }
            }
            guard !broken else { continue }
            // Undo everything, then redo everything.
            for k in stride(from: d.canvas.history.undo.count - 1, through: 0, by: -1) where !broken {
                d.key("z", .ctrl); d.frame(); d.frame()
                if normalized(d) != states[k] { log.append("undo all, at \(k)"); fail("undo all: \(difference(states[k], normalized(d)))"); broken = true }
            }
            for k in 1..<states.count where !broken {
                d.key("y", .ctrl); d.frame(); d.frame()
                if normalized(d) != states[k] { log.append("redo all, at \(k)"); fail("redo all: \(difference(states[k], normalized(d)))"); broken = true }
            }
            // The edited graph saves and loads back with every field.
            let saved = JSONWriter.bytes(NativeFormat.encode(FlowDocument(nodes: d.store.nodes, edges: d.store.edges, viewport: d.canvas.viewport)))
            do {
                let back = try NativeFormat.decode(saved, file: "hunt.json")
                if back.nodes != d.store.nodes || back.edges != d.store.edges {
                    fail("save and load: \(difference((back.nodes, back.edges), (d.store.nodes, d.store.edges)))")
                }
            } catch {
                fail("save and load: \(error)")
            }
            _ = d.finish()
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }

    /// What differs between two normalized graphs, briefly.
    private func difference(_ a: ([Node<JSONValue>], [Edge<JSONValue>]), _ b: ([Node<JSONValue>], [Edge<JSONValue>])) -> String {
        var p: [String] = []
        let an = Dictionary(a.0.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x }), bn = Dictionary(b.0.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        for id in Set(an.keys).union(bn.keys).sorted() where an[id] != bn[id] {
            p.append("node \(id): \(an[id].map { "\($0.position) \($0.data)" } ?? "absent") vs \(bn[id].map { "\($0.position) \($0.data)" } ?? "absent")")
        }
        let ae = Dictionary(a.1.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x }), be = Dictionary(b.1.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        for id in Set(ae.keys).union(be.keys).sorted() where ae[id] != be[id] {
            func s(_ e: Edge<JSONValue>?) -> String { e.map { "\($0.source).\($0.sourceHandle ?? "-")->\($0.target).\($0.targetHandle ?? "-")" } ?? "absent" }
            p.append("edge \(id): \(s(ae[id])) vs \(s(be[id]))")
        }
        return p.joined(separator: "; ")
    }
}
