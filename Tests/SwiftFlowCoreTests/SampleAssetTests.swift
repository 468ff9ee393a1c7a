import SwiftFlowAssets
import XCTest
@testable import SwiftFlowCore

/// The sample flows of `assets/`, read from the resource bundle as the demos read them.
final class SampleAssetTests: XCTestCase {
    private func load(_ name: String) throws -> FlowDocument {
        try FlowFile.load(path: try XCTUnwrap(AssetResources.path(name), "no \(AssetResources.bundleName) beside the tests"))
    }

    func testEverySampleFlowLoadsWithoutDiagnostics() throws {
        let graph = try load(AssetResources.sampleGraph)
        XCTAssertEqual(graph.format, .native)
        XCTAssertEqual(graph.diagnostics, [])
        XCTAssertEqual(graph.nodes.map(\.id), ["source", "stage", "filter", "normalize", "chart", "report"])
        XCTAssertEqual(graph.nodes.map(\.parentId), [nil, nil, "stage", "stage", nil, nil])
        XCTAssertEqual(graph.edges.map(\.type), [.bezier, .smoothStep, .bezier, .step])
        XCTAssertEqual(graph.viewport, Viewport(x: 120, y: 100, zoom: 1))
        // The sample is written as SwiftFlow saves it: saving it back changes nothing.
        let path = try XCTUnwrap(AssetResources.path(AssetResources.sampleGraph))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(NativeFormat.encode(graph), try JSONParser.parse(text))

        let workflow = try load(AssetResources.sampleWorkflow)
        XCTAssertEqual(workflow.format, .comfyUI)
        XCTAssertEqual(workflow.diagnostics, [])
        XCTAssertEqual(workflow.nodes.map(\.id), ["group-0", "1", "2", "3", "4", "5", "6", "7"])
        XCTAssertEqual(workflow.nodes.map { $0.data["comfyType"]?.stringValue },
                       [nil, "CheckpointLoaderSimple", "CLIPTextEncode", "CLIPTextEncode", "EmptyLatentImage", "KSampler", "VAEDecode", "SaveImage"])
        XCTAssertEqual(workflow.nodes.map(\.parentId), [nil, nil, "group-0", "group-0", nil, nil, nil, nil], "the prompts are in their group")
        XCTAssertEqual(workflow.viewport, Viewport(x: 24, y: 36, zoom: 0.6))
    }

    func testSampleWorkflowLinksLandOnTheirSlots() throws {
        let workflow = try load(AssetResources.sampleWorkflow)
        let ends = workflow.edges.map { [$0.id, $0.source, $0.sourceHandle ?? "-", $0.target, $0.targetHandle ?? "-"] }
        XCTAssertEqual(ends, [
            ["1", "1", "out0", "5", "in0"], ["2", "1", "out1", "2", "in0"], ["3", "1", "out1", "3", "in0"],
            ["4", "2", "out0", "5", "in1"], ["5", "3", "out0", "5", "in2"], ["6", "4", "out0", "5", "in3"],
            ["7", "5", "out0", "6", "in0"], ["8", "1", "out2", "6", "in1"], ["9", "6", "out0", "7", "in0"],
        ])
        let nodes = Dictionary(uniqueKeysWithValues: workflow.nodes.map { ($0.id, $0) })
        for edge in workflow.edges {
            let source = try XCTUnwrap(nodes[edge.source]), target = try XCTUnwrap(nodes[edge.target])
            let out = try XCTUnwrap(source.handles?.first { $0.id == edge.sourceHandle }, edge.id)
            let input = try XCTUnwrap(target.handles?.first { $0.id == edge.targetHandle }, edge.id)
            // Each end sits on its slot's row, and the slots carry the link's type.
            let j = Int(edge.sourceHandle!.dropFirst(3))!, i = Int(edge.targetHandle!.dropFirst(2))!
            XCTAssertEqual(out.y, ComfyUIImport.titleHeight + (Double(j) + 0.7) * ComfyUIImport.slotHeight, edge.id)
            XCTAssertEqual(input.y, ComfyUIImport.titleHeight + (Double(i) + 0.7) * ComfyUIImport.slotHeight, edge.id)
            XCTAssertEqual(out.x, source.width, edge.id)
            XCTAssertEqual(input.x, 0, edge.id)
            let type = edge.data["type"]
            XCTAssertEqual(source.data["outputs"]?.arrayValue?[j]["type"], type, edge.id)
            XCTAssertEqual(target.data["inputs"]?.arrayValue?[i]["type"], type, edge.id)
        }
    }
}
