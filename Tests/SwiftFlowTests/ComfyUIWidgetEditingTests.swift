@testable import SwiftFlow
import Foundation
import SwiftFlowCore
import XCTest

/// ComfyUI widgets as controls, driven by scripted input through the frame loop: edits land in
/// `data.widgets_values` and `ComfyUIExport` saves exactly those entries.
final class ComfyUIWidgetEditingTests: XCTestCase {
    static let file = "sd3.5_simple_example.json"

    /// The workflow's KSampler (node 3) and positive prompt (node 16) on a 1000x700 canvas at zoom 1,
    /// the prompt at screen x 84…516, the KSampler at 564…879.
    private func harness(_ doc: FlowDocument) -> CanvasHarness {
        CanvasHarness(nodes: doc.nodes, edges: doc.edges, size: Size(width: 1000, height: 700)) { canvas in
            ComfyUINodeTypes.register(on: canvas)
            canvas.viewport = Viewport(x: -300, y: 0, zoom: 1)
        }
    }

    func testEditingSeedStepsSamplerAndPromptSavesExactlyThoseValues() throws {
        let path = corpusDirectory + "/" + Self.file
        guard let bytes = FileManager.default.contents(atPath: path) else { throw XCTSkip("corpus not found at \(path)") }
        let original = try JSONParser.parse(Array(bytes))
        let info = try ComfyUIObjectInfo.load(path: objectInfoFixture)
        let doc = try ComfyUIImport.decode(original, file: Self.file, objectInfo: info)
        let h = harness(doc)
        XCTAssertEqual(h.controls(of: "3").map(\.spec.text), ["585483408983215", "randomize", "20", "4.01", "euler", "sgm_uniform", "1.00"])
        XCTAssertEqual(h.controls(of: "16").count, 1, "the prompt: one multi-line editor")

        // Type a new seed.
        h.click(h.canvas.screenRect(of: h.controls(of: "3")[0]).center)
        h.frame([.text("12345")])
        h.key("Return")
        // Drag the steps field 7 points to the right: 1 per point.
        let steps = h.canvas.screenRect(of: h.controls(of: "3")[2]).center
        h.frame([.pointerDown(steps, button: .primary, modifiers: [], clickCount: 1)])
        h.frame([.pointerMove(Point(x: steps.x + 7, y: steps.y), modifiers: [])])
        h.frame([.pointerUp(Point(x: steps.x + 7, y: steps.y), button: .primary, modifiers: [])])
        // Pick the third sampler of object_info's list.
        h.click(h.canvas.screenRect(of: h.controls(of: "3")[4]).center)
        h.key("Down"); h.key("Down"); h.key("Return")
        // Replace the positive prompt.
        h.click(h.canvas.screenRect(of: h.controls(of: "16")[0]).center)
        h.key("A", .ctrl)
        h.frame([.text("a red fox in the snow")])
        h.key("Escape")
        h.frame()
        XCTAssertEqual(h.diagnostics, [])

        var edited = doc
        edited.nodes = h.store.nodes
        edited.edges = h.store.edges
        let (saved, warnings) = ComfyUIExport.encode(edited)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(differences(original, saved), ["nodes[5].widgets_values[0]", "nodes[6].widgets_values[0]",
                                                      "nodes[6].widgets_values[2]", "nodes[6].widgets_values[4]"])
        XCTAssertEqual(saved["nodes"]?.arrayValue?[6]["widgets_values"],
                       .array([.number(12345), .string("randomize"), .number(27), .number(4.01), .string("heun"), .string("sgm_uniform"), .number(1)]))
        XCTAssertEqual(saved["nodes"]?.arrayValue?[5]["widgets_values"], .array([.string("a red fox in the snow")]))
        XCTAssertTrue(JSONWriter.string(saved).contains(#""widgets_values":[12345,"randomize",27,4.01,"heun","sgm_uniform",1]"#))

        // The saved file loads again with the new values shown.
        let again = harness(try ComfyUIImport.decode(saved, file: "saved.json", objectInfo: info))
        XCTAssertEqual(again.controls(of: "3").map(\.spec.text), ["12345", "randomize", "27", "4.01", "heun", "sgm_uniform", "1.00"])
        XCTAssertEqual(again.controls(of: "16").map(\.spec.text), ["a red fox in the snow"])
    }

    /// Ctrl+Z undoes a widget edit, and the workflow then saves back identical to the file.
    func testUndoingAWidgetEditSavesTheFileBackUnchanged() throws {
        let path = corpusDirectory + "/" + Self.file
        guard let bytes = FileManager.default.contents(atPath: path) else { throw XCTSkip("corpus not found at \(path)") }
        let original = try JSONParser.parse(Array(bytes))
        let doc = try ComfyUIImport.decode(original, file: Self.file, objectInfo: ComfyUIObjectInfo.load(path: objectInfoFixture))
        let h = harness(doc)
        h.click(h.canvas.screenRect(of: h.controls(of: "3")[2]).center)
        h.frame([.text("99")])
        h.key("Return")
        XCTAssertEqual(h.node("3")?.data["widgets_values"]?.arrayValue?[2], .number(99))
        h.key("Z", .ctrl)
        h.frame()
        XCTAssertEqual(h.node("3")?.data["widgets_values"]?.arrayValue?[2], .number(20))
        var edited = doc
        edited.nodes = h.store.nodes
        XCTAssertEqual(differences(original, ComfyUIExport.encode(edited).json), [])
    }

    /// A widget input driven by a link is a slot row with no control; the unlinked ones are
    /// controls with their handles on their rows.
    func testALinkedWidgetInputIsASlotNotAControl() throws {
        let doc = try ComfyUIImport.decode(Array(#"""
            {"nodes": [
              {"id": 4, "type": "KSampler", "pos": [100, 100], "size": [315, 262],
               "inputs": [{"name": "model", "type": "MODEL", "link": null},
                          {"name": "seed", "type": "INT", "widget": {"name": "seed"}, "link": 9},
                          {"name": "steps", "type": "INT", "widget": {"name": "steps"}, "link": null},
                          {"name": "cfg", "type": "FLOAT", "widget": {"name": "cfg"}, "link": null},
                          {"name": "sampler_name", "type": "COMBO", "widget": {"name": "sampler_name"}, "link": null},
                          {"name": "scheduler", "type": "COMBO", "widget": {"name": "scheduler"}, "link": null},
                          {"name": "denoise", "type": "FLOAT", "widget": {"name": "denoise"}, "link": null}],
               "outputs": [], "widgets_values": [7, "fixed", 30, 6.5, "heun", "karras", 0.75]},
              {"id": 5, "type": "PrimitiveInt", "pos": [-200, 100], "size": [200, 60],
               "outputs": [{"name": "INT", "type": "INT", "links": [9]}], "widgets_values": [7]}],
             "links": [[9, 5, 0, 4, 1, "INT"]]}
            """#.utf8), file: "wf.json", objectInfo: ComfyUIObjectInfo.load(path: objectInfoFixture))
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { canvas in
            ComfyUINodeTypes.register(on: canvas)
            canvas.viewport = Viewport(x: 250, y: 0, zoom: 1)
        }
        // No seed field and no seed control: steps, cfg, the sampler and scheduler pickers, denoise.
        XCTAssertEqual(h.controls(of: "4").map(\.spec.text), ["30", "6.50", "heun", "karras", "0.75"])
        let rows = h.controls(of: "4").map { h.canvas.screenRect(of: $0) }
        let node = try XCTUnwrap(h.node("4"))
        let handles = try XCTUnwrap(node.handles)
        // The seed's handle is the second slot row; the others are level with their controls.
        XCTAssertEqual(handles[1].y, 64)
        XCTAssertEqual(handles[2...].map { node.position.y + $0.y! }, rows.map(\.center.y))
        XCTAssertEqual(h.diagnostics, [])
    }

    /// A combo whose choices are numbers picks them back as numbers; a combo whose choices are
    /// unknown is a text field that takes a typed value.
    func testNumberCombosPickNumbersAndUnknownCombosTakeTypedText() throws {
        let info = try ComfyUIObjectInfo.decode(Array(#"{"Size": {"input": {"required": {"size": [[512, 768, 1024], {}], "model": ["COMBO", {}]}}}}"#.utf8), file: "oi.json")
        let doc = try ComfyUIImport.decode(Array(#"""
            {"nodes": [{"id": 1, "type": "Size", "pos": [100, 100], "size": [300, 80], "widgets_values": [768, "a.safetensors"]}], "links": []}
            """#.utf8), file: "wf.json", objectInfo: info)
        let h = CanvasHarness(nodes: doc.nodes) { canvas in ComfyUINodeTypes.register(on: canvas) }
        XCTAssertEqual(h.controls(of: "1").map(\.spec.text), ["768", "a.safetensors"])
        h.click(h.canvas.screenRect(of: h.controls(of: "1")[0]).center)
        h.key("Down"); h.key("Return")
        h.click(h.canvas.screenRect(of: h.controls(of: "1")[1]).center)
        h.key("A", .ctrl)
        h.frame([.text("b.safetensors")])
        h.key("Return")
        h.frame()
        XCTAssertEqual(h.node("1")?.data["widgets_values"], .array([.number(1024), .string("b.safetensors")]))
    }

    /// A combo value its choices lack (a file another installation has) shows as it is, first
    /// in the list, and the next choice is one Down away.
    func testAComboValueNotAmongItsChoicesIsShownAndKept() throws {
        let info = try ComfyUIObjectInfo.decode(Array(#"{"Pick": {"input": {"required": {"sampler": [["euler", "heun"], {}]}}}}"#.utf8), file: "oi.json")
        let doc = try ComfyUIImport.decode(Array(#"""
            {"nodes": [{"id": 1, "type": "Pick", "pos": [100, 100], "size": [300, 60], "widgets_values": ["lms"]}], "links": []}
            """#.utf8), file: "wf.json", objectInfo: info)
        let h = CanvasHarness(nodes: doc.nodes) { canvas in ComfyUINodeTypes.register(on: canvas) }
        XCTAssertEqual(h.controls(of: "1").map(\.spec.text), ["lms"])
        h.click(h.canvas.screenRect(of: h.controls(of: "1")[0]).center)
        XCTAssertEqual(h.canvas.popupListModel()?.labels, ["lms", "euler", "heun"])
        h.key("Down"); h.key("Return")
        h.frame()
        XCTAssertEqual(h.node("1")?.data["widgets_values"], .array([.string("euler")]))
    }

    /// The JSON paths at which `b` differs from `a` (members compared by key, arrays by index).
    private func differences(_ a: JSONValue, _ b: JSONValue, _ path: String = "") -> [String] {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let keys = x.keys + y.keys.filter { x[$0] == nil }
            return keys.flatMap { k in differences(x[k] ?? .null, y[k] ?? .null, path.isEmpty ? k : path + "." + k) }
        case (.array(let x), .array(let y)) where x.count == y.count:
            return x.indices.flatMap { differences(x[$0], y[$0], path + "[\($0)]") }
        default:
            return a == b ? [] : [path]
        }
    }
}
