import SwiftFlow
import XCTest

/// Text drawing recorded instead of rendered: (text, font size, colour).
final class RecordingTextMeasurer: TextMeasurer {
    let base = FixedAdvanceTextMeasurer()
    var drawn: [(String, Double, Color)] = []
    func measure(_ text: String, fontSize: Double, face: FontFace) -> Size { base.measure(text, fontSize: fontSize, face: face) }
    func lineSkip(fontSize: Double, face: FontFace) -> Double { base.lineSkip(fontSize: fontSize, face: face) }
    func drawText(_ text: String, fontSize: Double, face: FontFace, scale: Double, origin: Point, color: Color, into list: inout DrawList) {
        drawn.append((text, fontSize * scale, color))
    }
}

/// Every theme field reaches the pixels: a theme with a distinct colour per field, and each
/// colour found in the frame's draw list (or text) in the situation that uses it.
final class ThemeTests: XCTestCase {
    private func distinctTheme() -> FlowTheme {
        var t = FlowTheme.light
        var k: UInt32 = 0x10_20_30
        func next() -> Color { k += 0x07_05_03; return Color(hex: k) }
        t.background = next(); t.handleColor = next(); t.handleBorderColor = next(); t.nodeBackground = next()
        t.nodeBorder = next(); t.nodeText = next(); t.edgeColor = next(); t.edgeSelectedColor = next()
        t.selectionColor = next(); t.connectionLineColor = next(); t.connectionValidColor = next()
        t.connectionInvalidColor = next(); t.overlayText = next(); t.backgroundPatternColor = next()
        t.backgroundLineColor = next(); t.minimapBackground = next(); t.minimapNodeColor = next()
        t.minimapMaskColor = next().opacity(0.6); t.minimapViewportColor = next(); t.controlsBackground = next()
        t.controlsHoverBackground = next(); t.controlsIcon = next(); t.controlsBorder = next()
        t.fontSize = 15; t.handleSize = 20; t.handleHitSize = 40
        return t
    }

    func testLightAndDarkDefaults() {
        XCTAssertEqual(FlowTheme.light.handleSize, 12)
        XCTAssertEqual(FlowTheme.light.handleHitSize, 30)
        XCTAssertEqual(FlowTheme.light.handleBorderColor, .white)
        XCTAssertEqual(FlowTheme.dark.handleSize, 12)
        XCTAssertEqual(FlowTheme.dark.handleHitSize, 30)
        XCTAssertNotEqual(FlowTheme.dark.background, FlowTheme.light.background)
        XCTAssertNotEqual(FlowTheme.dark.minimapBackground, FlowTheme.light.minimapBackground)
        XCTAssertNotEqual(FlowTheme.dark.controlsBackground, FlowTheme.light.controlsBackground)
    }

    func testEveryFieldOfACustomThemeIsDrawn() {
        let theme = distinctTheme()
        let text = RecordingTextMeasurer()
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), theme: theme, textMeasurer: text)
        var nodes = twoNodes()
        nodes[0].selected = true
        nodes.append(testNode("C", x: 0, y: 300, handles: [NodeHandle(id: "c", type: .source, position: .right, x: 100, y: 25)]))
        let edges = [Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null, style: EdgeStyle(strokeWidth: 3)),
                     Edge<JSONValue>(id: "s", source: "C", target: "B", sourceHandle: "c", targetHandle: "in", data: .null, selected: true)]
        let controls = Controls(position: .topLeft)
        canvas.components = [Background(.dots), Background(.lines, gap: 100), controls, MiniMap<JSONValue>(), FrameTimeOverlay()]
        var list = DrawList()
        var colours = Set<PackedColor>()
        func frame(_ events: [InputEvent]) {
            canvas.frame(nodes: nodes, edges: edges, events: events, into: &list)
            for v in list.vertices { colours.insert(PackedColor(r: v.r, g: v.g, b: v.b, a: v.a)) }
        }
        canvas.viewport = Viewport(x: 200, y: 100, zoom: 1)
        frame([])
        frame([.pointerMove(Point(x: 28, y: 28), modifiers: [])])                          // hover the zoom-in button
        frame([.pointerDown(Point(x: 300, y: 125), button: .primary, modifiers: [], clickCount: 1),
               .pointerMove(Point(x: 350, y: 300), modifiers: [])])                       // a free connection line
        frame([.pointerMove(Point(x: 300, y: 425), modifiers: [])])                       // over C's source: invalid
        frame([.pointerMove(Point(x: 500, y: 125), modifiers: [])])                       // snapped to B's target: valid
        let expected: [(String, Color)] = [
            ("handleColor", theme.handleColor), ("handleBorderColor", theme.handleBorderColor),
            ("nodeBackground", theme.nodeBackground), ("nodeBorder", theme.nodeBorder), ("edgeColor", theme.edgeColor),
            ("edgeSelectedColor", theme.edgeSelectedColor), ("selectionColor", theme.selectionColor),
            ("connectionLineColor", theme.connectionLineColor), ("connectionValidColor", theme.connectionValidColor),
            ("connectionInvalidColor", theme.connectionInvalidColor), ("backgroundPatternColor", theme.backgroundPatternColor),
            ("backgroundLineColor", theme.backgroundLineColor), ("minimapBackground", theme.minimapBackground),
            ("minimapNodeColor", theme.minimapNodeColor), ("minimapMaskColor", theme.minimapMaskColor),
            ("minimapViewportColor", theme.minimapViewportColor), ("controlsBackground", theme.controlsBackground),
            ("controlsHoverBackground", theme.controlsHoverBackground), ("controlsIcon", theme.controlsIcon),
            ("controlsBorder", theme.controlsBorder),
        ]
        for (field, colour) in expected { XCTAssertTrue(colours.contains(PackedColor(colour)), field) }
        XCTAssertTrue(text.drawn.contains { $0.0 == "A" && $0.1 == 15 && $0.2 == theme.nodeText }, "nodeText, fontSize")
        XCTAssertTrue(text.drawn.contains { $0.0.hasPrefix("CPU") && $0.2 == theme.overlayText }, "overlayText")
        // handleSize 20: A's handle fill reaches 10 points (+ half a pixel of fringe) from its anchor.
        let anchor = Point(x: 300, y: 125)
        let reach = list.vertices.filter { $0.r == PackedColor(theme.handleColor).r && $0.g == PackedColor(theme.handleColor).g && $0.a == 255 }
            .map { Point(x: Double($0.x), y: Double($0.y)).distance(to: anchor) }.filter { $0 < 30 }.max() ?? 0
        XCTAssertEqual(reach, 9.5, accuracy: 0.01)
        XCTAssertNotNil(canvas.connection, "handleHitSize 40: the press 0 points off A's anchor started a drag")
    }

    func testHandleHitSizeIsTheHitTargetDiameter() {
        var theme = FlowTheme.light
        theme.handleHitSize = 40
        let h = CanvasHarness(nodes: twoNodes()) { _ in }
        h.canvas.theme = theme
        h.play("viewport 0 0 1\npress 100 44\nmove 150 60\nrelease 150 60")   // 19 points below the anchor
        XCTAssertEqual(h.connectStarts.count, 1)
        h.canvas.theme = .light                                               // 30: 19 points is outside
        h.play("press 100 44\nmove 150 60\nrelease 150 60")
        XCTAssertEqual(h.connectStarts.count, 1)
    }
}
