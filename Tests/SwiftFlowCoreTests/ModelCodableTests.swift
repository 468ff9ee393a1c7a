import Foundation
import SwiftFlowCore
import XCTest

/// `Node`, `Edge` and what they hold are `Codable` in the native format's JSON shape.
final class ModelCodableTests: XCTestCase {
    struct MyData: Codable, Hashable { var label: String; var count: Int }

    private func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    func testNodeRoundTripsAsExactJSON() throws {
        let node = Node(id: "n1", position: Point(x: 10, y: -2.5), data: MyData(label: "A", count: 3), type: "input",
                        width: 100, height: 40, selected: true, parentId: "p", extent: .parent, sourcePosition: .bottom,
                        handles: [NodeHandle(id: "h", type: .source, position: .bottom, x: 50, color: Color(hex: 0xFF0000))])
        let json = try text(node)
        XCTAssertEqual(json, ##"{"data":{"count":3,"label":"A"},"extent":"parent","handles":[{"color":"#ff0000","id":"h","position":"bottom","type":"source","x":50}],"##
            + #""height":40,"id":"n1","parentId":"p","position":{"x":10,"y":-2.5},"selected":true,"sourcePosition":"bottom","type":"input","width":100}"#)
        XCTAssertEqual(try decode(Node<MyData>.self, json), node)
    }

    func testEdgeRoundTripsAsExactJSON() throws {
        let edge = Edge(id: "e1", source: "a", target: "b", targetHandle: "in", data: EmptyEdgeData(), type: .smoothstep,
                        label: "go", animated: true, markerEnd: EdgeMarker(type: .arrowClosed),
                        style: EdgeStyle(stroke: Color(hex: 0x00FF00), strokeWidth: 2))
        let json = try text(edge)
        XCTAssertEqual(json, #"{"animated":true,"data":{},"id":"e1","label":"go","markerEnd":"arrowclosed","source":"a","#
            + ##""sourceHandle":null,"style":{"stroke":"#00ff00","strokeWidth":2},"target":"b","targetHandle":"in","type":"smoothstep"}"##)
        XCTAssertEqual(try decode(Edge<EmptyEdgeData>.self, json), edge)
        // A missing `data` reads as null: fine for EmptyEdgeData and optionals.
        XCTAssertEqual(try decode(Edge<EmptyEdgeData>.self, #"{"id":"e","source":"a","target":"b"}"#).data, EmptyEdgeData())
        XCTAssertNil(try decode(Edge<Int?>.self, #"{"id":"e","source":"a","target":"b"}"#).data)
    }

    func testTheNativeLoaderReadsJSONEncoderOutputAndTheOtherWayRound() throws {
        let node = Node(id: "n", position: Point(x: 1, y: 2), data: MyData(label: "x", count: 1), zIndex: 4)
        let edge = Edge(id: "e", source: "n", target: "n", data: MyData(label: "y", count: 2), markerStart: EdgeMarker(type: .arrow, width: 20))
        let file = #"{"nodes":[\#(try text(node))],"edges":[\#(try text(edge))]}"#
        let doc = try NativeFormat.decode(Array(file.utf8), file: "t")
        XCTAssertEqual(doc.nodes, [node.mapData { _ in JSONValue.object(JSONObject([("count", .number(1)), ("label", .string("x"))])) }])
        XCTAssertEqual(doc.edges, [edge.mapData { _ in JSONValue.object(JSONObject([("count", .number(2)), ("label", .string("y"))])) }])
        // Native text decodes as typed nodes, and `Node<JSONValue>` encodes exactly as the native format writes it.
        let native = NativeFormat.text(doc, pretty: false)
        struct Document: Codable { var nodes: [Node<MyData>]; var edges: [Edge<MyData>] }
        let typed = try decode(Document.self, native)
        XCTAssertEqual(typed.nodes, [node])
        XCTAssertEqual(typed.edges, [edge])
        let original = try NativeFormat.decode(Array(#"{"nodes":[{"id":"k","position":{"x":0,"y":0},"className":"c","data":{"v":1}}]}"#.utf8), file: "t")
        let written = try XCTUnwrap(NativeFormat.encode(original)["nodes"]?.arrayValue?.first)
        XCTAssertTrue(try JSONValue(encoding: original.nodes[0]).hasSameMembers(as: written), "JSONEncoder does not keep member order")
        XCTAssertEqual(try JSONValue(encoding: original.nodes[0]).decoded(as: Node<JSONValue>.self), original.nodes[0])
    }

    /// `JSONValue(encoding:)` writes members in sorted key order, so a graph of `Codable` data
    /// saves as the same file on every run; `JSONEncoder`'s own order changed from one value to
    /// the next in a single run (`{amount, enabled, …}` beside `{name, enabled, …}` in one file).
    func testEncodingWritesMembersInSortedKeyOrder() throws {
        struct Shader: Codable { var name = "m1", amount = 0.8, enabled = false, mode = "screen", texture = "t.png" }
        for _ in 0..<20 {
            XCTAssertEqual(try JSONValue(encoding: Shader()).objectValue?.keys, ["amount", "enabled", "mode", "name", "texture"])
        }
    }

    /// A colour channel that is NaN (or out of range) saves clamped, NaN as 0; it trapped
    /// converting NaN to an Int.
    func testColoursWithNaNChannelsSaveClamped() throws {
        XCTAssertEqual(Color(red: .nan, green: 2, blue: -1, opacity: .nan).cssHex, "#00ff0000")
        XCTAssertEqual(Color(red: .nan, green: 0, blue: .infinity).cssHex, "#0000ff")
        let handle = NodeHandle(id: "h", type: .source, position: .right, color: Color(red: .nan, green: 0, blue: 0))
        let doc = FlowDocument(nodes: [Node(id: "a", position: .zero, data: .object(JSONObject()), handles: [handle])])
        XCTAssertEqual(NativeFormat.encode(doc)["nodes"]?.arrayValue?.first?["handles"]?.arrayValue?.first?["color"], .string("#000000"))
        XCTAssertEqual(try JSONValue(encoding: handle)["color"], .string("#000000"))
    }

    func testBadInputThrowsADecodingError() {
        func rejects<T: Decodable>(_ type: T.Type, _ json: String, _ expected: String, line: UInt = #line) {
            XCTAssertThrowsError(try decode(T.self, json), line: line) { error in
                guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else {
                    return XCTFail("\(error)", line: line)
                }
                XCTAssertEqual(context.debugDescription, expected, line: line)
            }
        }
        rejects(Node<MyData>.self, #"{"id":"n","position":{"x":1e300,"y":0},"data":{"label":"a","count":1}}"#,
                "Codable: position.x: expected a number within ±1e15, found number 1e+300")
        rejects(Node<MyData>.self, #"{"id":"n","position":{"x":"zero","y":0}}"#,
                "Codable: position.x: expected a finite number, found string \"zero\"")
        rejects(Color.self, #""red""#, "colour 'red' is not CSS hex")
        XCTAssertThrowsError(try decode(Node<MyData>.self, #"{"id":"n","position":{"x":0,"y":0}}"#))
        // A colour the loader warns about loads as nil inside a node, as in files.
        XCTAssertEqual(try decode(EdgeStyle.self, #"{"stroke":"red","strokeWidth":3}"#), EdgeStyle(strokeWidth: 3))
        XCTAssertEqual(try decode(EdgeMarker.self, ##"{"type":"arrow","color":"#fff"}"##), EdgeMarker(type: .arrow, color: .white))
        XCTAssertEqual(try decode([Point].self, #"[{"x":1,"y":2}]"#), [Point(x: 1, y: 2)])
        XCTAssertEqual(try decode([Position].self, #"["left","top"]"#), [.left, .top])
    }
}
