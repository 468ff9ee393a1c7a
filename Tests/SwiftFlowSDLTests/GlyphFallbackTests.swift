import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// Characters DejaVu lacks (CJK, emoji) measured and drawn from the font fontconfig finds for them
/// (scripts/setup.sh installs WenQuanYi Zen Hei and Symbola), through the software renderer.
@MainActor
final class GlyphFallbackTests: XCTestCase {
    /// U+E000, a private-use character no installed font has: DejaVu's .notdef box.
    static let missing = Unicode.Scalar(0xE000)!

    /// Renders `text` at 40 pt in black on a white 100x80 node at flow (10, 10) on a 120x100
    /// canvas and returns which of the node's pixels are not white, row by row.
    func ink(_ text: String) throws -> [[Bool]] {
        let px = try textProbePixels(Text(text).font(.system(size: 40)))
        let white = PackedColor(Color(hex: 0xFFFFFF))
        // Rows and columns 1 pixel in from the node's edges: its border is not white.
        return (12..<88).map { y in (12..<108).map { px[$0, y] != white } }
    }

    private func count(_ mask: [[Bool]]) -> Int { mask.reduce(0) { $0 + $1.filter { $0 }.count } }

    /// Pixels inked in one mask and not the other.
    private func difference(_ a: [[Bool]], _ b: [[Bool]]) -> Int {
        zip(a, b).reduce(0) { sum, rows in sum + zip(rows.0, rows.1).filter { $0 != $1 }.count }
    }

    func testAChineseCharacterComesFromAnotherRealFont() async throws {
        let text = try SDLHost(headlessSize: Size(width: 8, height: 8)).text
        let path = text.fontPath(for: "世")
        XCTAssertNotEqual(path, text.fontPath, "U+4E16 is not in DejaVu Sans")
        XCTAssertTrue(FileManager.default.isReadableFile(atPath: path), path)
        let font = try XCTUnwrap(TTF_OpenFont(path, 12), path)
        defer { TTF_CloseFont(font) }
        XCTAssertNotEqual(TTF_GlyphIsProvided32(font, 0x4E16), 0, "\(path) has a glyph for U+4E16")
        XCTAssertEqual(text.fontPath(for: "e"), text.fontPath, "ASCII stays in the main font")
        XCTAssertEqual(text.fontPath(for: "é"), text.fontPath, "DejaVu has é")
        XCTAssertEqual(text.fontPath(for: Self.missing), text.fontPath, "no font has U+E000: the main font's box")
        XCTAssertNotEqual(text.fontPath(for: "🚀"), text.fontPath, "U+1F680 comes from a symbols font (Symbola)")
        XCTAssertNotEqual(text.fontPath(for: "世", face: .mono), text.fontPath(for: .mono), "every face falls back")
    }

    func testChineseIsMeasuredWithTheFallbackFontsAdvances() async throws {
        let text = try SDLHost(headlessSize: Size(width: 8, height: 8)).text
        let width = text.measure("世界", fontSize: 20, face: .regular).width
        // CJK ideographs are one em wide in every CJK font; DejaVu's .notdef box is 0.6 em.
        XCTAssertEqual(width, 40, accuracy: 0.5)
        XCTAssertEqual(text.measure(String(Character(Self.missing)), fontSize: 20, face: .regular).width, 20 * 0.6, accuracy: 0.5)
        // The same advance as the fallback font's own linear metrics.
        let path = text.fontPath(for: "世")
        let font = try XCTUnwrap(TTF_OpenFont(path, Int32(SDLFaceFonts.referenceSize)))
        defer { TTF_CloseFont(font) }
        TTF_SetFontHinting(font, TTF_HINTING_NONE)
        var adv: Int32 = 0
        XCTAssertEqual(TTF_GlyphMetrics32(font, 0x4E16, nil, nil, nil, nil, &adv), 0)
        XCTAssertEqual(text.measure("世", fontSize: 20, face: .regular).width, Double(adv) / Double(SDLFaceFonts.referenceSize) * 20, accuracy: 1e-9)
    }

    func testMixedTextMeasuresAsTheSumOfItsParts() async throws {
        let text = try SDLHost(headlessSize: Size(width: 8, height: 8)).text
        for face in [FontFace.regular, .bold, .mono] {
            let whole = text.measure("héllo 世界", fontSize: 17, face: face).width
            let parts = text.measure("héllo ", fontSize: 17, face: face).width + text.measure("世界", fontSize: 17, face: face).width
            XCTAssertGreaterThan(text.measure("世界", fontSize: 17, face: face).width, 30, "\(face)")
            XCTAssertEqual(whole, parts, accuracy: 1e-9, "\(face)")
        }
    }

    func testChineseIsDrawnAsGlyphsNotBoxes() async throws {
        let box = try ink(String(Character(Self.missing)))
        let shi = try ink("世"), jie = try ink("界")
        XCTAssertGreaterThan(count(box), 50, "the .notdef box is drawn")
        XCTAssertGreaterThan(count(shi), 100)
        XCTAssertGreaterThan(count(jie), 100)
        // With no fallback both would be the same box, pixel for pixel.
        XCTAssertGreaterThan(difference(shi, jie), min(count(shi), count(jie)) / 2, "世 and 界 have different shapes")
        XCTAssertGreaterThan(difference(shi, box), min(count(shi), count(box)) / 2, "世 is not the box")
        // A row through a box outline crosses at most two runs of ink (its sides); 世's three
        // vertical strokes cross some rows.
        let runs = shi.map { row in zip(row, [false] + row).filter { $0 && !$1 }.count }
        XCTAssertGreaterThanOrEqual(runs.max() ?? 0, 3, "世's three vertical strokes cross some rows: \(runs)")
    }

    func testASymbolIsDrawnFromTheSymbolsFont() async throws {
        let rocket = try ink("🚀"), box = try ink(String(Character(Self.missing)))
        XCTAssertGreaterThan(count(rocket), 50)
        XCTAssertGreaterThan(difference(rocket, box), min(count(rocket), count(box)) / 2)
    }
}
