import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Text faces and lines through SDL_ttf and the software renderer: ink counted in pixels.
@MainActor
final class TextPixelTests: XCTestCase {
    /// Renders `text` in black on a white 100x80 node at flow (10, 10) on a 120x100 canvas and
    /// returns, per row of the node, how many of its pixels are not white.
    func inkRows(_ text: Text) throws -> [Int] {
        let px = try textProbePixels(text)
        let white = PackedColor(Color(hex: 0xFFFFFF))
        return (10..<88).map { y in (10..<110).filter { px[$0, y] != white }.count }
    }

    func testABoldWHasMoreInkThanARegularOne() async throws {
        let regular = try inkRows(Text("W").font(.system(size: 40))).reduce(0, +)
        let bold = try inkRows(Text("W").font(.system(size: 40)).bold()).reduce(0, +)
        XCTAssertGreaterThan(regular, 50)
        XCTAssertGreaterThan(bold, regular + regular / 5, "bold \(bold) vs regular \(regular)")
    }

    func testEachFaceHasItsDejaVuFile() async throws {
        let text = try SDLHost(headlessSize: Size(width: 8, height: 8)).text
        XCTAssertTrue(text.fontPath(for: .bold).hasSuffix("DejaVuSans-Bold.ttf"), text.fontPath(for: .bold))
        XCTAssertTrue(text.fontPath(for: .italic).hasSuffix("DejaVuSans-Oblique.ttf"), text.fontPath(for: .italic))
        XCTAssertTrue(text.fontPath(for: .mono).hasSuffix("DejaVuSansMono.ttf"), text.fontPath(for: .mono))
        XCTAssertTrue(text.fontPath(for: .monoBold).hasSuffix("DejaVuSansMono-Bold.ttf"), text.fontPath(for: .monoBold))
    }

    func testMonospacedCharactersAdvanceEqually() async throws {
        let text = try SDLHost(headlessSize: Size(width: 8, height: 8)).text
        let i = text.measure("i", fontSize: 20, face: .mono).width, w = text.measure("W", fontSize: 20, face: .mono).width
        XCTAssertEqual(i, w, accuracy: 1e-9)
        XCTAssertLessThan(text.measure("i", fontSize: 20).width, text.measure("W", fontSize: 20).width, "proportional otherwise")
        XCTAssertEqual(text.lineSkip(fontSize: 20, face: .regular), 20 * 1.1641, accuracy: 0.5, "DejaVu's line skip is about 1.16 em")
    }

    /// Runs of consecutive rows with ink (more than 2 pixels: the node's edge rows and columns are not white).
    private func bands(_ rows: [Int]) -> Int {
        let inked = rows.map { $0 > 2 }
        return zip(inked, [false] + inked).filter { $0 && !$1 }.count
    }

    func testANewlineDrawsTwoRowsOfInkNotABox() async throws {
        let rows = try inkRows(Text("A\nA").font(.system(size: 20)))
        XCTAssertEqual(bands(rows), 2, "\(rows)")
        let single = try inkRows(Text("AA").font(.system(size: 20)))
        XCTAssertEqual(bands(single), 1)
        XCTAssertLessThan(rows.reduce(0, +), single.reduce(0, +) * 3 / 2, "no box glyph for the newline")
    }
}
