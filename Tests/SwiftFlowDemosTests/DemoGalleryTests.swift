import CSDL2
import Foundation
import SwiftFlowAssets
import SwiftFlowDemos
import SwiftFlowSDL
import XCTest

/// Every demo runs headless from a replay script through `CanvasRunner` (the path
/// `swiftflow-demo NAME --headless --replay … --screenshot …` takes); the script does what the
/// demo's title promises, and the screenshot is checked at known pixels: the background
/// pattern between nodes, a handle's colour, the MiniMap's viewport rectangle and a Controls
/// button. Scripts end with a `viewport` at zoom 1 and integer offsets. SDL's software
/// renderer (SDL_RenderGeometry) colours pixel (i, j) with the geometry at (i + 1, j + 1), as
/// measured on these screenshots: `px.at(p)` reads the pixel showing point p.
@MainActor
final class DemoGalleryTests: XCTestCase {
    /// The screenshot's pixels.
    struct Shot {
        let surface: UnsafeMutablePointer<SDL_Surface>
        subscript(x: Int, y: Int) -> PackedColor {
            let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(surface.pointee.pitch) + x * 4
            return PackedColor(r: base[0], g: base[1], b: base[2], a: base[3])
        }
        /// The pixel whose sample point (i + 1, j + 1) is nearest to `p`.
        func at(_ p: Point) -> PackedColor { self[Int(p.x.rounded()) - 1, Int(p.y.rounded()) - 1] }
    }

    private var surfaces: [UnsafeMutablePointer<SDL_Surface>] = []
    private var directories: [URL] = []
    override func tearDown() async throws {
        surfaces.forEach { SDL_FreeSurface($0) }
        surfaces = []
        directories.forEach { try? FileManager.default.removeItem(at: $0) }
        directories = []
    }

    /// A text measurer like the runner's, to find panel lines before the run.
    private static let measurer: TextMeasurer = { try! SDLHost(headlessSize: Size(width: 8, height: 8)).text }()

    private func run(_ name: String, _ script: String, viewport: Viewport = Viewport(),
                     file: StaticString = #filePath, line: UInt = #line) throws -> (DemoGallery, Shot) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        directories.append(dir)
        SaveLoadDemo.savePath = dir.appendingPathComponent("saved.json").path   // not shared with other runs
        let scriptPath = dir.appendingPathComponent("script.txt").path, shot = dir.appendingPathComponent("shot.png").path
        try (script + "\nviewport \(viewport.x) \(viewport.y) 1\n").write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let options = try RunOptions(arguments: ["--headless", "--replay", scriptPath, "--screenshot", shot])
        let index = try XCTUnwrap(DemoGallery.all.firstIndex { $0.name == name })
        let (code, gallery) = DemoGallery.run(index, options: options)
        XCTAssertEqual(code, 0, file: file, line: line)
        guard let loaded = IMG_Load(shot), let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw XCTSkip("screenshot unreadable: \(String(cString: SDL_GetError()))")
        }
        SDL_FreeSurface(loaded)
        surfaces.append(rgba)
        XCTAssertEqual(rgba.pointee.w, 1280, file: file, line: line)
        return (try XCTUnwrap(gallery), Shot(surface: rgba))
    }

    /// The checks every demo shares. `free` is a screen point with no node, edge or panel
    /// within one grid step; `handle` a (node, handle id, colour) to find at its anchor.
    private func assertChrome(_ g: DemoGallery, _ px: Shot, free: Point, handle: (String, String, Color),
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let canvas = g.canvas, ctx = try XCTUnwrap(g.context), theme = canvas.theme
        XCTAssertEqual(canvas.viewport.zoom, 1, file: file, line: line)
        // Background: the grid point nearest `free` has the pattern colour, the middle of its
        // cell the canvas background.
        let bg = ctx.background, gap = bg.gap
        let flow = canvas.screenToFlowPosition(free)
        let grid = Point(x: (flow.x / gap).rounded() * gap, y: (flow.y / gap).rounded() * gap)
        var mark = canvas.flowToScreenPosition(grid)
        if bg.variant == .lines { mark.y += gap / 2 }   // on a vertical line, between horizontal ones
        let pattern = bg.color ?? (bg.variant == .lines ? theme.backgroundLineColor : theme.backgroundPatternColor)
        XCTAssertEqual(px.at(mark), PackedColor(pattern), "pattern at \(mark)", file: file, line: line)
        let cell = canvas.flowToScreenPosition(Point(x: grid.x + gap / 2, y: grid.y + gap / 2))
        XCTAssertEqual(px.at(cell), PackedColor(theme.background), "between pattern marks at \(cell)", file: file, line: line)
        // A handle's fill at its anchor.
        let entry = try XCTUnwrap(canvas.registry.entries.first { $0.nodeId == handle.0 && $0.id == handle.1 }, file: file, line: line)
        XCTAssertEqual(px.at(canvas.flowToScreenPosition(entry.anchor)), PackedColor(handle.2), "handle \(handle.0).\(handle.1)", file: file, line: line)
        // The MiniMap's viewport outline (top edge, middle) and the panel inside it.
        let v = ctx.minimap.viewportRect(canvas)
 // The 2-point stroke's opaque core spans minY ± 0.5.
        XCTAssertEqual(px.at(Point(x: v.center.x, y: v.minY)), PackedColor(theme.minimapViewportColor), "viewport outline at \(v)", file: file, line: line)
        let panel = ctx.minimap.frame(canvasSize: canvas.size)
        XCTAssertTrue(v.minY > panel.minY && v.maxY < panel.maxY, "\(v) inside \(panel)", file: file, line: line)
        // The zoom-in button: its fill in a corner, the plus sign's ink in the middle.
        let button = ctx.controls.buttonFrame(0, canvasSize: canvas.size)
        XCTAssertEqual(px.at(Point(x: button.minX + 3, y: button.minY + 3)), PackedColor(theme.controlsBackground), file: file, line: line)
        XCTAssertEqual(px.at(button.center), PackedColor(theme.controlsIcon), "plus sign", file: file, line: line)
    }

    private func anchor(_ g: DemoGallery, _ node: String, _ handle: String) throws -> Point {
        let e = try XCTUnwrap(g.canvas.registry.entries.first { $0.nodeId == node && $0.id == handle })
        return e.anchor   // flow = screen at the demos' start viewport (0, 0, 1)
    }

    /// A drag script from `a` to `b` (screen points) in a few moves.
    private func drag(_ a: Point, _ b: Point) -> String {
        "press \(a.x) \(a.y)\nmove \(a.x + 5) \(a.y + 5)\nmove \((a.x + b.x) / 2) \((a.y + b.y) / 2)\nmove \(b.x) \(b.y)\nrelease \(b.x) \(b.y)"
    }

    // Handle anchors of the demos' documents at viewport (0, 0, 1) (flow = screen).
    func testBasicConnectsDocumentedHandlesAndTheLockedOneStartsNothing() async throws {
        // Merge's b2 (bottom source) to Output's target; then from the locked handle to Output.
        let script = """
        \(drag(Point(x: 602, y: 253), Point(x: 820, y: 220)))
        \(drag(Point(x: 886, y: 434), Point(x: 820, y: 220)))
        """
        let (g, px) = try run("basic", script)
        let made = g.store.edges.filter { $0.target == "out" }.map(\.connection)
        XCTAssertEqual(made, [Connection(source: "merge", target: "out", sourceHandle: "b2", targetHandle: "target")])
        XCTAssertEqual(g.canvas.registry.entries.filter { $0.nodeId == "merge" }.map(\.id), ["t1", "t2", "b1", "b2"])
        try assertChrome(g, px, free: Point(x: 1020, y: 580), handle: ("color", "input", .red))
        try assertChrome(g, px, free: Point(x: 700, y: 560), handle: ("color", "out", .green))
    }

    func testConnectionModesStrictRefusesSourceToSourceLooseAcceptsIt() async throws {
        // strict-C s1 (right, 400,430) → strict-A s1 (400,190); loose-C s2 (bottom) → loose-A s1.
        let script = "\(drag(Point(x: 400, y: 430), Point(x: 400, y: 190)))\n\(drag(Point(x: 780, y: 460), Point(x: 840, y: 190)))"
        let (g, px) = try run("connections", script)
        XCTAssertFalse(g.store.edges.contains { $0.source == "strict-C" || $0.target == "strict-C" })
        XCTAssertTrue(g.store.edges.contains { $0.connection == Connection(source: "loose-C", target: "loose-A", sourceHandle: "s2", targetHandle: "s1") })
        try assertChrome(g, px, free: Point(x: 1150, y: 300), handle: ("loose-A", "t1", g.canvas.theme.handleColor))
    }

    func testValidationRefusesTypeMismatchSelfLoopAndDuplicates() async throws {
        let (n1, show) = (Point(x: 420, y: 145), Point(x: 860, y: 285))
        let script = [
            drag(n1, show),                                           // number → text input: refused
            drag(Point(x: 740, y: 240), Point(x: 560, y: 253)),      // fmt text-out → fmt text-in: self loop
            drag(Point(x: 420, y: 345), Point(x: 560, y: 253)),      // text → text: accepted
            drag(n1, Point(x: 560, y: 227)),                          // the existing edge again: duplicate
        ].joined(separator: "\n")
        let (g, px) = try run("validation", script)
        XCTAssertEqual(g.store.edges.map(\.connection), [
            Connection(source: "n1", target: "fmt", sourceHandle: "number-out", targetHandle: "number-in"),
            Connection(source: "fmt", target: "show", sourceHandle: "text-out", targetHandle: "text-in"),
            Connection(source: "t1", target: "fmt", sourceHandle: "text-out", targetHandle: "text-in"),
        ])
        try assertChrome(g, px, free: Point(x: 1000, y: 560), handle: ("fmt", "number-in", Color(hex: 0x2563EB)))
    }

    func testEdgeTypesDrawAllFiveAndAClickSelectsOne() async throws {
        // The straight edge runs from s2's source (410, 330) to t2's target (720, 380).
        let (g, px) = try run("edges", "click 487.5 342.5")
        XCTAssertEqual(g.store.edges.filter(\.selected).map(\.id), ["e-straight"])
        XCTAssertEqual(Set(g.store.edges.map(\.type)), Set(EdgeType.allCases))
        XCTAssertEqual(g.canvas.stats.visibleEdges, 5)
        XCTAssertEqual(px.at(Point(x: 424, y: 220)), PackedColor(Color(hex: 0x7C3AED)), "the 3-point simple bezier just after s1")
        try assertChrome(g, px, free: Point(x: 1000, y: 560), handle: ("s0", "source", g.canvas.theme.handleColor))
    }

    func testSubflowChildrenMoveWithTheirGroupAndStayInside() async throws {
        // Drag group C up by 60 from an empty spot inside it, then drag c1 far to the right.
        let script = drag(Point(x: 850, y: 400), Point(x: 850, y: 340)) + "\n" + drag(Point(x: 815, y: 180), Point(x: 1200, y: 180))
        let (g, px) = try run("subflows", script)
        func node(_ id: String) -> Node<JSONValue>? { g.store.nodes.first { $0.id == id } }
        XCTAssertEqual(node("group C")?.position, Point(x: 700, y: 100))
        XCTAssertEqual(node("c2 (free)")?.position, Point(x: 100, y: 180), "children keep their relative position")
        XCTAssertEqual(node("c1")?.position, Point(x: 150, y: 60), "extent .parent: 300 wide group, 150 wide child")
        try assertChrome(g, px, free: Point(x: 400, y: 600), handle: ("b1", "target", g.canvas.theme.handleColor))
    }

    func testResizerGripsAndToolbarButtonsChangeTheNode() async throws {
        // "Amber" in the selected node's toolbar (above it, centred), then the bottom-right grip.
        let (g, px) = try run("resize", "click 400 140\n" + drag(Point(x: 480, y: 260), Point(x: 580, y: 300)))
        let a = try XCTUnwrap(g.store.nodes.first { $0.id == "a" })
        XCTAssertEqual(a.data["color"], .string("#FEF3C7"))
        XCTAssertEqual(a.fixedSize, Size(width: 300, height: 140))
        XCTAssertEqual(a.position, Point(x: 280, y: 160))
        XCTAssertEqual(px.at(Point(x: 330, y: 250)), PackedColor(Color(hex: 0xFEF3C7)), "the node's new fill")
        try assertChrome(g, px, free: Point(x: 400, y: 560), handle: ("b", "in", g.canvas.theme.handleColor))
    }

    func testTheToolbarsDeleteCascadesAndIsUndone() async throws {
        // "Delete", the last button of the selected node's toolbar.
        let (g, px) = try run("resize", "click 454 140")
        XCTAssertEqual(g.store.nodes.map(\.id), ["b"])
        XCTAssertTrue(g.store.edges.isEmpty, "the attached edge goes with the node")
        try assertChrome(g, px, free: Point(x: 400, y: 560), handle: ("b", "in", g.canvas.theme.handleColor))
        let (undone, _) = try run("resize", "click 454 140\nkey Z ctrl")
        XCTAssertEqual(Set(undone.store.nodes.map(\.id)), ["a", "b"])
        XCTAssertEqual(undone.store.edges.count, 1)
    }

    func testCustomNodesDrawTheirRegisteredViews() async throws {
        let (g, px) = try run("custom", "click 937 135")   // select the first swatch
        XCTAssertEqual(g.store.nodes.first { $0.id == "swatch1" }?.selected, true)
        XCTAssertEqual(px.at(Point(x: 937, y: 136)), PackedColor(Color(hex: 0xE11D48)), "the swatch's colour square")
        XCTAssertEqual(Set(g.canvas.registry.entries.filter { $0.nodeId == "hub" }.map(\.position)), [.top, .left, .right, .bottom])
        try assertChrome(g, px, free: Point(x: 400, y: 560), handle: ("hub", "e", .purple))
    }

    func testAutoLayoutAnimatesToTheTreeLayout() async throws {
        let menu = Panel(position: .topRight, title: "Layout", lines: ["Layered, left to right", "Layered, top to bottom", "Tree", "Grid", "Force-directed"])
        let tree = menu.lineFrame(2, canvasSize: Size(width: 1280, height: 800), measurer: Self.measurer).center
        let script = "click \(tree.x) \(tree.y)\n" + Array(repeating: "wait 100", count: 8).joined(separator: "\n")
        let (g, px) = try run("layout", script)
        let doc = DemoGallery.all.first { $0.name == "layout" }!.document()
        let expected = try computeLayout(nodes: doc.nodes, edges: doc.edges, algorithm: .tree(direction: .topToBottom))
        for n in g.store.nodes { XCTAssertEqual(n.position, expected[n.id]! + Point(x: 240, y: 60), n.id) }
        XCTAssertFalse(g.canvas.components.contains { $0 is LayoutTransition }, "the transition finished")
        let leaf = try XCTUnwrap(g.store.nodes.last)
        try assertChrome(g, px, free: Point(x: 20, y: 400), handle: (leaf.id, "target", g.canvas.theme.handleColor))
    }

    func testSaveClearLoadRoundTripsTheGraph() async throws {
        let menu = Panel(position: .topRight, title: "Files", lines: ["Save as native JSON", "Clear the graph", "Load the saved file", "Open a ComfyUI workflow"])
        let size = Size(width: 1280, height: 800)
        let lines = (0..<3).map { menu.lineFrame($0, canvasSize: size, measurer: Self.measurer).center }
        let (g, px) = try run("files", lines.map { "click \($0.x) \($0.y)" }.joined(separator: "\n"))
        let doc = DemoGallery.all.first { $0.name == "files" }!.document()
        XCTAssertEqual(g.store.nodes, doc.nodes)
        XCTAssertEqual(g.store.edges, doc.edges)
        try assertChrome(g, px, free: Point(x: 400, y: 560), handle: ("a", "target", g.canvas.theme.handleColor))
    }

    func testFilesOpensAComfyUIWorkflowWithEveryLinkOnItsSlots() async throws {
        let menu = Panel(position: .topRight, title: "Files", lines: ["Save as native JSON", "Clear the graph", "Load the saved file", "Open a ComfyUI workflow"])
        let open = menu.lineFrame(3, canvasSize: Size(width: 1280, height: 800), measurer: Self.measurer).center
        let (g, _) = try run("files", "click \(open.x) \(open.y)")
        let doc = try FlowFile.load(path: try XCTUnwrap(AssetResources.path(AssetResources.sampleWorkflow)))
        XCTAssertEqual(g.store.nodes.map(\.id), doc.nodes.map(\.id))
        XCTAssertEqual(g.store.edges.count, 9)
        for (k, e) in g.store.edges.enumerated() {
            let path = try XCTUnwrap(g.canvas.edgePath(at: k), e.id)
            let source = try XCTUnwrap(g.canvas.registry.entries.first { $0.nodeId == e.source && $0.id == e.sourceHandle })
            XCTAssertEqual(path.start, source.anchor, e.id)
        }
    }

    func testWorkflowPaletteAddsANodeByDragAndPortsAreTyped() async throws {
        let palette = Panel(position: .centerRight, title: "Drag a node onto the canvas",
                            lines: WorkflowDemo.kinds.map { "\($0.category) · \($0.name)" })
        let item = palette.lineFrame(9, canvasSize: Size(width: 1280, height: 800), measurer: Self.measurer).center   // Show text
        let script = drag(item, Point(x: 700, y: 520)) + "\n" + drag(Point(x: 440, y: 171), Point(x: 820, y: 95))
        let (g, px) = try run("workflow", script)
        let added = try XCTUnwrap(g.store.nodes.first { $0.id == "added-1" })
        XCTAssertEqual(added.data["kind"], .string("Show text"))
        XCTAssertEqual(added.position, Point(x: 605, y: 508))
        // The prompt's text output onto "show", whose only input is taken: refused.
        XCTAssertLessThan(try anchor(g, "prompt", "text:out:text").distance(to: Point(x: 440, y: 171)), 2, "the drag starts on the handle")
        XCTAssertLessThan(try anchor(g, "show", "text:in:text").distance(to: Point(x: 820, y: 95)), 2, "and ends on the input")
        XCTAssertEqual(g.store.edges.filter { $0.target == "show" }.count, 1)
        try assertChrome(g, px, free: Point(x: 1000, y: 600), handle: ("llm", "number:in:temperature", WorkflowDemo.PortType.number.color))
    }

    /// Resize has an "image" input and an "image" output: two handles, so the node can be wired
    /// on both sides (one id for both dropped the output as a duplicate).
    func testWorkflowInputAndOutputOfOneNameAreTwoHandles() async throws {
        let palette = Panel(position: .centerRight, title: "Drag a node onto the canvas",
                            lines: WorkflowDemo.kinds.map { "\($0.category) · \($0.name)" })
        let resize = try XCTUnwrap(WorkflowDemo.kinds.firstIndex { $0.name == "Resize" })
        let item = palette.lineFrame(resize, canvasSize: Size(width: 1280, height: 800), measurer: Self.measurer).center
        let (g, _) = try run("workflow", drag(item, Point(x: 700, y: 520)))
        let added = try XCTUnwrap(g.store.nodes.first { $0.id == "added-1" })
        XCTAssertEqual(added.data["kind"], .string("Resize"))
        let handles = g.canvas.registry.entries.filter { $0.nodeId == "added-1" }
        XCTAssertEqual(handles.map(\.id).sorted(), ["image:in:image", "image:out:image", "number:in:scale"])
        XCTAssertEqual(handles.first { $0.id == "image:out:image" }?.type, .source)
        XCTAssertEqual(handles.first { $0.id == "image:in:image" }?.type, .target)
    }

    func testStressSliderRebuildsTheGraph() async throws {
        let (g, px) = try run("stress", "click 480 46", viewport: Viewport(x: 700, y: 300))   // the first stop: 100 nodes
        XCTAssertEqual(g.store.nodes.count, 100)
        XCTAssertEqual(g.store.nodes, StressGraph.make(nodeCount: 100).nodes)
        try assertChrome(g, px, free: Point(x: 400, y: 500), handle: ("n0", "in0", g.canvas.theme.handleColor))
    }

    func testCommandLineNamesDemosAndRefusesUnknownOnes() async {
        XCTAssertEqual(DemoGallery.main(arguments: ["--list"]), 0)
        XCTAssertEqual(DemoGallery.main(arguments: ["no-such-demo", "--headless"]), 2)
        XCTAssertEqual(DemoGallery.main(arguments: ["basic", "--frames", "x"]), 2)
        XCTAssertEqual(Set(DemoGallery.all.map(\.name)).count, DemoGallery.all.count)
    }

    func testSidebarAndPageKeysSwitchDemos() async throws {
        let (g, _) = try run("basic", "key PageDown\nkey PageDown\nkey PageUp")
        XCTAssertEqual(DemoGallery.all[g.current].name, "connections")
        XCTAssertEqual(g.sidebar.highlighted, 1)
        XCTAssertTrue(g.store.nodes.contains { $0.id == "strict-A" })
    }
}
