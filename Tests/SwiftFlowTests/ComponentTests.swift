import SwiftFlow
import XCTest

/// Components as plugins: layers, input routing, and each component's behaviour through the
/// same frame loop users run (800x600 canvas).
final class ComponentTests: XCTestCase {
    func testPanelPositionsCoverTheNineCellsWithA15PointMargin() {
        let canvas = Size(width: 800, height: 600), s = Size(width: 100, height: 40)
        let origins = PanelPosition.allCases.map { $0.frame(size: s, in: canvas).origin }
        XCTAssertEqual(origins, [Point(x: 15, y: 15), Point(x: 350, y: 15), Point(x: 685, y: 15),
                                 Point(x: 15, y: 280), Point(x: 350, y: 280), Point(x: 685, y: 280),
                                 Point(x: 15, y: 545), Point(x: 350, y: 545), Point(x: 685, y: 545)])
    }

    func testBackgroundDrawsUnderTheGraphAndNothingBelowTwoScreenPoints() {
        let h = CanvasHarness(nodes: twoNodes())
        let plain = h.list.vertices.count
        let bg = Background(.lines, gap: 20)
        h.canvas.components = [bg]
        h.frame()
        // 800/20 + 1 columns and 600/20 + 1 rows of 4-vertex lines, before any node geometry.
        XCTAssertEqual(h.list.vertices.count - plain, (41 + 31) * 4)
        XCTAssertEqual(h.list.vertices[0].x, -0.5, "the first vertical line on flow x = 0, one point wide")
        bg.gap = 19
        // Node by node: the overview picture's tiles would fill in over the frames compared.
        h.canvas.overviewPicture = false
        h.play("viewport 0 0 0.1")   // 1.9 screen points
        let zoomedOut = h.list.vertices.count
        h.canvas.components = []
        h.frame()
        XCTAssertEqual(zoomedOut, h.list.vertices.count, "gap below 2 points: no pattern")
    }

    func testBackgroundPatternFollowsTheViewport() {
        let h = CanvasHarness(nodes: [])
        h.canvas.components = [Background(.lines, gap: 20, lineWidth: 2)]
        h.play("viewport 7 3 1.5")
        // Grid step 30 points, lines through flow multiples of 20: x = 7 + 30k.
        let xs = Set(h.list.vertices.prefix(4 * 30).map { ($0.x + 1).rounded() })
        XCTAssertTrue(xs.contains(7) && xs.contains(37) && xs.contains(67), "\(xs.sorted())")
        XCTAssertFalse(xs.contains(22))
    }

    func testControlsZoomFitAndLockByPointer() {
        let controls = Controls()
        let h = CanvasHarness(nodes: twoNodes()) { $0.components = [controls] }
        // Bottom left: 5 buttons of 26 points from y = 600 - 15 - 130 = 455.
        XCTAssertEqual(controls.frame(canvasSize: h.canvas.size), Rect(x: 15, y: 455, width: 26, height: 130))
        h.play("click 28 468")
        XCTAssertEqual(h.canvas.viewport.zoom, 1.2, accuracy: 1e-12)
        XCTAssertEqual(h.canvas.screenToFlowPosition(Point(x: 400, y: 300)), Point(x: 400, y: 300), "zoomed about the centre")
        h.play("click 28 494\nclick 28 494")
        XCTAssertEqual(h.canvas.viewport.zoom, 1 / 1.2, accuracy: 1e-12)
        h.play("click 28 520")   // fit view: A..B spans 0...400 x 0...50 → zoom 800 / (400·1.1)
        XCTAssertEqual(h.canvas.viewport.zoom, 800.0 / 440, accuracy: 1e-12)
        h.play("click 28 546")
        XCTAssertFalse(h.canvas.nodesDraggable || h.canvas.nodesConnectable || h.canvas.elementsSelectable)
        h.play("click 28 572")   // zoom level: back to 100%
        XCTAssertEqual(h.canvas.viewport.zoom, 1, accuracy: 1e-12)
        h.play("click 28 546")
        XCTAssertTrue(h.canvas.nodesDraggable && h.canvas.nodesConnectable && h.canvas.elementsSelectable)
    }

    func testControlsTakeThePressBeforeTheNodeUnderThem() {
        let controls = Controls(position: .topLeft)
        let node = testNode("N", x: 0, y: 0, width: 200, height: 200, handles: [])
        let h = CanvasHarness(nodes: [node]) { $0.components = [controls] }
        h.play("viewport 0 0 1\nclick 28 28")
        XCTAssertEqual(h.node("N")?.selected, false, "the button, not the node, got the click")
        XCTAssertEqual(h.canvas.viewport.zoom, 1.2, accuracy: 1e-12)
        h.play("click 100 150")
        XCTAssertEqual(h.node("N")?.selected, true, "outside the controls the node gets it")
    }

    func testControlsAreKeyboardReachable() {
        var pressedCustom = 0
        let controls = Controls(customButtons: [ControlButton(label: "★") { pressedCustom += 1 }])
        let h = CanvasHarness(nodes: twoNodes()) { $0.components = [controls] }
        h.play("key F6")
        XCTAssertEqual(controls.focusedButton, 0)
        h.play("key Return")
        XCTAssertEqual(h.canvas.viewport.zoom, 1.2, accuracy: 1e-12)
        h.play("key Down\nkey Return")
        XCTAssertEqual(h.canvas.viewport.zoom, 1, accuracy: 1e-12)
        h.play("key Tab shift\nkey Tab shift\nkey Return")   // wraps to the custom button
        XCTAssertEqual(pressedCustom, 1)
        h.play("key Escape")
        XCTAssertNil(controls.focusedButton)
        XCTAssertNil(h.canvas.focusedComponent)
    }

    func testMiniMapClickCentresTheViewAndWheelZooms() {
        let minimap = MiniMap<JSONValue>()
        let h = CanvasHarness(nodes: twoNodes()) { $0.components = [minimap] }
        h.play("viewport 0 0 1")
        // Bounds = nodes ∪ view = 0...800 x 0...600 in a 190x140 inner panel at (590, 440).
        let t = minimap.transform(h.canvas)
        XCTAssertEqual(t.flowPerPoint, 600 / 140, accuracy: 1e-12)
        let v = minimap.viewportRect(h.canvas)
        let width: Double = 800.0 * 140.0 / 600.0
        XCTAssertEqual(v.minX, 590 + (190 - width) / 2, accuracy: 1e-9)
        XCTAssertEqual(v.minY, 440, accuracy: 1e-9)
        XCTAssertEqual(v.width, width, accuracy: 1e-9)
        XCTAssertEqual(v.height, 140, accuracy: 1e-9)
        h.play("viewport -600 0 1")   // the view shows flow x 600...1400: click outside it
        let target = Point(x: 350, y: 25)   // flow point under the click
        let r = minimap.transform(h.canvas)
        let click = Point(x: r.origin.x + target.x / r.flowPerPoint, y: r.origin.y + target.y / r.flowPerPoint)
        h.play("click \(click.x) \(click.y)")
        let centre = h.canvas.screenToFlowPosition(Point(x: 400, y: 300))
        XCTAssertEqual(centre.x, 350, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 25, accuracy: 1e-9)
        h.play("wheel \(click.x) \(click.y) 1")
        XCTAssertEqual(h.canvas.viewport.zoom, 1.2, accuracy: 1e-12)
        XCTAssertEqual(h.canvas.screenToFlowPosition(Point(x: 400, y: 300)).x, 350, accuracy: 1e-9, "zoomed about the centre")
    }

    /// A MiniMap of a NaN or huge size drawn as a raster (above `detailLimit` nodes) trapped
    /// converting its size to cells, or would allocate a cell per point: at most 4,096 a side,
    /// one for a side that is not finite.
    func testMiniMapRasterOfANaNOrHugeSizeDraws() {
        for size in [Size(width: .nan, height: 150), Size(width: 1e12, height: .infinity)] {
            let minimap = MiniMap<JSONValue>(size: size)
            minimap.detailLimit = 0
            let h = CanvasHarness(nodes: twoNodes()) { $0.components = [minimap] }
            h.frame()
            XCTAssertEqual(h.canvas.stats.totalNodes, 2)
        }
    }

    func testMiniMapTypedForOtherNodeDataReportsOnceInsteadOfSilentlyIgnoringTheMapper() {
        let minimap = MiniMap<String>(nodeColor: { _ in Color(hex: 0xFF0000) })
        var errors: [FlowDiagnostic] = []
        let h = CanvasHarness(nodes: twoNodes()) { c in
            c.components = [minimap]
            c.onError = { errors.append($0) }
        }
        h.play("viewport 0 0 1\nviewport -10 0 1")
        XCTAssertEqual(errors, [.configuration("MiniMap<String>: the canvas' node data is JSONValue, so nodeColor is not used")])
    }

    func testMiniMapDragMovesTheViewWithThePointer() {
        let minimap = MiniMap<JSONValue>()
        let h = CanvasHarness(nodes: twoNodes()) { $0.components = [minimap] }
        h.play("viewport 0 0 1")
        let v = minimap.viewportRect(h.canvas), k = minimap.transform(h.canvas).flowPerPoint
        h.play("press \(v.center.x) \(v.center.y)\nmove \(v.center.x + 10) \(v.center.y)\nrelease \(v.center.x + 10) \(v.center.y)")
        XCTAssertEqual(h.canvas.viewport.x, -10 * k, accuracy: 1e-9)
        XCTAssertEqual(h.canvas.viewport.y, 0, accuracy: 1e-9)
    }

    func testMiniMapColoursNodesThroughTheMapperAndCachesAt100kNodes() {
        let doc = StressGraph.make(nodeCount: 100_000)
        let minimap = MiniMap<JSONValue>(nodeColor: { $0.id.hasSuffix("7") ? Color(hex: 0xFF0000) : nil })
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges, size: Size(width: 1280, height: 800))
        let plain = h.list.vertices.count
        h.canvas.components = [minimap]
        h.frame(); h.frame(); h.frame()
        XCTAssertEqual(minimap.rebuildCount, 1, "an unchanged graph reuses the cache")
        // At most one solid box per raster cell: 200 x 150 cells, 4 vertices each, plus the frame.
        XCTAssertLessThan(h.list.vertices.count - plain, 200 * 150 * 4 / 4)
        let red = PackedColor(Color(hex: 0xFF0000))
        XCTAssertTrue(h.list.vertices.contains { v in v.r == red.r && v.g == red.g && v.b == red.b && v.a == 255 })
    }

    func testMiniMapHighlightsSelectedNodes() {
        var nodes = twoNodes()
        nodes[1].selected = true
        let minimap = MiniMap<JSONValue>()
        let h = CanvasHarness(nodes: nodes) { $0.components = [minimap] }
        h.frame()
        let selection = PackedColor(h.canvas.theme.selectionColor)
        let t = minimap.transform(h.canvas)
        // B's box stroke: the outline passes through B's top-left corner in the panel.
        let corner = Point(x: t.origin.x + 300 / t.flowPerPoint, y: t.origin.y)
        let hits = h.list.vertices.filter { v in
            let near = abs(Double(v.x) - corner.x) < 2 && abs(Double(v.y) - corner.y) < 2
            return near && v.r == selection.r && v.g == selection.g && v.b == selection.b && v.a == 255
        }
        XCTAssertFalse(hits.isEmpty)
    }

    func testConnectionLineHookReplacesTheDefaultLine() {
        var seen: [ConnectionLineProps] = []
        let h = CanvasHarness(nodes: twoNodes()) { c in
            c.connectionLine = { props, list in seen.append(props); list.addSolidRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .white) }
        }
        h.play("viewport 0 0 1\npress 100 25\nmove 150 30\nmove 300 25")
        XCTAssertEqual(seen.first?.from, Point(x: 100, y: 25))
        XCTAssertEqual(seen.first?.status, .pending)
        XCTAssertEqual(seen.last?.to, Point(x: 300, y: 25))
        XCTAssertEqual(seen.last?.status, .valid)
        XCTAssertEqual(seen.last?.toPosition, .left)
    }

    func testEdgeLabelKeepsItsScreenSizeWhileZooming() {
        let e = Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)
        let label = EdgeLabel(edgeId: "e", text: "hello")
        let h = CanvasHarness(nodes: twoNodes(), edges: [e]) { $0.components = [label] }
        h.play("viewport 0 0 1")
        let a = label.frame(h.canvas)
        h.play("viewport 0 0 2")
        let b = label.frame(h.canvas)
        XCTAssertEqual(a?.size, b?.size)
        // Straight across at y = 25: the label point is (200, 25) flow → (400, 50) screen at zoom 2.
        XCTAssertEqual(b?.center, Point(x: 400, y: 50))
        label.edgeId = "missing"
        XCTAssertNil(label.frame(h.canvas))
    }

    func testPanelMenuSelectsTheLineUnderThePointer() {
        var picked: [Int] = []
        let panel = Panel(position: .topLeft, title: "Demos", lines: ["one", "two", "three"]) { picked.append($0) }
        let h = CanvasHarness(nodes: twoNodes()) { $0.components = [panel] }
        let two = panel.lineFrame(1, canvasSize: h.canvas.size, measurer: h.canvas.textMeasurer)
        h.play("click \(two.center.x) \(two.center.y)")
        XCTAssertEqual(picked, [1])
        XCTAssertEqual(h.node("A")?.selected, false)
    }

    func testFrameTimeOverlayShowsTimesAndVisibleCounts() {
        let overlay = FrameTimeOverlay()
        let h = CanvasHarness(nodes: twoNodes()) { $0.components = [overlay] }
        overlay.record(4); overlay.record(6)
        h.frame()
        XCTAssertEqual(overlay.lines(h.canvas.stats), ["CPU 5.00 ms · 200 fps max", "nodes 2/2 · edges 0/0 · handles 2/2"])
    }
}

extension ComponentTests {
    func testLayoutTransitionFollowsTheFrameClockAndEndsExactly() {
        let h = CanvasHarness(nodes: twoNodes())
        h.canvas.animateNodes(to: ["A": Point(x: 100, y: 200), "ghost": .zero], duration: 400)
        func frame(at ms: Double) { h.time = ms; h.frame() }
        frame(at: 1000)          // the transition starts at this frame's clock
        frame(at: 1000)
        XCTAssertEqual(h.node("A")?.position, Point(x: 0, y: 0))
        frame(at: 1200)          // halfway: the eased fraction is exactly 0.5
        frame(at: 1200)
        XCTAssertEqual(h.node("A")?.position, Point(x: 50, y: 100))
        frame(at: 1300)          // 3/4: 1 - (0.5)³/2 = 0.9375
        frame(at: 1300)
        XCTAssertEqual(h.node("A")?.position, Point(x: 93.75, y: 187.5))
        frame(at: 1400)
        frame(at: 1400)
        XCTAssertEqual(h.node("A")?.position, Point(x: 100, y: 200))
        XCTAssertEqual(h.node("B")?.position, Point(x: 300, y: 0), "nodes not named stay")
        XCTAssertTrue(h.canvas.components.isEmpty, "removed itself when done")
        if case .position(_, _, let dragging) = h.nodeChanges.last { XCTAssertFalse(dragging) } else { XCTFail() }
    }
}

extension ComponentTests {
    /// The README's "Components" snippet, verbatim.
    func testReadmeComponentsSnippetRuns() throws {
        let e1 = Edge<JSONValue>(id: "e1", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)
        let h = CanvasHarness(nodes: twoNodes(), edges: [e1])
        let canvas = h.canvas, store = h.store
        canvas.components = [
            Background(.dots, gap: 20, size: 1.5),              // .lines, .cross; stack several
            Controls(position: .bottomLeft),                     // zoom in/out, fit view, lock, zoom level; F6 focuses it
            MiniMap<JSONValue>(nodeColor: { $0.selected ? .red : nil }),
            Panel(position: .topRight, title: "Hello", lines: ["nine positions"]),
            EdgeLabel(edgeId: "e1", text: "constant size"),
        ]
        let target = try computeLayout(nodes: store.nodes, edges: store.edges, algorithm: .layered(direction: .topToBottom))
        canvas.animateNodes(to: target, duration: 400)           // eased, on the frame clock
        h.time = 0; h.frame(); h.time = 400; h.frame(); h.frame()
        XCTAssertEqual(h.node("B")?.position, Point(x: 0, y: 130), "B one layer (50 + 80) below A")
        XCTAssertEqual(canvas.components.count, 5)
    }
}
