@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// A node the app replaces whole through `FlowStore` is laid out again wherever it is, so an
/// off-screen node's new handles are the ones its edges attach to (handles.md §2), as on a fresh
/// canvas: also when the frame follows every node (the node is a parent), when a removal after
/// the replacement leaves the store's journal without indices, and through `updateNode`.
final class ReplacedNodeLayoutTests: XCTestCase {
    /// A on screen, Z beside it, B far off-screen (with child C when `child`), edge A → B.in;
    /// after two frames.
    private func driver(child: Bool) -> EmbeddedCanvas<JSONValue, JSONValue> {
        var nodes = [testNode("A", x: 0, y: 0, width: 60, height: 40, handles: OffScreenHandles.original),
                     testNode("Z", x: 100, y: 0, width: 60, height: 40, handles: OffScreenHandles.original),
                     testNode("B", x: 5000, y: 0, width: 60, height: 40, handles: OffScreenHandles.original)]
        if child {
            var c = testNode("C", x: 10, y: 30, width: 60, height: 40, handles: OffScreenHandles.original)
            c.parentId = "B"
            nodes.append(c)
        }
        let edges = [Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)]
        let d = EmbeddedCanvas(nodes: nodes, edges: edges, makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.frame()
        d.frame()
        return d
    }

    /// B's handles after the edit, and the differences from a fresh canvas.
    private func check(_ d: EmbeddedCanvas<JSONValue, JSONValue>, file: StaticString = #filePath, line: UInt = #line) {
        d.frame()
        d.frame()
        let b = d.canvas.nodeCache.index(of: "B")!
        XCTAssertEqual(d.canvas.registry.handles(ofNode: b).map(\.id), ["in2", "in"], file: file, line: line)
        XCTAssertEqual(differencesFromFresh(d), [], file: file, line: line)
    }

    func testAnOffScreenParentsNewHandlesAreFollowed() {
        let d = driver(child: true)
        var b = d.store.nodes[2]
        b.handles = OffScreenHandles.replacement
        d.store.apply([NodeChange.replace(b)])
        check(d)
    }

    func testNewHandlesReplacedBeforeARemovalAreFollowed() {
        let d = driver(child: false)
        var b = d.store.nodes[2]
        b.handles = OffScreenHandles.replacement
        d.store.apply([NodeChange.replace(b)])
        d.store.apply([NodeChange<JSONValue>.remove(id: "Z")])
        check(d)
    }

    func testNewHandlesThroughUpdateNodeAreFollowed() throws {
        let d = driver(child: false)
        try d.store.updateNode("B") { $0.handles = OffScreenHandles.replacement }
        check(d)
    }
}
