@testable import SwiftFlow
import SwiftFlowCore
import SwiftFlowTesting
import XCTest

/// A node array replaced without saying what changed (an `.unknown` frame: `store.nodes = …`, a
/// plain `frame(nodes:edges:)` with a new array, the `SwiftFlow` view's bindings): an off-screen
/// node whose view may now place other handles (its data, declared handles or type changed) is
/// laid out again, so its edges attach to the handles a fresh canvas gives it (handles.md §2);
/// one whose data did not change keeps its layout.
final class UnknownChangeLayoutTests: XCTestCase {
    /// The "ports" node type: one target handle per string of the node's data (a JSON array).
    private static func registerPorts(_ canvas: FlowCanvas<JSONValue, JSONValue>) {
        canvas.nodeTypes["ports"] = NodeType { PortsNode(node: $0) }
    }

    /// A and Z on screen, B far off-screen (its handles declared, or of the "ports" type when
    /// `ports`), edge A.out → B.in.
    private static func graph(ports: Bool) -> (nodes: [Node<JSONValue>], edges: [Edge<JSONValue>]) {
        var b = testNode("B", x: 5000, y: 0, width: 60, height: 40, handles: OffScreenHandles.original)
        if ports {
            b.handles = nil
            b.type = "ports"
            b.data = .array([.string("in")])
        }
        return ([testNode("A", x: 0, y: 0, width: 60, height: 40, handles: OffScreenHandles.original),
                 testNode("Z", x: 100, y: 0, width: 60, height: 40, handles: OffScreenHandles.original), b],
                [Edge(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)])
    }

    /// B's new handles: "in2" then "in", declared or from its data.
    private static func edit(_ b: inout Node<JSONValue>, ports: Bool) {
        if ports { b.data = .array([.string("in2"), .string("in")]) } else { b.handles = OffScreenHandles.replacement }
    }

    /// The graph in an `EmbeddedCanvas`, after two frames.
    private func driver(ports: Bool) -> EmbeddedCanvas<JSONValue, JSONValue> {
        let g = Self.graph(ports: ports)
        let d = EmbeddedCanvas(nodes: g.nodes, edges: g.edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        Self.registerPorts(d.canvas)
        d.frame()
        d.frame()
        return d
    }

    func testNewHandlesSetThroughTheStoresNodesAreFollowed() {
        for ports in [false, true] {
            let d = driver(ports: ports)
            Self.edit(&d.store.nodes[2], ports: ports)
            d.frame()
            XCTAssertEqual(d.canvas.stats.laidOutNodes, 3, "A and Z on screen, B for its new handles (ports \(ports))")
            d.frame()
            XCTAssertEqual(d.canvas.registry.handles(ofNode: 2).map(\.id), ["in2", "in"], "ports \(ports)")
            XCTAssertEqual(differencesFromFresh(d, configure: Self.registerPorts), [], "ports \(ports)")
        }
    }

    func testNewHandlesInAPlainFrameWithANewArrayAreFollowed() {
        for ports in [false, true] {
            var (nodes, edges) = Self.graph(ports: ports)
            let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), theme: .light,
                                                           textMeasurer: FixedAdvanceTextMeasurer())
            Self.registerPorts(canvas)
            var list = DrawList()
            canvas.frame(nodes: nodes, edges: edges, into: &list)
            canvas.frame(nodes: nodes, edges: edges, into: &list)
            Self.edit(&nodes[2], ports: ports)
            canvas.frame(nodes: nodes, edges: edges, into: &list)
            canvas.frame(nodes: nodes, edges: edges, into: &list)
            XCTAssertEqual(canvas.registry.handles(ofNode: 2).map(\.id), ["in2", "in"], "ports \(ports)")
            let fresh = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: canvas.size)
            Self.registerPorts(fresh.canvas)
            fresh.frame()
            fresh.frame()
            XCTAssertEqual(canvasDifferences(canvas, fresh.canvas), [], "ports \(ports)")
        }
    }

    /// Also when a node added in the same frame re-interns the array (each node compared with
    /// its copy at its old index).
    func testNewHandlesBesideAnAddedNodeAreFollowed() {
        let d = driver(ports: true)
        var nodes = d.store.nodes
        Self.edit(&nodes[2], ports: true)
        nodes.insert(testNode("N", x: 0, y: 100, width: 60, height: 40, handles: OffScreenHandles.original), at: 0)
        d.store.nodes = nodes
        d.frame()
        d.frame()
        XCTAssertEqual(d.canvas.registry.handles(ofNode: 3).map(\.id), ["in2", "in"])
        XCTAssertEqual(differencesFromFresh(d, configure: Self.registerPorts), [])
    }

    /// Also when the store changed its array in place since the last frame (a change applied
    /// between frames: a selection, a drag step) before the array was set whole.
    func testNewHandlesSetAfterAnInPlaceChangeAreFollowed() {
        for ports in [false, true] {
            let d = driver(ports: ports)
            d.store.apply([NodeChange<JSONValue>.select(id: "A", selected: true)])
            Self.edit(&d.store.nodes[2], ports: ports)
            d.frame()
            d.frame()
            XCTAssertEqual(d.canvas.registry.handles(ofNode: 2).map(\.id), ["in2", "in"], "ports \(ports)")
            XCTAssertEqual(differencesFromFresh(d, configure: Self.registerPorts), [], "ports \(ports)")
        }
    }

    /// And when a change the store applies in place (a selection) comes after the array was set.
    func testNewHandlesSetBeforeAnInPlaceChangeAreFollowed() {
        for ports in [false, true] {
            let d = driver(ports: ports)
            Self.edit(&d.store.nodes[2], ports: ports)
            d.store.apply([NodeChange<JSONValue>.select(id: "A", selected: true)])
            d.frame()
            d.frame()
            XCTAssertEqual(d.canvas.registry.handles(ofNode: 2).map(\.id), ["in2", "in"], "ports \(ports)")
            XCTAssertEqual(differencesFromFresh(d, configure: Self.registerPorts), [], "ports \(ports)")
        }
    }

    /// A replacement the store cannot apply in place (a batch that also adds a node under a used
    /// id, or a store whose nodes share an id) is followed too, and so is one applied in place
    /// before the nodes were set whole with a shared id.
    func testAReplacementBesideADuplicatedIdIsFollowed() {
        for order in ["in one batch", "duplicate first", "duplicate after"] {
            let d = driver(ports: true)
            var b = d.store.nodes[2]
            Self.edit(&b, ports: true)
            let copy = testNode("Z", x: 0, y: 200, width: 60, height: 40, handles: OffScreenHandles.original)
            switch order {
            case "in one batch":
                d.store.apply([NodeChange<JSONValue>.replace(b), .add(copy)])
            case "duplicate first":
                d.store.apply([NodeChange<JSONValue>.add(copy)])
                d.frame()
                d.store.apply([NodeChange<JSONValue>.replace(b)])
            default:
                d.store.apply([NodeChange<JSONValue>.replace(b)])
                d.store.nodes.append(copy)
            }
            d.frame()
            d.frame()
            XCTAssertEqual(d.canvas.registry.handles(ofNode: 2).map(\.id), ["in2", "in"], order)
            XCTAssertEqual(differencesFromFresh(d, configure: Self.registerPorts), [], order)
        }
    }

    /// The built-in types place their default handles on the node's sides.
    func testNewSidesOfAnOffScreenNodeWithDefaultHandlesAreFollowed() {
        let d = driver(ports: false)
        d.store.nodes[2].handles = nil
        d.frame()
        d.store.nodes[2].targetPosition = .top
        d.frame()
        XCTAssertEqual(d.canvas.registry.handles(ofNode: 2).map(\.position), [.top, .right])
        XCTAssertEqual(differencesFromFresh(d), [])
    }

    func testAnOffScreenNodeWhoseDataDidNotChangeIsNotLaidOutAgain() {
        let d = driver(ports: true)
        d.store.nodes[0].position.x = 10   // a new array, B equal to its last copy
        d.frame()
        XCTAssertEqual(d.canvas.stats.laidOutNodes, 2, "A and Z, on screen")
        d.store.nodes[2].position.x = 5010   // moved, not changed
        d.frame()
        XCTAssertEqual(d.canvas.stats.laidOutNodes, 2)
        d.store.nodes[2].selected = true
        d.frame()
        XCTAssertEqual(d.canvas.stats.laidOutNodes, 2)
        XCTAssertEqual(differencesFromFresh(d, configure: Self.registerPorts), [])
    }

    /// Data that is not `Equatable` cannot be compared: an off-screen node is laid out again in
    /// every frame that replaces the array without saying what changed.
    func testDataThatIsNotEquatableIsLaidOutAgain() {
        struct Ports { var ids: [String] }
        let canvas = FlowCanvas<Ports, EmptyEdgeData>(size: Size(width: 800, height: 600), theme: .light,
                                                       textMeasurer: FixedAdvanceTextMeasurer())
        canvas.nodeTypes["ports"] = NodeType { node in
            VStack {
                ForEach(node.data.ids, id: \.self) { Handle(nodeId: node.id, id: $0, type: .target, position: .left) }
            }
        }
        var nodes = [Node(id: "A", position: .zero, data: Ports(ids: ["in"]), type: "ports"),
                     Node(id: "B", position: Point(x: 5000, y: 0), data: Ports(ids: ["in"]), type: "ports")]
        let edges = [Edge(id: "e", source: "A", target: "B", targetHandle: "in2", data: EmptyEdgeData())]
        var list = DrawList()
        canvas.frame(nodes: nodes, edges: edges, into: &list)
        canvas.frame(nodes: nodes, edges: edges, into: &list)
        XCTAssertEqual(canvas.edgeIndex.missingEnds, 1)
        nodes[1].data.ids = ["in2"]
        canvas.frame(nodes: nodes, edges: edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 2)
        XCTAssertEqual(canvas.registry.handles(ofNode: 1).map(\.id), ["in2"])
        XCTAssertEqual(canvas.edgeIndex.missingEnds, 0)
        guard case .handle(let h) = canvas.edgeIndex.ends[0].target else { return XCTFail("e's target is not a handle") }
        XCTAssertEqual(canvas.registry[Int(h)].id, "in2")
        nodes[0].position.x = 10   // a new array, B unchanged but not comparable
        canvas.frame(nodes: nodes, edges: edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 2)
        canvas.frame(nodes: nodes, edges: edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 1, "the same array: A, on screen, only")
    }

    /// The `SwiftFlow` view passes its bindings' arrays each frame: B's handles follow its data.
    func testTheViewsBindingsFollowNewHandles() throws {
        final class Captured { var canvas: FlowCanvas<String, EmptyEdgeData>? }
        struct ContentView: View {
            @State var nodes = [Node(id: "A", position: .zero, data: "out"), Node(id: "B", position: Point(x: 5000, y: 0), data: "in")]
            @State var edges = [FlowEdge<EmptyEdgeData>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in2",
                                                         data: EmptyEdgeData())]
            let captured: Captured
            var body: some View {
                SwiftFlow(nodes: $nodes, edges: $edges) { node in
                    Text(node.id).frame(width: 60, height: 40)
                    Handle(nodeId: node.id, id: node.data, type: node.id == "A" ? .source : .target, position: .left)
                }
                .configure { captured.canvas = $0 }
            }
        }
        let captured = Captured()
        let view = ContentView(captured: captured)
        let hosted = try XCTUnwrap(hostedFlow(in: view)).makeHostedFlow(size: Size(width: 800, height: 600), theme: .light,
                                                                           textMeasurer: FixedAdvanceTextMeasurer())
        var list = DrawList()
        hosted.frame([], 0, &list)
        hosted.frame([], 16, &list)
        let canvas = try XCTUnwrap(captured.canvas)
        XCTAssertEqual(canvas.edgeIndex.missingEnds, 1)
        view.nodes[1].data = "in2"
        hosted.frame([], 32, &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 2)
        XCTAssertEqual(canvas.registry.handles(ofNode: 1).map(\.id), ["in2"])
        XCTAssertEqual(canvas.edgeIndex.missingEnds, 0)
        guard case .handle(let h) = canvas.edgeIndex.ends[0].target else { return XCTFail("e's target is not a handle") }
        XCTAssertEqual(canvas.registry[Int(h)].id, "in2")
        view.nodes[0].position.x = 10   // B unchanged: only A is laid out
        hosted.frame([], 48, &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 1)
    }
}

/// A node of the "ports" type: its label, then one target handle per string of its data.
private struct PortsNode: View {
    let node: Node<JSONValue>
    var body: some View {
        VStack {
            Text(node.id)
            ForEach(node.data.arrayValue?.compactMap(\.stringValue) ?? [], id: \.self) { id in
                Handle(nodeId: node.id, id: id, type: .target, position: .left)
            }
        }
    }
}
