@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `.fixedSize`, `.zIndex` and `.shadow` in node views: their layout and draw ops.
final class ViewModifierTests: XCTestCase {
    /// Lays out one node of `view` (fixed 100x60 unless `size` is nil) and returns its ops.
    func ops<V: View>(size: Size? = Size(width: 100, height: 60), @ViewBuilder _ view: @escaping () -> V) -> [NodeDrawOp] {
        let h = CanvasHarness(nodes: [Node(id: "v", position: .zero, data: .null, type: "v", width: size?.width, height: size?.height)]) { canvas in
            canvas.nodeTypes["v"] = NodeType { _ in view() }
        }
        let s = h.canvas.nodeCache.states[0]
        return Array(h.canvas.nodeCache.ops[s.opsRange])
    }

    func texts(_ ops: [NodeDrawOp]) -> [String] { ops.compactMap { if case .text(let s, _, _, _, _) = $0 { s } else { nil } } }

    func testFixedSizeKeepsATextOnOneLineInANarrowFrame() {
        // 0.6 em × 12 = 7.2 per character: "one two three" is 93.6 wide in a 40-wide frame.
        XCTAssertEqual(texts(ops { Text("one two three").frame(width: 40) }), ["one", "two", "three"])
        let fixed = ops { Text("one two three").fixedSize().frame(width: 40) }
        XCTAssertEqual(texts(fixed), ["one two three"])
        if case .text(_, let origin, _, _, _) = fixed[0] {
            XCTAssertEqual(origin.x, 50 - 93.6 / 2, accuracy: 1e-9, "centred on the frame, overflowing it")
        }
        XCTAssertEqual(texts(ops { Text("one two three").fixedSize(horizontal: false, vertical: true).frame(width: 40) }), ["one", "two", "three"])
    }

    func testZIndexOrdersSiblingsInAZStackStably() {
        let drawn = ops {
            ZStack {
                Color.red.zIndex(2)
                Color.green
                Color.blue.zIndex(-1)
                Color.white
            }
        }.compactMap { op -> Color? in if case .shape(_, let p) = op { p.fill } else { nil } }
        XCTAssertEqual(drawn, [Color.blue, .green, .white, .red])
    }

    func testShadowDrawsThreeGrowingShapesUnderTheFilledShapesMoved() {
        let drawn = ops { RoundedRectangle(cornerRadius: 4).fill(.white).frame(width: 40, height: 20).shadow(radius: 6, x: 2, y: 3) }
        let rects = drawn.compactMap { op -> (Rect, ShapePaintStyle)? in if case .shape(let r, let p) = op { (r, p) } else { nil } }
        XCTAssertEqual(rects.count, 4)
        // The shape at (30, 20)–(70, 40); shadows grown by 6, 4, 2 and moved by (2, 3), under it.
        XCTAssertEqual(rects[0].0, Rect(x: 30 + 2 - 6, y: 20 + 3 - 6, width: 52, height: 32))
        XCTAssertEqual(rects[2].0, Rect(x: 30 + 2 - 2, y: 20 + 3 - 2, width: 44, height: 24))
        XCTAssertEqual(rects[0].1.fill, Color(white: 0, opacity: 0.11))
        XCTAssertEqual(rects[0].1.cornerRadius, 10)
        XCTAssertEqual(rects[3].1.fill, .white, "the shape itself last")
    }

    func testSystemImagesDrawTheirCharacterAsTextAndAnUnknownNameAPlaceholder() {
        let h = CanvasHarness(nodes: [Node(id: "s", position: .zero, data: .null, type: "s", width: 200, height: 40)]) { canvas in
            canvas.nodeTypes["s"] = NodeType { _ in HStack { Image(systemName: "plus"); Image(systemName: "trash"); Image(systemName: "no.such.symbol") } }
        }
        let s = h.canvas.nodeCache.states[0]
        let drawn = Array(h.canvas.nodeCache.ops[s.opsRange])
        XCTAssertEqual(texts(drawn), ["+", "🗑"])
        XCTAssertTrue(drawn.contains { if case .image = $0 { true } else { false } }, "the placeholder")
        XCTAssertTrue(h.diagnostics.contains { if case .imageUnavailable(let n, let source, _) = $0 { n == "s" && source == "symbol 'no.such.symbol'" } else { false } },
                      "\(h.diagnostics)")
    }

    func testButtonStylesDrawTheLabelOnTheirBackground() {
        func shapes(_ ops: [NodeDrawOp]) -> [(Rect, Color?)] { ops.compactMap { if case .shape(let r, let p) = $0 { (r, p.fill) } else { nil } } }
        XCTAssertTrue(shapes(ops { Button("Run") {} }).isEmpty, "borderless: the label only")
        // "Run": 3 × 7.2 = 21.6 by 14.4, padded 8 across and 3 down: 37.6 by 20.4, centred in 100x60.
        let bordered = shapes(ops { Button("Run") {}.buttonStyle(.bordered) })
        XCTAssertEqual(bordered.count, 1)
        XCTAssertEqual(bordered[0].0.width, 37.6, accuracy: 1e-9)
        XCTAssertEqual(bordered[0].0.height, 20.4, accuracy: 1e-9)
        let prominent = ops { Button("Run") {}.buttonStyle(.borderedProminent) }
        XCTAssertEqual(shapes(prominent).first?.1, FlowTheme.light.accentColor)
        XCTAssertTrue(prominent.contains { if case .text("Run", _, _, _, let c) = $0 { c == .white } else { false } })
    }

    func testClippedContentIsDrawnInsideItsFrameAndNestedClipsNarrow() {
        let drawn = ops {
            Color.red.frame(width: 200, height: 10).frame(width: 50, height: 30).clipped()
                .overlay(Color.blue.frame(width: 80, height: 80).clipShape(RoundedRectangle(cornerRadius: 6)).frame(width: 20, height: 20).clipped())
        }
        let clips = drawn.compactMap { op -> Rect?? in if case .clip(let r) = op { .some(r) } else { nil } }
        // The 50x30 frame centred in 100x60: (25, 15), then none; the 20x20 one at (40, 20), then
        // the 80x80 shape's inside it (narrowed to it), restored to the 20x20 one, then none.
        let small = Rect(x: 40, y: 20, width: 20, height: 20)
        XCTAssertEqual(clips, [Rect(x: 25, y: 15, width: 50, height: 30), nil, small, small, small, nil])
        let rounded = drawn.compactMap { op -> ShapePaintStyle? in if case .shape(_, let p) = op, p.fill == .blue { p } else { nil } }
        XCTAssertEqual(rounded.first?.cornerRadius, 0, "the blue square is larger than its clip frame: no corners of its own")
        let blueFill = ops { Color.blue.clipShape(RoundedRectangle(cornerRadius: 6)) }
            .compactMap { op -> Double? in if case .shape(_, let p) = op { p.cornerRadius } else { nil } }
        XCTAssertEqual(blueFill, [6], "a shape filling the clipped frame takes its corners")
    }

    func testScaleEffectScalesTheDrawingAboutTheCentreAndMaterialsAreTranslucentBackgrounds() {
        let drawn = ops { Text("Hi").padding(4).background(.ultraThinMaterial).scaleEffect(2) }
        // "Hi" 14.4 × 14.4 padded by 4: a 22.4 square centred at (50, 30), drawn twice as large.
        guard case .shape(let r, let p) = drawn[0], case .text(_, let origin, let size, _, _) = drawn[1] else { return XCTFail("\(drawn)") }
        XCTAssertEqual(r.width, 44.8, accuracy: 1e-9)
        XCTAssertEqual(r.minX, 50 - 22.4, accuracy: 1e-9)
        XCTAssertEqual(p.fill, FlowTheme.light.nodeBackground.opacity(0.4))
        XCTAssertEqual(size, 24)
        XCTAssertEqual(origin.x, 50 - 14.4, accuracy: 1e-9)
    }
}
