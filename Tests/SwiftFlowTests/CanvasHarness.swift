import SwiftFlow
import XCTest

/// Drives a canvas headlessly through the same frame loop users run: a store, a fixed-advance
/// text measurer, scripted input, and recorders for every callback.
final class CanvasHarness {
    let store: FlowStore<JSONValue, JSONValue>
    let canvas: FlowCanvas<JSONValue, JSONValue>
    var list = DrawList()
    var connects: [Connection] = []
    var connectStarts: [(String, String, HandleType)] = []
    var connectEnds: [Connection?] = []
    var nodeChanges: [NodeChange<JSONValue>] = []
    var diagnostics: [FlowDiagnostic] = []
    var time = 0.0

    init(nodes: [Node<JSONValue>], edges: [Edge<JSONValue>] = [], size: Size = Size(width: 800, height: 600),
         configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) {
        store = FlowStore(nodes: nodes, edges: edges, makeEdgeData: { _ in .null })
        canvas = FlowCanvas(size: size, textMeasurer: FixedAdvanceTextMeasurer())
        store.attach(to: canvas)
        let applyNodes = canvas.onNodesChange!, applyConnect = canvas.onConnect!
        canvas.onNodesChange = { [unowned self] in nodeChanges += $0; applyNodes($0) }
        canvas.onConnect = { [unowned self] in connects.append($0); applyConnect($0) }
        canvas.onConnectStart = { [unowned self] in connectStarts.append(($0, $1, $2)) }
        canvas.onConnectEnd = { [unowned self] in connectEnds.append($0) }
        canvas.onError = { [unowned self] in diagnostics.append($0) }
        configure(canvas)
        frame()
    }

    /// Runs one frame with `events`.
    func frame(_ events: [InputEvent] = []) {
        store.frame(canvas, events: events, time: time, into: &list)
    }

    /// Plays a replay.md script, one frame per script frame, then one more frame.
    func play(_ script: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            var player = ScriptPlayer(try InputScript(parsing: script))
            while !player.isFinished {
                let events = player.next(for: canvas)
                time = player.time
                frame(events)
            }
            frame()
        } catch {
            XCTFail("script: \(error)", file: file, line: line)
        }
    }

    /// Plays a mouse drag from `a` to `b` (screen pixels): press at `a`, move to the midpoint, move to `b`, release at `b`.
    func drag(from a: Point, to b: Point, file: StaticString = #filePath, line: UInt = #line) {
        let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        play("press \(a.x) \(a.y)\nmove \(mid.x) \(mid.y)\nmove \(b.x) \(b.y)\nrelease \(b.x) \(b.y)", file: file, line: line)
    }

    func node(_ id: String) -> Node<JSONValue>? { store.nodes.first { $0.id == id } }
}

/// A node of the built-in default type with explicit handles (replay.md's `node.handles`).
func testNode(_ id: String, x: Double, y: Double, width: Double = 100, height: Double = 50,
              handles: [NodeHandle], connectable: Bool? = nil) -> Node<JSONValue> {
    Node(id: id, position: Point(x: x, y: y), data: .object(JSONObject([("label", .string(id))])),
         width: width, height: height, connectable: connectable, handles: handles)
}

/// The conformance cases' two-node graph: A with source "out" at (100, 25), B with target "in" at (300, 25).
func twoNodes(sourceConnectable: Bool = true) -> [Node<JSONValue>] {
    [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25, isConnectable: sourceConnectable)]),
     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
}
