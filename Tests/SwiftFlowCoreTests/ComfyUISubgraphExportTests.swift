import Foundation
import XCTest
@testable import SwiftFlowCore

/// Subgraph canvases written back into their definitions (`ComfyUIExport.writeSubgraph`).
final class ComfyUISubgraphExportTests: XCTestCase {
    /// Every subgraph of the corpus, opened and written back unedited, leaves its workflow as it
    /// was: the per-graph encoding is the workflow's, and keeps what nobody changed.
    func testEveryCorpusSubgraphWrittenBackUneditedChangesNothing() throws {
        var subgraphs = 0, differing: [String] = []
        for path in try Corpus.files() {
            let doc = try FlowFile.load(path: path)
            let ids = ComfyUIImport.subgraphIds(of: doc)
            guard !ids.isEmpty else { continue }
            var written = doc
            for id in ids {
                let sub = try ComfyUIImport.subgraph(id: id, of: doc, file: FlowFile.fileName(path))
                XCTAssertEqual(try ComfyUIExport.writeSubgraph(id: id, graph: sub, into: &written), [])
                subgraphs += 1
            }
            if written.extra != doc.extra {
                let before = doc.extra["definitions"]?["subgraphs"]?.arrayValue ?? [], after = written.extra["definitions"]?["subgraphs"]?.arrayValue ?? []
                let changed = zip(before, after).enumerated().filter { $1.0 != $1.1 }.map { k, pair in
                    "subgraphs[\(k)]." + (pair.0.objectValue?.keys.filter { pair.0[$0] != pair.1[$0] }.joined(separator: ",") ?? "?")
                }
                differing.append(FlowFile.fileName(path) + ": " + changed.joined(separator: "; "))
            }
        }
        print("ComfyUI subgraphs written back unedited: \(subgraphs), files changed: \(differing.count)")
        XCTAssertEqual(subgraphs, 264)
        XCTAssertEqual(differing, [])
    }

    private let workflow = #"""
        {"last_node_id": 5, "last_link_id": 0,
         "nodes": [{"id": 5, "type": "sg-1", "pos": [0, 0], "size": [200, 60], "inputs": [], "outputs": []}], "links": [],
         "definitions": {"subgraphs": [{"id": "sg-1", "name": "S", "state": {"lastNodeId": 2, "lastLinkId": 4},
           "inputs": [{"id": "i0", "name": "x", "type": "INT", "linkIds": [4]}],
           "outputs": [{"id": "o0", "name": "y", "type": "INT", "linkIds": []}],
           "inputNode": {"id": -10, "bounding": [-200, 0, 120, 60]}, "outputNode": {"id": -20, "bounding": [500, 0, 120, 60]},
           "nodes": [{"id": 2, "type": "Add", "pos": [0, 0], "size": [200, 80], "mode": 0, "flags": {},
                      "inputs": [{"name": "a", "type": "INT", "link": 4}], "outputs": [{"name": "sum", "type": "INT", "links": []}]}],
           "links": [{"id": 4, "origin_id": -10, "origin_slot": 0, "target_id": 2, "target_slot": 0, "type": "INT"}],
           "extra": {"keep": true}}]},
         "version": 0.4}
        """#

    /// Edits inside a subgraph — a node moved, the input node moved, a link from the input node
    /// removed and one to the output node added, a node added — land in its definition: exact JSON.
    func testSubgraphEditsLandInTheDefinition() throws {
        var doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json")
        var sub = try ComfyUIImport.subgraph(id: "sg-1", of: doc, file: "wf.json")
        XCTAssertEqual(sub.nodes.map(\.id), ["2", "-10", "-20"])
        sub.nodes[0].position = sub.nodes[0].position + Point(x: 30, y: -10)
        sub.nodes[1].position = sub.nodes[1].position + Point(x: 5, y: 0)
        sub.edges = [Edge(id: "new", source: "2", target: "-20", sourceHandle: "out0", targetHandle: "in0",
                          data: .object(JSONObject([("type", .string("INT"))])))]
        sub.nodes.append(Node(id: "added", position: Point(x: 0, y: 200), data: .object(JSONObject([("comfyType", .string("Note"))])),
                              type: "comfyui", width: 200, height: 100, handles: []))
        try ComfyUIExport.writeSubgraph(id: "sg-1", graph: sub, into: &doc)
        let saved = ComfyUIExport.encode(doc).json
        let expected = try JSONParser.parse(Array(#"""
            {"last_node_id": 5, "last_link_id": 0,
             "nodes": [{"id": 5, "type": "sg-1", "pos": [0, 0], "size": [200, 60], "inputs": [], "outputs": []}], "links": [], "groups": [],
             "definitions": {"subgraphs": [{"id": "sg-1", "name": "S", "state": {"lastNodeId": 3, "lastLinkId": 5},
               "inputs": [{"id": "i0", "name": "x", "type": "INT", "linkIds": []}],
               "outputs": [{"id": "o0", "name": "y", "type": "INT", "linkIds": [5]}],
               "inputNode": {"id": -10, "bounding": [-195, 0, 120, 60]}, "outputNode": {"id": -20, "bounding": [500, 0, 120, 60]},
               "nodes": [{"id": 2, "type": "Add", "pos": [30, -10], "size": [200, 80], "mode": 0, "flags": {},
                          "inputs": [{"name": "a", "type": "INT", "link": null}], "outputs": [{"name": "sum", "type": "INT", "links": [5]}]},
                         {"id": 3, "type": "Note", "pos": [0, 230], "size": [200, 70], "flags": {}, "mode": 0, "inputs": [], "outputs": []}],
               "links": [{"id": 5, "origin_id": 2, "origin_slot": 0, "target_id": -20, "target_slot": 0, "type": "INT"}],
               "extra": {"keep": true}}]},
             "version": 0.4}
            """#.utf8))
        XCTAssertEqual(JSONWriter.string(saved, sortedKeys: true), JSONWriter.string(expected, sortedKeys: true))
        // And it opens again with the edits.
        let again = try ComfyUIImport.subgraph(id: "sg-1", of: try ComfyUIImport.decode(saved, file: "saved.json"), file: "saved.json")
        XCTAssertEqual(again.edges.map { "\($0.source).\($0.sourceHandle!) → \($0.target).\($0.targetHandle!)" }, ["2.out0 → -20.in0"])
        XCTAssertEqual(again.diagnostics, [])
    }

    func testAMissingDefinitionIsATypedError() throws {
        var doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json")
        XCTAssertThrowsError(try ComfyUIExport.writeSubgraph(id: "nope", graph: FlowDocument(), into: &doc, file: "wf.json")) {
            XCTAssertEqual($0 as? FlowFileError, .invalidValue(file: "wf.json", path: "definitions.subgraphs", expected: "a subgraph with id nope", found: "none"))
        }
    }
}
