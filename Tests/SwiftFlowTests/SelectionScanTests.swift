@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// The scan for the selected elements of a whole array (`FlowCanvas.selectedIndices`, run when
/// the array changed in unknown places): in parallel chunks, the lists joined in order.
final class SelectionScanTests: XCTestCase {
    func testSelectedIndicesAcrossChunksInOrder() {
        let selected = [0, 1, 16_383, 16_384, 33_333, 49_998, 49_999]
        var nodes = (0..<50_000).map { Node(id: "n\($0)", position: .zero, data: 0) }
        var edges = (0..<50_000).map { Edge(id: "e\($0)", source: "a", target: "b", data: 0) }
        for i in selected { nodes[i].selected = true; edges[i].selected = true }
        XCTAssertEqual(FlowCanvas<Int, Int>.selectedIndices(of: nodes), selected)
        XCTAssertEqual(FlowCanvas<Int, Int>.selectedIndices(of: edges), selected)
        XCTAssertEqual(FlowCanvas<Int, Int>.selectedIndices(of: [Node<Int>]()), [])
        XCTAssertEqual(FlowCanvas<Int, Int>.selectedIndices(of: Array(nodes.prefix(3))), [0, 1])
    }
}
