@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// The node search box (`FlowCanvas.nodeCatalog`): opened by a double-click on empty canvas or a
/// connection dropped there, filtered as typed, chosen by keys or a click.
final class NodeSearchTests: XCTestCase {
    /// A template of type `type` making a 120x60 node of that type with handles "in<i>" on the left
    /// and "out<j>" on the right, 20 apart from y 20.
    static func template(_ type: String, title: String? = nil, category: String = "", inputs: [String] = [], outputs: [String] = []) -> NodeTemplate<JSONValue> {
        let ins = inputs.enumerated().map { NodeSlot(handle: "in\($0)", name: $1.lowercased(), type: $1) }
        let outs = outputs.enumerated().map { NodeSlot(handle: "out\($0)", name: $1.lowercased(), type: $1) }
        return NodeTemplate(type: type, title: title, category: category, inputs: ins, outputs: outs) { id, at in
            let handles = ins.enumerated().map { NodeHandle(id: $1.handle, type: .target, position: .left, x: 0, y: 20 + 20 * Double($0)) }
                + outs.enumerated().map { NodeHandle(id: $1.handle, type: .source, position: .right, x: 120, y: 20 + 20 * Double($0)) }
            return Node(id: id, position: at, data: .object(JSONObject([("label", .string(title ?? type))])), type: type,
                        width: 120, height: 60, handles: handles)
        }
    }

    static var catalog: NodeCatalog<JSONValue> { NodeCatalog([
        template("CheckpointLoaderSimple", title: "Load Checkpoint", category: "loaders", outputs: ["MODEL", "CLIP", "VAE"]),
        template("KSampler", category: "sampling", inputs: ["MODEL", "CONDITIONING", "CONDITIONING", "LATENT"], outputs: ["LATENT"]),
        template("KSamplerAdvanced", category: "sampling", inputs: ["MODEL", "CONDITIONING", "CONDITIONING", "LATENT"], outputs: ["LATENT"]),
        template("SamplerCustom", category: "sampling/custom", inputs: ["MODEL", "LATENT"], outputs: ["LATENT"]),
        template("VAEDecode", category: "latent", inputs: ["LATENT", "VAE"], outputs: ["IMAGE"]),
        template("SaveImage", category: "image", inputs: ["IMAGE"]),
        template("PreviewImage", category: "image", inputs: ["IMAGE"]),
        template("Note", category: "utils"),
    ]) }

    /// Node "A" (a VAEDecode: output "out0", IMAGE, at (220, 120)) and node "S" (a SaveImage:
    /// input "in0" at (600, 120)); the catalogue set unless `catalog` is false.
    func harness(catalog: Bool = true) -> CanvasHarness {
        let a = Self.catalog.templates[4].make("A", Point(x: 100, y: 100)), s = Self.catalog.templates[5].make("S", Point(x: 600, y: 100))
        return CanvasHarness(nodes: [a, s]) { canvas in
            for t in Self.catalog.templates { canvas.nodeTypes[t.type] = canvas.nodeTypes["default"] }
            if catalog { canvas.nodeCatalog = Self.catalog }
        }
    }

    func titles(_ h: CanvasHarness) -> [String]? { h.canvas.popupListModel()?.labels }

    func testSearchRanksWholeThenStartThenWordStartThenInsideThenLettersInOrder() {
        let c = Self.catalog
        func search(_ q: String) -> [String] { c.search(q).map { c.templates[$0].title } }
        XCTAssertEqual(search("ksam"), ["KSampler", "KSamplerAdvanced"])
        XCTAssertEqual(search("sampler"), ["SamplerCustom", "KSampler", "KSamplerAdvanced"], "a title's start before inside it")
        XCTAssertEqual(search("advanced"), ["KSamplerAdvanced"], "a capital after a small letter starts a word")
        XCTAssertEqual(search("ksadv"), ["KSamplerAdvanced"], "letters in order")
        XCTAssertEqual(search("checkpoint"), ["Load Checkpoint"], "by its type")
        XCTAssertEqual(search("IMAGE"), ["SaveImage", "PreviewImage"], "the category 'image' whole; the shorter title first")
        XCTAssertEqual(search("vae dec"), ["VAEDecode"], "every word must match")
        XCTAssertEqual(search(""), c.templates.map(\.title))
        XCTAssertEqual(search("zzz"), [])
        XCTAssertEqual(c.search("", connectingFrom: .source, type: "LATENT").map { c.templates[$0].title },
                       ["KSampler", "KSamplerAdvanced", "SamplerCustom", "VAEDecode"])
        XCTAssertEqual(c.search("", connectingFrom: .target, type: "VAE").map { c.templates[$0].title }, ["Load Checkpoint"])
        XCTAssertEqual(c.search("", connectingFrom: .source, type: "*").count, 6, "'*' fits every template with an input")
    }

    func testSlotTypesMatchAnyStarAndCommaLists() {
        XCTAssertTrue(NodeSlot.accepts("IMAGE", "image"))
        XCTAssertTrue(NodeSlot.accepts("*", "LATENT"))
        XCTAssertTrue(NodeSlot.accepts("", "LATENT"))
        XCTAssertTrue(NodeSlot.accepts("INT,FLOAT", "FLOAT"))
        XCTAssertFalse(NodeSlot.accepts("IMAGE", "MASK"))
    }

    func testADoubleClickOnEmptyCanvasOpensTheBoxAtThePointerAndReturnAddsTheBestMatchThere() {
        let h = harness()
        h.play("dblclick 400 300")
        XCTAssertEqual(h.canvas.viewport.zoom, 1, "no zoom while a catalogue is set")
        XCTAssertEqual(h.canvas.popupLayout()?.frame.origin, Point(x: 400, y: 300))
        XCTAssertEqual(titles(h), Self.catalog.templates.map(\.title))
        XCTAssertEqual(h.canvas.textInputRect, Rect(x: 404, y: 304, width: 272, height: 24), "text input on, over the field")
        h.play("text ksam")
        XCTAssertEqual(titles(h), ["KSampler", "KSamplerAdvanced"])
        h.play("key Down\nkey Up\nkey Return")
        XCTAssertNil(h.canvas.controlState.popup)
        let added = try! XCTUnwrap(h.node("1"), "ids: one above the largest integer id (none: 1)")
        XCTAssertEqual(added.position, Point(x: 400, y: 300))
        XCTAssertEqual(added.type, "KSampler")
        XCTAssertEqual(added.data, .object(JSONObject([("label", .string("KSampler"))])))
        XCTAssertEqual(added.handles?.map(\.id), ["in0", "in1", "in2", "in3", "out0"])
        XCTAssertEqual(h.store.nodes.map(\.id), ["A", "S", "1"])
        h.play("key Z ctrl")
        XCTAssertEqual(h.store.nodes.map(\.id), ["A", "S"], "one undo step")
    }

    func testTypingEditsTheFieldAndAClickChoosesAClickOutsideCloses() {
        let h = harness()
        h.play("dblclick 300 250\ntext sampx\nkey Backspace")
        XCTAssertEqual(h.canvas.controlState.popup?.search?.field.text, "samp")
        XCTAssertEqual(titles(h), ["SamplerCustom", "KSampler", "KSamplerAdvanced"])
        h.play("key Space\ntext  ")
        XCTAssertEqual(h.canvas.controlState.popup?.search?.field.text, "samp ", "Space types (as text), it does not choose")
        h.play("key A ctrl\nkey Backspace\ntext image")
        XCTAssertEqual(titles(h), ["SaveImage", "PreviewImage"])
        // Rows start below the 30-point field, 22 high, inset 4.
        h.play("click 320 \(250 + 30 + 4 + 22 * 1.5)")
        XCTAssertEqual(h.node("1")?.type, "PreviewImage")
        XCTAssertEqual(h.node("1")?.position, Point(x: 300, y: 250))
        h.play("dblclick 500 400\nclick 100 500")
        XCTAssertNil(h.canvas.controlState.popup)
        h.play("dblclick 500 400\nkey Escape")
        XCTAssertNil(h.canvas.controlState.popup)
        XCTAssertEqual(h.store.nodes.count, 3, "closing adds nothing")
    }

    func testAConnectionDroppedOnEmptyCanvasListsWhatFitsAndConnectsTheChosenNode() {
        let h = harness()
        h.drag(from: Point(x: 220, y: 120), to: Point(x: 400, y: 350))
        XCTAssertEqual(h.connectEnds, [nil])
        XCTAssertEqual(titles(h), ["SaveImage", "PreviewImage"], "templates with an IMAGE input")
        h.play("text prev\nkey Return")
        XCTAssertEqual(h.node("1")?.position, Point(x: 400, y: 350))
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "1", sourceHandle: "out0", targetHandle: "in0")])
        XCTAssertEqual(h.store.edges.map { [$0.source, $0.target, $0.sourceHandle, $0.targetHandle] }, [["A", "1", "out0", "in0"]])
        h.play("key Z ctrl")
        XCTAssertEqual(h.store.nodes.map(\.id), ["A", "S"])
        XCTAssertEqual(h.store.edges.count, 0, "node and edge: one undo step")
    }

    func testAConnectionDroppedFromAnInputPlacesTheNewNodesOutputAtThePointer() {
        let h = harness()
        h.drag(from: Point(x: 600, y: 120), to: Point(x: 450, y: 400))
        XCTAssertEqual(titles(h), ["VAEDecode"], "templates with an IMAGE output")
        h.play("key Return")
        XCTAssertEqual(h.node("1")?.position, Point(x: 330, y: 400), "its right side at the pointer")
        XCTAssertEqual(h.connects, [Connection(source: "1", target: "S", sourceHandle: "out0", targetHandle: "in0")])
    }

    func testWithoutACatalogueADoubleClickZoomsAndADropOpensNothing() {
        let h = harness(catalog: false)
        h.drag(from: Point(x: 220, y: 120), to: Point(x: 400, y: 350))
        XCTAssertNil(h.canvas.controlState.popup)
        h.play("dblclick 400 300")
        XCTAssertNil(h.canvas.controlState.popup)
        XCTAssertEqual(h.canvas.viewport.zoom, 2)
    }

    /// The README's example, verbatim: a right click on empty canvas, Add node, "blur", Return.
    func testTheReadmeExampleAddsABlurNodeFromThePaneMenu() {
        let h = CanvasHarness(nodes: []) { canvas in
            canvas.nodeCatalog = NodeCatalog([
                NodeTemplate(type: "blur", title: "Gaussian blur", category: "filters",
                             inputs: [NodeSlot(handle: "in", name: "image", type: "IMAGE")],
                             outputs: [NodeSlot(handle: "out", name: "image", type: "IMAGE")]) { id, at in
                    Node(id: id, position: at, data: .object(JSONObject([("radius", .number(2))])), type: "blur")
                },
            ])
            canvas.onNodeContextMenu = { [unowned canvas] node in [MenuItem("Delete") { canvas.deleteElements(nodes: [node.id]) }] }
            canvas.onPaneContextMenu = { [unowned canvas] point in
                [MenuItem("Add node") { canvas.openNodeSearch(at: canvas.flowToScreenPosition(point)) }]
            }
        }
        h.play("click 200 150 right\nkey Return\ntext blur\nkey Return")
        XCTAssertEqual(h.store.nodes.map { "\($0.id) \($0.type) \($0.position)" }, ["1 blur \(Point(x: 200, y: 150))"])
        h.play("click 210 160 right\nkey Return")
        XCTAssertEqual(h.store.nodes.count, 0, "the node's menu deletes it")
    }

    func testANodesMenuStaysOpenWhileItsNodeIsNotLaidOutAndClosesWhenItIsRemoved() {
        let small = Node(id: "n", position: Point(x: 100, y: 100), data: JSONValue.null, width: 40, height: 20)
        let h = CanvasHarness(nodes: [small]) { canvas in
            canvas.onNodeContextMenu = { node in [MenuItem("About \(node.id)") {}] }
            canvas.viewport = Viewport(x: 0, y: 0, zoom: 0.2)
        }
        h.play("click 24 22 right")
        h.frame()
        h.frame()
        XCTAssertNotEqual(h.canvas.nodeCache.states[0].opsFrame, h.canvas.frameInput.number, "drawn from its solid picture")
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["About n"])
        h.store.nodes = []
        h.frame()
        XCTAssertNil(h.canvas.controlState.popup)
    }

    func testADropOnANodeOrOneThatConnectsOpensNothing() {
        let h = harness()
        h.drag(from: Point(x: 220, y: 120), to: Point(x: 150, y: 130))
        XCTAssertNil(h.canvas.controlState.popup, "released over a node's body")
        h.drag(from: Point(x: 220, y: 120), to: Point(x: 605, y: 125))
        XCTAssertNil(h.canvas.controlState.popup, "snapped to a handle")
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "S", sourceHandle: "out0", targetHandle: "in0")])
    }
}
