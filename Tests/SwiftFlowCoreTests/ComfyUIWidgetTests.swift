import Foundation
import XCTest
@testable import SwiftFlowCore

/// ComfyUI widgets: object_info parsing, widget names and kinds from the file, object_info or
/// the values, linked widget inputs, and saving edited values back.
final class ComfyUIWidgetTests: XCTestCase {
    /// A small object_info file (KSampler, CLIPTextEncode, LoadImage) in ComfyUI's format.
    static let objectInfoPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/comfyui/object_info.json").path

    func info() throws -> ComfyUIObjectInfo { try ComfyUIObjectInfo.load(path: Self.objectInfoPath) }

    func testObjectInfoListsNodeTypesWithTheirInputsAndOutputs() throws {
        let info = try info()
        XCTAssertEqual(info.nodeTypes.map(\.name), ["KSampler", "CLIPTextEncode", "LoadImage"])
        let ks = try XCTUnwrap(info["KSampler"])
        XCTAssertEqual(ks.displayName, "KSampler")
        XCTAssertEqual(ks.category, "sampling")
        XCTAssertEqual(ks.description, "Denoises")
        XCTAssertEqual(ks.inputs.map(\.name), ["model", "seed", "steps", "cfg", "sampler_name", "scheduler", "positive", "negative", "latent_image", "denoise"])
        XCTAssertEqual(ks.inputs.map(\.type), ["MODEL", "INT", "INT", "FLOAT", "COMBO", "COMBO", "CONDITIONING", "CONDITIONING", "LATENT", "FLOAT"])
        XCTAssertEqual(ks.widgets.map(\.name), ["seed", "steps", "cfg", "sampler_name", "scheduler", "denoise"])
        XCTAssertEqual(ks.inputs[1].controlAfterGenerate, true)
        XCTAssertEqual(ks.inputs[1].max, 18446744073709551616)
        XCTAssertEqual(ks.inputs[3].step, 0.1)
        XCTAssertEqual(ks.inputs[4].options, ["euler", "euler_ancestral", "heun", "dpmpp_2m"])
        XCTAssertEqual(ks.inputs[5].options, ["normal", "karras", "sgm_uniform", "simple"])
        XCTAssertEqual(ks.outputs, [ComfyUIObjectInfo.Output(name: "LATENT", type: "LATENT", isList: false)])
        XCTAssertEqual(info["CLIPTextEncode"]?.inputs.first?.multiline, true)
        XCTAssertEqual(info["LoadImage"]?.inputs.first?.hasUpload, true)
        XCTAssertEqual(info["LoadImage"]?.outputs.map(\.name), ["IMAGE", "MASK"])
        XCTAssertNil(info["Nope"])
    }

    func testMalformedObjectInfoIsATypedError() {
        func error(_ text: String) -> String? {
            do { _ = try ComfyUIObjectInfo.decode(Array(text.utf8), file: "oi.json"); return nil } catch let e as FlowFileError { return e.description } catch { return "untyped \(error)" }
        }
        XCTAssertEqual(error("[1]"), "oi.json: document: expected an object, found array of 1")
        XCTAssertEqual(error(#"{"A": 3}"#), "oi.json: A: expected an object, found number 3")
        XCTAssertEqual(error(#"{"A": {"input": {"required": {"x": "INT"}}}}"#), "oi.json: A.input.required.x: expected an array, found string \"INT\"")
        XCTAssertEqual(error(#"{"A": {"input": {"required": {"x": []}}}}"#), "oi.json: A.input.required.x: expected [type, options], found array of 0")
        XCTAssertEqual(error(#"{"A": {"input": {"required": {"x": ["INT", {"min": "low"}]}}}}"#), "oi.json: A.input.required.x[1].min: expected a finite number, found string \"low\"")
        XCTAssertEqual(error(#"{"A": {"output": [1]}}"#), "oi.json: A.output[0]: expected a string, found number 1")
        XCTAssertNotNil(error(#"{"A": "#)?.hasPrefix("oi.json:1:"))
        XCTAssertNil(error(#"{"A": {}}"#))
    }

    private let workflow = #"""
        {"nodes": [
          {"id": 3, "type": "KSampler", "pos": [0, 0], "size": [315, 262], "mode": 0,
           "inputs": [{"name": "model", "type": "MODEL", "link": null}],
           "outputs": [{"name": "LATENT", "type": "LATENT", "links": []}],
           "widgets_values": [42, "randomize", 20, 8, "euler", "normal", 1],
           "widgets_values_named": {"seed": 42, "control_after_generate": "randomize", "steps": 20, "cfg": 8, "sampler_name": "euler", "scheduler": "normal", "denoise": 1}},
          {"id": 4, "type": "KSampler", "pos": [400, 0], "size": [315, 262],
           "inputs": [{"name": "model", "type": "MODEL", "link": null},
                      {"name": "seed", "type": "INT", "widget": {"name": "seed"}, "link": 9},
                      {"name": "steps", "type": "INT", "widget": {"name": "steps"}, "link": null},
                      {"name": "cfg", "type": "FLOAT", "widget": {"name": "cfg"}, "link": null},
                      {"name": "sampler_name", "type": "COMBO", "widget": {"name": "sampler_name"}, "link": null},
                      {"name": "scheduler", "type": "COMBO", "widget": {"name": "scheduler"}, "link": null},
                      {"name": "denoise", "type": "FLOAT", "widget": {"name": "denoise"}, "link": null}],
           "outputs": [], "widgets_values": [7, "fixed", 30, 6.5, "heun", "karras", 0.75]},
          {"id": 5, "type": "Mystery", "pos": [0, 400], "size": [200, 100],
           "widgets_values": [3, 0.5, true, "word", "two\nlines", null, [1]]},
          {"id": 6, "type": "Note", "pos": [0, 600], "size": [200, 100], "widgets_values": ["remember"]}],
         "links": [[9, 5, 0, 4, 1, "INT"]], "groups": [], "last_node_id": 6, "last_link_id": 9, "version": 0.4}
        """#

    func testWidgetsAreNamedAndTypedFromTheFileObjectInfoOrTheirValues() throws {
        let doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json", objectInfo: info())
        func widgets(_ id: String) -> [ComfyUIWidget] {
            (doc.nodes.first { $0.id == id }?.data["widgets"]?.arrayValue ?? []).compactMap(ComfyUIWidget.init(json:))
        }
        // Node 3: object_info names and types them; the seed takes its control.
        XCTAssertEqual(widgets("3"), [
            ComfyUIWidget(name: "seed", index: 0, kind: .int, min: 0, max: 18446744073709551616, control: 1),
            ComfyUIWidget(name: "steps", index: 2, kind: .int, min: 1, max: 10000),
            ComfyUIWidget(name: "cfg", index: 3, kind: .float, min: 0, max: 100, step: 0.1, round: 0.01),
            ComfyUIWidget(name: "sampler_name", index: 4, kind: .combo, options: ["euler", "euler_ancestral", "heun", "dpmpp_2m"]),
            ComfyUIWidget(name: "scheduler", index: 5, kind: .combo, options: ["normal", "karras", "sgm_uniform", "simple"]),
            ComfyUIWidget(name: "denoise", index: 6, kind: .float, min: 0, max: 1, step: 0.01),
        ])
        XCTAssertEqual(doc.nodes.first { $0.id == "3" }?.data["widgets_values"],
                       .array([.number(42), .string("randomize"), .number(20), .number(8), .string("euler"), .string("normal"), .number(1)]))
        // Node 4: the typed widget inputs name them; the linked seed is a slot, the others take no row.
        let four = try XCTUnwrap(doc.nodes.first { $0.id == "4" })
        XCTAssertEqual(widgets("4").map(\.name), ["seed", "steps", "cfg", "sampler_name", "scheduler", "denoise"])
        XCTAssertEqual(widgets("4").map(\.slot), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(widgets("4").map(\.linked), [true, false, false, false, false, false])
        XCTAssertEqual(widgets("4")[0].control, 1)
        XCTAssertEqual(four.data["inputs"]?.arrayValue?.map { $0["widget"] }, [nil, nil, .bool(true), .bool(true), .bool(true), .bool(true), .bool(true)])
        // Rows: model, seed (linked). Widgets from 30 + 4 + 2·20 + 2 = 76, 24 apart: steps at 76 (centre 86)…
        XCTAssertEqual(four.handles?.filter { $0.type == .target }.map(\.y), [44, 64, 86, 110, 134, 158, 182])
        // Node 5: no object_info entry, no typed inputs: named by index, kinds from the values.
        XCTAssertEqual(widgets("5").map(\.kind), [.int, .float, .boolean, .string, .string, .other, .other])
        XCTAssertEqual(widgets("5").map(\.name), ["0", "1", "2", "3", "4", "5", "6"])
        XCTAssertEqual(widgets("5").map(\.multiline), [false, false, false, false, true, false, false])
        // A note's text is a multi-line string.
        XCTAssertEqual(widgets("6"), [ComfyUIWidget(name: "0", index: 0, kind: .string, multiline: true)])
    }

    func testWithoutObjectInfoASeedNamedByTheFileStillTakesItsControl() throws {
        let doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json")
        let three = (doc.nodes.first { $0.id == "3" }?.data["widgets"]?.arrayValue ?? []).compactMap(ComfyUIWidget.init(json:))
        XCTAssertEqual(three.map(\.name), ["seed", "steps", "cfg", "sampler_name", "scheduler", "denoise"], "from widgets_values_named")
        XCTAssertEqual(three[0].control, 1)
        XCTAssertEqual(three.map(\.kind), [.int, .int, .int, .string, .string, .int])
    }

    func testEditedValuesAreSavedAndOnlyThey() throws {
        let original = try JSONParser.parse(Array(workflow.utf8))
        var doc = try ComfyUIImport.decode(original, file: "wf.json", objectInfo: info())
        let k = try XCTUnwrap(doc.nodes.firstIndex { $0.id == "3" })
        guard case .object(var data) = doc.nodes[k].data else { return XCTFail() }
        data["widgets_values"] = .array([.number(43), .string("fixed"), .number(25), .number(8), .string("heun"), .string("normal"), .number(1)])
        doc.nodes[k].data = .object(data)
        let saved = ComfyUIExport.encode(doc).json
        var expected = original.objectValue!
        var nodes = expected["nodes"]!.arrayValue!
        var node = nodes[0].objectValue!
        node["widgets_values"] = data["widgets_values"]
        node["widgets_values_named"] = .object(JSONObject([("seed", .number(43)), ("control_after_generate", .string("fixed")), ("steps", .number(25)),
                                                             ("cfg", .number(8)), ("sampler_name", .string("heun")), ("scheduler", .string("normal")),
                                                             ("denoise", .number(1))]))
        nodes[0] = .object(node)
        expected["nodes"] = .array(nodes)
        XCTAssertEqual(saved, .object(expected))
        XCTAssertEqual(JSONWriter.string(saved).contains(#""widgets_values":[43,"fixed",25,8,"heun","normal",1]"#), true, "integers stay integers")
    }

    /// Every corpus node's widgets account for each of its `widgets_values` entries exactly once
    /// (as a widget's value or a seed's control), with a kind that fits the value.
    func testEveryCorpusWidgetValueHasExactlyOneWidget() throws {
        var nodes = 0, values = 0, named = 0, controls = 0, linked = 0, problems: [String] = []
        var kinds: [ComfyUIWidget.Kind: Int] = [:]
        for path in try Corpus.files() {
            let doc = try FlowFile.load(path: path)
            var docs = [doc]
            for id in ComfyUIImport.subgraphIds(of: doc) { docs.append(try ComfyUIImport.subgraph(id: id, of: doc, file: "")) }
            for n in docs.flatMap(\.nodes) where n.type == ComfyUIImport.nodeType {
                let count = n.data["widgets_values"]?.arrayValue?.count ?? n.data["widgets_values"]?.objectValue?.members.count ?? 0
                let widgets = (n.data["widgets"]?.arrayValue ?? []).compactMap(ComfyUIWidget.init(json:))
                let used = (widgets.map(\.index) + widgets.compactMap(\.control)).sorted()
                if used != Array(0..<count) { problems.append("\(FlowFile.fileName(path)) node \(n.id): \(used) for \(count) values") }
                nodes += 1; values += count
                named += widgets.filter { Int($0.name) == nil }.count
                controls += widgets.filter { $0.control != nil }.count
                linked += widgets.filter(\.linked).count
                for w in widgets { kinds[w.kind, default: 0] += 1 }
            }
        }
        print("ComfyUI widgets: \(nodes) nodes, \(values) values, \(named) widgets named, \(controls) seed controls, \(linked) linked; kinds \(kinds.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" })")
        XCTAssertEqual(problems, [])
    }

    /// A node made from an object_info type gets its defaults and saves as a new LiteGraph node.
    func testANewNodeFromObjectInfoHasItsDefaultsAndSaves() throws {
        let ks = try XCTUnwrap(info()["KSampler"])
        let node = ComfyUIImport.node(of: ks, id: "60", at: Point(x: 10, y: 20))
        XCTAssertEqual(node.data["widgets_values"],
                       .array([.number(0), .string("randomize"), .number(20), .number(8), .string("euler"), .string("normal"), .number(1)]))
        XCTAssertEqual(node.data["label"], .string("KSampler"))
        XCTAssertEqual(node.handles?.map(\.id), ["in0", "in1", "in2", "in3", "out0"])
        XCTAssertEqual(node.data["inputs"]?.arrayValue?.map { $0["name"] }, ["model", "positive", "negative", "latent_image"].map(JSONValue.string))
        // 30 + 4 + 4 rows · 20 + 2 + 6 widgets · 24 + 6.
        XCTAssertEqual(node.height, 266)
        var doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json", objectInfo: info())
        doc.nodes.append(node)
        let saved = try XCTUnwrap(ComfyUIExport.encode(doc).json["nodes"]?.arrayValue?.last)
        XCTAssertEqual(saved["id"], .number(60))
        XCTAssertEqual(saved["type"], .string("KSampler"))
        XCTAssertEqual(saved["pos"], .array([.number(10), .number(50)]))
        XCTAssertEqual(saved["size"], .array([.number(300), .number(236)]))
        XCTAssertEqual(saved["widgets_values"], node.data["widgets_values"])
        XCTAssertEqual(saved["inputs"]?.arrayValue?.first, .object(JSONObject([("name", .string("model")), ("type", .string("MODEL")), ("link", .null)])))
    }

    func testClampingKeepsNumbersInBoundsAndOnTheStepGrid() {
        let cfg = ComfyUIWidget(name: "cfg", index: 0, kind: .float, min: 0, max: 100, step: 0.1)
        XCTAssertEqual(cfg.clamped(0.30000000000000004), 0.3)
        XCTAssertEqual(cfg.clamped(7.46), 7.5)
        var rounded = cfg
        rounded.round = 0.01
        XCTAssertEqual(rounded.clamped(7.4649999), 7.46, "round, when given, is a FLOAT's grid")
        XCTAssertEqual(cfg.clamped(-3), 0)
        XCTAssertEqual(cfg.clamped(1000), 100)
        let width = ComfyUIWidget(name: "width", index: 0, kind: .int, min: 16, max: 4096, step: 8)
        XCTAssertEqual(width.clamped(1027), 1024)
        XCTAssertEqual(ComfyUIWidget.decimals(of: 0.01), 2)
        XCTAssertEqual(ComfyUIWidget.decimals(of: 0.5), 1)
        XCTAssertEqual(ComfyUIWidget.decimals(of: 8), 0)
    }
}
