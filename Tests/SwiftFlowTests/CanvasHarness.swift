@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// The tests' view of an `EmbeddedCanvas` (SwiftFlowTesting): an 800x600 canvas over a store,
/// the first frame run, a clock that moves only when a test sets `time` or a script waits, and
/// the recorded callbacks as arrays.
final class CanvasHarness {
    let driver: EmbeddedCanvas<JSONValue, JSONValue>
    var store: FlowStore<JSONValue, JSONValue> { driver.store }
    var canvas: FlowCanvas<JSONValue, JSONValue> { driver.canvas }
    var list: DrawList { driver.drawList }
    /// The frame clock, ms: `frame()` keeps it; scripts advance it by their waits.
    var time: Double {
        get { driver.time }
        set { driver.time = newValue }
    }
    var connects: [Connection] { driver.outbound.compactMap { if case .connect(let c) = $0 { c } else { nil } } }
    var connectStarts: [(String, String, HandleType)] {
        driver.outbound.compactMap { if case .connectStart(let n, let h, let t) = $0 { (n, h, t) } else { nil } }
    }
    var connectEnds: [Connection?] { driver.outbound.compactMap { if case .connectEnd(let c) = $0 { .some(c) } else { nil } } }
    var nodeChanges: [NodeChange<JSONValue>] { driver.outbound.flatMap { entry -> [NodeChange<JSONValue>] in if case .nodesChange(let c) = entry { c } else { [] } } }
    var diagnostics: [FlowDiagnostic] { driver.diagnostics }

    init(nodes: [Node<JSONValue>], edges: [Edge<JSONValue>] = [], size: Size = Size(width: 800, height: 600),
         configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) {
        driver = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: size, frameDuration: 0)
        configure(driver.canvas)
        frame()
    }

    /// Runs one frame with `events`.
    func frame(_ events: [InputEvent] = []) { driver.frame(events) }

    /// Plays a replay.md script, one frame per script frame, then one more frame.
    func play(_ script: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            try driver.play(script)
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

    /// The controls node `id` laid out in the last frame.
    func controls(of id: String) -> [FrameControl] {
        canvas.tools.controls.filter { canvas.nodeCache.ids[Int($0.node)] == id }
    }

    /// A primary click at screen point `p`, in one frame.
    func click(_ p: Point) {
        frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1), .pointerUp(p, button: .primary, modifiers: [])])
    }

    /// Key `name` pressed and released with `modifiers`, in one frame.
    func key(_ name: String, _ modifiers: Modifiers = []) { driver.key(name, modifiers) }
}

extension EmbeddedCanvas {
    /// Key `name` pressed and released with `modifiers`, in one frame.
    func key(_ name: String, _ modifiers: Modifiers = []) {
        frame([.keyDown(name, modifiers: modifiers), .keyUp(name, modifiers: modifiers)])
    }
}

extension EmbeddedCanvas where NodeData == JSONValue, EdgeData == JSONValue {
    /// The node a seeded hunt edits next: the first, the last or a random one, drawn from `r`;
    /// nil when the store holds none, after making it hold `make("a<next>", &r)` (and counting
    /// `next` on).
    func huntNode(_ r: inout SeededRandom, next: inout Int,
                  make: (String, inout SeededRandom) -> Node<JSONValue>) -> Int? {
        let count = store.nodes.count
        guard count > 0 else {
            store.nodes = [make("a\(next)", &r)]
            next += 1
            return nil
        }
        return [0, count - 1, r.int(count)][r.int(3)]
    }
}

/// A node of the built-in default type with explicit handles (replay.md's `node.handles`).
func testNode(_ id: String, x: Double, y: Double, width: Double = 100, height: Double = 50,
              handles: [NodeHandle], connectable: Bool? = nil) -> Node<JSONValue> {
    Node(id: id, position: Point(x: x, y: y), data: .object(JSONObject([("label", .string(id))])),
         width: width, height: height, connectable: connectable, handles: handles)
}

/// An edge without data from `s` to `t`, optionally between the handles `sh` and `th`.
func testEdge(_ id: String, _ s: String, _ t: String, _ sh: String? = nil, _ th: String? = nil) -> Edge<JSONValue> {
    Edge(id: id, source: s, target: t, sourceHandle: sh, targetHandle: th, data: .null)
}

/// The conformance cases' two-node graph: A with source "out" at (100, 25), B with target "in" at (300, 25).
func twoNodes(sourceConnectable: Bool = true) -> [Node<JSONValue>] {
    [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25, isConnectable: sourceConnectable)]),
     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
}

extension FlowCanvas {
    /// Every edge's bounds as the edge index holds them (flow units; nil: not indexed), in edge
    /// order.
    func indexedEdgeBounds() -> [Rect?] { (0..<edgeIndex.rects.count).map { edgeIndex.rects.rect(of: $0) } }
}
