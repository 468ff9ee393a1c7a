@testable import SwiftFlow
import XCTest

/// The one level-of-detail value of a frame: its thresholds at exact boundaries.
final class DetailLevelTests: XCTestCase {
    func testThresholdsInDevicePixels() {
        let d = DetailLevel(zoom: 0.25, displayScale: 2, enabled: true, handleSize: 8)
        XCTAssertTrue(d.isSolid(screenSide: 5.99, screenRadius: 0.49))   // 11.98 px, radius 0.98 px
        XCTAssertFalse(d.isSolid(screenSide: 6, screenRadius: 0))         // 12 px
        XCTAssertFalse(d.isSolid(screenSide: 1, screenRadius: 0.5), "a 1 px radius is drawn round")
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
        XCTAssertTrue(tiny.isAllSolid(side: 23.9, radius: 1.9, fontSize: 7.9))
        XCTAssertFalse(tiny.isAllSolid(side: 24, radius: 0, fontSize: 7.9))
        XCTAssertFalse(tiny.isAllSolid(side: 23.9, radius: 2, fontSize: 7.9), "corners of a 1 px radius")
        XCTAssertFalse(tiny.isAllSolid(side: 23.9, radius: 0, fontSize: 8))
        XCTAssertFalse(d.isAllSolid(side: 1, radius: 0, fontSize: 1), "4 px handles are circles")
    }

    func testShapesAreSolidOnlyZoomedOutAndWithSquareLookingCorners() {
        let one = DetailLevel(zoom: 1, displayScale: 1, enabled: true, handleSize: 8)
        XCTAssertFalse(one.isSolid(screenSide: 1, screenRadius: 0), "at 100% zoom shapes are drawn as laid out")
        let half = DetailLevel(zoom: 0.5, displayScale: 1, enabled: true, handleSize: 8)
        XCTAssertFalse(half.isSolid(screenSide: 5, screenRadius: 2.5), "a 5 px circle stays round")
        XCTAssertTrue(half.isSolid(screenSide: 1.9, screenRadius: 0.95), "a 1.9 px circle is a square")
        XCTAssertTrue(half.isSolid(screenSide: 11.9, screenRadius: 0))
        XCTAssertEqual(DetailLevel.cornerRadius(100, side: 10), 5)
        XCTAssertEqual(DetailLevel.cornerRadius(-1, side: 10), 0)
        XCTAssertEqual(DetailLevel.cornerRadius(.nan, side: 10), .infinity)
    }

    func testDisabledDrawsFullDetail() {
        let d = DetailLevel(zoom: 0.05, displayScale: 1, enabled: false, handleSize: 8)
        XCTAssertFalse(d.isSolid(screenSide: 1, screenRadius: 0))
        XCTAssertTrue(d.drawsText(fontSize: 1))
        XCTAssertFalse(d.isHairline(thickness: 0.1))
        XCTAssertEqual(d.farOutSide, 0)
        XCTAssertFalse(d.isAllSolid(side: 1, radius: 0, fontSize: 0))
        XCTAssertTrue(d.squareHandles, "0.4 px handles are squares (and hidden below 0.5 px) either way")
        XCTAssertTrue(d.hidesHandles)
    }
}
