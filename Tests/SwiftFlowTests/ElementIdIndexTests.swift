@testable import SwiftFlow
import SwiftFlowCore
import SwiftFlowTesting
import XCTest

/// `FlowStore`'s compact id → index map against a Dictionary kept beside it, through the
/// operations the store makes: appends (with growth), removals (tombstones), moves.
final class ElementIdIndexTests: XCTestCase {
    func node(_ id: String) -> Node<Int> { Node(id: id, position: .zero, data: 0) }

    func testFindsEveryElementAndRejectsDuplicates() throws {
        let nodes = (0..<1000).map { node("n\($0)") }
        let index = try XCTUnwrap(ElementIdIndex(nodes))
        XCTAssertEqual(index.count, 1000)
        for i in [0, 1, 499, 999] { XCTAssertEqual(index.index(of: "n\(i)", in: nodes), i) }
        XCTAssertNil(index.index(of: "n1000", in: nodes))
        XCTAssertNil(index.index(of: "", in: nodes))
        XCTAssertNil(ElementIdIndex(nodes + [node("n7")]))
        XCTAssertEqual(ElementIdIndex([Node<Int>]())?.count, 0)
    }

    /// An id map of ids themselves (the canvas' `NodeCache.ids`), duplicates mapping to their
    /// first copy and reported in order.
    func testFirstOfDuplicatesOverIds() throws {
        let ids = ["a", "b", "a", "c", "b", "a"]
        var duplicates: [Int] = []
        let index = try XCTUnwrap(ElementIdIndex(firstOf: ids) { duplicates.append($0) })
        XCTAssertEqual(duplicates, [2, 4, 5])
        XCTAssertEqual(index.count, 3)
        XCTAssertEqual(["a", "b", "c", "d"].map { index.index(of: $0, in: ids) }, [0, 1, 3, nil])
        XCTAssertNil(ElementIdIndex(ids), "duplicates refused")
        XCTAssertEqual(ElementIdIndex().count, 0)
        XCTAssertNil(ElementIdIndex().index(of: "a", in: ids))
    }

    /// A map built over nodes serves the array of their ids (what the canvas takes from the
    /// store), through later inserts and removals made on either copy.
    func testANodeMapServesTheirIdsAndCopiesApart() throws {
        let nodes = (0..<100).map { node("n\($0)") }
        var ids = nodes.map(\.id)
        let store = try XCTUnwrap(ElementIdIndex(nodes))
        var canvas = store
        for i in [0, 42, 99] { XCTAssertEqual(canvas.index(of: "n\(i)", in: ids), i) }
        ids.append("x")
        canvas.insert(100, id: "x")
        canvas.remove(0, id: "n0")
        XCTAssertEqual([canvas.index(of: "x", in: ids), canvas.index(of: "n0", in: ids)], [100, nil])
        XCTAssertEqual([store.index(of: "x", in: nodes), store.index(of: "n0", in: nodes)], [nil, 0], "the store's copy unchanged")
    }

    /// Random appends, removals of up to three elements from anywhere (the array compacted as
    /// `FlowStore` does, the entries renumbered in one pass) and lookups, checked against a Dictionary after each step.
    func testRandomEditsMatchADictionary() throws {
        var rng = SplitMix64(seed: 17)
        var nodes = (0..<20).map { node("n\($0)") }
        var index = try XCTUnwrap(ElementIdIndex(nodes))
        var next = 20
        for step in 0..<3000 {
            if nodes.isEmpty || Int.random(in: 0..<3, using: &rng) > 0 {
                let id = "n\(next)"
                next += 1
                index.insert(nodes.count, id: id)
                nodes.append(node(id))
            } else {
                // One to three elements from anywhere, as a delete of a node or of its edges.
                let removed = Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0..<nodes.count, using: &rng) })).sorted()
                for r in removed { index.remove(r, id: nodes[r].id) }
                index.closeGaps(IndexGaps(removed))
                nodes.remove(atSorted: removed)
            }
            XCTAssertEqual(index.count, nodes.count)
            if step % 50 == 0 || step == 2999 {
                let expected = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
                for k in 0..<next { XCTAssertEqual(index.index(of: "n\(k)", in: nodes), expected["n\(k)"], "step \(step), n\(k)") }
            }
        }
    }

    /// Two ids whose hashes share their low 32 bits (the slots' tag and start): both found,
    /// neither taken for the other (not a duplicate), through a tombstone, `closeGaps` and growth.
    func testIdsWithTheSameTagStayApart() throws {
        let (a, b) = try XCTUnwrap(Self.idsSharingTheirTag())
        var nodes = [node("x"), node(a), node("y"), node(b)]
        var index = try XCTUnwrap(ElementIdIndex(nodes))
        XCTAssertEqual([a, b, "x", "y"].map { index.index(of: $0, in: nodes) }, [1, 3, 0, 2])
        var duplicates: [Int] = []
        let ids = [a, b, a]
        let first = try XCTUnwrap(ElementIdIndex(firstOf: ids) { duplicates.append($0) })
        XCTAssertEqual(duplicates, [2], "only the real copy is a duplicate")
        XCTAssertEqual([a, b].map { first.index(of: $0, in: ids) }, [0, 1])
        // Removing `a` leaves a tombstone or an empty slot before `b`: `b` is still found.
        index.remove(1, id: a)
        XCTAssertEqual([a, b].map { index.index(of: $0, in: nodes) }, [nil, 3])
        index.closeGaps(IndexGaps([1]))
        nodes.remove(at: 1)
        XCTAssertEqual([b, "x", "y"].map { index.index(of: $0, in: nodes) }, [2, 0, 1])
        // `a` again, then enough ids to grow the table (entries moved by their tags alone).
        index.insert(nodes.count, id: a)
        nodes.append(node(a))
        for k in 0..<40 {
            index.insert(nodes.count, id: "g\(k)")
            nodes.append(node("g\(k)"))
        }
        XCTAssertEqual(index.count, 44)
        XCTAssertEqual([a, b, "x", "y", "g0", "g39"].map { index.index(of: $0, in: nodes) }, [3, 2, 0, 1, 4, 43])
        XCTAssertNil(ElementIdIndex(nodes + [node(b)]), "a real duplicate of a tag-sharing id refused")
    }

    /// Removals through tombstones (a thousand entries in 2,048 slots: a third removed, many
    /// of them inside probe runs): removed ids are not found, the others are through the
    /// tombstones, `closeGaps` renumbers only entries, and the removed ids come back.
    func testTombstonesAreSkippedAndKeptByCloseGaps() throws {
        var nodes = (0..<1000).map { node("t\($0)") }
        var index = try XCTUnwrap(ElementIdIndex(nodes))
        let removed = Array(stride(from: 0, to: 1000, by: 3))
        for r in removed { index.remove(r, id: nodes[r].id) }
        index.remove(1, id: "t0")
        index.remove(4, id: "t1")
        XCTAssertEqual(index.count, 666, "removing an absent entry, or one under another id, is a no-op")
        index.closeGaps(IndexGaps(removed))
        nodes.remove(atSorted: removed)
        XCTAssertEqual(nodes.map { index.index(of: $0.id, in: nodes) }, Array(0..<666))
        XCTAssertEqual(removed.map { index.index(of: "t\($0)", in: nodes) }, removed.map { _ in nil })
        for r in removed {
            index.insert(nodes.count, id: "t\(r)")
            nodes.append(node("t\(r)"))
        }
        XCTAssertEqual(index.count, 1000)
        XCTAssertEqual(nodes.map { index.index(of: $0.id, in: nodes) }, Array(0..<1000))
    }

    /// Two ids whose hashes share their low 32 bits, found among up to a million generated ones
    /// (the birthday bound: about 80,000 expected); nil when none is.
    static func idsSharingTheirTag() -> (String, String)? {
        var seen: [UInt32: Int] = [:]
        for k in 0..<1_000_000 {
            let tag = UInt32(truncatingIfNeeded: "c\(k)".hashValue)
            if let other = seen.updateValue(k, forKey: tag) { return ("c\(other)", "c\(k)") }
        }
        return nil
    }

    /// A map over more ids than one chunk hashes (the ids hashed in parallel chunks, placed in
    /// order): every id at its index, later copies reported in order across chunk boundaries.
    func testLargeMapsHashedInChunks() throws {
        let count = 70_000
        var ids = (0..<count).map { "n\($0)" }
        let nodes = ids.map(node)
        XCTAssertEqual(Node.ids(of: nodes), ids)
        let index = try XCTUnwrap(ElementIdIndex(nodes))
        XCTAssertEqual(index.count, count)
        XCTAssertEqual((0..<count).filter { index.index(of: "n\($0)", in: nodes) != $0 }, [])
        ids[40_000] = "n3"; ids[60_000] = "n3"; ids[69_999] = "n50000"
        var duplicates: [Int] = []
        let firstOf = try XCTUnwrap(ElementIdIndex(firstOf: ids) { duplicates.append($0) })
        XCTAssertEqual(duplicates, [40_000, 60_000, 69_999])
        XCTAssertEqual(firstOf.count, count - 3)
        XCTAssertEqual(["n3", "n40000", "n50000", "n69999", "n16384"].map { firstOf.index(of: $0, in: ids) }, [3, nil, 50_000, nil, 16_384])
        XCTAssertNil(ElementIdIndex(ids))
    }
}

/// The canvas' node map when a `FlowStore` drives it: the store's, taken when the canvas reads
/// the array anew, then followed apart by the canvas and the store through additions and
/// removals at the front and the end.
final class SharedNodeMapTests: XCTestCase {
    func testTheCanvasFindsNodesThroughTheStoresMapAcrossEdits() {
        let nodes = (0..<50).map { testNode("n\($0)", x: Double($0 % 10) * 200, y: Double($0 / 10) * 100, handles: []) }
        let d = EmbeddedCanvas(nodes: nodes, edges: [Edge<JSONValue>](), makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.frame()
        func check(_ step: String) {
            let ids = d.store.nodes.map(\.id)
            XCTAssertEqual(ids.map { d.canvas.nodeCache.index(of: $0) }, Array(ids.indices), step)
            XCTAssertEqual(d.canvas.checkInvariants(), [], step)
        }
        check("first frame")
        d.store.apply([NodeChange.add(testNode("x", x: 0, y: 600, handles: []))])
        d.frame()
        check("added")
        d.store.apply([NodeChange<JSONValue>.remove(id: "n0")])
        d.frame()
        check("front removed")
        XCTAssertNil(d.canvas.nodeCache.index(of: "n0"))
        d.store.apply([NodeChange<JSONValue>.remove(id: "x")])
        d.frame()
        check("last removed")
        XCTAssertNil(d.canvas.nodeCache.index(of: "x"))
        d.store.nodes = nodes.reversed()
        d.frame()
        check("replaced")
    }
}
