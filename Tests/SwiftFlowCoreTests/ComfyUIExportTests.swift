import Foundation
import XCTest
@testable import SwiftFlowCore

/// Saving loaded ComfyUI workflows back to ComfyUI's format, and subgraph canvases.
final class ComfyUIExportTests: XCTestCase {

    /// Every corpus workflow saves back unchanged (same members and values; keys compared sorted),
    /// but for the broken slot references of three files (an output naming link 5, which the
    /// workflow does not have), which are let go.
    func testEveryCorpusFileSavesBackUnchanged() throws {
        var differing: [String] = []
        let files = try Corpus.files()
        for path in files {
            let original = try JSONParser.parse(Array(FileManager.default.contents(atPath: path)!))
            let doc = try ComfyUIImport.decode(original, file: FlowFile.fileName(path))
            let (saved, warnings) = ComfyUIExport.encode(doc)
            XCTAssertEqual(warnings, [])
            if JSONWriter.string(saved, sortedKeys: true) != JSONWriter.string(original, sortedKeys: true) {
                let diff = missingMembers(original, in: saved) + missingMembers(saved, in: original).map { "added " + $0 }
                differing.append(FlowFile.fileName(path) + ": " + diff.prefix(3).joined(separator: "; "))
            }
        }
        let broken = ["api_openrouter_gpt5_6_luna.json", "api_openrouter_gpt5_6_sol.json", "api_openrouter_gpt5_6_terra.json"]
        XCTAssertEqual(differing, broken.map { $0 + ": .nodes[2].outputs[0].links: [5,21,23] became [21,23]; added .nodes[2].outputs[0].links: [21,23] became [5,21,23]" })
        XCTAssertGreaterThan(files.count, 500)
    }

    /// Every subgraph definition of the corpus opens as a canvas whose links all reach their slots,
    /// including those from the input node (-10) and to the output node (-20); the only exceptions
    /// are links the file itself breaks (to nodes it does not have), each with a load warning.
    func testEveryCorpusSubgraphOpensWithItsLinksOnRealSlots() throws {
        var canvases = 0, links = 0, broken = 0, problems: [String] = []
        for path in try Corpus.files() {
            let doc = try FlowFile.load(path: path)
            for id in ComfyUIImport.subgraphIds(of: doc) {
                let sub = try ComfyUIImport.subgraph(id: id, of: doc, file: FlowFile.fileName(path))
                canvases += 1
                let nodes = Dictionary(sub.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                for e in sub.edges {
                    guard nodes[e.source]?.handles?.contains(where: { $0.id == e.sourceHandle }) == true,
                          nodes[e.target]?.handles?.contains(where: { $0.id == e.targetHandle }) == true else {
                        if sub.diagnostics.contains(where: { $0.description.contains("link \(e.id): ") }) { broken += 1; continue }
                        problems.append("\(FlowFile.fileName(path)) \(id): link \(e.id) \(e.source).\(e.sourceHandle ?? "") → \(e.target).\(e.targetHandle ?? "")")
                        continue
                    }
                    links += 1
                }
            }
        }
        print("ComfyUI subgraphs: \(canvases) canvases, \(links) links on their slots, \(broken) broken by the file (warned)")
        XCTAssertEqual(canvases, 264)
        XCTAssertEqual(links, 8064)
        XCTAssertEqual(broken, 12)
        XCTAssertEqual(problems, [])
    }

    private let workflow = #"""
        {"last_node_id": 3, "last_link_id": 7, "nodes": [
          {"id": 1, "type": "A", "pos": [0, 100], "size": [200, 50], "flags": {}, "order": 0, "mode": 0,
           "inputs": [], "outputs": [{"name": "o", "type": "LATENT", "links": [7]}], "properties": {"x": 1}},
          {"id": 2, "type": "B", "pos": [400, 100], "size": [200, 80], "flags": {}, "order": 1, "mode": 0,
           "inputs": [{"name": "i", "type": "LATENT", "link": 7}, {"name": "j", "type": "LATENT", "link": null}], "outputs": []},
          {"id": 3, "type": "C", "pos": [2000, 2000], "size": [100, 50], "inputs": [], "outputs": []}],
         "links": [[7, 1, 0, 2, 0, "LATENT"]],
         "groups": [{"title": "G", "bounding": [-20, 0, 700, 300], "color": "#3f789e", "font_size": 24, "flags": {}}],
         "config": {}, "extra": {"ds": {"scale": 1, "offset": [0, 0]}, "frontendVersion": "1.2"}, "version": 0.4}
        """#

    func testMovingAGroupMovesItsMembersInTheSavedWorkflow() throws {
        var doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json")
        XCTAssertEqual(doc.nodes.map(\.id), ["group-0", "1", "2", "3"])
        XCTAssertEqual(doc.nodes.map(\.parentId), [nil, "group-0", "group-0", nil])
        doc.nodes[0].position = doc.nodes[0].position + Point(x: 50, y: -10)   // drag the group
        let saved = ComfyUIExport.encode(doc).json
        func pos(_ x: Double, _ y: Double) -> JSONValue? { .array([.number(x), .number(y)]) }
        XCTAssertEqual(saved["nodes"]?.arrayValue?.map { $0["pos"] }, [pos(50, 90), pos(450, 90), pos(2000, 2000)],
                       "the group's members move with it; node 3 is outside the group")
        XCTAssertEqual(saved["groups"]?.arrayValue?.first?["bounding"], .array([.number(30), .number(-10), .number(700), .number(300)]))
        XCTAssertEqual(saved["groups"]?.arrayValue?.first?["font_size"], .number(24), "fields the importer did not use are kept")
        XCTAssertEqual(saved["nodes"]?.arrayValue?.first?["properties"], .object(JSONObject([("x", .number(1))])))
        XCTAssertEqual(saved["extra"]?["frontendVersion"], .string("1.2"))
    }

    func testEditedLinksUpdateTheSlotsAndGetNewIds() throws {
        var doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json")
        // Delete link 7; connect 1.out0 → 2.in1 (an app-made id); resize node 3; mute node 2; collapse node 1.
        doc.edges = [Edge(id: "xy-edge__1out0-2in1", source: "1", target: "2", sourceHandle: "out0", targetHandle: "in1",
                          data: .object(JSONObject([("type", .string("LATENT"))])))]
        doc.nodes[3].width = 150; doc.nodes[3].height = 100
        doc.nodes[2].data = doc.nodes[2].data.setting("mode", .number(2))
        doc.nodes[1].data = doc.nodes[1].data.setting("collapsed", .bool(true))
        doc.viewport = Viewport(x: 10, y: 20, zoom: 2)
        let saved = ComfyUIExport.encode(doc).json
        XCTAssertEqual(saved["links"], .array([.array([.number(8), .number(1), .number(0), .number(2), .number(1), .string("LATENT")])]))
        XCTAssertEqual(saved["last_link_id"], .number(8))
        let nodes = try XCTUnwrap(saved["nodes"]?.arrayValue)
        XCTAssertEqual(nodes[0]["outputs"]?.arrayValue?[0]["links"], .array([.number(8)]))
        XCTAssertEqual(nodes[1]["inputs"]?.arrayValue?.map { $0["link"] }, [.null, .number(8)])
        XCTAssertEqual(nodes[1]["mode"], .number(2))
        XCTAssertEqual(nodes[0]["flags"], .object(JSONObject([("collapsed", .bool(true))])))
        XCTAssertEqual(nodes[2]["size"], .array([.number(150), .number(70)]))
        XCTAssertEqual(saved["extra"]?["ds"], .object(JSONObject([("scale", .number(2)), ("offset", .array([.number(5), .number(10)]))])))
        // And it loads again, with the new link on its slots.
        let again = try ComfyUIImport.decode(saved, file: "saved.json")
        XCTAssertEqual(again.edges.map(\.targetHandle), ["in1"])
        XCTAssertEqual(again.diagnostics, [])
    }
}

private extension JSONValue {
    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var o) = self else { return self }
        o[key] = value
        return .object(o)
    }
}

/// Coordinates beyond ±1e15 flow units are typed errors (a node at 1e308 would draw as infinite
/// vertices once the view fits it).
final class CoordinateRangeTests: XCTestCase {
    func testHugeCoordinatesAreTypedErrors() {
        func error(_ text: String) -> String? {
            do { _ = try FlowFile.decode(Array(text.utf8), file: "g.json"); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"nodes":[{"id":"A","position":{"x":1e308,"y":0}}]}"#),
                       "g.json: nodes[0].position.x: expected a number within ±1e15, found number 1e+308")
        XCTAssertEqual(error(#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"width":-2e15,"height":1}]}"#),
                       "g.json: nodes[0].width: expected a number within ±1e15, found number -2000000000000000")
        XCTAssertEqual(error(#"{"nodes":[],"viewport":{"x":0,"y":1e300,"zoom":1}}"#),
                       "g.json: viewport.y: expected a number within ±1e15, found number 1e+300")
        XCTAssertEqual(error(#"{"nodes":[{"id":1,"pos":[0,0],"size":[1e308,10]}],"links":[]}"#),
                       "g.json: nodes[0].size[0]: expected a number within ±1e15, found number 1e+308")
        XCTAssertNil(error(#"{"nodes":[{"id":"A","position":{"x":1e15,"y":-1e15}}]}"#))
    }
}

extension CoordinateRangeTests {
    /// Found by the file fuzz test: `extra.ds` with scale 1e308 gave an infinite viewport, saved as null.
    func testOverflowingSavedViewportIsDroppedWithAWarning() throws {
        let doc = try FlowFile.decode(Array(#"{"nodes":[],"links":[],"extra":{"ds":{"scale":1e308,"offset":[10,0]}}}"#.utf8), file: "wf.json")
        XCTAssertNil(doc.viewport)
        XCTAssertEqual(doc.diagnostics.map(\.description), ["wf.json: extra.ds: offset × scale is beyond ±1e15; the view is fitted instead"])
    }
}
