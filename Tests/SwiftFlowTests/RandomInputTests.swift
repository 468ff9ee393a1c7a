import Foundation
@testable import SwiftFlow
import XCTest

/// Random event scripts (presses, drags, wheels, pinches, keys including Escape mid-gesture,
/// double-clicks, resizes, the app removing nodes) against random graphs and ComfyUI workflows
/// with groups, through the same frame
/// loop users run, with the invariants checked after every frame: no edge names a missing node,
/// the selection and the gesture only name existing elements, the viewport is finite and within
/// the zoom limits, every laid-out node position is finite; and, on the graphs where only the user
/// edits (no app removals), undoing every step at the end restores the starting graph. Seeded and
/// reproducible.
final class RandomInputTests: XCTestCase {
    static let seed: UInt64 = 0xF10_57A7E
    static let graphs = 50
    static let framesPerGraph = 200

    /// A random valid graph: nodes with source/target handles, some children of earlier nodes,
    /// some hidden; edges between existing handles.
    private func randomGraph(_ r: inout SeededRandom) -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
        let n = 2 + r.int(25)
        var nodes: [Node<JSONValue>] = []
        for i in 0..<n {
            var node = testNode("n\(i)", x: r.double(-300...900), y: r.double(-200...700), width: r.double(40...160), height: r.double(30...90),
                                handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 20),
                                          NodeHandle(id: "out", type: .source, position: .right, x: 40, y: 20)])
            if i > 0 && r.chance(15) { node.parentId = "n\(r.int(i))"; node.position = Point(x: r.double(0...60), y: r.double(0...60)) }
            node.hidden = r.chance(5)
            node.handles![1].x = node.width
            nodes.append(node)
        }
        var edges: [Edge<JSONValue>] = []
        for k in 0..<r.int(2 * n) {
            edges.append(Edge(id: "e\(k)", source: "n\(r.int(n))", target: "n\(r.int(n))", sourceHandle: "out", targetHandle: "in", data: .null))
        }
        return (nodes, edges)
    }

    /// A screen point: near a node's handle or body half of the time, anywhere otherwise.
    private func point(_ r: inout SeededRandom, _ h: CanvasHarness) -> Point {
        if r.chance(50), !h.store.nodes.isEmpty {
            let states = h.canvas.nodeCache.states
            let i = r.int(min(states.count, h.store.nodes.count))
            guard states.indices.contains(i) else { return Point(x: 0, y: 0) }
            let s = states[i]
            let flow = Point(x: s.origin.x + [0, s.size.width / 2, s.size.width][r.int(3)] + r.double(-3...3),
                             y: s.origin.y + [20, s.size.height / 2][r.int(2)] + r.double(-3...3))
            return h.canvas.flowToScreenPosition(flow)
        }
        return Point(x: r.double(-50...850), y: r.double(-50...650))
    }

    private func randomEvents(_ r: inout SeededRandom, _ h: CanvasHarness, down: inout Bool, appEdits: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        let mods: Modifiers = [[], [], [], .shift, .ctrl, [.ctrl, .shift]][r.int(6)]
        for _ in 0..<r.int(4) {
            switch r.int(20) {
            case 0...4:
                if down { events.append(.pointerUp(point(&r, h), button: .primary, modifiers: mods)); down = false }
                else {
                    let button: PointerButton = r.chance(85) ? .primary : (r.chance(50) ? .middle : .secondary)
                    events.append(.pointerDown(point(&r, h), button: button, modifiers: mods, clickCount: r.chance(10) ? 2 : 1))
                    down = true
                }
            case 5...10: events.append(.pointerMove(point(&r, h), modifiers: mods))
            case 11: events.append(.wheel(point(&r, h), dx: r.double(-3...3), dy: r.double(-5...5), modifiers: mods))
            case 12: events.append(.pinch(center: point(&r, h), scale: r.double(0.3...3)))
            case 13, 14:
                let keys = ["Escape", "Escape", "Delete", "Backspace", "a", "c", "v", "x", "d", "z", "y", "ArrowLeft", "ArrowUp",
                            "+", "-", "0", "Tab", "Enter"]
                let key = keys[r.int(keys.count)]
                events.append(.keyDown(key, modifiers: mods))
                events.append(.keyUp(key, modifiers: mods))
            case 15: if down { events.append(.pointerUp(point(&r, h), button: [.primary, .middle, .secondary][r.int(3)], modifiers: mods)); down = false }
            case 16: events.append(.resize(Size(width: r.double(200...1000), height: r.double(150...800))))
            case 17: events.append(.pointerLeave)
            case 18: events.append(.wheel(point(&r, h), dx: 0, dy: [1e9, -1e9, .nan, .infinity][r.int(4)], modifiers: mods))
            default:   // the app removes a node (and its edges and children's links), mid-gesture or not
                if appEdits, !h.store.nodes.isEmpty {
                    let id = h.store.nodes[r.int(h.store.nodes.count)].id
                    h.store.nodes.removeAll { $0.id == id }
                    h.store.edges.removeAll { $0.source == id || $0.target == id }
                }
            }
        }
        return events
    }

    /// The smallest corpus workflows with groups (nodes parented to groups, collapsed nodes,
    /// Reroutes, muted and bypassed nodes) and no load warnings; empty without the corpus.
    private func workflowsWithGroups(_ count: Int) -> [FlowDocument] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory) else { return [] }
        let paths = names.filter { $0.hasSuffix(".json") }.map { corpusDirectory + "/" + $0 }
        func size(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        let bySize = paths.map { (size($0), $0) }.sorted { $0 < $1 }.map(\.1)
        return Array(bySize.lazy.compactMap { try? FlowFile.load(path: $0) }
            .filter { doc in doc.diagnostics.isEmpty && doc.nodes.contains { $0.type == "group" } }.prefix(count))
    }

    func testRandomScriptsKeepTheInvariantsEveryFrame() {
        var r = SeededRandom(seed: Self.seed)
        var frames = 0, events = 0, undone = 0, failures: [String] = []
        let workflows = workflowsWithGroups(10)
        for g in 0..<Self.graphs {
            // Every fifth graph is a ComfyUI workflow drawn by the library's ComfyUI views.
            let workflow = g % 5 == 4 && !workflows.isEmpty ? workflows[(g / 5) % workflows.count] : nil
            let graph = workflow.map { ($0.nodes, $0.edges) } ?? randomGraph(&r)
            let h = CanvasHarness(nodes: graph.0, edges: graph.1) { canvas in
                canvas.historyLimit = 10_000
                if workflow != nil { ComfyUINodeTypes.register(on: canvas) }
            }
            let start = normalised(h.store.nodes, h.store.edges)
            let appEdits = g % 2 == 1
            var down = false
            for f in 0..<Self.framesPerGraph {
                let batch = randomEvents(&r, h, down: &down, appEdits: appEdits)
                events += batch.count
                h.time += 16
                h.frame(batch)
                frames += 1
                let problems = invariants(h)
                if !problems.isEmpty { failures.append("graph \(g) frame \(f) after \(batch): \(problems)"); break }
            }
            guard !appEdits else { continue }
            // Undo after everything restores the start (selection and order aside).
            h.frame([.pointerUp(Point(x: 0, y: 0), button: .primary, modifiers: []), .keyDown("Escape", modifiers: [])])
            h.frame()
            var steps = 0
            while h.canvas.canUndo && steps < 10_000 { h.canvas.undo(); h.frame(); steps += 1 }
            undone += steps
            if normalised(h.store.nodes, h.store.edges) != start {
                failures.append("graph \(g): \(steps) undos do not restore the start")
            }
        }
        print("random input: \(Self.graphs) graphs (\(workflows.isEmpty ? 0 : Self.graphs / 5) ComfyUI workflows), \(frames) frames, \(events) events, \(undone) undo steps on \(Self.graphs / 2) graphs (seed \(String(Self.seed, radix: 16))), \(failures.count) failures")
        XCTAssertEqual(Array(failures.prefix(5)), [])
        XCTAssertEqual(frames, Self.graphs * Self.framesPerGraph)
    }

    /// Nodes and edges sorted by id, unselected: what undo must restore.
    private func normalised(_ nodes: [Node<JSONValue>], _ edges: [Edge<JSONValue>]) -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        (nodes.map { var n = $0; n.selected = false; return n }.sorted { $0.id < $1.id },
         edges.map { var e = $0; e.selected = false; return e }.sorted { $0.id < $1.id })
    }

    private func invariants(_ h: CanvasHarness) -> [String] {
        var problems: [String] = []
        let ids = Set(h.store.nodes.map(\.id))
        for e in h.store.edges where !ids.contains(e.source) || !ids.contains(e.target) {
            problems.append("edge \(e.id) names a missing node (\(e.source) → \(e.target))")
        }
        // What the canvas holds (selection, gesture, connection, focus) names nodes of the
        // arrays it last indexed, never one a change has already removed.
        let canvas = h.canvas
        let known = Set(canvas.nodeCache.ids), knownEdges = Set(canvas.frameInput.edges.map(\.id))
        for id in canvas.editing.selectedNodeIds where !known.contains(id) { problems.append("selected node \(id) unknown to the canvas") }
        for (id, i) in zip(canvas.editing.selectedNodeIds, canvas.editing.selectedNodeIndices)
        where i >= canvas.nodeCache.ids.count || canvas.nodeCache.ids[i] != id || !canvas.nodeCache.states[i].selected {
            problems.append("selected node \(id) is not selected at its index \(i)")
        }
        var gestureNodes: [String] = [], gestureEdges: [String] = []
        switch canvas.interaction.gesture {
        case .pressNode(let id, _, _): gestureNodes = [id]
        case .dragging(let drag, _): gestureNodes = drag.ids
        case .pressHandle(_, let ref, _): gestureNodes = [ref.nodeId]
        case .pressEdge(let id, _, _): gestureEdges = [id]
        case .pressGrip(let r, _), .reconnecting(let r, _): gestureEdges = [r.edgeId]; gestureNodes = [r.fixed.nodeId]
        default: break
        }
        for id in gestureNodes where !known.contains(id) { problems.append("gesture on node \(id) unknown to the canvas") }
        for id in gestureEdges where !knownEdges.contains(id) { problems.append("gesture on missing edge \(id)") }
        if let c = canvas.connection, !known.contains(c.from.nodeId) { problems.append("connection from node \(c.from.nodeId) unknown to the canvas") }
        if let f = canvas.editing.focusedNodeId, !known.contains(f) { problems.append("focus on node \(f) unknown to the canvas") }
        let v = h.canvas.viewport
        if !(v.x.isFinite && v.y.isFinite && v.zoom.isFinite) || v.zoom < h.canvas.minZoom || v.zoom > h.canvas.maxZoom {
            problems.append("viewport \(v)")
        }
        for s in h.canvas.nodeCache.states where s.drawable && s.laidOut && !(s.origin.isFinite && s.size.width.isFinite && s.size.height.isFinite) {
            problems.append("laid out at \(s.origin) size \(s.size)")
        }
        return problems
    }
}
