@testable import SwiftFlow
import Foundation
import SwiftFlowCore
import XCTest

/// Defects found by driving ComfyUI widgets and menus as a demanding user would: each test plays
/// scripted input through the frame loop and checks the node data and controls left behind.
final class ComfyUIWidgetHuntTests: XCTestCase {
    /// A new KSampler (object_info's defaults) at (100, 100) on an 800x600 canvas at zoom 1.
    private func newKSampler() throws -> CanvasHarness {
        let info = try ComfyUIObjectInfo.load(path: objectInfoFixture)
        let ks = try XCTUnwrap(info["KSampler"])
        let node = ComfyUIImport.node(of: ks, id: "7", at: Point(x: 100, y: 100))
        return CanvasHarness(nodes: [node]) { canvas in ComfyUINodeTypes.register(on: canvas) }
    }

    /// A seed typed beyond what the number field shows (ComfyUI's seed maximum is 2^64 − 1) is
    /// kept within 9·10^15 − 1 and the field stays a field; it used to take 9·10^15, which the
    /// row shows as uneditable text. A negative one goes to the seed's minimum, 0.
    func testASeedTypedBeyondTheFieldsRangeStaysAField() throws {
        let h = try newKSampler()
        XCTAssertEqual(h.controls(of: "7").map(\.spec.text), ["0", "randomize", "20", "8.00", "euler", "normal", "1.00"])
        for (typed, kept) in [("12345678901234567", 8_999_999_999_999_999.0), ("-9000000000000000", 0), ("9000000000000000", 8_999_999_999_999_999)] {
            h.click(h.canvas.screenRect(of: h.controls(of: "7")[0]).center)
            h.key("A", .ctrl)
            h.frame([.text(typed)])
            h.key("Return")
            h.frame()
            XCTAssertEqual(h.node("7")?.data["widgets_values"]?.arrayValue?[0], .number(kept), typed)
            XCTAssertEqual(h.controls(of: "7").map(\.spec.text), [String(Int(kept)), "randomize", "20", "8.00", "euler", "normal", "1.00"], typed)
        }
    }

    /// A FLOAT widget without bounds (no object_info) typed a huge number keeps it within
    /// 9·10^15 − 1 and stays a field (it used to take 1e300 and turn into text).
    func testAnUnboundedFloatTypedAHugeNumberStaysAField() throws {
        let doc = try ComfyUIImport.decode(Array(#"""
            {"nodes": [{"id": 1, "type": "Scale", "pos": [100, 100], "size": [300, 80], "widgets_values": [7.5]}], "links": []}
            """#.utf8), file: "wf.json")
        let h = CanvasHarness(nodes: doc.nodes) { canvas in ComfyUINodeTypes.register(on: canvas) }
        XCTAssertEqual(h.controls(of: "1").map(\.spec.text), ["7.5"])
        h.click(h.canvas.screenRect(of: h.controls(of: "1")[0]).center)
        h.key("A", .ctrl)
        h.frame([.text("-1e300")])
        h.key("Return")
        h.frame()
        XCTAssertEqual(h.node("1")?.data["widgets_values"], .array([.number(-8_999_999_999_999_999)]))
        XCTAssertEqual(h.controls(of: "1").map(\.spec.text), ["-9e+15"])
    }

    /// A new node (from the catalogue) collapsed and expanded again from its menu gets back its
    /// size, widget rows included; it used to come back 200 wide and only as tall as its slots,
    /// its widget rows gone.
    func testCollapsingAndExpandingANewNodeKeepsItsWidgetRows() throws {
        let h = try newKSampler()
        let before = try XCTUnwrap(h.node("7"))
        let texts = h.controls(of: "7").map(\.spec.text)
        XCTAssertEqual(texts.count, 7)
        for _ in 0..<2 {
            let node = try XCTUnwrap(h.node("7"))
            let items = ComfyUIMenus.nodeItems(node, on: h.canvas)
            items[0].action()
            h.frame()
        }
        let after = try XCTUnwrap(h.node("7"))
        XCTAssertEqual(after.data["collapsed"], .bool(false))
        XCTAssertEqual(after.fixedSize, before.fixedSize)
        XCTAssertEqual(after.handles, before.handles)
        XCTAssertEqual(h.controls(of: "7").map(\.spec.text), texts)
    }

    /// A loaded node resized, then collapsed and expanded, comes back at its new size (it used to
    /// take its file's size again, and the save lost the resize).
    func testCollapsingAndExpandingAResizedLoadedNodeKeepsItsNewSize() throws {
        let path = corpusDirectory + "/sd3.5_simple_example.json"
        guard let bytes = FileManager.default.contents(atPath: path) else { throw XCTSkip("corpus not found at \(path)") }
        let doc = try ComfyUIImport.decode(try JSONParser.parse(Array(bytes)), file: "sd3.5_simple_example.json")
        let h = CanvasHarness(nodes: doc.nodes, edges: doc.edges) { canvas in ComfyUINodeTypes.register(on: canvas) }
        h.canvas.updateNode("3") { $0.width = 400; $0.height = 300 }
        h.frame()
        for _ in 0..<2 {
            ComfyUIMenus.nodeItems(try XCTUnwrap(h.node("3")), on: h.canvas)[0].action()
            h.frame()
        }
        XCTAssertEqual(h.node("3")?.fixedSize, Size(width: 400, height: 300))
        XCTAssertNil(h.node("3")?.data["expandedSize"])
        var edited = doc
        edited.nodes = h.store.nodes
        let saved = ComfyUIExport.encode(edited).json["nodes"]?.arrayValue?.first { $0["id"] == .number(3) }
        XCTAssertEqual(saved?["size"], .array([.number(400), .number(300 - ComfyUIImport.titleHeight)]))
    }

    /// A new node saved while collapsed is written with its expanded LiteGraph `size` and
    /// `flags.collapsed` (it used to be written with its collapsed frame's size, so ComfyUI
    /// expanded it to a sliver).
    func testANewNodeSavedCollapsedKeepsItsExpandedSize() throws {
        let h = try newKSampler()
        ComfyUIMenus.nodeItems(try XCTUnwrap(h.node("7")), on: h.canvas)[0].action()
        h.frame()
        let saved = ComfyUIExport.encode(FlowDocument(nodes: h.store.nodes, edges: [])).json["nodes"]?.arrayValue?.first
        XCTAssertEqual(saved?["size"], .array([.number(300), .number(266 - ComfyUIImport.titleHeight)]))
        XCTAssertEqual(saved?["flags"], .object(JSONObject([("collapsed", .bool(true))])))
        XCTAssertEqual(saved?["pos"], .array([.number(100), .number(100 + ComfyUIImport.titleHeight)]))
    }
}
