import Foundation
import SwiftFlow
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

/// A harness over `scene` that also records edge changes.
final class EditingRecorder {
    var edgeChanges: [EdgeChange<JSONValue>] = []
    var selectionChanges: [[String]] = []
    var paneClicks: [Point] = []
}

func editingHarness(_ scene: (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]), recorder: EditingRecorder = EditingRecorder(),
                    configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) -> CanvasHarness {
    CanvasHarness(nodes: scene.nodes, edges: scene.edges) { c in
        let apply = c.onEdgesChange!
        c.onEdgesChange = { recorder.edgeChanges += $0; apply($0) }
        c.onSelectionChange = { recorder.selectionChanges.append($0.nodes.map(\.id) + $0.edges.map(\.id)) }
        c.onPaneClick = { recorder.paneClicks.append($0) }
        configure(c)
    }
}
