@testable import SwiftFlow
import XCTest

/// The solid level-of-detail tier: visible nodes whose every shape, text and handle is drawn at
/// the lowest detail are drawn from their recorded solid picture, not rebuilt, while the node
/// array is unchanged — and the draw list is the one a rebuild gives.
final class SolidTierTests: XCTestCase {
    typealias Canvas = FlowCanvas<JSONValue, JSONValue>

    /// Everything a backend receives from a draw list.
    struct Geometry: Equatable {
        var vertices: [DrawVertex], indices: [Int32], commands: [DrawCommand], instances: [ShapeInstance]
        init(_ l: DrawList) { vertices = l.vertices; indices = l.indices; commands = l.commands; instances = l.instances }
    }

    /// A canvas of 1280x800 (minZoom 0.01) showing `nodes` at `zoom` from (20, 20), after a first
    /// frame at zoom 1.
    private func makeCanvas(_ nodes: [Node<JSONValue>], zoom: Double, form: DrawList.Form = .triangles, list: inout DrawList,
                            configure: (Canvas) -> Void = { _ in }) -> Canvas {
        let canvas = Canvas(textMeasurer: FixedAdvanceTextMeasurer())
        canvas.minZoom = 0.01
        canvas.overviewPicture = false   // the solid tier, not the picture (OverviewPictureTests)
        configure(canvas)
        list = DrawList(form: form)
        canvas.frame(nodes: nodes, edges: [], into: &list)
        canvas.viewport = Viewport(x: 20, y: 20, zoom: zoom)
        return canvas
    }

    /// A copy of `nodes` in a new buffer: the canvas sees a changed node array.
    private func fresh(_ nodes: [Node<JSONValue>]) -> [Node<JSONValue>] { nodes.map { $0 } }

    /// The draw list of a frame that lays out every visible node (a new node array), then of the
    /// steady frame after it (same array), with the laid-out counts of both.
    private func freshThenSteady(_ canvas: Canvas, _ nodes: [Node<JSONValue>], _ edges: [Edge<JSONValue>] = [],
                                 _ list: inout DrawList) -> (fresh: Geometry, freshLaidOut: Int, steady: Geometry, steadyLaidOut: Int) {
        let array = fresh(nodes)
        canvas.frame(nodes: array, edges: edges, into: &list)
        let (first, firstLaidOut) = (Geometry(list), canvas.stats.laidOutNodes)
        canvas.frame(nodes: array, edges: edges, into: &list)
        return (first, firstLaidOut, Geometry(list), canvas.stats.laidOutNodes)
    }

    func testSteadyFrameAtZoomPointOneDrawsExactlyWhatAFreshLayoutDrawsInBothForms() {
        let doc = StressGraph.make(nodeCount: 400)   // 20x20 grid: 440x280 points at zoom 0.1, all visible
        for form in [DrawList.Form.triangles, .instances] {
            var list = DrawList()
            let canvas = makeCanvas(doc.nodes, zoom: 0.1, form: form, list: &list)
            let r = freshThenSteady(canvas, doc.nodes, doc.edges, &list)
            XCTAssertEqual(canvas.stats.visibleNodes, 400)
            XCTAssertEqual(r.freshLaidOut, 400, "the new array lays out every visible node")
            XCTAssertEqual(r.steadyLaidOut, 0, "the steady frame rebuilds none")
            XCTAssertEqual(canvas.stats.visibleHandles, 1600, "handles drawn from the registry")
            XCTAssertEqual(r.steady, r.fresh, "\(form)")
            if form == .instances {
                XCTAssertGreaterThan(r.steady.instances.count, 400 + 1600)
            } else {
                XCTAssertGreaterThan(r.steady.vertices.count, 4 * (400 + 1600))
            }
        }
    }

    func testThePictureIsTheBodyInItsSolidColourAndTheHandlesAsSquares() {
        let doc = StressGraph.make(nodeCount: 1)
        var list = DrawList()
        let canvas = makeCanvas(doc.nodes, zoom: 0.1, list: &list)
        let r = freshThenSteady(canvas, doc.nodes, [], &list)
        XCTAssertEqual(r.steadyLaidOut, 0)
        // The body at (20, 20) 16x8 points, then 4 handle squares of 1.2 points.
        XCTAssertEqual(list.vertices.count, 5 * 4)
        let body = Canvas.solidColor(ShapePaintStyle(fill: canvas.theme.nodeBackground, stroke: canvas.theme.nodeBorder, lineWidth: 1, cornerRadius: 3))!
        XCTAssertEqual(list.vertices[0..<4].map { Point(x: Double($0.x), y: Double($0.y)) },
                       [Point(x: 20, y: 20), Point(x: 36, y: 20), Point(x: 36, y: 28), Point(x: 20, y: 28)])
        XCTAssertEqual(PackedColor(r: list.vertices[0].r, g: list.vertices[0].g, b: list.vertices[0].b, a: list.vertices[0].a), PackedColor(body))
        // out0 on the right at flow (160, 26.67): a square from screen (35.4, 22.07) to (36.6, 23.27).
        let out0 = list.vertices[12]
        XCTAssertEqual(Double(out0.x), 35.4, accuracy: 1e-4)
        XCTAssertEqual(Double(out0.y), 20 + 8.0 / 3 - 0.6, accuracy: 1e-4)
    }

    /// A node of type "probe" at (0, 0), 160x80, with `data`.
    private func probe(_ id: String = "P", x: Double = 0, data: JSONValue = .null, width: Double = 160, height: Double = 80,
                       selected: Bool = false) -> Node<JSONValue> {
        Node(id: id, position: Point(x: x, y: 0), data: data, type: "probe", width: width, height: height, selected: selected)
    }

    private func laidOutInSteadyFrame(_ nodes: [Node<JSONValue>], zoom: Double, _ type: NodeType<JSONValue>) -> Int {
        var list = DrawList()
        let canvas = makeCanvas(nodes, zoom: zoom, list: &list) { $0.nodeTypes["probe"] = type }
        return freshThenSteady(canvas, nodes, [], &list).steadyLaidOut
    }

    func testABigShapeOrReadableTextKeepsTheNodeRebuilt() {
        let small = NodeType<JSONValue> { _ in Rectangle().fill(.white) }
        XCTAssertEqual(laidOutInSteadyFrame([probe()], zoom: 0.1, small), 0, "80 units: 8 pixels")
        XCTAssertEqual(laidOutInSteadyFrame([probe(width: 1000, height: 1000)], zoom: 0.1, small), 1, "100 pixels: drawn in full")
        let titled = NodeType<JSONValue> { _ in
            ZStack { Rectangle().fill(.white); Text("Title").font(.system(size: 60)) }
        }
        // 400x80: not far out (24 pixels wide) at zoom 0.06.
        XCTAssertEqual(laidOutInSteadyFrame([probe(width: 400)], zoom: 0.1, titled), 1, "60-point text is 6 pixels tall: drawn")
        XCTAssertEqual(laidOutInSteadyFrame([probe(width: 400)], zoom: 0.06, titled), 0, "3.6 pixels: skipped")
    }

    func testANodeWithAToolbarOrResizerOrSelectedIsRebuilt() {
        let toolbar = toolbarType(Clicks(), isVisible: true)
        XCTAssertEqual(laidOutInSteadyFrame([probe()], zoom: 0.1, toolbar), 1)
        XCTAssertEqual(laidOutInSteadyFrame([probe()], zoom: 0.1, resizableType()), 1)
        let small = NodeType<JSONValue> { _ in Rectangle().fill(.white) }
        XCTAssertEqual(laidOutInSteadyFrame([probe(selected: true), probe("Q", x: 200)], zoom: 0.1, small), 1, "only the selected one")
    }

    func testTheFocusedNodeIsRebuilt() {
        let doc = StressGraph.make(nodeCount: 4)
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { $0.overviewPicture = false; $0.viewport = Viewport(x: 20, y: 20, zoom: 0.1) }
        h.frame()
        XCTAssertEqual(h.canvas.stats.laidOutNodes, 0)
        h.play("key Tab")
        XCTAssertEqual(h.canvas.stats.laidOutNodes, 1, "n0 has the keyboard focus")
    }

    func testTheDisplayScaleCountsInPixels() {
        // At 2 pixels per point a stress node's body is 16 pixels tall at zoom 0.1: drawn in full.
        let doc = StressGraph.make(nodeCount: 4)
        var list = DrawList()
        let canvas = makeCanvas(doc.nodes, zoom: 0.1, list: &list) { $0.displayScale = 2 }
        XCTAssertEqual(freshThenSteady(canvas, doc.nodes, doc.edges, &list).steadyLaidOut, 4)
        canvas.viewport = Viewport(x: 20, y: 20, zoom: 0.07)   // 11.2 pixels
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0)
    }

    func testADisplayScaleEventRebuildsTheNodesItTakesOutOfATierInTheSameFrame() {
        // Stress nodes (160x80, 80 units the largest shorter side) going from 1 to 2 pixels per
        // point: at zoom 0.1 from solid (8-pixel body) to full detail (16); at zoom 0.09 from far
        // out (14.4 pixels long) to full detail (28.8 long, 14.4 tall).
        let doc = StressGraph.make(nodeCount: 4)
        for zoom in [0.1, 0.09] {
            var list = DrawList()
            let canvas = makeCanvas(doc.nodes, zoom: zoom, list: &list)
            let array = fresh(doc.nodes)
            canvas.frame(nodes: array, edges: doc.edges, into: &list)
            canvas.frame(nodes: array, edges: doc.edges, into: &list)
            XCTAssertEqual(canvas.stats.laidOutNodes, 0, "zoom \(zoom): every node in a tier")
            canvas.frame(nodes: array, edges: doc.edges, events: [.displayScale(2)], into: &list)
            XCTAssertEqual(canvas.stats.laidOutNodes, 4, "zoom \(zoom): drawn in full at 2 pixels per point")
            let changed = Geometry(list)
            canvas.frame(nodes: array, edges: doc.edges, into: &list)
            XCTAssertEqual(canvas.stats.laidOutNodes, 4)
            XCTAssertTrue(changed == Geometry(list), "zoom \(zoom): the frame of the event draws what the next one does")
        }
    }

    func testLevelOfDetailTurnedOffDuringTheFrameRebuildsTheNodesOfBothTiers() {
        // An app turns level of detail off from a pane click (as from a panel's button): the
        // stress nodes drawn solid (zoom 0.1) or far out (0.09) are drawn in full that frame.
        let doc = StressGraph.make(nodeCount: 4)
        for zoom in [0.1, 0.09] {
            var list = DrawList()
            let canvas = makeCanvas(doc.nodes, zoom: zoom, list: &list)
            canvas.onPaneClick = { [unowned canvas] _ in canvas.levelOfDetail = false }
            let array = fresh(doc.nodes)
            canvas.frame(nodes: array, edges: doc.edges, into: &list)
            canvas.frame(nodes: array, edges: doc.edges, into: &list)
            XCTAssertEqual(canvas.stats.laidOutNodes, 0, "zoom \(zoom): every node in a tier")
            let click = Point(x: 1000, y: 700)
            canvas.frame(nodes: array, edges: doc.edges, events: [.pointerDown(click, button: .primary, modifiers: []),
                                                                  .pointerUp(click, button: .primary, modifiers: [])], into: &list)
            XCTAssertFalse(canvas.levelOfDetail)
            XCTAssertEqual(canvas.stats.laidOutNodes, 4, "zoom \(zoom): drawn in full")
            let changed = Geometry(list)
            canvas.frame(nodes: array, edges: doc.edges, into: &list)
            XCTAssertTrue(changed == Geometry(list), "zoom \(zoom): the frame of the click draws what the next one does")
        }
    }

    func testZoomingInPastTheSolidZoomRebuildsTheNode() {
        // A stress node's largest shorter side is its body's 80 units: solid below zoom 0.15.
        let doc = StressGraph.make(nodeCount: 4)
        var list = DrawList()
        let canvas = makeCanvas(doc.nodes, zoom: 0.149, list: &list)
        XCTAssertEqual(freshThenSteady(canvas, doc.nodes, doc.edges, &list).steadyLaidOut, 0)
        canvas.viewport = Viewport(x: 20, y: 20, zoom: 0.151)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 4, "12.08 pixels: drawn in full")
        let fullDetail = Geometry(list)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 4, "rebuilt every frame at this zoom")
        XCTAssertEqual(Geometry(list), fullDetail)
        XCTAssertEqual(canvas.nodeCache.solidPictures.live, 0, "pictures are kept only while they can be used")
        // Back below: rebuilt once (recording the pictures), then drawn from them.
        canvas.viewport = Viewport(x: 20, y: 20, zoom: 0.149)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 4)
        let rebuilt = Geometry(list)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0)
        XCTAssertEqual(canvas.nodeCache.solidPictures.live, 4)
        XCTAssertEqual(Geometry(list), rebuilt)
    }

    /// A node type filled red or blue by `data.color`.
    private let coloured = NodeType<JSONValue> { node in
        Rectangle().fill(node.data["color"]?.stringValue == "red" ? Color(hex: 0xFF0000) : Color(hex: 0x0000FF))
    }

    private func colourAt(_ list: DrawList, firstVertexOf rect: Int) -> PackedColor {
        let v = list.vertices[4 * rect]
        return PackedColor(r: v.r, g: v.g, b: v.b, a: v.a)
    }

    func testADataChangeRelaysOutTheNodeAndTheNewColourIsDrawn() {
        let blue = [probe(data: .object(JSONObject([("color", .string("blue"))])))]
        let red = [probe(data: .object(JSONObject([("color", .string("red"))])))]
        var list = DrawList()
        let canvas = makeCanvas(blue, zoom: 0.1, list: &list) { $0.nodeTypes["probe"] = coloured }
        XCTAssertEqual(freshThenSteady(canvas, blue, [], &list).steadyLaidOut, 0)
        XCTAssertEqual(colourAt(list, firstVertexOf: 0), PackedColor(Color(hex: 0x0000FF)))
        let r = freshThenSteady(canvas, red, [], &list)
        XCTAssertEqual(r.freshLaidOut, 1)
        XCTAssertEqual(r.steadyLaidOut, 0)
        XCTAssertEqual(colourAt(list, firstVertexOf: 0), PackedColor(Color(hex: 0xFF0000)), "the re-recorded picture")
    }

    func testReplacingTheNodeTypeRedrawsTheNodeWithTheSameArray() {
        let nodes = [probe()]
        var list = DrawList()
        let canvas = makeCanvas(nodes, zoom: 0.1, list: &list) { $0.nodeTypes["probe"] = coloured }
        XCTAssertEqual(freshThenSteady(canvas, nodes, [], &list).steadyLaidOut, 0)
        XCTAssertEqual(colourAt(list, firstVertexOf: 0), PackedColor(Color(hex: 0x0000FF)))
        canvas.nodeTypes["probe"] = NodeType { _ in Rectangle().fill(Color(hex: 0x00FF00)) }
        canvas.frame(nodes: canvas.frameInput.nodes, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 1, "the picture was of the old type")
        XCTAssertEqual(colourAt(list, firstVertexOf: 0), PackedColor(Color(hex: 0x00FF00)))
        canvas.frame(nodes: canvas.frameInput.nodes, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0, "the new picture is drawn")
        XCTAssertEqual(colourAt(list, firstVertexOf: 0), PackedColor(Color(hex: 0x00FF00)))
    }

    func testAThemeWithAnotherHandleSizeRedrawsTheNodeWithTheSameArray() {
        // A handle beside a flexible rectangle: the rectangle starts one handle size in.
        let beside = NodeType<JSONValue> { node in
            HStack(spacing: 0) {
                Handle(nodeId: node.id, id: "in", type: .target, position: .left)
                Rectangle().fill(Color(hex: 0x0000FF))
            }
        }
        let nodes = [probe()]
        var list = DrawList()
        let canvas = makeCanvas(nodes, zoom: 0.1, list: &list) { $0.nodeTypes["probe"] = beside }
        XCTAssertEqual(freshThenSteady(canvas, nodes, [], &list).steadyLaidOut, 0)
        XCTAssertEqual(list.vertices[0].x, 20 + 1.2, "handle size 12: 1.2 points at zoom 0.1")
        canvas.theme.handleSize = 20   // 2 pixels at zoom 0.1: still squares
        canvas.frame(nodes: canvas.frameInput.nodes, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 1, "the picture was of the old layout")
        XCTAssertEqual(list.vertices[0].x, 20 + 2)
        canvas.frame(nodes: canvas.frameInput.nodes, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0)
        XCTAssertEqual(list.vertices[0].x, 20 + 2)
    }

    func testANodeChangedWhileOffScreenIsDrawnChangedWhenItScrollsIntoView() {
        let far = 20_000.0   // off screen at zoom 0.1 (2,000 points right)
        let blue = [probe(), probe("Q", x: far, data: .object(JSONObject([("color", .string("blue"))])))]
        var red = blue
        red[1].data = .object(JSONObject([("color", .string("red"))]))
        // Q is laid out blue on the first frame (every node once), then changes while off screen:
        // a new array, its data differs from its last copy, so it is laid out again there.
        var list = DrawList()
        let canvas = makeCanvas(blue, zoom: 0.1, list: &list) { $0.nodeTypes["probe"] = coloured }
        canvas.frame(nodes: red, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 2, "P, on screen, and Q, changed")
        canvas.frame(nodes: red, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0)
        canvas.viewport = Viewport(x: 20 - far * 0.1, y: 20, zoom: 0.1)
        canvas.frame(nodes: red, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0, "its picture is of the new array")
        XCTAssertEqual(colourAt(list, firstVertexOf: 0), PackedColor(Color(hex: 0xFF0000)))
        canvas.frame(nodes: red, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0)
        XCTAssertEqual(colourAt(list, firstVertexOf: 0), PackedColor(Color(hex: 0xFF0000)))
    }

    func testPicturesFollowTheirNodesWhenTheArrayIsReindexedAndGarbageIsCompacted() {
        let doc = StressGraph.make(nodeCount: 2_500)   // 50x50 grid: 1,100x700 points at zoom 0.1
        var list = DrawList()
        let canvas = makeCanvas(doc.nodes, zoom: 0.1, list: &list)
        _ = freshThenSteady(canvas, doc.nodes, doc.edges, &list)
        XCTAssertEqual(canvas.nodeCache.solidPictures.live, 2_500, "one body rectangle per node")
        // Drop the first 2,400 nodes: the last 100 move to indices 0..<100 with their pictures.
        let kept = Array(doc.nodes.suffix(100))
        canvas.frame(nodes: kept, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 100)
        XCTAssertEqual(canvas.nodeCache.solidPictures.live, 100)
        XCTAssertEqual(canvas.nodeCache.solidPictures.rects.count, 100, "the garbage of 2,400 dropped nodes is compacted")
        canvas.frame(nodes: kept, edges: [], into: &list)
        XCTAssertEqual(canvas.stats.laidOutNodes, 0)
        let steady = Geometry(list)
        XCTAssertEqual(freshThenSteady(canvas, kept, [], &list).fresh, steady)
        // Insert a node at the front: every index shifts by one; pictures follow their nodes.
        let inserted = [Node(id: "new", position: Point(x: -400, y: 6_720), data: .null, width: 160, height: 80)] + kept
        let r = freshThenSteady(canvas, inserted, [], &list)
        XCTAssertEqual(r.steadyLaidOut, 0)
        XCTAssertEqual(r.steady, r.fresh)
    }

    /// Hovers out0 of n0, then drags a connection from it to in1 of n5 (stress graph of 16 at
    /// zoom 0.1 from (100, 100)), with or without level of detail.
    private func hoverAndConnect(levelOfDetail: Bool)
        -> (tierFrameLaidOut: Int, cursor: FlowCursor, snapped: HandleEntry?, dragLaidOut: Int, connects: [Connection]) {
        let doc = StressGraph.make(nodeCount: 16)
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) {
            $0.levelOfDetail = levelOfDetail
            $0.overviewPicture = false
            $0.viewport = Viewport(x: 100, y: 100, zoom: 0.1)
        }
        h.frame()
        let laidOut = h.canvas.stats.laidOutNodes
        // out0 at flow (160, 26.67): screen (116, 102.67); in1 of n5 at (220, 193.33): (122, 119.33).
        h.play("move 116 102.7")
        let cursor = h.canvas.cursor
        h.play("press 116 102.7\nmove 119 110\nmove 122 119.3")
        let snapped = h.canvas.connection?.snapped, dragLaidOut = h.canvas.stats.laidOutNodes
        h.play("release 122 119.3")
        return (laidOut, cursor, snapped, dragLaidOut, h.connects)
    }

    func testHoverAndConnectSnappingFindTheSameHandlesInTheTier() {
        let tier = hoverAndConnect(levelOfDetail: true), full = hoverAndConnect(levelOfDetail: false)
        XCTAssertEqual(tier.tierFrameLaidOut, 0, "the nodes were in the solid tier")
        XCTAssertEqual(full.tierFrameLaidOut, 16)
        XCTAssertEqual(tier.dragLaidOut, 1, "the node the connection starts from is rebuilt")
        XCTAssertEqual(tier.cursor, .crosshair, "over a handle")
        XCTAssertEqual(tier.snapped?.nodeId, "n5")
        XCTAssertEqual(tier.snapped?.id, "in1")
        XCTAssertEqual(tier.snapped, full.snapped)
        XCTAssertEqual(tier.cursor, full.cursor)
        XCTAssertEqual(tier.connects, [Connection(source: "n0", target: "n5", sourceHandle: "out0", targetHandle: "in1")])
        XCTAssertEqual(tier.connects, full.connects)
    }
}
