import Foundation
import XCTest
@testable import SwiftFlowCore

final class NativeFormatTests: XCTestCase {
    private func decodeError(_ text: String) -> FlowFileError? {
        do {
            _ = try NativeFormat.decode(Array(text.utf8), file: "graph.json")
            return nil
        } catch {
            return error as? FlowFileError
        }
    }

    private func invalid(_ path: String, _ expected: String, _ found: String) -> FlowFileError {
        .invalidValue(file: "graph.json", path: path, expected: expected, found: found)
    }

    func testWrongTypeNamesThePath() {
        let error = decodeError(#"{"nodes":[{"id":"A","position":{"x":"zero","y":0}}]}"#)
        XCTAssertEqual(error, invalid("nodes[0].position.x", "a finite number", #"string "zero""#))
        XCTAssertEqual(error?.description, #"graph.json: nodes[0].position.x: expected a finite number, found string "zero""#)
    }

    func testEveryFieldErrorPath() {
        let node = #"{"id":"A","position":{"x":0,"y":0}}"#
        let cases: [(String, FlowFileError)] = [
            ("[]", invalid("", "an object", "array of 0")),
            ("{}", invalid("nodes", "an array", "nothing")),
            (#"{"nodes":{}}"#, invalid("nodes", "an array", "object")),
            (#"{"nodes":[3]}"#, invalid("nodes[0]", "an object", "number 3")),
            (#"{"nodes":[{"position":{"x":0,"y":0}}]}"#, invalid("nodes[0].id", "a string", "nothing")),
            (#"{"nodes":[{"id":7,"position":{"x":0,"y":0}}]}"#, invalid("nodes[0].id", "a string", "number 7")),
            (#"{"nodes":[{"id":"A"}]}"#, invalid("nodes[0].position", "an object", "nothing")),
            (#"{"nodes":[{"id":"A","position":[0,0]}]}"#, invalid("nodes[0].position", "an object", "array of 2")),
            (#"{"nodes":[{"id":"A","position":{"x":0}}]}"#, invalid("nodes[0].position.y", "a finite number", "nothing")),
            (#"{"nodes":[\#(node),{"id":"B","position":{"x":0,"y":0},"width":"wide"}]}"#,
             invalid("nodes[1].width", "a finite number", #"string "wide""#)),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"hidden":"yes"}]}"#,
             invalid("nodes[0].hidden", "true or false", #"string "yes""#)),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"zIndex":1.5}]}"#, invalid("nodes[0].zIndex", "an integer", "number 1.5")),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"zIndex":9007199254740990}]}"#,
             invalid("nodes[0].zIndex", "an integer within ±9e15", "number 9007199254740990")),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"parentId":5}]}"#, invalid("nodes[0].parentId", "a string", "number 5")),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"sourcePosition":"middle"}]}"#,
             invalid("nodes[0].sourcePosition", #"one of "left", "top", "right", "bottom""#, #"string "middle""#)),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"extent":"window"}]}"#,
             invalid("nodes[0].extent", #""parent" or [[x0, y0], [x1, y1]]"#, #"string "window""#)),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"extent":[[0,0],[1,"a"]]}]}"#,
             invalid("nodes[0].extent[1][1]", "a finite number", #"string "a""#)),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"extent":[[0,0],[1]]}]}"#,
             invalid("nodes[0].extent[1]", "[x, y]", "array of 1")),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"handles":{}}]}"#, invalid("nodes[0].handles", "an array", "object")),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"handles":[{"id":"a","type":"source"},{"id":"b"}]}]}"#,
             invalid("nodes[0].handles[1].type", #""source" or "target""#, "nothing")),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"handles":[{"id":"a","type":"source","position":"up"}]}]}"#,
             invalid("nodes[0].handles[0].position", #"one of "left", "top", "right", "bottom""#, #"string "up""#)),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0},"handles":[{"id":"a","type":"source","y":"1"}]}]}"#,
             invalid("nodes[0].handles[0].y", "a finite number", #"string "1""#)),
            (#"{"nodes":[],"edges":"x"}"#, invalid("edges", "an array", #"string "x""#)),
            (#"{"nodes":[],"edges":[{"id":"e","source":3,"target":"B"}]}"#, invalid("edges[0].source", "a string", "number 3")),
            (#"{"nodes":[],"edges":[{"id":"e","source":"A"}]}"#, invalid("edges[0].target", "a string", "nothing")),
            (#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","sourceHandle":1}]}"#,
             invalid("edges[0].sourceHandle", "a string", "number 1")),
            (#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","label":[]}]}"#, invalid("edges[0].label", "a string", "array of 0")),
            (#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","markerEnd":"circle"}]}"#,
             invalid("edges[0].markerEnd", #""arrow", "arrowclosed" or {type, color, width, height}"#, #"string "circle""#)),
            (#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","markerStart":{"type":"dot"}}]}"#,
             invalid("edges[0].markerStart.type", #""arrow" or "arrowclosed""#, #"string "dot""#)),
            (#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","style":{"strokeWidth":"2px"}}]}"#,
             invalid("edges[0].style.strokeWidth", "a finite number", #"string "2px""#)),
            (#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","interactionWidth":false}]}"#,
             invalid("edges[0].interactionWidth", "a finite number", "bool false")),
            (#"{"nodes":[],"viewport":{"x":0,"y":0,"zoom":0}}"#, invalid("viewport.zoom", "a positive number", "number 0")),
            (#"{"nodes":[],"viewport":{"y":0,"zoom":1}}"#, invalid("viewport.x", "a finite number", "nothing")),
            (#"{"nodes":[],"viewport":7}"#, invalid("viewport", "an object", "number 7")),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(decodeError(text), expected, text)
        }
        XCTAssertEqual(decodeError("[]")?.description, "graph.json: document: expected an object, found array of 0")
        XCTAssertEqual(FlowFileError.describe(.string(String(repeating: "a", count: 50))), "string \"" + String(repeating: "a", count: 40) + "…\"")
    }

    private func fullDocument() -> FlowDocument {
        let handles = [
            NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 20, color: Color(css: "#ff8800"), isConnectable: false),
            NodeHandle(id: "out", type: .source, position: .bottom),
        ]
        let a = Node<JSONValue>(id: "A", position: Point(x: 10.5, y: -20), data: .object(JSONObject([("label", .string("A")), ("n", .number(2))])),
                                type: "custom", width: 120, height: 60, selected: true, hidden: true, draggable: false,
                                selectable: false, connectable: false, deletable: false, zIndex: 3, parentId: "G",
                                extent: .rect(Rect(x: 0, y: 0, width: 300, height: 200)), sourcePosition: .bottom,
                                targetPosition: .top, handles: handles)
        let g = Node<JSONValue>(id: "G", position: .zero, data: .null, type: "group", width: 400, height: 300,
                                draggable: true, extent: .parent, handles: [])
        let b = Node<JSONValue>(id: "B", position: Point(x: 200, y: 0), data: .object(JSONObject()))
        let e1 = Edge<JSONValue>(id: "e1", source: "A", target: "B", sourceHandle: "out", targetHandle: "in",
                                 data: .array([.number(1)]), type: .smoothStep, label: "flow", animated: true,
                                 markerStart: EdgeMarker(type: .arrow),
                                 markerEnd: EdgeMarker(type: .arrowClosed, color: Color(css: "#112233"), width: 20, height: 10),
                                 selected: true, hidden: true, deletable: false, reconnectable: false, zIndex: -2,
                                 interactionWidth: 8, style: EdgeStyle(stroke: Color(css: "#abcdef"), strokeWidth: 2.5))
        let e2 = Edge<JSONValue>(id: "e2", source: "B", target: "missing", data: .null)
        return FlowDocument(nodes: [a, g, b], edges: [e1, e2], viewport: Viewport(x: -15, y: 30.25, zoom: 1.5))
    }

    func testRoundTripWithEveryFieldSet() throws {
        let doc = fullDocument()
        for pretty in [true, false] {
            let text = NativeFormat.text(doc, pretty: pretty)
            XCTAssertEqual(try NativeFormat.decode(Array(text.utf8), file: "x.json"), doc)
        }
        XCTAssertEqual(try NativeFormat.decode(NativeFormat.encode(doc), file: "x.json"), doc)
        for type in EdgeType.allCases {
            var d = FlowDocument(edges: [Edge(id: "e", source: "a", target: "b", data: .null, type: type)])
            d.edges[0].markerEnd = EdgeMarker(type: .arrow, width: 12.5, height: 3)
            XCTAssertEqual(try NativeFormat.decode(NativeFormat.encode(d), file: "x.json"), d)
        }
    }

    func testEncodingWritesOnlySetFields() {
        let doc = fullDocument()
        let text = JSONWriter.string(NativeFormat.encode(FlowDocument(nodes: [doc.nodes[2]], edges: [doc.edges[1]])))
        XCTAssertEqual(text, #"{"nodes":[{"id":"B","position":{"x":200,"y":0},"data":{}}],"#
                       + #""edges":[{"id":"e2","source":"B","target":"missing","sourceHandle":null,"targetHandle":null}]}"#)
        let full = JSONWriter.string(NativeFormat.encode(doc))
        XCTAssertTrue(full.contains(#""extent":[[0,0],[300,200]]"#), full)
        XCTAssertTrue(full.contains(##""handles":[{"id":"in","type":"target","position":"left","x":0,"y":20,"isConnectable":false,"color":"#ff8800"}"##), full)
        XCTAssertTrue(full.contains(##""markerStart":"arrow","markerEnd":{"type":"arrowclosed","color":"#112233","width":20,"height":10}"##), full)
        XCTAssertTrue(full.contains(##""style":{"stroke":"#abcdef","strokeWidth":2.5}"##), full)
        XCTAssertTrue(full.hasSuffix(#""viewport":{"x":-15,"y":30.25,"zoom":1.5}}"#), full)
    }

    func testDefaultsAndMeasuredSize() throws {
        let doc = try NativeFormat.decode(Array(#"""
            {"nodes":[{"id":"A","position":{"x":1,"y":2},"measured":{"width":150,"height":40}},
                      {"id":"B","position":{"x":0,"y":0},"width":10,"measured":{"width":150,"height":"any"},"parentNode":"A"}]}
            """#.utf8), file: "g.json")
        // `measured` is React Flow's measurement, not a fixed size: kept as an unknown field.
        let measured = JSONValue.object(JSONObject([("width", .number(150)), ("height", .number(40))]))
        XCTAssertEqual(doc.nodes[0], Node(id: "A", position: Point(x: 1, y: 2),
                                          data: .object(JSONObject([("_extra", .object(JSONObject([("measured", measured)])))]))))
        XCTAssertEqual(doc.nodes[1].width, 10)
        XCTAssertNil(doc.nodes[1].height)
        XCTAssertEqual(doc.nodes[1].parentId, "A")
        XCTAssertEqual(doc.edges, [])
        XCTAssertNil(doc.viewport)
        XCTAssertEqual(doc.diagnostics, [])
        let plain = try NativeFormat.decode(Array(#"{"nodes":[{"id":"A","position":{"x":1,"y":2}}]}"#.utf8), file: "g.json")
        XCTAssertEqual(plain.nodes, [Node(id: "A", position: Point(x: 1, y: 2), data: .object(JSONObject()))])
    }

    func testDuplicatesAndDanglingReferencesLoadUnchanged() throws {
        let doc = try NativeFormat.decode(Array(#"""
            {"nodes":[{"id":"A","position":{"x":0,"y":0},"handles":[{"id":"h","type":"source"},{"id":"h","type":"source"}]},
                      {"id":"A","position":{"x":5,"y":0}}],
             "edges":[{"id":"e","source":"A","target":"Z","sourceHandle":"nope"},{"id":"e","source":"Q","target":"A"}]}
            """#.utf8), file: "g.json")
        XCTAssertEqual(doc.nodes.map(\.id), ["A", "A"])
        XCTAssertEqual(doc.nodes[0].handles?.map(\.position), [.right, .right])
        XCTAssertEqual(doc.edges.map(\.target), ["Z", "A"])
        XCTAssertEqual(doc.edges[0].sourceHandle, "nope")
        XCTAssertEqual(doc.diagnostics, [])
    }

    func testUnknownFieldsAreKeptAndSavedBack() throws {
        let text = #"{"nodes":[{"id":"A","position":{"x":0,"y":0},"data":{"label":"A"},"className":"big","style":{"background":"red"}}],"#
            + #""edges":[{"id":"e","source":"A","target":"A","sourceHandle":null,"targetHandle":null,"type":"buttonedge","#
            + #""style":{"stroke":"red","strokeWidth":3,"strokeDasharray":"5 5"},"focusable":false}]}"#
        let doc = try NativeFormat.decode(Array(text.utf8), file: "g.json")
        XCTAssertEqual(doc.nodes[0].data["label"], .string("A"))
        XCTAssertEqual(doc.nodes[0].data[NativeFormat.extraFieldsKey]?.objectValue?.keys, ["className", "style"])
        XCTAssertEqual(doc.edges[0].type, .bezier)
        XCTAssertNil(doc.edges[0].style.stroke)
        XCTAssertEqual(doc.edges[0].style.strokeWidth, 3)
        XCTAssertEqual(doc.diagnostics, [
            .fileWarning("g.json: edges[0].type: unknown edge type 'buttonedge'; drawn as bezier"),
            .fileWarning("g.json: edges[0].style.stroke: colour 'red' is not CSS hex; using the theme colour"),
        ])
        XCTAssertEqual(JSONWriter.string(NativeFormat.encode(doc)),
                       #"{"nodes":[{"id":"A","position":{"x":0,"y":0},"data":{"label":"A"},"className":"big","style":{"background":"red"}}],"#
                       + #""edges":[{"id":"e","source":"A","target":"A","sourceHandle":null,"targetHandle":null,"type":"buttonedge","#
                       + #""style":{"stroke":"red","strokeWidth":3,"strokeDasharray":"5 5"},"focusable":false}]}"#)
        var changed = doc
        changed.edges[0].type = .step
        XCTAssertTrue(JSONWriter.string(NativeFormat.encode(changed)).contains(#""type":"step""#))
    }

    func testLongValuesAreCutInMessages() throws {
        let long = String(repeating: "x", count: 1_000_000)
        let doc = try NativeFormat.decode(Array((#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","type":""#
            + long + #"","style":{"stroke":""# + long + #""}}]}"#).utf8), file: "g.json")
        let cut = String(repeating: "x", count: 40) + "…"
        XCTAssertEqual(doc.diagnostics, [
            .fileWarning("g.json: edges[0].type: unknown edge type '\(cut)'; drawn as bezier"),
            .fileWarning("g.json: edges[0].style.stroke: colour '\(cut)' is not CSS hex; using the theme colour"),
        ])
        // A megabyte-long number in a file: one short line naming the file and the place.
        let error = decodeError(#"{"nodes":[{"id":"A","position":{"x":1"# + String(repeating: "0", count: 1_000_000) + "}}]}")
        XCTAssertEqual(error?.description, "graph.json:1:37: malformed JSON: number 1" + String(repeating: "0", count: 39) + "… is out of range")
        XCTAssertEqual(decodeError(#"{"nodes":[{"id":"A","position":{"x":""# + long + #"","y":0}}]}"#)?.description,
                       #"graph.json: nodes[0].position.x: expected a finite number, found string "\#(cut)""#)
    }

    func testParentCyclesAreBrokenWithAWarning() throws {
        let doc = try NativeFormat.decode(Array(#"""
            {"nodes":[{"id":"a","position":{"x":1,"y":0},"parentId":"b"},
                      {"id":"b","position":{"x":10,"y":0},"parentId":"c"},
                      {"id":"c","position":{"x":100,"y":0},"parentId":"a","data":{"label":"C"}},
                      {"id":"d","position":{"x":5,"y":5},"parentNode":"d"},
                      {"id":"e","position":{"x":2,"y":2},"parentId":"a"}]}
            """#.utf8), file: "graph.json")
        XCTAssertEqual(doc.diagnostics, [
            .fileWarning("graph.json: nodes[2].parentId: 'a' closes the parent cycle c → a → b → c; removed, 'c' is a top-level node"),
            .fileWarning("graph.json: nodes[3].parentNode: 'd' closes the parent cycle d → d; removed, 'd' is a top-level node"),
        ])
        XCTAssertEqual(doc.nodes.map(\.parentId), ["b", "c", nil, nil, "a"])
        // 'c' stays where it was drawn; the rest of its cycle now hangs below it.
        let lookup = NodeLookup(doc.nodes)
        XCTAssertEqual(doc.nodes.map(lookup.absolutePosition(of:)),
                       [Point(x: 111, y: 0), Point(x: 110, y: 0), Point(x: 100, y: 0), Point(x: 5, y: 5), Point(x: 113, y: 2)])
        XCTAssertEqual(doc.nodes[2].data, .object(JSONObject([("label", .string("C"))])))
        XCTAssertEqual(doc.nodes[3].data, .object(JSONObject()), "the stashed parentNode goes too")
        // Saved without the removed parents; loading the saved file gives the same graph, silently.
        let saved = NativeFormat.encode(doc)
        XCTAssertEqual(saved["nodes"]?.arrayValue?.map { $0["parentId"] ?? $0["parentNode"] ?? .null },
                       [.string("b"), .string("c"), .null, .null, .string("a")])
        var reloaded = try NativeFormat.decode(saved, file: "graph.json")
        XCTAssertEqual(reloaded.diagnostics, [])
        reloaded.diagnostics = doc.diagnostics
        XCTAssertEqual(reloaded, doc)
    }

    func testNegativeSizesAreDroppedWithAWarning() throws {
        let doc = try NativeFormat.decode(Array(#"""
            {"nodes":[{"id":"A","position":{"x":0,"y":0},"width":-5,"height":40},
                      {"id":"B","position":{"x":0,"y":0},"width":0,"height":-0.5}]}
            """#.utf8), file: "graph.json")
        XCTAssertEqual(doc.diagnostics, [
            .fileWarning("graph.json: nodes[0].width: negative size -5; ignored, the node is sized by its view"),
            .fileWarning("graph.json: nodes[1].height: negative size -0.5; ignored, the node is sized by its view"),
        ])
        XCTAssertEqual(doc.nodes.map(\.width), [nil, 0])
        XCTAssertEqual(doc.nodes.map(\.height), [40, nil])
        XCTAssertEqual(JSONWriter.string(NativeFormat.encode(doc)),
                       #"{"nodes":[{"id":"A","position":{"x":0,"y":0},"data":{},"height":40},"#
                       + #"{"id":"B","position":{"x":0,"y":0},"data":{},"width":0}],"edges":[]}"#)
    }

    func testFileLoadAndSave() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/saved.json"
        let doc = fullDocument()
        try FlowFile.save(doc, to: path)
        try FlowFile.save(doc, to: path)
        XCTAssertEqual(try FlowFile.load(path: path), doc)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["saved.json"])

        func loadError(_ p: String) -> FlowFileError? {
            do { _ = try FlowFile.load(path: p); return nil } catch { return error as? FlowFileError }
        }
        XCTAssertEqual(loadError(dir + "/missing.json"), .unreadable(file: dir + "/missing.json", reason: "No such file or directory"))
        XCTAssertEqual(loadError(dir + "/missing.json")?.description, dir + "/missing.json: cannot read: No such file or directory")
        // A mistyped folder shows in the message: the path as given, relative ones too.
        XCTAssertEqual(loadError("/tmp/swiftflow-no-such-folder/nonexist.json")?.description,
                       "/tmp/swiftflow-no-such-folder/nonexist.json: cannot read: No such file or directory")
        XCTAssertEqual(loadError("no-such-folder/g.json"), .unreadable(file: "no-such-folder/g.json", reason: "No such file or directory"))
        XCTAssertThrowsError(try ComfyUIObjectInfo.load(path: dir + "/oi.json")) {
            XCTAssertEqual($0 as? FlowFileError, .unreadable(file: dir + "/oi.json", reason: "No such file or directory"))
        }
        XCTAssertEqual(loadError(dir), .unreadable(file: dir, reason: "not a regular file"))
        try Array("{\"nodes\": [\n  {\"id\": 1,}\n]}".utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: dir + "/bad.json")) }
        XCTAssertEqual(loadError(dir + "/bad.json"), .malformedJSON(file: dir + "/bad.json", line: 2, column: 12, reason: "expected a string key"))
        XCTAssertEqual(loadError(dir + "/bad.json")?.description, dir + "/bad.json:2:12: malformed JSON: expected a string key")
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: dir + "/list.json"))
        XCTAssertEqual(loadError(dir + "/list.json"), .unknownFormat(file: dir + "/list.json"))
        try Data(#"{"nodes":[{"id":"A","position":{"x":"zero","y":0}}]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/graph.json"))
        XCTAssertEqual(loadError(dir + "/graph.json")?.description,
                       dir + #"/graph.json: nodes[0].position.x: expected a finite number, found string "zero""#)

        XCTAssertThrowsError(try FlowFile.save(doc, to: dir + "/no/such/dir/x.json")) { error in
            guard case .writeFailed(let file, _)? = error as? FlowFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(file, dir + "/no/such/dir/x.json")
        }
    }
}
