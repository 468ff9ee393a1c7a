import XCTest
@testable import SwiftFlowCore

/// Loading a React Flow / native file and saving it again keeps every key and value (canvas.md §8).
final class NativeFormatRoundTripTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try FlowFile.parseJSON(Array(text.utf8), file: "rf.json") }

    /// A React Flow `toObject()` file with everything SwiftFlow does not model.
    private let reactFlowFile = #"""
    {"nodes":[
      {"id":"A","type":"input","position":{"x":10,"y":20},"data":{"label":"A"},
       "measured":{"width":150,"height":40},"selected":false,"dragging":false,"className":"big",
       "style":{"background":"red"},"width":null,"parentId":null,"parentNode":"G","deletable":true,"zIndex":0,
       "handles":[{"id":"h","type":"source","position":"right","className":"dot","width":8,"height":8,"color":"red"},
                  {"id":"t","type":"target","color":"#FFF","isConnectable":true,"x":null}]},
      {"id":"G","type":"default","position":{"x":0,"y":0,"z":1},"data":"just a string","className":"group"},
      {"id":"N","position":{"x":1,"y":2},"data":42,"dragHandle":".drag"},
      {"id":"Z","position":{"x":1,"y":2},"data":null,"origin":[0.5,0.5]},
      {"id":"L","position":{"x":1,"y":2},"data":[1,{"a":2}],"ariaLabel":"list"},
      {"id":"O","position":{"x":1,"y":2},"data":{"_extra":{"mine":true},"v":1}},
      {"id":"P","position":{"x":1,"y":2},"data":null},
      {"id":"Q","position":{"x":1,"y":2},"extra":1}
    ],
    "edges":[
      {"id":"e1","source":"A","target":"G","type":"buttonedge","animated":false,
       "markerEnd":{"type":"arrowclosed","color":"red","orient":"auto-start-reverse","strokeWidth":2,"markerUnits":"userSpaceOnUse"},
       "markerStart":"arrow",
       "style":{"stroke":"red","strokeWidth":2,"strokeDasharray":"5 5","opacity":0.5},
       "data":"edge text","focusable":false,"label":null},
      {"id":"e2","source":"A","target":"N","sourceHandle":"h","type":"bezier","data":null,
       "style":{"stroke":"#ABC"},"interactionWidth":20},
      {"id":"e3","source":"A","target":"N","data":{},"ariaLabel":"x"},
      {"id":"e4","source":"A","target":"N","data":[1],"selected":false},
      {"id":"e5","source":"A","target":"N","data":{"k":"v"},"zIndex":0,"markerEnd":{"type":"arrow","width":12.5}},
      {"id":"e6","source":"A","target":"N","data":null}
    ],
    "viewport":{"x":0,"y":0,"zoom":1}}
    """#

    func testReactFlowFileRoundTripsEveryKeyAndValue() throws {
        let original = try parse(reactFlowFile)
        let doc = try NativeFormat.decode(original, file: "rf.json")
        let saved = NativeFormat.encode(doc)
        XCTAssertEqual(missingMembers(original, in: saved), [])
        let reloaded = try NativeFormat.decode(saved, file: "rf.json")
        XCTAssertEqual(reloaded, doc)
        XCTAssertEqual(NativeFormat.encode(reloaded), saved)
        // Through text too.
        let text = NativeFormat.text(doc)
        XCTAssertEqual(try NativeFormat.decode(Array(text.utf8), file: "rf.json"), doc)
        XCTAssertEqual(missingMembers(original, in: try parse(text)), [])
    }

    func testEdgeLabelFieldsLoadIntoTheModelAndRoundTrip() throws {
        let text = #"""
        {"nodes":[{"id":"A","position":{"x":0,"y":0}}],
         "edges":[{"id":"e","source":"A","target":"A","label":"hi","labelStyle":{"fill":"#ff0000","fontSize":14,"fontWeight":700},
                   "labelShowBg":false,"labelBgStyle":{"fill":"#00ff00","fillOpacity":0.7},"labelBgPadding":[8,6],
                   "labelBgBorderRadius":4}]}
        """#
        let original = try parse(text)
        let doc = try NativeFormat.decode(original, file: "rf.json")
        let e = doc.edges[0]
        XCTAssertEqual(e.labelStyle, EdgeLabelStyle(color: Color(hex: 0xFF0000), fontSize: 14))
        XCTAssertEqual(e.labelShowBg, false)
        XCTAssertEqual(e.labelBgStyle, EdgeLabelBgStyle(fill: Color(hex: 0x00FF00)))
        XCTAssertEqual(e.labelBgPadding, Size(width: 8, height: 6))
        XCTAssertEqual(e.labelBgBorderRadius, 4)
        let saved = NativeFormat.encode(doc)
        XCTAssertEqual(missingMembers(original, in: saved), [])
        XCTAssertEqual(try NativeFormat.decode(saved, file: "rf.json"), doc)
        let bad = try parse(#"{"nodes":[],"edges":[{"id":"e","source":"A","target":"B","labelBgPadding":[1]}]}"#)
        XCTAssertThrowsError(try NativeFormat.decode(bad, file: "rf.json"))
    }

    func testModelAndStashLayout() throws {
        let doc = try NativeFormat.decode(try parse(reactFlowFile), file: "rf.json")
        let extra = NativeFormat.extraFieldsKey
        let a = doc.nodes[0]
        // `measured` is not a fixed size; it is kept verbatim.
        XCTAssertNil(a.width)
        XCTAssertNil(a.height)
        XCTAssertEqual(a.parentId, "G")
        XCTAssertEqual(a.data["label"], .string("A"))
        XCTAssertEqual(a.data[extra]?.objectValue?.keys,
                       ["width", "selected", "deletable", "zIndex", "parentId", "parentNode", "handles",
                        "measured", "dragging", "className", "style"])
        XCTAssertEqual(a.handles?.map(\.color), [nil, Color(css: "#ffffff")])
        // Non-object data: kept in `_extra.data`.
        XCTAssertEqual(doc.nodes[1].data, .object(JSONObject([(extra, .object(JSONObject([
            ("type", .string("default")), ("position", .object(JSONObject([("x", .number(0)), ("y", .number(0)), ("z", .number(1))]))),
            ("className", .string("group")), ("data", .string("just a string"))])))])))
        XCTAssertEqual(doc.nodes[3].data[extra]?["data"], .null)
        XCTAssertEqual(doc.nodes[5].data[extra]?["data"]?["_extra"]?["mine"], .bool(true))
        // Nothing to keep: data as in the file.
        XCTAssertEqual(doc.nodes[6].data, .null)
        XCTAssertEqual(doc.nodes[7].data, .object(JSONObject([(extra, .object(JSONObject([("extra", .number(1))])))])))
        let e1 = doc.edges[0]
        XCTAssertEqual(e1.type, .bezier)
        XCTAssertEqual(e1.markerEnd, EdgeMarker(type: .arrowClosed))
        XCTAssertNil(e1.style.stroke)
        XCTAssertEqual(e1.style.strokeWidth, 2)
        XCTAssertEqual(e1.data[extra]?["data"], .string("edge text"))
        XCTAssertEqual(doc.edges[1].style.stroke, Color(css: "#aabbcc"))
        XCTAssertEqual(doc.edges[5].data, .object(JSONObject([(extra, .object(JSONObject([("data", .null)])))])))
        XCTAssertFalse(doc.diagnostics.contains { $0.description.contains("not kept") }, "\(doc.diagnostics)")
    }

    func testChangedFieldsSaveNewValuesAndKeepTheRest() throws {
        var doc = try NativeFormat.decode(try parse(reactFlowFile), file: "rf.json")
        doc.nodes[0].selected = true
        doc.nodes[0].parentId = nil
        doc.nodes[0].handles![0].color = Color(css: "#00ff00")
        doc.nodes[0].handles!.append(NodeHandle(id: "new", type: .source, position: .bottom))
        doc.nodes[1].position = Point(x: 5, y: 6)
        doc.edges[0].type = .step
        doc.edges[0].style.strokeWidth = 4
        doc.edges[0].markerEnd?.color = Color(css: "#123456")
        doc.edges[1].style.stroke = nil
        let saved = NativeFormat.encode(doc)
        let nodes = saved["nodes"]!.arrayValue!, edges = saved["edges"]!.arrayValue!
        XCTAssertEqual(nodes[0]["selected"], .bool(true))
        XCTAssertNil(nodes[0]["parentNode"])
        XCTAssertNotEqual(nodes[0]["parentId"].flatMap(\.stringValue), "G")
        XCTAssertEqual(nodes[0]["measured"], .object(JSONObject([("width", .number(150)), ("height", .number(40))])))
        let handles = nodes[0]["handles"]!.arrayValue!
        XCTAssertEqual(handles.count, 3)
        XCTAssertEqual(handles[0]["color"], .string("#00ff00"))
        XCTAssertEqual(handles[0]["className"], .string("dot"))
        XCTAssertEqual(handles[0]["width"], .number(8))
        XCTAssertEqual(handles[1]["color"], .string("#FFF"))
        XCTAssertEqual(handles[2]["id"], .string("new"))
        XCTAssertEqual(nodes[1]["position"], .object(JSONObject([("x", .number(5)), ("y", .number(6)), ("z", .number(1))])))
        XCTAssertEqual(nodes[1]["data"], .string("just a string"))
        XCTAssertEqual(edges[0]["type"], .string("step"))
        XCTAssertEqual(edges[0]["style"], .object(JSONObject([("strokeWidth", .number(4)), ("stroke", .string("red")),
                                                               ("strokeDasharray", .string("5 5")), ("opacity", .number(0.5))])))
        XCTAssertEqual(edges[0]["markerEnd"]?["color"], .string("#123456"))
        XCTAssertEqual(edges[0]["markerEnd"]?["orient"], .string("auto-start-reverse"))
        XCTAssertEqual(edges[0]["markerEnd"]?["markerUnits"], .string("userSpaceOnUse"))
        XCTAssertEqual(edges[0]["focusable"], .bool(false))
        XCTAssertNil(edges[1]["style"])  // its only member, the kept "#ABC" stroke, was removed
        let reloaded = try NativeFormat.decode(saved, file: "rf.json")
        XCTAssertEqual(reloaded.nodes.map { $0.withoutData }, doc.nodes.map { $0.withoutData })
        XCTAssertEqual(reloaded.edges.map { $0.withoutData }, doc.edges.map { $0.withoutData })
        XCTAssertEqual(NativeFormat.encode(reloaded), saved)
    }

    func testMarkerWrittenAsStringStillMergesKeptMembers() throws {
        let text = #"{"nodes":[],"edges":[{"id":"e","source":"a","target":"b","markerEnd":{"type":"arrow","orient":"auto"}}]}"#
        var doc = try NativeFormat.decode(try parse(text), file: "m.json")
        doc.edges[0].markerEnd = EdgeMarker(type: .arrowClosed)
        let marker = NativeFormat.encode(doc)["edges"]?.arrayValue?[0]["markerEnd"]
        XCTAssertEqual(marker, .object(JSONObject([("type", .string("arrowclosed")), ("orient", .string("auto"))])))
        doc.edges[0].markerEnd = nil
        XCTAssertNil(NativeFormat.encode(doc)["edges"]?.arrayValue?[0]["markerEnd"])
    }

    func testDocumentLevelUnknownMembersAreKept() throws {
        let text = #"{"nodes":[],"version":2,"viewport":{"x":0,"y":0,"zoom":1,"r":0},"meta":{"by":"me"}}"#
        let doc = try NativeFormat.decode(try parse(text), file: "d.json")
        XCTAssertEqual(doc.diagnostics, [])
        XCTAssertEqual(doc.extra.keys, ["viewport", "version", "meta"])
        XCTAssertEqual(JSONWriter.string(NativeFormat.encode(doc)),
                       #"{"nodes":[],"edges":[],"viewport":{"x":0,"y":0,"zoom":1,"r":0},"version":2,"meta":{"by":"me"}}"#)
        var moved = doc
        moved.viewport = Viewport(x: 5, y: 6, zoom: 2)
        XCTAssertEqual(NativeFormat.encode(moved)["viewport"], try parse(#"{"x":5,"y":6,"zoom":2,"r":0}"#))
    }
}

private extension Node where Data == JSONValue {
    var withoutData: Node { var n = self; n.data = .null; return n }
}

private extension Edge where Data == JSONValue {
    var withoutData: Edge { var e = self; e.data = .null; return e }
}

/// Paths in `original` whose key is missing from `saved` or whose value differs; objects are
/// compared as subsets (extra keys in `saved` are fine), arrays element by element.
func missingMembers(_ original: JSONValue, in saved: JSONValue?, path: String = "") -> [String] {
    guard let saved else { return [path + " (missing)"] }
    switch (original, saved) {
    case (.object(let o), .object(let s)):
        return o.members.flatMap { missingMembers($0.value, in: s[$0.key], path: path + "." + $0.key) }
    case (.array(let o), .array(let s)) where o.count == s.count:
        return o.indices.flatMap { missingMembers(o[$0], in: s[$0], path: path + "[\($0)]") }
    default:
        return original == saved ? [] : [path + ": \(JSONWriter.string(original)) became \(JSONWriter.string(saved))"]
    }

    /// Type names and member names that `==` calls equal but that are spelled with other bytes
    /// ("é" precomposed, or "e" and a combining accent) save back as they were.
    func testCanonicallyEquivalentSpellingsSaveBackByteForByte() throws {
        let text = "{\"nodes\":[{\"id\":\"a\",\"type\":\"Caf\u{e9}LoaderSimpleNode\",\"position\":{\"x\":0,\"y\":0},\"data\":{}},"
            + "{\"id\":\"b\",\"type\":\"Cafe\u{301}LoaderSimpleNode\",\"position\":{\"x\":1,\"y\":2},\"data\":{"
            + (0..<13).map { "\"k\($0)\":\($0)," }.joined() + "\"\u{e9}\":1,\"e\u{301}\":2}}],\"edges\":[]}"
        let doc = try NativeFormat.decode(Array(text.utf8), file: "t.json")
        XCTAssertEqual(JSONWriter.bytes(NativeFormat.encode(doc), pretty: false), Array(text.utf8))
    }
}
