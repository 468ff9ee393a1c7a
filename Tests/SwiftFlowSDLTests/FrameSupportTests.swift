import XCTest
@testable import SwiftFlowSDL

/// Tests of the SDL-free helpers: clocks, frame statistics, the shelf packer, errors.
final class FrameSupportTests: XCTestCase {
    func testManualClockAdvancesOnlyWhenTold() {
        let clock = ManualClock()
        XCTAssertEqual(clock.milliseconds, 0)
        clock.advance(by: 16)
        clock.advance(by: -5)
        XCTAssertEqual(clock.milliseconds, 16)
    }

    func testSDLClockIsMonotonic() {
        let clock = SDLClock()
        let a = clock.milliseconds, b = clock.milliseconds
        XCTAssertGreaterThanOrEqual(b, a)
        XCTAssertGreaterThanOrEqual(a, 0)
    }

    func testFrameTimeStatistics() {
        var stats = FrameTimeStatistics()
        XCTAssertEqual(stats.median, 0)
        for ms in (1...100).reversed() { stats.record(Double(ms)) }
        XCTAssertEqual(stats.count, 100)
        XCTAssertEqual(stats.median, 50)
        XCTAssertEqual(stats.p95, 95)
        XCTAssertEqual(stats.percentile(100), 100)
    }

    func testShelfPackerFillsRowsAndRejectsOverflow() {
        var packer = ShelfPacker(width: 10, height: 10)
        XCTAssertEqual(packer.allocate(width: 6, height: 4).map { [$0.x, $0.y] }, [0, 0])
        XCTAssertEqual(packer.allocate(width: 4, height: 4).map { [$0.x, $0.y] }, [6, 0])
        XCTAssertEqual(packer.allocate(width: 5, height: 4).map { [$0.x, $0.y] }, [0, 4])
        XCTAssertEqual(packer.allocate(width: 5, height: 1).map { [$0.x, $0.y] }, [0, 8], "too short for the 4-high shelf")
        XCTAssertNil(packer.allocate(width: 6, height: 3))
        XCTAssertNil(packer.allocate(width: 11, height: 1))
    }

    func testErrorsNameTheFix() {
        XCTAssertTrue(SDLError.fontNotFound(pattern: "sans-serif").description.contains("install fonts-dejavu-core"))
        XCTAssertTrue(SDLError.noDisplay(message: "x").description.contains("--headless"))
        XCTAssertEqual(RenderBackendKind(rawValue: "software"), .software)
    }

    func testFontLocatorFindsASansSerifFile() throws {
        let path = try FontLocator.path()
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
    }
}
