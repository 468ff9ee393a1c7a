import SwiftFlowCore
import XCTest

/// `Rect`'s derived points.
final class RectTests: XCTestCase {
    /// The middle of each border of (10, 20, 100 × 40), where an edge meets a node without handles.
    func testTheMidpointOfEachSide() {
        let r = Rect(x: 10, y: 20, width: 100, height: 40)
        XCTAssertEqual(r.midpoint(of: .left), Point(x: 10, y: 40))
        XCTAssertEqual(r.midpoint(of: .right), Point(x: 110, y: 40))
        XCTAssertEqual(r.midpoint(of: .top), Point(x: 60, y: 20))
        XCTAssertEqual(r.midpoint(of: .bottom), Point(x: 60, y: 60))
    }
}
