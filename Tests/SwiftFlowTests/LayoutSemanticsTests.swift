@testable import SwiftFlow
import XCTest

/// Layout against SwiftUI semantics.
final class LayoutSemanticsTests: XCTestCase {
    // SwiftUI: two children that are both .frame(maxWidth: .infinity) split the stack's width equally
    // (each (200 - 8) / 2 = 96), whatever their content. Here each gets ideal + an equal share of the rest.
    func testEqualFlexibleChildrenGetEqualWidths() {
        let p = LayoutProbe(width: 200, height: 50) { _ in
            HStack { Text("a").frame(maxWidth: .infinity); Text("abcdefgh").frame(maxWidth: .infinity) } }
        XCTAssertEqual(p.text("a")!.center.x, 48, accuracy: 0.01, "first half is 0...96, centred at 48")
        XCTAssertEqual(p.text("abcdefgh")!.center.x, 152, accuracy: 0.01, "second half is 104...200, centred at 152")
    }

    // Text wider than its fixed-size node is truncated with "…" (SwiftUI's tail truncation):
    // 40 wide fits 4 characters of 7.2 plus the ellipsis (5 × 7.2 = 36).
    func testTextInNarrowFixedNodeIsTruncatedInside() {
        let p = LayoutProbe(width: 40, height: 20) { _ in Text("a long label that overflows") }
        XCTAssertEqual(p.texts.map(\.0), ["a lo…"])
        let r = p.text("a lo…")!
        XCTAssertGreaterThanOrEqual(r.minX, 0); XCTAssertLessThanOrEqual(r.maxX, 40)
    }

    func testTextThatFitsIsNotTruncated() {
        let p = LayoutProbe(width: 200, height: 20) { _ in Text("fits") }
        XCTAssertEqual(p.texts.map(\.0), ["fits"])
    }

    func testTrailingAndBottomAlignments() {
        let p = LayoutProbe { _ in ZStack(alignment: .bottomTrailing) { Color.red.frame(width: 100, height: 50); Text("ab") } }
        XCTAssertEqual(p.text("ab")?.origin, Point(x: 100 - 14.4, y: 50 - 14.4))
        let q = LayoutProbe { _ in ZStack(alignment: .topTrailing) { Color.red.frame(width: 100, height: 50); Text("ab") } }
        XCTAssertEqual(q.text("ab")?.origin, Point(x: 100 - 14.4, y: 0))
        let r = LayoutProbe { _ in ZStack(alignment: .bottomLeading) { Color.red.frame(width: 100, height: 50); Text("ab") } }
        XCTAssertEqual(r.text("ab")?.origin, Point(x: 0, y: 50 - 14.4))
    }

    // SwiftUI: frame(minWidth: 100, maxWidth: 150) offered 200 takes 150 (both bounds given -> clamp the proposal).
    func testMinMaxFrameTakesClampedProposal() {
        let p = LayoutProbe(width: 200, height: 50) { _ in Text("ab").frame(minWidth: 100, maxWidth: 150).background(Color.red) }
        XCTAssertEqual(p.shapes.first?.width ?? 0, 150, accuracy: 0.01)
    }
}
