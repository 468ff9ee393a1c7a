import XCTest
@testable import SwiftFlowCore

/// `NativeStreamDecoder` (a native file's known fields read straight from its bytes) against the
/// general path (the whole document parsed into a tree, then decoded): the same document, the same
/// diagnostics, the same error, the same saved bytes.
final class NativeStreamDecoderTests: XCTestCase {
    /// `FlowFile.decode`'s general path: the tree, then a ComfyUI workflow or a native graph.
    private func treeDecode(_ bytes: [UInt8], file: String) -> Result<FlowDocument, FlowFileError> {
        Result {
            let json = try FlowFile.parseJSON(bytes, file: file)
            if ComfyUIImport.isWorkflow(json) { return try ComfyUIImport.decode(json, file: file) }
            guard json["nodes"] != nil else { throw FlowFileError.unknownFormat(file: file) }
            return try NativeFormat.decode(json, file: file)
        }.mapError { $0 as! FlowFileError }
    }

    /// Decodes `bytes` both ways; true when the stream decoder took it (did not hand it over).
    @discardableResult
    private func assertSameAsTree(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let tree = treeDecode(bytes, file: "g.json")
        let loaded = Result { try FlowFile.decode(bytes, file: "g.json") }.mapError { $0 as! FlowFileError }
        XCTAssertEqual(loaded, tree, what, file: file, line: line)
        let streamed = NativeStreamDecoder.decode(bytes, file: "g.json")
        if let streamed {
            XCTAssertEqual(streamed, try? tree.get(), what, file: file, line: line)
            if case .success(let doc) = tree {
                XCTAssertEqual(JSONWriter.bytes(NativeFormat.encode(streamed), pretty: true),
                               JSONWriter.bytes(NativeFormat.encode(doc), pretty: true), what, file: file, line: line)
            }
        }
        return streamed != nil
    }

    func testStressGraphIsReadByTheStreamDecoder() throws {
        let doc = StressGraph.make(nodeCount: 300)
        let bytes = JSONWriter.bytes(NativeFormat.encode(doc), pretty: true)
        XCTAssertTrue(assertSameAsTree(bytes, "stress graph"))
        XCTAssertEqual(NativeStreamDecoder.decode(bytes, file: "g.json"), doc)
    }

    func testNodesAndEdgesWithAStashAreDecodedAsTheTreeDoes() {
        let text = #"""
        {"viewport":{"x":1,"y":2,"zoom":0.5,"extra":[1]},"edges":[{"id":"e","source":"a","target":"b","data":null},
         {"id":"f","source":"a","target":"b","type":"step","sourceHandle":null,"markerEnd":"arrow","zIndex":3}],
         "version":2,"nodes":[{"id":"a","position":{"x":1,"y":2},"className":"c","data":{"label":"A\u00e9\n"}},
         {"id":"b","position":{"y":2,"x":-0.0},"type":"t","width":10,"height":20,"selected":true,"handles":[]},
         {"id":"c","parentId":"c","position":{"x":0,"y":0},"width":-5,"deletable":false}]}
        """#
        XCTAssertTrue(assertSameAsTree(Array(text.utf8), "mixed"))
    }

    func testErrorsAreTheTreePathErrors() {
        let cases = [
            #"{"nodes":[{"id":"a","position":{"x":1,"y":2}}],"edges":[{"id":"e","source":"a"}]}"#,
            #"{"nodes":[{"id":"a","position":{"x":NaN,"y":2}}]}"#,
            #"{"nodes":[{"id":"a","position":{"x":1e400,"y":2}}]}"#,
            #"{"nodes":[{"id":"a","position":{"x":1e16,"y":2}}]}"#,
            #"{"nodes":[{"id":"a","position":{"x":1,"y":2},"zIndex":1.5}], x}"#,
            #"{"nodes":[{"id":"a","position":{"x":1,"y":2}}]} trailing"#,
            #"{"nodes":[{"id":"a\u12","position":{"x":1,"y":2}}]}"#,
            #"{"nodes":[{"id":"a","position":{"x":1,"y":2}}],"nodes":[]}"#,
            #"{"nodes":[{"id":"a","id":"b","position":{"x":1,"y":2}}]}"#,
            #"{"nodes":null}"#, #"{"edges":[]}"#, #"[]"#, #"{}"#, "", #"{"nodes":[1]}"#,
            #"{"nodes":[],"links":[]}"#, #"{"nodes":[{"pos":[0,0]}],"links":[]}"#,
        ]
        for text in cases { assertSameAsTree(Array(text.utf8), text) }
        var invalidUTF8 = Array(#"{"nodes":[{"id":"a"#.utf8)
        invalidUTF8 += [0xC3, 0x28] + Array(#"","position":{"x":1,"y":2}}]}"#.utf8)
        assertSameAsTree(invalidUTF8, "invalid UTF-8")
        for depth in [509, 510] {   // the data of a node is at depth 3: the limit, and one more
            let deep = #"{"nodes":[{"id":"a","position":{"x":1,"y":2},"data":"#
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]}"
            assertSameAsTree(Array(deep.utf8), "nesting \(depth) deep in data")
        }
    }

    func testSeededRandomGraphsDecodeAsTheTreePath() {
        var random = RandomGraphText(seed: 17)
        var streamed = 0
        for round in 0..<1000 {
            let bytes = random.document()
            if assertSameAsTree(bytes, "round \(round): \(String(decoding: bytes, as: UTF8.self))") { streamed += 1 }
        }
        // Both paths are exercised: most documents are valid, some are not.
        XCTAssertGreaterThan(streamed, 100)
        XCTAssertLessThan(streamed, 1000)
    }
}

/// Random native documents as text: known fields with valid, default, null and odd values,
/// unknown fields, escapes, invalid UTF-8, repeated keys and NaN-like numbers.
struct RandomGraphText {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func pick(_ options: [String]) -> String { options[int(options.count)] }

    mutating func string() -> String {
        pick(["\"n1\"", "\"a\\\"b\"", "\"\\u00e9\\n\"", "\"\\ud83d\\ude00\"", "\"\\ud800x\"", "\"\"", "\"left\"", "\"right\"",
              "\"top\"", "\"default\"", "\"parent\"", "\"step\"", "\"bezier\"", "\"arrow\"", "\"source\"", "\"target\"",
              "\"é\"", "\"a\\x\"", "\"Node 7\""])
    }

    /// Mostly a number the model holds; one in five out of range or not JSON.
    mutating func number() -> String {
        if int(5) == 0 { return pick(["1e16", "1e400", "NaN", "Infinity", "-Infinity", "01", "9007199254740993", "-", "1.", "-1e15"]) }
        return pick(["0", "-0", "1", "2", "20", "-3", "1.5", "160", "1e15", "0.1", "12.5", "-2.5e3"])
    }

    mutating func scalar() -> String {
        switch int(5) {
        case 0: return string()
        case 1: return number()
        case 2: return pick(["true", "false"])
        case 3: return "null"
        default: return pick(["{}", "[]", "{\"_extra\":{\"a\":1}}", "{\"label\":\"x\"}", "[1,{\"a\":[]}]", "{\"x\":1,\"y\":2}"])
        }
    }

    mutating func value(for key: String) -> String {
        if int(3) == 0 { return scalar() }
        switch key {
        case "position": return int(4) == 0 ? "{\"x\":\(number()),\"y\":\(number()),\"x\":1}" : "{\"x\":\(number()),\"y\":\(number())}"
        case "handles":
            let handle = "{\"id\":\(string()),\"type\":\(pick(["\"source\"", "\"target\"", "\"x\""])),\"position\":\(string())"
                + (int(2) == 0 ? ",\"x\":\(number())" : "") + (int(3) == 0 ? ",\"isConnectable\":\(pick(["true", "false"]))" : "")
                + (int(6) == 0 ? ",\"className\":\"c\"" : "") + "}"
            return "[" + (int(3) == 0 ? "" : handle) + "]"
        case "data": return pick(["{\"label\":\(string())}", "{}", "null", "{\"_extra\":1}", "[1]"])
        case "markerStart", "markerEnd": return pick(["\"arrow\"", "\"arrowclosed\"", "{\"type\":\"arrow\"}"])
        case "extent": return pick(["\"parent\"", "[[0,0],[1,1]]"])
        default: return scalar()
        }
    }

    mutating func object(_ keys: [String], required: [String]) -> String {
        var members: [String] = []
        for key in required {
            members.append("\"\(key)\":" + (key == "position" ? "{\"x\":\(int(300)),\"y\":-\(int(300)).5}" : "\"n\(int(4))\""))
        }
        for _ in 0..<int(6) {
            let key = int(8) == 0 ? pick(["className", "measured", "é", "a\\u0062"]) : keys[int(keys.count)]
            members.insert("\"\(key)\":\(value(for: key))", at: int(members.count + 1))
        }
        return "{" + members.joined(separator: pick([",", " ,\n "])) + "}"
    }

    mutating func document() -> [UInt8] {
        var nodes: [String] = [], edges: [String] = []
        for _ in 0..<int(5) { nodes.append(object(NativeFormat.nodeKeyOrder, required: int(10) == 0 ? ["position"] : ["id", "position"])) }
        for _ in 0..<int(5) {
            edges.append(object(NativeFormat.edgeKeyOrder, required: int(10) == 0 ? ["id", "source"] : ["id", "source", "target"]))
        }
        var members = ["\"nodes\":[" + nodes.joined(separator: ",") + "]"]
        if int(4) > 0 { members.append("\"edges\":[" + edges.joined(separator: ",") + "]") }
        if int(3) == 0 { members.append("\"viewport\":" + pick(["{\"x\":1,\"y\":2,\"zoom\":1}", "{\"x\":1,\"y\":2,\"zoom\":0}", "{\"x\":1,\"y\":2,\"zoom\":1,\"k\":1}"])) }
        if int(5) == 0 { members.append("\"version\":" + scalar()) }
        if int(20) == 0 { members.append(members[0]) }
        members.shuffle(using: &rng)
        var bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
        if int(25) == 0 { bytes.insert(0xFF, at: int(bytes.count)) }
        if int(25) == 0 { bytes.removeLast(int(bytes.count)) }
        if int(30) == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }
}
