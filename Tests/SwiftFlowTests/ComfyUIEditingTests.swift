@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// ComfyUI workflows edited through the node search box and the right-click menus
/// (`ComfyUINodeCatalog`, `ComfyUIMenus`), then saved (`ComfyUIExport`).
final class ComfyUIEditingTests: XCTestCase {
    /// The corpus' flux_schnell.json (last_node_id 37, last_link_id 58; VAEDecode 8 at pos
    /// (1151, 195), its IMAGE output linked to SaveImage 9 by link 9).
    func open() throws -> (FlowDocument, CanvasHarness) {
        let doc = try FlowFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: corpusDirectory + "/flux_schnell.json"))), file: "flux_schnell.json")
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { canvas in
            ComfyUINodeTypes.register(on: canvas)
            ComfyUIMenus.install(on: canvas)
            canvas.nodeCatalog = ComfyUINodeCatalog.make(from: doc)
            // VAEDecode's output (flow (1361, 209)) at screen (300, 200).
            canvas.viewport = Viewport(x: -1061, y: -9, zoom: 1)
        }
        return (doc, h)
    }

    func saved(_ doc: FlowDocument, _ h: CanvasHarness) -> JSONValue {
        var edited = doc
        edited.nodes = h.store.nodes
        edited.edges = h.store.edges
        edited.viewport = doc.viewport
        return ComfyUIExport.encode(edited).json
    }

    func node(_ json: JSONValue, _ id: Double) -> JSONValue? { json["nodes"]?.arrayValue?.first { $0["id"] == .number(id) } }

    func testTheCatalogueListsTheWorkflowsTypesAndTypingFindsKSampler() throws {
        let (_, h) = try open()
        h.play("dblclick 100 500")
        XCTAssertEqual(h.canvas.popupListModel()?.labels,
                       ["CheckpointLoaderSimple", "CLIPTextEncode", "EmptySD3LatentImage", "KSampler", "MarkdownNote", "Note", "SaveImage", "VAEDecode"])
        h.play("text ksam")
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["KSampler"])
        h.play("key Return")
        let k = try XCTUnwrap(h.node("38"), "above last_node_id 37")
        XCTAssertEqual(k.position, Point(x: 1161, y: 509), "the flow point under (100, 500)")
        XCTAssertEqual(k.type, "comfyui")
        XCTAssertEqual(k.width, 315)
        XCTAssertEqual(k.height, 292, "the example's LiteGraph size, its title bar added")
        XCTAssertEqual(k.data, .object(JSONObject([
            ("label", .string("KSampler")), ("comfyType", .string("KSampler")),
            ("inputs", slots([("model", "MODEL"), ("positive", "CONDITIONING"), ("negative", "CONDITIONING"), ("latent_image", "LATENT")])),
            ("outputs", slots([("LATENT", "LATENT")])),
            ("mode", .number(0)), ("collapsed", .bool(false)),
            // The widgets of the workflow's KSampler (named by index: no object_info), its values to start with.
            ("widgets", .array([
                .object(JSONObject([("name", .string("0")), ("index", .number(0)), ("kind", .string("INT")), ("control", .number(1))])),
                .object(JSONObject([("name", .string("2")), ("index", .number(2)), ("kind", .string("INT"))])),
                .object(JSONObject([("name", .string("3")), ("index", .number(3)), ("kind", .string("INT"))])),
                .object(JSONObject([("name", .string("4")), ("index", .number(4)), ("kind", .string("STRING"))])),
                .object(JSONObject([("name", .string("5")), ("index", .number(5)), ("kind", .string("STRING"))])),
                .object(JSONObject([("name", .string("6")), ("index", .number(6)), ("kind", .string("INT"))])),
            ])),
            ("widgets_values", .array([.number(173805153958730), .string("randomize"), .number(4), .number(1), .string("euler"),
                                       .string("simple"), .number(1)])),
        ])))
        XCTAssertEqual(k.handles?.map { "\($0.id) \($0.x ?? -1) \($0.y ?? -1)" }, ["in0 0.0 44.0", "in1 0.0 64.0", "in2 0.0 84.0", "in3 0.0 104.0", "out0 315.0 44.0"])
    }

    /// With object_info, its types join the workflow's (a type both list is object_info's, with
    /// its display name and category) and make nodes with their widgets at their defaults.
    func testTheCatalogueTakesObjectInfosTypesWithTheirDefaultWidgetValues() throws {
        let (doc, _) = try open()
        let catalog = ComfyUINodeCatalog.make(from: doc, objectInfo: try ComfyUIObjectInfo.load(path: objectInfoFixture))
        XCTAssertEqual(catalog.templates.map(\.type), ["CheckpointLoaderSimple", "CLIPTextEncode", "EmptySD3LatentImage", "KSampler",
                                                      "LoadImage", "MarkdownNote", "Note", "SaveImage", "VAEDecode"])
        let k = try XCTUnwrap(catalog.templates.first { $0.type == "KSampler" })
        XCTAssertEqual(k.category, "sampling")
        XCTAssertEqual(k.inputs.map(\.name), ["model", "positive", "negative", "latent_image"])
        XCTAssertEqual(k.outputs.map(\.type), ["LATENT"])
        XCTAssertEqual(catalog.search("ksam", connectingFrom: .source, type: "LATENT").map { catalog.templates[$0].type }, ["KSampler"])
        let node = k.make("40", Point(x: 10, y: 20))
        XCTAssertEqual(node.position, Point(x: 10, y: 20))
        XCTAssertEqual(node.data["widgets_values"], .array([.number(0), .string("randomize"), .number(20), .number(8), .string("euler"),
                                                          .string("normal"), .number(1)]))
        XCTAssertEqual(node.handles?.map(\.id), ["in0", "in1", "in2", "in3", "out0"])
    }

    /// With `ComfyUILinks`, a link the user draws is made as the importer makes the file's: its
    /// source slot's type in its data and a 2-unit stroke in that type's colour.
    func testADrawnLinkTakesItsSlotTypesColour() throws {
        let (_, h) = try open()
        ComfyUILinks.install(on: h.store)
        h.drag(from: Point(x: 300, y: 200), to: Point(x: 189, y: 391))
        h.play("key Return")
        let edge = try XCTUnwrap(h.store.edges.last)
        XCTAssertEqual([edge.source, edge.target], ["8", "38"])
        XCTAssertEqual(edge.data, .object(JSONObject([("type", .string("IMAGE"))])))
        XCTAssertEqual(edge.style.stroke, ComfyUIPalette.color(type: "IMAGE"))
        XCTAssertEqual(edge.style.strokeWidth, 2)
    }

    func testANodeAddedFromADroppedConnectionIsSavedWithAFreshIdAndItsLink() throws {
        let (doc, h) = try open()
        h.drag(from: Point(x: 300, y: 200), to: Point(x: 189, y: 391))
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["SaveImage"], "the types with an IMAGE input")
        h.play("key Return")
        XCTAssertEqual(h.node("38")?.position, Point(x: 1250, y: 400))
        XCTAssertEqual(h.connects, [Connection(source: "8", target: "38", sourceHandle: "out0", targetHandle: "in0")])

        let original = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: corpusDirectory + "/flux_schnell.json"))))
        let json = saved(doc, h)
        XCTAssertEqual(json["last_node_id"], .number(38))
        XCTAssertEqual(json["last_link_id"], .number(59))
        XCTAssertEqual(json["links"]?.arrayValue?.last, .array([.number(59), .number(8), .number(0), .number(38), .number(0), .string("IMAGE")]))
        XCTAssertEqual(json["links"]?.arrayValue?.dropLast(), original["links"]?.arrayValue?[...])
        XCTAssertEqual(node(json, 8)?["outputs"]?.arrayValue?.first?["links"], .array([.number(9), .number(59)]))
        XCTAssertEqual(node(json, 38), .object(JSONObject([
            ("id", .number(38)), ("type", .string("SaveImage")), ("pos", .array([.number(1250), .number(430)])),
            ("size", .array([.number(985.3), .number(1060.38)])), ("flags", .object(JSONObject())), ("mode", .number(0)),
            ("inputs", .array([.object(JSONObject([("name", .string("images")), ("type", .string("IMAGE")), ("link", .number(59))]))])),
            ("outputs", .array([])), ("title", .string("SaveImage")), ("widgets_values", .array([.string("ComfyUI")])),
        ])))
        // Every other node is written as it was read.
        for n in original["nodes"]?.arrayValue ?? [] where n["id"] != .number(8) {
            XCTAssertEqual(node(json, n["id"]?.doubleValue ?? -1), n)
        }
        // And it loads again, the new link on its slots.
        let again = try ComfyUIImport.decode(json, file: "saved.json")
        XCTAssertEqual(again.diagnostics, [])
        XCTAssertEqual(again.edges.last.map { [$0.id, $0.source, $0.target, $0.sourceHandle, $0.targetHandle] }, ["59", "8", "38", "out0", "in0"])
    }

    func testTheNodeMenuBypassesAndUndoRestores() throws {
        let (doc, h) = try open()
        // KSampler 31: frame (816, 162) 315 × 292; its body at flow (900, 300) = screen (-161, 291): move the view.
        h.canvas.viewport = Viewport(x: -700, y: 0, zoom: 1)
        h.play("click 200 300 right")
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["Collapse", "Bypass", "Mute", "Pin", "Colour", "Remove"])
        h.play("key Down\nkey Return")
        XCTAssertEqual(h.node("31")?.data["mode"], .number(4))
        XCTAssertEqual(node(saved(doc, h), 31)?["mode"], .number(4))
        h.play("click 200 300 right")
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["Collapse", "Remove bypass", "Mute", "Pin", "Colour", "Remove"])
        h.play("key Escape\nkey Z ctrl")
        XCTAssertEqual(h.node("31")?.data["mode"], .number(0))
        XCTAssertEqual(h.node("31")?.data, doc.nodes.first { $0.id == "31" }?.data, "the data as it was")
        h.play("key Y ctrl")
        XCTAssertEqual(h.node("31")?.data["mode"], .number(4), "redo")
    }

    func testCollapsePinAndColourAreSavedAndCollapseUndoesWhole() throws {
        let (doc, h) = try open()
        h.canvas.viewport = Viewport(x: -700, y: 0, zoom: 1)
        let before = try XCTUnwrap(h.node("31"))
        h.play("click 200 300 right\nkey Return")   // Collapse
        let collapsed = try XCTUnwrap(h.node("31"))
        XCTAssertEqual(collapsed.data["collapsed"], .bool(true))
        XCTAssertEqual([collapsed.width, collapsed.height], [127.2, 30], "as wide as its title (8 × 8.4 + 60), one title bar high")
        XCTAssertEqual(collapsed.handles?.map { $0.y ?? -1 }, [15, 15, 15, 15, 15])
        XCTAssertEqual(collapsed.position, before.position)
        h.play("key Z ctrl")
        XCTAssertEqual(h.node("31"), before, "one undo puts back the frame, the handles and the data")

        // Pin (4th), then the colour submenu's Red (2nd after No colour).
        h.play("click 200 300 right\nkey Down\nkey Down\nkey Down\nkey Return")
        XCTAssertEqual(h.node("31")?.draggable, false)
        h.play("click 200 300 right")
        XCTAssertEqual(h.canvas.popupListModel()?.labels[3], "Unpin")
        h.play("key Down\nkey Down\nkey Down\nkey Down\nkey Return")
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["No colour", "Red", "Brown", "Green", "Blue", "Pale blue", "Cyan", "Purple", "Yellow", "Black"])
        h.play("key Down\nkey Return")
        let json = node(saved(doc, h), 31)
        XCTAssertEqual(json?["flags"], .object(JSONObject([("pinned", .bool(true))])))
        XCTAssertEqual(json?["color"], .string("#322"))
        XCTAssertEqual(json?["bgcolor"], .string("#533"))
    }

    func testThePaneMenuAddsAGroupAndOpensTheSearch() throws {
        let (doc, h) = try open()
        h.play("click 100 500 right")
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["Add node", "Add group"])
        h.play("key Down\nkey Return")
        let group = try XCTUnwrap(h.node("group-0"))
        XCTAssertEqual([group.position.x, group.position.y, group.width, group.height], [1161, 509, 140, 80])
        XCTAssertEqual(saved(doc, h)["groups"], .array([.object(JSONObject([("title", .string("Group")), ("bounding", .array([1161, 509, 140, 80].map(JSONValue.number)))]))]))
        h.play("click 100 595 right\nkey Return")
        XCTAssertNotNil(h.canvas.controlState.popup?.search, "Add node opens the search box")
        XCTAssertEqual(h.canvas.popupLayout()?.frame.minX, 100)
        h.play("key Z ctrl")
        XCTAssertNotNil(h.node("group-0"), "the search box takes Ctrl+Z")
        h.play("key Escape\nkey Z ctrl")
        XCTAssertNil(h.node("group-0"), "closed, Ctrl+Z undoes Add group")
    }

    func testASecondaryDragStillPans() throws {
        let (_, h) = try open()
        h.play("press 100 500 right\nmove 150 500\nrelease 150 500 right")
        XCTAssertEqual(h.canvas.viewport.x, -1011)
        XCTAssertNil(h.canvas.controlState.popup)
    }
}

/// `[{name, type}]`, as the importer writes a node's `inputs` / `outputs`.
private func slots(_ list: [(String, String)]) -> JSONValue {
    .array(list.map { .object(JSONObject([("name", .string($0.0)), ("type", .string($0.1))])) })
}
