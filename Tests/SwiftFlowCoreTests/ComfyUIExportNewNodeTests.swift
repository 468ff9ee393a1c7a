import XCTest
@testable import SwiftFlowCore

/// What the node search box and the ComfyUI menus change, saved: a new node's id raising
/// `last_node_id`, a drawn link's type from its origin slot, `flags.pinned`, `color`, `bgcolor`.
final class ComfyUIExportNewNodeTests: XCTestCase {
    func testANewNodesIdAndLinkAndMenuEditsAreSaved() throws {
        var doc = try ComfyUIImport.decode(Array(#"""
            {"last_node_id": 9, "last_link_id": 4,
             "nodes": [{"id": 5, "type": "VAEDecode", "pos": [0, 0], "size": [200, 46], "color": "#222", "flags": {},
                        "outputs": [{"name": "IMAGE", "type": "IMAGE", "links": []}]}],
             "links": [], "groups": []}
            """#.utf8), file: "wf.json")
        let added = ComfyUIImport.slotNode(id: "10", frame: Rect(x: 300, y: 0, width: 200, height: 80), inputs: [("images", "IMAGE")], outputs: [],
                                           collapsed: false, data: JSONObject([("label", .string("SaveImage")), ("comfyType", .string("SaveImage"))]))
        doc.nodes.append(added)
        doc.edges.append(Edge(id: "xy-edge__5out0-10in0", source: "5", target: "10", sourceHandle: "out0", targetHandle: "in0", data: .null))
        var data = doc.nodes[0].data.objectValue!
        data["pinned"] = .bool(true)
        data["color"] = nil
        data["bgcolor"] = .string("#533")
        doc.nodes[0].data = .object(data)

        let json = ComfyUIExport.encode(doc).json
        XCTAssertEqual(json["last_node_id"], .number(10), "the new node's id lies above the saved 9")
        XCTAssertEqual(json["last_link_id"], .number(5))
        XCTAssertEqual(json["links"], .array([.array([.number(5), .number(5), .number(0), .number(10), .number(0), .string("IMAGE")])]),
                       "the type of the origin slot")
        let old = json["nodes"]?.arrayValue?.first
        XCTAssertEqual(old?["flags"], .object(JSONObject([("pinned", .bool(true))])))
        XCTAssertNil(old?["color"], "removed with the data's")
        XCTAssertEqual(old?["bgcolor"], .string("#533"))
        XCTAssertEqual(old?["outputs"]?.arrayValue?.first?["links"], .array([.number(5)]))
        XCTAssertEqual(json["nodes"]?.arrayValue?.last?["inputs"]?.arrayValue?.first?["link"], .number(5))
    }
}
