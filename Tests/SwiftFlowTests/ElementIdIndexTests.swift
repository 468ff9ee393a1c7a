@testable import SwiftFlow
import SwiftFlowCore
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
                index.insert(nodes.count, id: id, in: nodes)
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
}
