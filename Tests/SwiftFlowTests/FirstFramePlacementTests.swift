@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// What a first frame's placement of many nodes of one type reuses from node to node: the
/// registry records a node whose handles have the last node's ids, types, sides, colours and
/// connectability with that node's styles (no hashing, no duplicate scan) and reserves a first
/// frame's pending storage; the built-in types place a handle list once for the nodes sharing
/// it; the far colour and the node type are looked up once per run. Each gives exactly what
/// the general path gives.
final class FirstFramePlacementTests: XCTestCase {
    private func handle(_ id: String, _ x: Double, color: Color? = nil) -> LaidOutHandle {
        LaidOutHandle(id: id, type: .source, position: .right, anchor: Point(x: x, y: 1), color: color, isConnectable: true)
    }

    private func emptyRegistry(nodes: Int) -> HandleRegistry {
        let registry = HandleRegistry()
        registry.remap([Int32](repeating: -1, count: nodes))
        return registry
    }

    /// Entries as (node, handle id, anchor x, anchor y, style, order).
    private func summary(_ registry: HandleRegistry) -> [String] {
        (0..<registry.count).map { e in
            let h = registry[e]
            return "\(h.nodeIndex) \(h.nodeId)/\(h.id) \(h.anchor.x),\(h.anchor.y) s\(registry.packed[e].style) #\(h.order)"
        }
    }

    func testNodesWithTheLastNodesHandlesShareItsStylesAndOthersAreInterned() {
        let registry = emptyRegistry(nodes: 6)
        var duplicates: [String] = []
        let red = Color(red: 1, green: 0, blue: 0)
        let sets: [[LaidOutHandle]] = [
            [handle("s", 1), handle("t", 2)],
            [handle("s", 3), handle("t", 4)],                 // the same styles
            [handle("s", 5), handle("t", 6, color: red)],     // another colour: interned
            [handle("s", 7), handle("s", 8)],                 // a duplicate, as many handles as the last
            [handle("s", 9), handle("s", 10)],                // the last kept one of two: scanned again
            [handle("t", 11), handle("s", 12)],               // known styles in another order
        ]
        for (i, handles) in sets.enumerated() {
            registry.update(nodeIndex: i, nodeId: "n\(i)", origin: Point(x: Double(10 * i), y: 0), handles: handles[...]) { duplicates.append($0) }
        }
        registry.commit()
        XCTAssertEqual(duplicates, ["s", "s"])
        XCTAssertEqual(registry.styles.count, 3)
        XCTAssertEqual(summary(registry), [
            "0 n0/s 1.0,1.0 s0 #0", "0 n0/t 2.0,1.0 s1 #1",
            "1 n1/s 13.0,1.0 s0 #0", "1 n1/t 14.0,1.0 s1 #1",
            "2 n2/s 25.0,1.0 s0 #0", "2 n2/t 26.0,1.0 s2 #1",
            "3 n3/s 37.0,1.0 s0 #0",
            "4 n4/s 49.0,1.0 s0 #0",
            "5 n5/t 61.0,1.0 s1 #0", "5 n5/s 62.0,1.0 s0 #1",
        ])
        XCTAssertEqual(registry.find(nodeIndex: 1, id: "t"), 3)
    }

    func testAFirstFrameReservesAGroupPerNodeAndFreesThemAtCommit() {
        let nodes = 5_000
        let registry = emptyRegistry(nodes: nodes)
        registry.update(nodeIndex: 0, nodeId: "n0", origin: .zero, handles: [handle("s", 1), handle("t", 2)][...]) { _ in }
        XCTAssertGreaterThanOrEqual(registry.pendingGroups.capacity, nodes)
        XCTAssertGreaterThanOrEqual(registry.pendingHandles.capacity, 2 * nodes)
        for i in 1..<nodes {
            registry.update(nodeIndex: i, nodeId: "n\(i)", origin: Point(x: Double(i), y: 0), handles: [handle("s", 1), handle("t", 2)][...]) { _ in }
        }
        XCTAssertEqual(registry.count, 0, "nothing committed yet")
        registry.commit()
        XCTAssertEqual(registry.count, 2 * nodes)
        XCTAssertEqual(summary(registry).suffix(2), ["4999 n4999/s 5000.0,1.0 s0 #0", "4999 n4999/t 5001.0,1.0 s1 #1"])
        XCTAssertEqual(registry.pendingGroups.capacity, 0)
        XCTAssertEqual(registry.pendingHandles.capacity, 0)
    }

    /// A first frame's pending handles are backed a window ahead of the appends
    /// (`pendingBackedTo`), never past the storage; a first node of 16 handles before nodes of
    /// one (the reservation guessed 16 per node) leaves the backed end a window ahead of what
    /// was written, not at the capacity; the commit gives every entry and ends the backing.
    func testAFirstFrameBacksItsPendingHandlesAWindowAhead() {
        let nodes = 300_000
        let registry = emptyRegistry(nodes: nodes)
        let first = (0..<16).map { handle("h\($0)", Double($0)) }
        registry.update(nodeIndex: 0, nodeId: "n0", origin: .zero, handles: first[...]) { _ in }
        XCTAssertEqual(registry.pendingHandles.capacity >= 16 * nodes, true)
        XCTAssertEqual(registry.pendingBackedTo, 1 << 18, "reserved before the first node's handles: from 0")
        // How far the backed end runs ahead of the handles written, after each node.
        var least = Int.max, most = 0, highest = 0
        for i in 1..<nodes {
            registry.update(nodeIndex: i, nodeId: "n\(i)", origin: Point(x: Double(i), y: 0), handles: [handle("s", 1)][...]) { _ in }
            let backed = registry.pendingBackedTo ?? -1
            least = min(least, backed - registry.pendingHandles.count)
            most = max(most, backed - registry.pendingHandles.count)
            highest = max(highest, backed)
        }
        XCTAssertEqual(least, (1 << 17) + 1, "half a window ahead at least")
        XCTAssertEqual(most, (1 << 18) + (1 << 17), "a window and a half at most")
        XCTAssertEqual(registry.pendingHandles.count, 16 + nodes - 1)
        XCTAssertLessThan(highest, 16 * nodes / 4, "backed a window ahead, not the whole guess")
        registry.commit()
        XCTAssertNil(registry.pendingBackedTo)
        XCTAssertEqual(registry.count, 16 + nodes - 1)
        XCTAssertEqual(summary(registry).suffix(1), ["299999 n299999/s 300000.0,1.0 s16 #0"])
        XCTAssertEqual(registry.range(ofNode: 0), 0..<16)
    }

    func testPlacedHandlesAreReusedOnlyForTheSameListSizeAndHandleSize() {
        let list = [NodeHandle(id: "a", type: .target, position: .left), NodeHandle(id: "b", type: .source, position: .right),
                    NodeHandle(id: "c", type: .source, position: .right, x: 3, y: 4)]
        var equal = list
        equal[0].id = "a"   // the same contents in another array
        let size = Size(width: 160, height: 80), other = Size(width: 97.3, height: 61.7)
        var memo = BuiltInNodeTypes.PlacedHandles()
        for (handles, size, handleSize) in [(list, size, 8.0), (list, size, 8.0), (equal, size, 8.0), (list, other, 8.0), (list, other, 10.0), ([], size, 8.0)] {
            var expected: [LaidOutHandle] = [], placed: [LaidOutHandle] = [handle("x", 0)]
            BuiltInNodeTypes.placeHandleAnchors(handles, in: size, handleSize: handleSize, into: &expected)
            memo.append(handles, in: size, handleSize: handleSize, into: &placed)
            XCTAssertEqual(placed, [handle("x", 0)] + expected)
        }
        var placed: [LaidOutHandle] = []
        memo.append(list, in: size, handleSize: 8, into: &placed)
        XCTAssertEqual(placed.map(\.anchor), [Point(x: 0, y: 40), Point(x: 160, y: 40), Point(x: 160, y: 4)])
    }

    func testTheLastFarColourIsFoundWithoutHashingAndStaysExact() {
        var cache = NodeCache()
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        XCTAssertEqual([red, red, blue, red, blue, blue, nil].map { cache.internFarColor($0) }, [0, 0, 1, 0, 1, 1, -1])
        XCTAssertEqual(cache.farColors, [red, blue])
    }

    func testTheNodeTypeMemoLooksUpEachNewName() {
        let types: [String: NodeType<JSONValue>] = [
            "ring": NodeType(showsSelectionRing: true) { _ in EmptyView() },
            "plain": NodeType(showsSelectionRing: false) { _ in EmptyView() },
        ]
        var memo = NodeTypeMemo<JSONValue>()
        var lookups = 0
        func lookUp(_ name: String) -> Bool? {
            memo.type(named: name, in: { lookups += 1; return types }())?.showsSelectionRing
        }
        XCTAssertEqual(["ring", "ring", "plain", "plain", "none", "none", "ring"].map(lookUp), [true, true, false, false, nil, nil, true])
        XCTAssertEqual(lookups, 4)
    }
}
