import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// `swiftflow-stress --open WORKFLOW --object-info FILE --replay SCRIPT --save-comfyui OUT`: widget
/// edits made by scripted input are saved, and nothing else changes.
@MainActor
final class ComfyUISaveRunnerTests: XCTestCase {
    private static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    private static let corpusFile = tests.deletingLastPathComponent().appendingPathComponent("../shared/corpus/comfyui/sd3.5_simple_example.json").standardized.path
    private static let objectInfo = tests.appendingPathComponent("SwiftFlowCoreTests/Fixtures/comfyui/object_info.json").path

    /// At the file's viewport (`extra.ds`: offset (93.35, -1.71), scale 1.14; screen = (flow +
    /// offset) · scale) the KSampler (node 3, at flow (864, 66), 315 wide, 4 slot rows) has its
    /// seed field centred at node-local (132.5, 126), steps at (204.5, 150), the sampler picker's
    /// left part at (124, 198); the positive prompt's editor (node 16, at (384, 66)) covers (10…422, 56…214).
    func testScriptedWidgetEditsAreSavedWithSaveComfyUI() async throws {
        guard FileManager.default.fileExists(atPath: Self.corpusFile) else { throw XCTSkip("corpus not found at \(Self.corpusFile)") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-comfy-save-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("edit.replay").path
        try """
            click 1242.4 216.9
            text 777
            key Return
            press 1324.5 244.3
            move 1328.5 244.3
            move 1334.5 244.3
            release 1334.5 244.3
            click 1232.7 299
            key Down
            key Down
            key Return
            click 772.2 210.1
            key A ctrl
            text a lighthouse at dusk
            key Escape
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("saved.json").path
        let options = try RunOptions(arguments: ["--headless", "--open", Self.corpusFile, "--object-info", Self.objectInfo, "--replay", script,
                                                 "--save-comfyui", out, "--viewport", "file", "--size", "1500x800"])
        XCTAssertEqual(options.objectInfo, Self.objectInfo)
        // As swiftflow-stress runs it: the library's ComfyUI node views.
        let runner = CanvasRunner(options: options, title: "t", defaultDocument: { FlowDocument() },
                                  configure: { canvas, _ in ComfyUINodeTypes.register(on: canvas) })
        XCTAssertEqual(runner.run(), 0)

        var original = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.corpusFile))))
        let saved = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        // The expected file: the original with exactly four widgets_values entries changed.
        guard case .object(var root) = original, var nodes = root["nodes"]?.arrayValue,
              case .object(var prompt) = nodes[5], case .object(var sampler) = nodes[6] else { return XCTFail("unexpected corpus file") }
        prompt["widgets_values"] = .array([.string("a lighthouse at dusk")])
        sampler["widgets_values"] = .array([.number(777), .string("randomize"), .number(30), .number(4.01), .string("heun"), .string("sgm_uniform"), .number(1)])
        nodes[5] = .object(prompt); nodes[6] = .object(sampler)
        root["nodes"] = .array(nodes)
        original = .object(root)
        XCTAssertEqual(JSONWriter.string(saved, sortedKeys: true), JSONWriter.string(original, sortedKeys: true))

        // It loads again with the new values.
        let again = try FlowFile.load(path: out, objectInfo: ComfyUIObjectInfo.load(path: Self.objectInfo))
        XCTAssertEqual(again.nodes.first { $0.id == "3" }?.data["widgets_values"], sampler["widgets_values"])
    }

    /// A malformed object_info file ends the run with exit code 2 (after one line naming the file and path).
    func testMalformedObjectInfoExitsWith2() async throws {
        guard FileManager.default.fileExists(atPath: Self.corpusFile) else { throw XCTSkip("corpus not found at \(Self.corpusFile)") }
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-object-info-\(ProcessInfo.processInfo.processIdentifier).json").path
        try #"{"KSampler": {"input": {"required": {"seed": "INT"}}}}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: bad) }
        let options = try RunOptions(arguments: ["--headless", "--open", Self.corpusFile, "--object-info", bad, "--frames", "1"])
        XCTAssertEqual(CanvasRunner(options: options, title: "t", defaultDocument: { FlowDocument() }).run(), 2)
    }

    func testObjectInfoNeedsOpen() async {
        XCTAssertThrowsError(try RunOptions(arguments: ["--object-info", "oi.json"])) { error in
            XCTAssertEqual("\(error)", "--object-info needs --open")
        }
    }
}
