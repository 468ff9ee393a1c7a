@testable import SwiftFlow
import XCTest

/// Multi-line text and fonts with the fixed-advance measurer: 12-point text is 7.2 wide per
/// character and 14.4 per line.
final class TextLayoutTests: XCTestCase {
    /// The text ops: string and origin.
    private func lines(_ p: LayoutProbe) -> [String] { p.texts.map(\.0) }

    func testANewlineStartsASecondLine() {
        let p = LayoutProbe { _ in Text("ab\ncd") }
        XCTAssertEqual(lines(p), ["ab", "cd"])
        XCTAssertEqual(p.text("ab")?.origin, Point(x: 0, y: 0))
        XCTAssertEqual(p.text("cd")!.origin.y, 14.4, accuracy: 1e-9)
        XCTAssertEqual(p.size.width, 14.4, accuracy: 1e-9)
        XCTAssertEqual(p.size.height, 28.8, accuracy: 1e-9)
    }

    // "aaa bbb" is 50.4 wide; with " ccc" 79.2 > 60: two lines, 50.4 by 28.8, centred in the 60 frame.
    func testTextWrapsAtWordBoundariesInAFixedWidth() {
        let p = LayoutProbe { _ in Text("aaa bbb ccc").frame(width: 60) }
        XCTAssertEqual(lines(p), ["aaa bbb", "ccc"])
        XCTAssertEqual(p.size.width, 60, accuracy: 1e-9)
        XCTAssertEqual(p.size.height, 28.8, accuracy: 1e-9)
        XCTAssertEqual(p.text("aaa bbb")!.origin.x, 4.8, accuracy: 1e-9)
        XCTAssertEqual(p.text("ccc")!.origin.x, 4.8, accuracy: 1e-9, "leading by default")
        XCTAssertEqual(p.text("ccc")!.origin.y, 14.4, accuracy: 1e-9)
    }

    // The lines align within the widest (50.4): "ccc" (21.6) centred is 14.4 in, trailing 28.8.
    func testMultilineTextAlignmentOffsetsShorterLines() {
        let centred = LayoutProbe { _ in Text("aaa bbb ccc").frame(width: 60).multilineTextAlignment(.center) }
        XCTAssertEqual(centred.text("ccc")!.origin.x, 4.8 + 14.4, accuracy: 1e-9)
        let trailing = LayoutProbe { _ in Text("aaa bbb ccc").frame(width: 60).multilineTextAlignment(.trailing) }
        XCTAssertEqual(trailing.text("ccc")!.origin.x, 4.8 + 28.8, accuracy: 1e-9)
        XCTAssertEqual(trailing.text("aaa bbb")!.origin.x, 4.8, accuracy: 1e-9)
    }

    func testAWordWiderThanTheWidthBreaksBetweenCharacters() {
        let p = LayoutProbe { _ in Text("abcdefghij").frame(width: 36) }
        XCTAssertEqual(lines(p), ["abcde", "fghij"])
    }

    // 60 wide holds 8 characters: 7 of the text and the ellipsis.
    func testLineLimitOneTruncatesAtTheTailHeadOrMiddle() {
        let tail = LayoutProbe { _ in Text("aaa bbb ccc").frame(width: 60).lineLimit(1) }
        XCTAssertEqual(lines(tail), ["aaa bbb…"])
        XCTAssertEqual(tail.size.height, 14.4, accuracy: 1e-9)
        let head = LayoutProbe { _ in Text("aaa bbb ccc").frame(width: 60).lineLimit(1).truncationMode(.head) }
        XCTAssertEqual(lines(head), ["…bbb ccc"])
        let middle = LayoutProbe { _ in Text("aaa bbb ccc").frame(width: 60).lineLimit(1).truncationMode(.middle) }
        XCTAssertEqual(lines(middle), ["aaa …ccc"])
    }

    func testLineLimitCutsTheLastLineShownWithAnEllipsis() {
        let p = LayoutProbe { _ in Text("aaa bbb ccc ddd eee").frame(width: 60).lineLimit(2) }
        XCTAssertEqual(lines(p), ["aaa bbb", "ccc ddd…"])
        XCTAssertEqual(p.size.height, 28.8, accuracy: 1e-9)
        let unlimited = LayoutProbe { _ in Text("aaa bbb ccc ddd eee").frame(width: 60).lineLimit(nil) }
        XCTAssertEqual(lines(unlimited), ["aaa bbb", "ccc ddd", "eee"])
        let paragraphs = LayoutProbe { _ in Text("a\nb\nc").lineLimit(2) }
        XCTAssertEqual(lines(paragraphs), ["a", "b…"], "the ellipsis says that lines were left out")
    }

    // In a 100-wide node an HStack leaves the text 100 - 20 - 8 = 72: it wraps there.
    func testTextWrapsInTheWidthAStackLeavesIt() {
        let p = LayoutProbe(width: 100, height: 40) { _ in
            HStack(spacing: 8) { Color.red.frame(width: 20); Text("aaa bbb ccc") }
        }
        XCTAssertEqual(lines(p), ["aaa bbb", "ccc"])
    }

    // One line fits 20: the first cut within the width the text wrapped at (50.4: 6 characters and "…").
    func testTextShowsTheLinesThatFitTheHeightOffered() {
        let p = LayoutProbe(width: 60, height: 20) { _ in Text("aaa bbb ccc") }
        XCTAssertEqual(lines(p), ["aaa bb…"])
    }

    func testVerbatimTextIsTheStringAsItIs() {
        XCTAssertEqual(lines(LayoutProbe { _ in Text(verbatim: "%d") }), ["%d"])
    }

    func testTextStylesHaveSwiftUIsMacOSSizes() {
        let sizes: [(Font, Double)] = [(.largeTitle, 26), (.title, 22), (.title2, 17), (.title3, 15), (.headline, 13), (.subheadline, 11),
                                       (.body, 13), (.callout, 12), (.footnote, 10), (.caption, 10), (.caption2, 10)]
        for (font, size) in sizes { XCTAssertEqual(font.size, size) }
        XCTAssertEqual(Font.headline.face, .bold)
        XCTAssertEqual(Font.system(.body, design: .monospaced), Font(size: 13, design: .monospaced))
    }

    func testWeightsMapToTheNearestFace() {
        let regular: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium]
        let bold: [Font.Weight] = [.semibold, .bold, .heavy, .black]
        for w in regular { XCTAssertEqual(Font.system(size: 14, weight: w).face, .regular, "\(w)") }
        for w in bold { XCTAssertEqual(Font.system(size: 14, weight: w).face, .bold, "\(w)") }
        XCTAssertEqual(Font.body.bold().italic().face, .boldItalic)
        XCTAssertEqual(Font.body.monospaced().bold().face, .monoBold)
        XCTAssertEqual(Font.system(.body, design: .monospaced).face, .mono)
    }

    func testTextAndViewModifiersSetTheFace() {
        let p = LayoutProbe { _ in
            VStack {
                Text("a").bold()
                Text("b").italic()
                Text("c").monospaced()
                Text("d").font(.system(size: 14, weight: .medium))
                Text("e").font(.title3).fontWeight(.semibold)
                Text("f")
                VStack { Text("g"); Text("h").fontWeight(.regular) }.bold().italic()
                Text("i").monospaced().font(.headline)
            }
        }
        let fonts = p.fonts
        XCTAssertEqual(fonts.map(\.1), [.bold, .italic, .mono, .regular, .bold, .regular, .boldItalic, .italic, .monoBold])
        XCTAssertEqual(fonts.map(\.0), [12, 12, 12, 14, 15, 12, 12, 12, 13])
    }
}
