import Foundation
import XCTest
@testable import SwiftFlowCore

/// Hand-written React Flow `toObject()` files (Fixtures/reactflow) covering each field: they load
/// into the right model values, and save → load → save gives identical bytes with every key of
/// the file kept.
final class ReactFlowFileTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/reactflow").path

    private func load(_ name: String) throws -> (doc: FlowDocument, json: JSONValue) {
        let path = Self.fixtures + "/" + name
        return (try FlowFile.load(path: path), try JSONParser.parse(Array(FileManager.default.contents(atPath: path)!)))
    }

    func testEveryFixtureRoundTripsByteIdenticallyKeepingEveryKey() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names.count, 5)
        for name in names {
            let (doc, original) = try load(name)
            let saved = NativeFormat.encode(doc)
            XCTAssertEqual(missingMembers(original, in: saved), [], name)
            let reloaded = try NativeFormat.decode(saved, file: name)
            XCTAssertEqual(reloaded.nodes, doc.nodes, name)
            XCTAssertEqual(reloaded.edges, doc.edges, name)
            let first = JSONWriter.bytes(saved, pretty: true, sortedKeys: true)
            let second = JSONWriter.bytes(NativeFormat.encode(reloaded), pretty: true, sortedKeys: true)
            XCTAssertEqual(String(decoding: second, as: UTF8.self), String(decoding: first, as: UTF8.self), name)
            // The file itself (keys sorted) is what is saved, plus edges' explicit null handles.
            var expected = original
            if case .object(var root) = expected, let edges = root["edges"]?.arrayValue {
                root["edges"] = .array(edges.map { e in
                    guard case .object(var o) = e else { return e }
                    for k in ["sourceHandle", "targetHandle"] where o[k] == nil { o[k] = .null }
                    return .object(o)
                })
                expected = .object(root)
            }
            XCTAssertEqual(JSONWriter.string(saved, sortedKeys: true), JSONWriter.string(expected, sortedKeys: true), name)
        }
    }

    func testPositionsMeasuredSizesStyleAndTypes() throws {
        let doc = try load("positions-measured.json").doc
        XCTAssertEqual(doc.nodes.map(\.type), ["input", "default", "output"])
        XCTAssertEqual(doc.nodes[1].position, Point(x: 100.5, y: 125.25))
        XCTAssertNil(doc.nodes[0].fixedSize, "measured is not a fixed size")
        XCTAssertEqual(doc.nodes[0].data["_extra"]?["measured"], .object(JSONObject([("width", .number(150)), ("height", .number(40))])))
        XCTAssertEqual(doc.nodes[1].fixedSize, Size(width: 180, height: 60))
        XCTAssertEqual(doc.nodes[1].data["_extra"]?["style"]?["borderRadius"], .number(8))
        XCTAssertEqual(doc.nodes[2].selected, true)
        XCTAssertEqual(doc.nodes[2].zIndex, 3)
        XCTAssertEqual(doc.edges[1].animated, true)
        XCTAssertEqual(doc.edges[1].label, "to output")
        XCTAssertEqual(doc.viewport, Viewport(x: 12, y: -8.5, zoom: 1.25))
    }

    func testHandlesAndSides() throws {
        let doc = try load("handles.json").doc
        XCTAssertEqual(doc.nodes[0].handles, [NodeHandle(id: "out-top", type: .source, position: .right, x: 120, y: 20),
                                              NodeHandle(id: "out-bottom", type: .source, position: .right, x: 120, y: 60)])
        XCTAssertEqual(doc.nodes[1].handles, [NodeHandle(id: "in", type: .target, position: .top, x: 60, y: 0, isConnectable: false)])
        XCTAssertEqual(doc.nodes[1].sourcePosition, .bottom)
        XCTAssertEqual(doc.nodes[1].targetPosition, .top)
        XCTAssertEqual(doc.edges[0].type, .smoothStep)
        XCTAssertEqual(doc.edges[0].sourceHandle, "out-bottom")
    }

    func testParentIdAndExtent() throws {
        let doc = try load("subflows-extent.json").doc
        XCTAssertEqual(doc.nodes[0].type, "group")
        XCTAssertEqual(doc.nodes[1].parentId, "group")
        XCTAssertEqual(doc.nodes[1].extent, .parent)
        XCTAssertEqual(doc.nodes[2].extent, .rect(Rect(x: 450, y: 0, width: 450, height: 400)))
        XCTAssertEqual(doc.nodes[2].draggable, false)
        XCTAssertEqual(doc.nodes[2].connectable, false)
        XCTAssertEqual(doc.nodes[2].deletable, false)
        XCTAssertEqual(doc.edges[0].zIndex, 1)
        XCTAssertEqual(doc.edges[0].deletable, false)
    }

    func testMarkersAsStringOrObjectAndEdgeStyle() throws {
        let doc = try load("markers-style.json").doc
        XCTAssertEqual(doc.edges[0].markerEnd, EdgeMarker(type: .arrowClosed))
        XCTAssertEqual(doc.edges[0].type, .straight)
        XCTAssertEqual(doc.edges[1].markerStart, EdgeMarker(type: .arrow, color: Color(hex: 0xFF0072)))
        XCTAssertEqual(doc.edges[1].markerEnd, EdgeMarker(type: .arrowClosed, color: Color(hex: 0xFF0072), width: 20, height: 20))
        XCTAssertEqual(doc.edges[1].style, EdgeStyle(stroke: Color(hex: 0xFF0072), strokeWidth: 2))
        XCTAssertEqual(doc.edges[1].type, .step)
        XCTAssertEqual(doc.edges[1].reconnectable, false)
        XCTAssertEqual(doc.edges[1].interactionWidth, 30)
        XCTAssertEqual(doc.edges[1].data["weight"], .number(3))
        XCTAssertNil(doc.edges[2].style.stroke, "'blue' is not CSS hex: theme colour, with a warning")
        XCTAssertEqual(doc.diagnostics.map(\.description), [Self.fixtures + "/markers-style.json: edges[2].style.stroke: colour 'blue' is not CSS hex; using the theme colour"])
    }

    func testCustomTypesAndData() throws {
        let doc = try load("custom-data.json").doc
        XCTAssertEqual(doc.nodes[0].type, "selectorNode")
        XCTAssertEqual(doc.nodes[0].data["options"]?.arrayValue?.count, 5)
        XCTAssertEqual(doc.nodes[0].data["_extra"]?["dragHandle"], .string(".custom-drag-handle"))
        XCTAssertEqual(doc.nodes[1].data["value"], .string("héllo \"world\"\n"))
        XCTAssertNil(doc.edges[0].sourceHandle)
    }

    /// A save that fails leaves the old file as it was and says why; no temporary file is left.
    func testFailedSaveLeavesTheOldFileIntact() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-save-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/graph.json"
        let doc = try load("handles.json").doc
        try FlowFile.save(doc, to: path)
        let before = FileManager.default.contents(atPath: path)
        // Block the temporary file's name with a directory: creating it fails.
        let blocker = dir + "/.graph.json.\(getpid()).tmp"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        var changed = doc
        changed.nodes.removeAll()
        XCTAssertThrowsError(try FlowFile.save(changed, to: path)) { error in
            XCTAssertEqual(error as? FlowFileError, .writeFailed(file: path, reason: "cannot create a temporary file: Is a directory"))
            XCTAssertEqual("\(error)", path + ": cannot write: cannot create a temporary file: Is a directory")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), before, "the old file is intact")
        XCTAssertEqual(try FlowFile.load(path: path).nodes.count, 2)
        try FileManager.default.removeItem(atPath: blocker)
        // Renaming over a directory fails too: the temporary file is removed again.
        let target = dir + "/folder.json"
        try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try FlowFile.save(changed, to: target)) { error in
            guard case .writeFailed(target, let reason)? = error as? FlowFileError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("rename: "), reason)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["folder.json", "graph.json"])
    }
}
