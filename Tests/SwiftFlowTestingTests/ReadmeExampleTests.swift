import SwiftFlowTesting
import XCTest

/// The README's "Testing your canvas" example, verbatim.
final class EditorTests: XCTestCase {
    func testDraggingANodeMovesIt() throws {
        let driver = EmbeddedCanvas<String, String>(
            nodes: [Node(id: "A", position: .zero, data: "A", width: 100, height: 50)], makeEdgeData: { _ in "" })
        driver.frame()                                            // lays the nodes out
        try driver.play("press 50 25\nmove 90 25\nrelease 90 25")  // replay.md; screen points
        XCTAssertEqual(driver.store.nodes[0].position, Point(x: 40, y: 0))  // flow units
        let batches = driver.drainOutbound().filter { if case .nodesChange = $0 { true } else { false } }
        XCTAssertEqual(batches.last, .nodesChange([.position(id: "A", position: Point(x: 40, y: 0), dragging: false)]))
        XCTAssertEqual(driver.finish(), .clean)                   // nothing open, nothing unread
    }
}
