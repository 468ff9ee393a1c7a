@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// Controls inside nodes, edge cases found by scripted input through the frame loop.
final class ControlHuntTests: XCTestCase {
    /// A combining mark typed on its own (a dead key, an input method) joins the character before
    /// it: one step of the caret, as the buffer's characters promise.
    func testACombiningMarkTypedAloneJoinsTheCharacterBeforeIt() {
        let f = ControlHarness()
        f.click(f.rect(0).center)
        f.type("e")
        f.type("\u{301}")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "e\u{301}")
        XCTAssertEqual(f.caret, 1, "é is one character")
        f.key("Left")
        XCTAssertEqual(f.caret, 0)
        f.type("x")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "xe\u{301}")
    }
}
