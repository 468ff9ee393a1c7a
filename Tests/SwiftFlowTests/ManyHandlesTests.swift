@testable import SwiftFlow
import SwiftFlowCore
import SwiftFlowTesting
import XCTest

/// A node of many handles (more than the registry's `idMapMinimum`, where `find` looks ids up
/// in a map, and the duplicate check uses a set): edges resolve to the handle they name, of the
/// type they need, and follow the handles when the node's list changes; the first of two
/// handles with one id wins, as for a node of few handles.
final class ManyHandlesTests: XCTestCase {
    private func handles(_ n: Int, reversed: Bool = false) -> [NodeHandle] {
        let list = (0..<n).map { NodeHandle(id: "h\($0)", type: $0 % 3 == 0 ? .target : .source, position: $0 % 2 == 0 ? .right : .bottom) }
        return (reversed ? list.reversed() : list) + [NodeHandle(id: "h1", type: .target, position: .top)]
    }

    func testEdgesResolveToTheNamedHandlesAndFollowTheirChanges() {
        let nodes = [Node(id: "a", position: .zero, data: JSONValue.null, width: 300, height: 200, handles: handles(100)),
                     Node(id: "b", position: Point(x: 500, y: 0), data: .null)]
        let edges = [Edge(id: "e1", source: "a", target: "b", sourceHandle: "h1", data: JSONValue.null),
                     Edge(id: "e2", source: "a", target: "b", sourceHandle: "h98", data: .null),
                     Edge(id: "e3", source: "a", target: "b", sourceHandle: "h3", data: .null),   // a target handle
                     Edge(id: "e4", source: "b", target: "a", targetHandle: "h99", data: .null),
                     Edge(id: "e5", source: "a", target: "b", sourceHandle: "nope", data: .null)]
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.frame()
        let c = d.canvas
        func end(_ k: Int, source: Bool) -> String {
            guard case .handle(let e) = source ? c.edgeIndex.ends[k].source : c.edgeIndex.ends[k].target else { return "-" }
            return c.registry[Int(e)].id + "@\(c.registry[Int(e)].order)"
        }
        XCTAssertEqual(c.registry.handles(ofNode: 0).count, 100, "the second h1 is dropped")
        XCTAssertEqual((0..<5).map { end($0, source: $0 != 3) }, ["h1@1", "h98@98", "-", "h99@99", "-"])
        XCTAssertEqual(c.registry.find(nodeIndex: 0, id: "h3", type: .source), nil)
        XCTAssertEqual(c.registry.find(nodeIndex: 0, id: "h3").map { c.registry[$0].order }, 3)
        XCTAssertEqual(c.registry.find(nodeIndex: 0, id: "h0", type: .target).map { c.registry[$0].order }, 0)
        var a = d.store.nodes[0]
        a.handles = handles(100, reversed: true)
        d.store.apply([NodeChange.replace(a)])
        d.frame(); d.frame()
        XCTAssertEqual((0..<5).map { end($0, source: $0 != 3) }, ["h1@98", "h98@1", "-", "h99@0", "-"])
        XCTAssertEqual(differencesFromFresh(d), [])
    }

    /// A removal from the front renumbers nodes and handle entries: a node of many handles must
    /// not be looked up through the id map built for the node that had its index before (that
    /// map holds the other node's old entries), so a new edge attaches to the handle it names.
    func testAFrontRemovalLeavesNoStaleHandleMap() {
        let nodes = [Node(id: "z", position: Point(x: 0, y: 400), data: JSONValue.null),
                     Node(id: "a", position: .zero, data: .null, width: 300, height: 200, handles: handles(100)),
                     Node(id: "c", position: Point(x: 0, y: 250), data: .null, width: 300, height: 200, handles: handles(100)),
                     Node(id: "b", position: Point(x: 500, y: 0), data: .null)]
        let edges = [Edge(id: "e1", source: "a", target: "b", sourceHandle: "h98", data: JSONValue.null),
                     Edge(id: "e2", source: "c", target: "b", sourceHandle: "h98", data: .null)]
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 700))
        d.frame()
        let c = d.canvas
        d.store.apply([NodeChange<JSONValue>.remove(id: "z")])
        d.frame()
        XCTAssertEqual(c.registry.find(nodeIndex: 1, id: "h5").map { c.registry[$0].nodeId }, "c")
        d.store.apply([EdgeChange.add(Edge(id: "e3", source: "c", target: "b", sourceHandle: "h5", data: JSONValue.null))])
        d.frame()
        guard case .handle(let e) = c.edgeIndex.ends[2].source else { return XCTFail("e3's source is not a handle") }
        XCTAssertEqual([c.registry[Int(e)].nodeId, c.registry[Int(e)].id], ["c", "h5"])
        XCTAssertEqual(differencesFromFresh(d), [])
    }
}
