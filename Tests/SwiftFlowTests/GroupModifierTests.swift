@testable import SwiftFlow
import XCTest

/// SwiftUI's rule for modifiers on groups: `.padding`, `.frame` and `.position` on a `ForEach`,
/// a `for` loop or a view whose body is several statements apply to each element.
final class GroupModifierTests: XCTestCase {
    func testPaddingOnAForEachPadsEachRow() {
        // Three 40x10 rows, each padded by 5: 50x20 each, stacked without spacing.
        let p = LayoutProbe { _ in
            VStack(spacing: 0) {
                ForEach(0..<3) { _ in Color.red.frame(width: 40, height: 10) }.padding(5)
            }
        }
        XCTAssertEqual(p.size, Size(width: 50, height: 60))
        XCTAssertEqual(p.shapes, [Rect(x: 5, y: 5, width: 40, height: 10), Rect(x: 5, y: 25, width: 40, height: 10),
                                  Rect(x: 5, y: 45, width: 40, height: 10)])
    }

    func testModifiersOnAGroupNestOutermostFirstAroundEachElement() {
        // Each row padded by 2 (44x14), then framed 60 wide (centred: x 8); a row of text as a tuple element.
        let p = LayoutProbe { _ in
            VStack(spacing: 4) {
                ForEach(0..<2) { _ in Color.red.frame(width: 40, height: 10) }.padding(2).frame(width: 60)
            }
        }
        XCTAssertEqual(p.size, Size(width: 60, height: 32))
        XCTAssertEqual(p.shapes, [Rect(x: 10, y: 2, width: 40, height: 10), Rect(x: 10, y: 20, width: 40, height: 10)])
    }

    struct TwoRows: View {
        var body: some View {
            Color.red.frame(width: 20, height: 10)
            Color.blue.frame(width: 30, height: 10)
        }
    }

    func testAViewWhoseBodyIsSeveralStatementsIsAGroup() {
        let p = LayoutProbe { _ in VStack(alignment: .leading, spacing: 0) { TwoRows().padding(.leading, 10) } }
        XCTAssertEqual(p.shapes, [Rect(x: 10, y: 0, width: 20, height: 10), Rect(x: 10, y: 10, width: 30, height: 10)])
        XCTAssertEqual(p.size, Size(width: 40, height: 20))
    }

    func testAnElementWithItsOwnContainerKeepsItsChildrenTogether() {
        // The element is one HStack: padded once, its two children side by side.
        let p = LayoutProbe { _ in
            VStack(spacing: 0) {
                ForEach(0..<2) { _ in HStack(spacing: 0) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) } }
                    .padding(1)
            }
        }
        XCTAssertEqual(p.size, Size(width: 22, height: 24))
        XCTAssertEqual(p.shapes, [Rect(x: 1, y: 1, width: 10, height: 10), Rect(x: 11, y: 1, width: 10, height: 10),
                                  Rect(x: 1, y: 13, width: 10, height: 10), Rect(x: 11, y: 13, width: 10, height: 10)])
    }
}
