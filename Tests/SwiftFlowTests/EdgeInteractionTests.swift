import Foundation
import SwiftFlow
import XCTest

/// `Tests/SwiftFlowTests/Replays` (next to this file): the scripts, and `edges.json`, the graph
/// they run on (`swiftflow-stress --open Replays/edges.json --replay Replays/reconnect-target.replay`).
fileprivate let edgeReplays = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Replays")

/// Loads a script from `edgeReplays`.
fileprivate func edgeReplay(_ name: String) throws -> String {
    try String(contentsOf: edgeReplays.appendingPathComponent("\(name).replay"), encoding: .utf8)
}

/// Records the edge callbacks of a harness' canvas (installed from its `configure` closure, so the
/// store still applies the changes).
fileprivate final class EdgeRecorder {
    var edgeChanges: [String] = []
    var reconnects: [(old: String, new: Connection)] = []
    var starts: [(String, HandleType)] = []
    var ends: [(String, HandleType, Connection?)] = []

    func install(on c: FlowCanvas<JSONValue, JSONValue>) {
        let applyEdges = c.onEdgesChange, applyReconnect = c.onReconnect
        c.onEdgesChange = { [unowned self] changes in
            for case .select(let id, let s) in changes { edgeChanges.append("\(id) \(s ? "+" : "-")") }
            applyEdges?(changes)
        }
        c.onReconnect = { [unowned self] in reconnects.append(($0.id, $1)); applyReconnect?($0, $1) }
        c.onReconnectStart = { [unowned self] in starts.append(($0.id, $1)) }
        c.onReconnectEnd = { [unowned self] in ends.append(($0.id, $1, $2)) }
    }
}

/// Edge click selection and reconnect through scripted input in the real frame loop; each
/// script is a file in Replays/.
final class EdgeInteractionTests: XCTestCase {
    /// The nodes of Replays/edges.json: A.out (100, 25), B.in (300, 125), C.in (300, 275), D.out (100, 325).
    private func nodes() throws -> [Node<JSONValue>] {
        try FlowFile.load(path: edgeReplays.appendingPathComponent("edges.json").path).nodes
    }

    /// Like edges.json's e1, which runs A.out → B.in.
    private func edge(_ id: String, to target: String, selected: Bool = false) -> Edge<JSONValue> {
        Edge(id: id, source: "A", target: target, sourceHandle: "out", targetHandle: "in", data: .string(id), type: .smoothStep,
             label: id, markerEnd: EdgeMarker(type: .arrowClosed), selected: selected, style: EdgeStyle(strokeWidth: 2))
    }

    private func harness(_ nodes: [Node<JSONValue>], _ edges: [Edge<JSONValue>], _ rec: EdgeRecorder,
                         configure: @escaping (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) -> CanvasHarness {
        CanvasHarness(nodes: nodes, edges: edges) { c in rec.install(on: c); configure(c) }
    }

    // MARK: Selection

    func testClickBesideTheRealPathSelectsTheEdgeAloneAndDeselectsNodes() throws {
        var ns = try nodes()
        ns[0].selected = true
        let rec = EdgeRecorder()
        let h = harness(ns, [edge("e1", to: "B")], rec)
        h.play(try edgeReplay("edge-click-select"))
        XCTAssertEqual(rec.edgeChanges, ["e1 +"])
        XCTAssertEqual(h.nodeChanges.count, 1)
        XCTAssertEqual(h.store.edges.map(\.selected), [true])
        XCTAssertEqual(h.store.nodes.filter(\.selected).map(\.id), [])
    }

    func testShiftAndCtrlClickToggleEdges() throws {
        var ns = try nodes()
        ns[0].selected = true
        let rec = EdgeRecorder()
        let h = harness(ns, [edge("e1", to: "B", selected: true), edge("e2", to: "C")], rec)
        h.play(try edgeReplay("edge-shift-click-toggle"))
        XCTAssertEqual(rec.edgeChanges, ["e2 +", "e1 -"])
        XCTAssertEqual(h.store.edges.map(\.selected), [false, true])
        XCTAssertEqual(h.store.nodes.filter(\.selected).map(\.id), ["A"], "a toggle leaves the node selection alone")
    }

    func testInteractionWidthScalesWithTheZoom() throws {
        let rec = EdgeRecorder()
        let h = harness(try nodes(), [edge("e1", to: "B")], rec)
        h.play(try edgeReplay("edge-click-zoom"))
        XCTAssertEqual(rec.edgeChanges, ["e1 +"])
        XCTAssertEqual(h.store.edges.map(\.selected), [true])
    }

    func testClickOnTheLabelSelectsTheEdge() throws {
        let rec = EdgeRecorder()
        var e = edge("e1", to: "B")
        e.label = "a long label"
        let h = harness(try nodes(), [e], rec)
        h.play(try edgeReplay("edge-click-label"))
        XCTAssertEqual(rec.edgeChanges, ["e1 +"])
        let unlabelled = harness(try nodes(), [edge("e1", to: "B")], rec)   // label "e1": 12 wide
        unlabelled.play(try edgeReplay("edge-click-label"))
        XCTAssertEqual(unlabelled.store.edges.map(\.selected), [false])
    }

    func testNodeAboveTheEdgeWinsTheClick() throws {
        let rec = EdgeRecorder()
        let h = harness(try nodes() + [testNode("D2", x: 190, y: 60, width: 30, height: 30, handles: [])], [edge("e1", to: "B")], rec)
        h.play(try edgeReplay("edge-click-under-node"))
        XCTAssertEqual(rec.edgeChanges, [])
        XCTAssertEqual(h.store.nodes.filter(\.selected).map(\.id), ["D2"])
    }

    func testElementsSelectableAndEdgeSelectableFalseIgnoreTheClick() throws {
        let rec = EdgeRecorder()
        let off = harness(try nodes(), [edge("e1", to: "B")], rec) { $0.elementsSelectable = false }
        off.play(try edgeReplay("edge-click-select"))
        var locked = edge("e1", to: "B")
        locked.selectable = false
        let lockedHarness = harness(try nodes(), [locked], rec)
        lockedHarness.play(try edgeReplay("edge-click-select"))
        XCTAssertEqual(rec.edgeChanges, [])
        XCTAssertEqual(off.store.edges.map(\.selected) + lockedHarness.store.edges.map(\.selected), [false, false])
        var allowed = edge("e1", to: "B")
        allowed.selectable = true
        let override = harness(try nodes(), [allowed], rec) { $0.elementsSelectable = false }
        override.play(try edgeReplay("edge-click-select"))
        XCTAssertEqual(rec.edgeChanges, ["e1 +"], "an edge's own selectable: true overrides the canvas default")
    }

    func testDragStartingOnAnEdgePansInsteadOfSelecting() throws {
        let rec = EdgeRecorder()
        let h = harness(try nodes(), [edge("e1", to: "B")], rec)
        h.play("press 205 75\nmove 225 95\nrelease 245 115")
        XCTAssertEqual(rec.edgeChanges, [])
        XCTAssertEqual(h.canvas.viewport, Viewport(x: 40, y: 40, zoom: 1))
    }

    // MARK: Reconnect

    func testDraggingTheTargetGripOntoAnotherHandleReconnectsKeepingTheOtherFields() throws {
        let rec = EdgeRecorder()
        let original = edge("e1", to: "B", selected: true)
        let h = harness(try nodes(), [original], rec)
        h.play(try edgeReplay("reconnect-target"))
        let made = Connection(source: "A", target: "C", sourceHandle: "out", targetHandle: "in")
        XCTAssertEqual(rec.reconnects.map(\.old), ["e1"])
        XCTAssertEqual(rec.reconnects.map(\.new), [made])
        XCTAssertEqual(rec.starts.map { "\($0.0) \($0.1)" }, ["e1 source"], "the fixed end's role")
        XCTAssertEqual(rec.ends.map { "\($0.0) \($0.1) \($0.2.map(String.init(describing:)) ?? "nil")" }, ["e1 source \(made)"])
        var expected = original
        expected.id = "xy-edge__Aout-Cin"
        expected.target = "C"
        XCTAssertEqual(h.store.edges, [expected])
        XCTAssertEqual(h.connects, [], "a reconnect is not a new connection")
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 300, y: 275))
    }

    func testTheExampleGraphsOwnEdgeReconnects() throws {
        let doc = try FlowFile.load(path: edgeReplays.appendingPathComponent("edges.json").path)
        let rec = EdgeRecorder()
        let h = harness(doc.nodes, doc.edges, rec)
        h.play(try edgeReplay("reconnect-target"))
        XCTAssertEqual(h.store.edges.map(\.id), ["xy-edge__Aout-Cin"])
        XCTAssertEqual(h.store.edges.map(\.connection), [Connection(source: "A", target: "C", sourceHandle: "out", targetHandle: "in")])
        XCTAssertEqual(h.store.edges.map(\.type), [.smoothStep])
    }

    func testAReconnectIsOneUndoStep() throws {
        let doc = try FlowFile.load(path: edgeReplays.appendingPathComponent("edges.json").path)
        let rec = EdgeRecorder()
        let h = harness(doc.nodes, doc.edges, rec)
        h.play(try edgeReplay("reconnect-undo"))
        XCTAssertEqual(rec.reconnects.count, 1)
        XCTAssertEqual(h.store.edges, doc.edges, "undo, redo, undo: the edge exactly as it was")
        XCTAssertTrue(h.canvas.canRedo)
        XCTAssertFalse(h.canvas.canUndo)
        h.play("key Y ctrl")
        XCTAssertEqual(h.store.edges.map(\.id), ["xy-edge__Aout-Cin"])
        XCTAssertEqual(h.store.edges.map(\.target), ["C"])
    }

    func testDraggingTheSourceGripMovesTheSourceEnd() throws {
        let rec = EdgeRecorder()
        let h = harness(try nodes(), [edge("e1", to: "B", selected: true)], rec)
        h.play(try edgeReplay("reconnect-source"))
        XCTAssertEqual(rec.reconnects.map(\.new), [Connection(source: "D", target: "B", sourceHandle: "out", targetHandle: "in")])
        XCTAssertEqual(rec.starts.map { "\($0.0) \($0.1)" }, ["e1 target"])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: 100, y: 325))
    }

    func testDropOnEmptyCanvasOrAnInvalidHandleOrEscapeLeavesTheEdgeAsItWas() throws {
        for name in ["reconnect-drop-on-empty", "reconnect-drop-on-invalid", "reconnect-escape"] {
            let rec = EdgeRecorder()
            let original = edge("e1", to: "B", selected: true)
            let h = harness(try nodes(), [original], rec)
            h.play(try edgeReplay(name))
            XCTAssertEqual(rec.reconnects.count, 0, name)
            XCTAssertEqual(rec.starts.count, 1, name)
            XCTAssertEqual(rec.ends.count, 1, name)
            XCTAssertNil(rec.ends.first?.2, name)
            XCTAssertEqual(h.store.edges, [original], name)
            XCTAssertNil(h.canvas.connection, name)
            XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 300, y: 125), name)
        }
    }

    func testIsValidConnectionAppliesToReconnects() throws {
        let rec = EdgeRecorder()
        var asked: [Connection] = []
        let h = harness(try nodes(), [edge("e1", to: "B", selected: true)], rec) { c in
            c.isValidConnection = { asked.append($0); return $0.target != "C" }
        }
        h.play(try edgeReplay("reconnect-target"))
        XCTAssertEqual(rec.reconnects.count, 0)
        XCTAssertTrue(asked.contains(Connection(source: "A", target: "C", sourceHandle: "out", targetHandle: "in")))
    }

    func testNoGripsOnUnselectedOrNonReconnectableEdges() throws {
        var fixed = edge("e1", to: "B", selected: true)
        fixed.reconnectable = false
        let cases: [(Edge<JSONValue>, (FlowCanvas<JSONValue, JSONValue>) -> Void)] = [
            (edge("e1", to: "B"), { _ in }),
            (fixed, { _ in }),
            (edge("e1", to: "B", selected: true), { $0.edgesReconnectable = false }),
            (edge("e1", to: "B", selected: true), { $0.onReconnect = nil }),
        ]
        for (k, (e, configure)) in cases.enumerated() {
            let rec = EdgeRecorder()
            let h = harness(try nodes(), [e], rec, configure: configure)
            h.play(try edgeReplay("reconnect-target"))
            XCTAssertEqual(rec.starts.count, 0, "case \(k)")
            // The press lands on B.in's hit target instead: a new connection from B.in, dropped on
            // C.in (another target: invalid in strict mode).
            XCTAssertEqual(h.connectStarts.map { "\($0.0).\($0.1)" }, ["B.in"], "case \(k)")
            XCTAssertEqual(h.store.edges.map(\.target), ["B"], "case \(k)")
        }
    }
}
