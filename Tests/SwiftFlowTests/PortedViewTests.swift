@testable import SwiftFlow
import XCTest

/// Code ported from SwiftUI by changing the import.
final class PortedViewTests: XCTestCase {
    func testCGFloatSizesCompileWithOnlyTheSwiftFlowImportAndLayOutExactly() {
        let p = LayoutProbe { _ in PortedSwiftUIView() }
        XCTAssertEqual(p.size, Size(width: 40, height: 25))
        XCTAssertEqual(p.shapes, [Rect(x: 5, y: 5, width: 30, height: 15)])
    }
}
