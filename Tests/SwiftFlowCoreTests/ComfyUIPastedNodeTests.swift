import XCTest
@testable import SwiftFlowCore

/// A node of a workflow copied under another id (pasted, duplicated: it keeps the original's
/// object in `data.comfyui`) and a new node whose id is not an integer are saved with ids of
/// their own, which their links name, and a copy's slots hold its own links only: the workflow
/// loads back with every node and link.
final class ComfyUIPastedNodeTests: XCTestCase {
    private let workflow = #"""
        {"last_node_id": 9, "last_link_id": 4,
         "nodes": [{"id": 5, "type": "VAEDecode", "pos": [0, 0], "size": [200, 46], "flags": {},
                    "inputs": [{"name": "samples", "type": "LATENT", "link": null}],
                    "outputs": [{"name": "IMAGE", "type": "IMAGE", "links": [3]}]},
                   {"id": 7, "type": "SaveImage", "pos": [300, 0], "size": [200, 46], "flags": {},
                    "inputs": [{"name": "images", "type": "IMAGE", "link": 3}], "outputs": []}],
         "links": [[3, 5, 0, 7, 0, "IMAGE"]], "groups": []}
        """#

    func testACopiedNodeAndANewNodeGetIdsOfTheirOwnThatTheirLinksName() throws {
        var doc = try ComfyUIImport.decode(Array(workflow.utf8), file: "wf.json")
        var copy = doc.nodes[0]
        copy.id = "5-1"
        copy.position.y += 200
        var numbered = doc.nodes[1]
        numbered.id = "12"
        numbered.position.y += 200
        let added = ComfyUIImport.slotNode(id: "new-node", frame: Rect(x: 600, y: 0, width: 200, height: 80), inputs: [("images", "IMAGE")],
                                           outputs: [], collapsed: false, data: JSONObject([("comfyType", .string("PreviewImage"))]))
        doc.nodes += [copy, numbered, added]
        doc.edges += [testEdge("a", "5-1", "12"), testEdge("c", "5", "new-node")]
        let (json, warnings) = ComfyUIExport.encode(doc)
        XCTAssertEqual(warnings, [])
        let nodes = try XCTUnwrap(json["nodes"]?.arrayValue)
        XCTAssertEqual(nodes.map { $0["id"] }, [.number(5), .number(7), .number(13), .number(12), .number(14)])
        XCTAssertEqual(json["last_node_id"], .number(14), "above the 12 in use")
        XCTAssertEqual(json["links"], .array([
            .array([.number(3), .number(5), .number(0), .number(7), .number(0), .string("IMAGE")]),
            .array([.number(5), .number(13), .number(0), .number(12), .number(0), .string("IMAGE")]),
            .array([.number(6), .number(5), .number(0), .number(14), .number(0), .string("IMAGE")]),
        ]))
        XCTAssertEqual(nodes[0]["outputs"]?.arrayValue?.first?["links"], .array([.number(3), .number(6)]))
        XCTAssertEqual(nodes[2]["outputs"]?.arrayValue?.first?["links"], .array([.number(5)]), "the copy's own link, not the original's")
        XCTAssertEqual(nodes[3]["inputs"]?.arrayValue?.first?["link"], .number(5), "the copy's own link, not the original's")
        let again = try ComfyUIImport.decode(json, file: "saved.json")
        XCTAssertEqual(again.diagnostics, [])
        XCTAssertEqual(again.nodes.map(\.id), ["5", "7", "13", "12", "14"])
        XCTAssertEqual(again.edges.map { "\($0.source).\($0.sourceHandle ?? "") → \($0.target).\($0.targetHandle ?? "")" },
                       ["5.out0 → 7.in0", "13.out0 → 12.in0", "5.out0 → 14.in0"])
    }

    private func testEdge(_ id: String, _ s: String, _ t: String) -> Edge<JSONValue> {
        Edge(id: id, source: s, target: t, sourceHandle: "out0", targetHandle: "in0", data: .null)
    }
}
