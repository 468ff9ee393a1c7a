import Foundation
import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The folder of recorded scripts (`Replays/<name>.replay`), found beside this file.
private let replaysFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Replays")

extension CanvasHarness {
    /// Plays the recorded script `Replays/<name>.replay` (replay.md syntax).
    func playReplay(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let text = replayText(name) else {
            XCTFail("missing replay \(name).replay in \(replaysFolder.path)", file: file, line: line)
            return
        }
        play(text, file: file, line: line)
    }
}

/// The text of the recorded script `Replays/<name>.replay`, or nil when it cannot be read.
func replayText(_ name: String) -> String? {
    try? String(contentsOf: replaysFolder.appendingPathComponent("\(name).replay"), encoding: .utf8)
}

extension CanvasHarness {

    /// Ids of the selected nodes and edges of the store, in array order.
    var selectedNodes: [String] { store.nodes.filter(\.selected).map(\.id) }
    var selectedEdges: [String] { store.edges.filter(\.selected).map(\.id) }
    func position(_ id: String) -> Point? { node(id)?.position }

    /// Every recorded edge change, in order.
    var edgeChanges: [EdgeChange<JSONValue>] { driver.outbound.flatMap { entry -> [EdgeChange<JSONValue>] in if case .edgesChange(let c) = entry { c } else { [] } } }
    /// Each selection change as the ids of the selected nodes, then edges.
    var selectionChanges: [[String]] {
        driver.outbound.compactMap { if case .selectionChange(let s) = $0 { s.nodes.map(\.id) + s.edges.map(\.id) } else { nil } }
    }
    /// The flow points of the pane clicks.
    var paneClicks: [Point] { driver.outbound.compactMap { if case .paneClick(let p) = $0 { p } else { nil } } }
}

/// A node with a target "in" on the left and a source "out" on the right.
func editNode(_ id: String, _ x: Double, _ y: Double, width: Double = 100, height: Double = 50, parent: String? = nil,
              extent: NodeExtent? = nil) -> Node<JSONValue> {
    var n = testNode(id, x: x, y: y, width: width, height: height,
                     handles: [NodeHandle(id: "in", type: .target, position: .left), NodeHandle(id: "out", type: .source, position: .right)])
    n.parentId = parent
    n.extent = extent
    return n
}

func editEdge(_ id: String, _ source: String, _ target: String) -> Edge<JSONValue> {
    Edge(id: id, source: source, target: target, sourceHandle: "out", targetHandle: "in", data: .null)
}

/// The editing scene (flow units, 100x50 nodes unless noted):
/// A (0, 0), B (200, 0), C (0, 200), D (200, 200), E (100, 100) 50x50;
/// edges e1 A→B, e2 A→C, e3 B→D, e4 C→E.
func editingScene() -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
    ([editNode("A", 0, 0), editNode("B", 200, 0), editNode("C", 0, 200), editNode("D", 200, 200),
      editNode("E", 100, 100, width: 50, height: 50)],
     [editEdge("e1", "A", "B"), editEdge("e2", "A", "C"), editEdge("e3", "B", "D"), editEdge("e4", "C", "E")])
}

/// A group P (0, 0) 300x200 holding K at (20, 60) (absolute (20, 60)), 100x50, kept inside it;
/// A (400, 0) and B (400, 300); edges e1 P→A, e2 B→P, e3 A→P and e4 A→B.
func subflowScene() -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
    var p = editNode("P", 0, 0, width: 300, height: 200)
    p.type = "group"
    p.handles = [NodeHandle(id: "in", type: .target, position: .left), NodeHandle(id: "out", type: .source, position: .right)]
    return ([p, editNode("K", 20, 60, parent: "P", extent: .parent), editNode("A", 400, 0), editNode("B", 400, 300)],
            [editEdge("e1", "P", "A"), editEdge("e2", "B", "P"), editEdge("e3", "A", "P"), editEdge("e4", "A", "B")])
}

/// A harness over `scene`.
func editingHarness(_ scene: (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]),
                    configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) -> CanvasHarness {
    CanvasHarness(nodes: scene.nodes, edges: scene.edges, configure: configure)
}
