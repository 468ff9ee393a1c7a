import Foundation
import SwiftFlow
import XCTest

/// Double-clicking a subgraph instance opens its canvas; Escape or the breadcrumb returns. The
/// navigator is a component: scripted frames drive it like any user input.
final class ComfyUISubgraphNavigatorTests: XCTestCase {
    private func load() throws -> FlowDocument {
        let path = corpusDirectory + "/api_google_nano_banana2_image_edit_continuation.json"
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("corpus not found at \(path)") }
        return try FlowFile.load(path: path)
    }

    func testDoubleClickOpensTheSubgraphAndEscapeOrTheBreadcrumbReturns() throws {
        let doc = try load()
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { ComfyUINodeTypes.register(on: $0) }
        let nav = ComfyUISubgraphNavigator(document: doc, store: h.store, file: "wf.json")
        nav.attach(to: h.canvas)
        XCTAssertTrue(h.canvas.components.first === nav, "attach installs it as a component")
        // The instance node (id 2, LiteGraph pos (-1100, 5130), 420×260) shows the subgraph's
        // inputs and outputs as its slots.
        let instance = try XCTUnwrap(doc.nodes.first { $0.id == "2" })
        XCTAssertEqual(instance.data["label"], .string("Edit Image (Nano Banana 2)"))
        XCTAssertEqual(instance.handles?.filter { $0.type == .source }.count, 1)
        h.canvas.viewport = Viewport(x: 1200, y: -5000, zoom: 1)   // the node's top-left at (100, 100)
        h.frame()
        // On the title bar: the body is the promoted prompt's editor, which takes presses itself.
        let centre = h.canvas.flowToScreenPosition(Point(x: -1100 + 210, y: 5130 - 15))
        h.frame([.pointerDown(centre, button: .primary, modifiers: [], clickCount: 1), .pointerUp(centre, button: .primary, modifiers: [])])
        let root = h.store.nodes
        XCTAssertEqual(root.first { $0.id == "2" }?.selected, true)
        XCTAssertEqual(nav.levels.count, 1, "a single click does not open it")
        h.frame([.pointerDown(centre, button: .primary, modifiers: [], clickCount: 2), .pointerUp(centre, button: .primary, modifiers: [])])
        h.frame([])
        XCTAssertEqual(nav.levels.map(\.name), ["Workflow", "Edit Image (Nano Banana 2)"])
        XCTAssertEqual(Set(h.store.nodes.map(\.id)).isSuperset(of: ["-10", "-20"]), true, "the subgraph's input and output nodes")
        XCTAssertEqual(h.store.nodes.first { $0.id == "-10" }?.data["outputs"]?.arrayValue?.map { $0["name"] }, [.string("image"), .string("prompt")])
        XCTAssertEqual(h.store.edges.count, 3)
        XCTAssertEqual(h.diagnostics.filter { if case .edgeHandleMissing = $0 { return true }; return false }, [])
        XCTAssertEqual(nav.breadcrumbRects(h.canvas).count, 2)
        // The breadcrumb is drawn in the frame, by the component layer (the shown level's fill).
        let shownFill = PackedColor(h.canvas.theme.selectionColor.opacity(0.35))
        func breadcrumbDrawn() -> Bool { h.list.vertices.contains { PackedColor(r: $0.r, g: $0.g, b: $0.b, a: $0.a) == shownFill } }
        XCTAssertTrue(breadcrumbDrawn())
        // Escape returns to the workflow with its graph as it was.
        h.frame([.keyDown("Escape", modifiers: []), .keyUp("Escape", modifiers: [])])
        XCTAssertEqual(nav.levels.count, 2, "the level changes at the start of the next frame")
        h.frame([])
        XCTAssertEqual(nav.levels.count, 1)
        XCTAssertEqual(h.store.nodes, root)
        XCTAssertEqual(nav.breadcrumbRects(h.canvas), [])
        h.frame([])
        XCTAssertFalse(breadcrumbDrawn())
        // Open again (programmatically) and return through the breadcrumb's first segment.
        try nav.open(subgraph: try XCTUnwrap(instance.data["subgraph"]?.stringValue), on: h.canvas)
        h.frame([])
        let first = try XCTUnwrap(nav.breadcrumbRects(h.canvas).first)
        let p = Point(x: first.minX + first.width / 2, y: first.minY + first.height / 2)
        h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1), .pointerUp(p, button: .primary, modifiers: [])])
        h.frame([])
        XCTAssertEqual(nav.levels.count, 1)
        XCTAssertEqual(h.store.nodes, root)
    }

    /// Opening a subgraph for the first time fits the view to the subgraph's nodes: the fit the
    /// navigator asks for is applied to the new level's graph, not to the workflow still on
    /// screen in the frame whose begin stage switched levels.
    func testOpeningASubgraphFitsTheViewToTheSubgraph() throws {
        let doc = try load()
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { ComfyUINodeTypes.register(on: $0) }
        let nav = ComfyUISubgraphNavigator(document: doc, store: h.store, file: "wf.json")
        nav.attach(to: h.canvas)
        h.canvas.viewport = Viewport(x: 1200, y: -5000, zoom: 1)   // the instance's top-left at (100, 100)
        h.frame()
        // On the title bar: the body is the promoted prompt's editor, which takes presses itself.
        let centre = h.canvas.flowToScreenPosition(Point(x: -1100 + 210, y: 5130 - 15))
        h.frame([.pointerDown(centre, button: .primary, modifiers: [], clickCount: 2), .pointerUp(centre, button: .primary, modifiers: [])])
        h.frame([])
        h.frame([])
        XCTAssertEqual(nav.levels.count, 2)
        let opened = h.canvas.viewport
        h.canvas.fitView()
        h.frame([])
        XCTAssertEqual(h.canvas.viewport, opened, "the view after opening is the fit of the subgraph's nodes")
        // Escape: the workflow comes back at its own viewport.
        h.frame([.keyDown("Escape", modifiers: []), .keyUp("Escape", modifiers: [])])
        h.frame([])
        h.frame([])
        XCTAssertEqual(nav.levels.count, 1)
        XCTAssertEqual(h.canvas.viewport, Viewport(x: 1200, y: -5000, zoom: 1))
    }

    func testMissingDefinitionIsATypedError() throws {
        let doc = try load()
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges)
        let nav = ComfyUISubgraphNavigator(document: doc, store: h.store, file: "wf.json")
        XCTAssertThrowsError(try nav.open(subgraph: "nope", on: h.canvas)) { error in
            XCTAssertEqual(error as? FlowFileError, .invalidValue(file: "wf.json", path: "definitions.subgraphs", expected: "a subgraph with id nope", found: "none"))
        }
        XCTAssertEqual(nav.levels.count, 1)
    }
}
