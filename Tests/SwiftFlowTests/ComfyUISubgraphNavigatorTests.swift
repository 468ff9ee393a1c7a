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

    /// Inside the opened subgraph, scripted input moves the node (a drag by (40, 20)) and
    /// deletes its link to the output node (a click on the link, then Delete); back at the
    /// workflow, the saved JSON differs from the file in exactly those places of the definition.
    func testSubgraphEditsAreSavedIntoTheDefinition() throws {
        let doc = try load()
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { ComfyUINodeTypes.register(on: $0) }
        let nav = ComfyUISubgraphNavigator(document: doc, store: h.store, file: "wf.json")
        nav.attach(to: h.canvas)
        h.canvas.viewport = Viewport(x: 1200, y: -5000, zoom: 1)
        h.frame()
        // On the title bar: the body is the promoted prompt's editor, which takes presses itself.
        let centre = h.canvas.flowToScreenPosition(Point(x: -1100 + 210, y: 5130 - 15))
        h.frame([.pointerDown(centre, button: .primary, modifiers: [], clickCount: 2), .pointerUp(centre, button: .primary, modifiers: [])])
        h.frame([])
        h.frame([])
        XCTAssertEqual(nav.levels.count, 2)
        // The subgraph: node 2 (LiteGraph pos (0, 0), 400×398: flow frame (0, -30, 400, 428)), its
        // output 0 at (400, 14) linked (link 3) to the output node's input 0 at (580, 74).
        h.canvas.viewport = Viewport(x: 100, y: 100, zoom: 1)
        h.frame([])
        h.drag(from: Point(x: 300, y: 85), to: Point(x: 340, y: 105))
        XCTAssertEqual(h.node("2")?.position, Point(x: 40, y: -10))
        // The link's middle, after the move: between (440, 34) and (580, 74), on screen + (100, 100).
        h.play("click 610 154\nkey Delete")
        XCTAssertEqual(h.store.edges.map(\.id), ["1", "2"])
        h.frame([.keyDown("Escape", modifiers: []), .keyUp("Escape", modifiers: [])])
        h.frame([])
        XCTAssertEqual(nav.levels.count, 1)

        var saved = doc
        saved.nodes = h.store.nodes; saved.edges = h.store.edges
        XCTAssertEqual(try nav.writeSubgraphs(into: &saved), [])
        let json = ComfyUIExport.encode(saved).json
        // The file, with those edits made by hand.
        var expected = try JSONParser.parse(Array(FileManager.default.contents(atPath: corpusDirectory + "/api_google_nano_banana2_image_edit_continuation.json")!))
        expected.edit(["definitions", "subgraphs", 0]) { sg in
            sg.edit(["nodes", 0, "pos"]) { $0 = .array([.number(40), .number(20)]) }
            sg.edit(["nodes", 0, "outputs", 0, "links"]) { $0 = .array([]) }
            sg.edit(["links"]) { $0 = .array(Array($0.arrayValue!.prefix(2))) }
            sg.edit(["outputs", 0, "linkIds"]) { $0 = .array([]) }
        }
        XCTAssertEqual(JSONWriter.string(json, sortedKeys: true), JSONWriter.string(expected, sortedKeys: true))
    }

    /// Each level has its own undo history: Ctrl+Z at the workflow after a move inside the
    /// subgraph changes nothing (the subgraph's node ids are the workflow's too), and back in
    /// the subgraph it undoes the move.
    func testUndoStaysWithinTheLevelShown() throws {
        let doc = try load()
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { ComfyUINodeTypes.register(on: $0) }
        let nav = ComfyUISubgraphNavigator(document: doc, store: h.store, file: "wf.json")
        nav.attach(to: h.canvas)
        let root = h.store.nodes
        let id = try XCTUnwrap(doc.nodes.first { $0.id == "2" }?.data["subgraph"]?.stringValue)
        try nav.open(subgraph: id, on: h.canvas)
        h.canvas.viewport = Viewport(x: 100, y: 100, zoom: 1)
        h.frame([])
        h.drag(from: Point(x: 300, y: 85), to: Point(x: 340, y: 105))
        XCTAssertEqual(h.node("2")?.position, Point(x: 40, y: -10))
        h.frame([])
        XCTAssertTrue(h.canvas.canUndo)
        h.play("key Escape\nwait 16\nwait 16\nkey Z ctrl\nwait 16")
        XCTAssertEqual(nav.levels.count, 1)
        XCTAssertEqual(h.store.nodes, root, "the workflow is as it was: the subgraph's step is not undone here")
        XCTAssertFalse(h.canvas.canUndo)
        try nav.open(subgraph: id, on: h.canvas)
        h.frame([])
        XCTAssertEqual(h.node("2")?.position, Point(x: 40, y: -10), "the edit is kept")
        h.play("key Z ctrl\nwait 16")
        XCTAssertEqual(h.node("2")?.position, Point(x: 0, y: -30), "undone in the subgraph")
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

private extension JSONValue {
    /// Edits the value at `path` (object keys and array indices) in place; a path that is not
    /// there edits nothing.
    mutating func edit(_ path: [any Sendable], _ change: (inout JSONValue) -> Void) {
        guard let first = path.first else { return change(&self) }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var o), let key as String):
            guard var v = o[key] else { return }
            v.edit(rest, change)
            o[key] = v
            self = .object(o)
        case (.array(var a), let i as Int) where a.indices.contains(i):
            a[i].edit(rest, change)
            self = .array(a)
        default:
            return
        }
    }
}
