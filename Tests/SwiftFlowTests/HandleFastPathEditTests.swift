@testable import SwiftFlow
import SwiftFlowCore
import SwiftFlowTesting
import XCTest

/// Built-in nodes placed without their view while off-screen (`NodeType.placeWithoutView`), then
/// replaced off-screen by the app: retyped between built-in and custom types (and an unknown
/// one), hidden and shown, resized, their parent moved. After each edit the canvas agrees with a
/// fresh canvas built with full layouts and with one that takes the fast path.
final class HandleFastPathEditTests: XCTestCase {
    /// Adds node type "c": a text and two handles, top and bottom.
    private static func custom(_ c: FlowCanvas<JSONValue, JSONValue>) {
        c.nodeTypes["c"] = NodeType { node in
            Text("custom node with a long label")
            Handle(nodeId: node.id, id: "in", type: .target, position: .top)
            Handle(nodeId: node.id, id: "out", type: .source, position: .bottom)
        }
    }
    /// Type "c" and the built-in types without their fast path.
    private static func full(_ c: FlowCanvas<JSONValue, JSONValue>) {
        custom(c)
        var types = c.nodeTypes
        for k in types.keys { types[k]!.placeWithoutView = nil }
        c.nodeTypes = types
    }

    /// A driven canvas (800x600) over `nodes` and `edges`, with type "c", after its first frame.
    private func driver(_ nodes: [Node<JSONValue>], _ edges: [Edge<JSONValue>]) -> EmbeddedCanvas<JSONValue, JSONValue> {
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        Self.custom(d.canvas)
        d.recordsOutbound = false
        d.frame()
        return d
    }

    /// One node in view; off-screen a default node, a "c" node and a group with a child, joined by edges.
    private func graph() -> ([Node<JSONValue>], [Edge<JSONValue>]) {
        let nodes = [Node(id: "vis", position: Point(x: 10, y: 10), data: JSONValue.null),
                     Node(id: "off", position: Point(x: 5000, y: 5000), data: .null),
                     Node(id: "offc", position: Point(x: 6000, y: 5000), data: .null, type: "c"),
                     Node(id: "p", position: Point(x: 8000, y: 100), data: .null, type: "group", width: 400, height: 300),
                     Node(id: "kid", position: Point(x: 20, y: 30), data: .null, parentId: "p")]
        let edges = [Edge(id: "e1", source: "vis", target: "off", data: JSONValue.null),
                     Edge(id: "e2", source: "off", target: "offc", data: .null),
                     Edge(id: "e3", source: "offc", target: "kid", sourceHandle: "out", data: .null),
                     Edge(id: "e4", source: "kid", target: "vis", targetHandle: "in", data: .null)]
        return (nodes, edges)
    }

    /// Two frames, then the differences from fresh canvases with and without the fast path.
    private func check(_ d: EmbeddedCanvas<JSONValue, JSONValue>, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        d.frame(); d.frame()
        XCTAssertEqual(differencesFromFresh(d, configure: Self.full), [], what, file: file, line: line)
        XCTAssertEqual(differencesFromFresh(d, configure: Self.custom), [], what + " (fresh with fast path)", file: file, line: line)
    }

    func testNodesRetypedOffScreenMatchFreshCanvases() {
        let (nodes, edges) = graph()
        let d = driver(nodes, edges)
        check(d, "start")
        var n = d.store.nodes[1]; n.type = "c"
        d.store.apply([NodeChange.replace(n)])
        check(d, "off to custom")
        n.type = "input"
        d.store.apply([NodeChange.replace(n)])
        check(d, "off to input")
        var m = d.store.nodes[2]; m.type = "default"
        d.store.apply([NodeChange.replace(m)])
        check(d, "offc to default")
        m.type = "nosuch"
        d.store.apply([NodeChange.replace(m)])
        check(d, "offc to unknown")
    }

    func testNodesHiddenResizedAndMovedOffScreenMatchFreshCanvases() {
        let (nodes, edges) = graph()
        let d = driver(nodes, edges)
        var n = d.store.nodes[1]; n.hidden = true
        d.store.apply([NodeChange.replace(n)])
        check(d, "hidden")
        n.hidden = false; n.type = "output"
        d.store.apply([NodeChange.replace(n)])
        check(d, "shown as output")
        d.store.apply([NodeChange<JSONValue>.dimensions(id: "off", size: Size(width: 300, height: 90), resizing: false)])
        check(d, "resized")
        d.store.apply([NodeChange<JSONValue>.dimensions(id: "kid", size: Size(width: 33, height: 21), resizing: false)])
        check(d, "kid resized")
        d.store.apply([NodeChange<JSONValue>.position(id: "p", position: Point(x: 9000, y: 700), dragging: false)])
        check(d, "parent moved")
    }
}
