@testable import SwiftFlow
import XCTest

/// The one level-of-detail value of a frame: its thresholds at exact boundaries.
final class DetailLevelTests: XCTestCase {
    func testThresholdsInDevicePixels() {
        let d = DetailLevel(zoom: 0.25, displayScale: 2, enabled: true, handleSize: 8)
        XCTAssertTrue(d.isSolid(screenSide: 5.99))          // 11.98 px
        XCTAssertFalse(d.isSolid(screenSide: 6))            // 12 px
        XCTAssertFalse(d.drawsText(fontSize: 7.99))         // 3.995 px
        XCTAssertTrue(d.drawsText(fontSize: 8))             // 4 px
        XCTAssertEqual(d.handlePixels, 4)                   // 8 · 0.25 · 2
        XCTAssertFalse(d.squareHandles)
        XCTAssertTrue(d.isHairline(thickness: 0.49))
        XCTAssertFalse(d.isHairline(thickness: 0.5))
        XCTAssertEqual(d.farOutSide, 32)                    // 16 px / (0.25 · 2)
        XCTAssertFalse(d.drawsDashes(screenLength: 0.49))
        // All solid: shapes under 12 px, text under 4 px, handles under 3 px (a smaller handle size).
        let tiny = DetailLevel(zoom: 0.25, displayScale: 2, enabled: true, handleSize: 5)
        XCTAssertTrue(tiny.isAllSolid(side: 23.9, fontSize: 7.9))
        XCTAssertFalse(tiny.isAllSolid(side: 24, fontSize: 7.9))
        XCTAssertFalse(tiny.isAllSolid(side: 23.9, fontSize: 8))
        XCTAssertFalse(d.isAllSolid(side: 1, fontSize: 1), "4 px handles are circles")
    }

    func testDisabledDrawsFullDetail() {
        let d = DetailLevel(zoom: 0.05, displayScale: 1, enabled: false, handleSize: 8)
        XCTAssertFalse(d.isSolid(screenSide: 1))
        XCTAssertTrue(d.drawsText(fontSize: 1))
        XCTAssertFalse(d.isHairline(thickness: 0.1))
        XCTAssertEqual(d.farOutSide, 0)
        XCTAssertFalse(d.isAllSolid(side: 1, fontSize: 0))
        XCTAssertTrue(d.squareHandles, "0.4 px handles are squares (and hidden below 0.5 px) either way")
        XCTAssertTrue(d.hidesHandles)
    }
}
