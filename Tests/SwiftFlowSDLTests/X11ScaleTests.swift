@testable import SwiftFlowSDL
import XCTest

/// Which scale X11Scale picks from the environment and `Xft.dpi`, in order: SWIFTFLOW_SCALE
/// (any positive number), GDK_SCALE (a positive integer), Xft.dpi / 96 rounded to an integer.
final class X11ScaleTests: XCTestCase {
    private func scale(_ environment: [String: String], dpi: Double? = nil) -> Double {
        X11Scale.resolve(environment: environment, xftDPI: { dpi })
    }

    func testNothingSetIsScale1() {
        XCTAssertEqual(scale([:]), 1)
    }

    func testSwiftFlowScaleWinsOverTheOthers() {
        XCTAssertEqual(scale(["SWIFTFLOW_SCALE": "1.5", "GDK_SCALE": "3"], dpi: 288), 1.5)
    }

    func testGDKScaleWinsOverXftDPI() {
        XCTAssertEqual(scale(["GDK_SCALE": "3"], dpi: 192), 3)
    }

    func testInvalidVariablesAreSkipped() {
        XCTAssertEqual(scale(["SWIFTFLOW_SCALE": "0", "GDK_SCALE": "2"]), 2)
        XCTAssertEqual(scale(["SWIFTFLOW_SCALE": "big", "GDK_SCALE": "1.5"], dpi: 192), 2)
        XCTAssertEqual(scale(["SWIFTFLOW_SCALE": "-2", "GDK_SCALE": "0"]), 1)
    }

    func testXftDPIRoundsToAnInteger() {
        XCTAssertEqual([72, 96, 120, 143, 144, 192, 240, 288].map { scale([:], dpi: $0) }, [1, 1, 1, 1, 2, 2, 3, 3])
    }
}
