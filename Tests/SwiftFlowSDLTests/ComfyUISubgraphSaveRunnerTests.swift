import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// `swiftflow-stress --open WORKFLOW --replay S --save-comfyui OUT` with a script that opens a
/// subgraph, moves its node and deletes its link to the output node: the saved file is the
/// corpus file with exactly those changes in the subgraph's definition.
@MainActor
final class ComfyUISubgraphSaveRunnerTests: XCTestCase {
    func testAScriptedSubgraphEditIsSavedIntoItsDefinition() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/corpus/comfyui/api_google_nano_banana2_image_edit_continuation.json").standardized.path
        guard let bytes = FileManager.default.contents(atPath: file) else { throw XCTSkip("corpus not found at \(file)") }
        let dir = NSTemporaryDirectory() + "swiftflow-subgraph-save-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        // The instance node 2 (LiteGraph pos (-1100, 5130), 420x260) at viewport (1200, -5000, 1):
        // its middle at (310, 230). Opened, the subgraph is fitted over two frames; then at
        // viewport (100, 100, 1) its node 2 (flow frame (0, -30, 400, 428)) is dragged by its
        // title by (40, 20), and link 3 (node 2's output at (440, 34) → the output node's input
        // at (580, 74)) is clicked in its middle and deleted; Escape returns to the workflow.
        let script = """
            viewport 1200 -5000 1
            dblclick 310 230
            wait 16
            wait 16
            wait 16
            viewport 100 100 1
            press 300 85
            move 320 95
            move 340 105
            release 340 105
            click 610 154
            key Delete
            key Escape
            wait 16
            """
        try script.write(toFile: dir + "/script.txt", atomically: true, encoding: .utf8)
        let options = try RunOptions(arguments: ["--headless", "--open", file, "--replay", dir + "/script.txt", "--save-comfyui", dir + "/out.json"])
        XCTAssertEqual(CanvasRunner(options: options, title: "t", defaultDocument: { FlowDocument() }).run(), 0)
        let saved = try JSONParser.parse(Array(try XCTUnwrap(FileManager.default.contents(atPath: dir + "/out.json"))))
        guard case .object(var expected) = try JSONParser.parse(Array(bytes)),
              var definitions = expected["definitions"]?.objectValue, var subgraphs = definitions["subgraphs"]?.arrayValue,
              var sg = subgraphs[0].objectValue, var nodes = sg["nodes"]?.arrayValue, var node = nodes[0].objectValue,
              var outputs = node["outputs"]?.arrayValue, var out0 = outputs[0].objectValue,
              var sgOutputs = sg["outputs"]?.arrayValue, var sgOut0 = sgOutputs[0].objectValue else { return XCTFail("unexpected file") }
        node["pos"] = .array([.number(40), .number(20)])
        out0["links"] = .array([])
        outputs[0] = .object(out0); node["outputs"] = .array(outputs); nodes[0] = .object(node); sg["nodes"] = .array(nodes)
        sg["links"] = .array(Array(sg["links"]!.arrayValue!.prefix(2)))
        sgOut0["linkIds"] = .array([]); sgOutputs[0] = .object(sgOut0); sg["outputs"] = .array(sgOutputs)
        subgraphs[0] = .object(sg); definitions["subgraphs"] = .array(subgraphs); expected["definitions"] = .object(definitions)
        // The view is saved too (the workflow's, at the script's viewport).
        var extra = expected["extra"]?.objectValue ?? JSONObject()
        var ds = extra["ds"]?.objectValue ?? JSONObject()
        ds["scale"] = .number(1); ds["offset"] = .array([.number(1200), .number(-5000)])
        extra["ds"] = .object(ds); expected["extra"] = .object(extra)
        XCTAssertEqual(JSONWriter.string(saved, sortedKeys: true), JSONWriter.string(.object(expected), sortedKeys: true))
    }
}
