@testable import SwiftFlow
import XCTest

final class HistoryStepTests: XCTestCase {
    private func n(_ id: String, _ x: Double = 0) -> Node<Int> { Node(id: id, position: Point(x: x, y: 0), data: 0) }
    private func step(_ a: [Node<Int>], _ b: [Node<Int>]) -> [String] {
        HistoryStep<Int, Int>(from: GraphSnapshot(nodes: a, edges: []), to: GraphSnapshot(nodes: b, edges: []), isNudge: false)
            .nodes.map { e in "\(e.id):\(e.before.map { "\($0.position.x)" } ?? "-")>\(e.after.map { "\($0.position.x)" } ?? "-")" }
    }

    func testStepsHoldOnlyWhatChanged() {
        // B moved, C removed, E appended; A and D untouched.
        XCTAssertEqual(step([n("A"), n("B"), n("C"), n("D")], [n("A"), n("B", 5), n("D"), n("E")]), ["B:0.0>5.0", "C:0.0>-", "E:->0.0"])
        // A removal at the front aligns the rest from the end.
        XCTAssertEqual(step([n("A"), n("B", 1), n("C")], [n("B", 2), n("C")]), ["A:0.0>-", "B:1.0>2.0"])
        // Data and selection are not steps; order alone is not either.
        var selected = n("A")
        selected.selected = true
        selected.data = 7
        XCTAssertEqual(step([n("A"), n("B")], [selected, n("B")]), [])
        XCTAssertEqual(step([n("A"), n("B")], [n("B"), n("A")]), [])
    }

    func testMergeKeepsTheEarliestBeforeAndTheLatestAfter() {
        var first = HistoryStep<Int, Int>(from: GraphSnapshot(nodes: [n("A")], edges: []), to: GraphSnapshot(nodes: [n("A", 1)], edges: []), isNudge: true)
        let later = HistoryStep<Int, Int>(from: GraphSnapshot(nodes: [n("A", 1)], edges: []),
                                          to: GraphSnapshot(nodes: [n("A", 2), n("B")], edges: []), isNudge: true)
        first.merge(later)
        XCTAssertEqual(first.nodes.map { "\($0.id) \($0.before?.position.x ?? -1) \($0.after?.position.x ?? -1)" }, ["A 0.0 2.0", "B -1.0 0.0"])
    }
}
