import XCTest
@testable import SwiftFlowCore

final class JSONParserTests: XCTestCase {
    private func syntaxError(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(text, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    func testParsesAllKindsKeepingKeyOrder() throws {
        let v = try JSONParser.parse(#" {"z": 1, "a": [true, false, null, -0.5, 2e3, "x"], "m": {}, "e": []} "#)
        XCTAssertEqual(v.objectValue?.keys, ["z", "a", "m", "e"])
        XCTAssertEqual(v["a"], .array([.bool(true), .bool(false), .null, .number(-0.5), .number(2000), .string("x")]))
        XCTAssertEqual(v["m"], .object(JSONObject()))
        XCTAssertEqual(v["e"], .array([]))
    }

    func testNumbersParseExactly() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("12345", 12345), ("0.1", 0.1), ("-1505.9649845826082", -1505.9649845826082),
            ("0.8636372279877547", 0.8636372279877547), ("1e-7", 1e-7), ("1.5E+2", 150), ("123456789012345678901", 1.2345678901234568e20),
            ("0.000001", 0.000001), ("9007199254740993", 9007199254740992), ("1e-400", 0),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try JSONParser.parse(text), .number(expected), text)
        }
    }

    func testStringsAndEscapes() throws {
        XCTAssertEqual(try JSONParser.parse(#""a\"b\\c\/d\n\t\r\b\f""#), .string("a\"b\\c/d\n\t\r\u{8}\u{C}"))
        XCTAssertEqual(try JSONParser.parse(#""\u00e9\u4e2d\ud83d\ude00""#), .string("é中😀"))
        XCTAssertEqual(try JSONParser.parse(#""lone \ud800 surrogate""#), .string("lone \u{FFFD} surrogate"))
        XCTAssertEqual(try JSONParser.parse("\"héllo 😀\""), .string("héllo 😀"))
    }

    func testRepeatedKeyKeepsLastValueAtFirstPosition() throws {
        let v = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        XCTAssertEqual(v.objectValue?.keys, ["a", "b"])
        XCTAssertEqual(v["a"], .number(3))
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(1)]))
    }

    func testTruncatedInputReportsEndPosition() {
        XCTAssertEqual(syntaxError("{\n  \"nodes\": [\n    {\"id\": \"A\""),
                       JSONSyntaxError(line: 3, column: 15, reason: "unexpected end of input"))
        XCTAssertEqual(syntaxError(""), JSONSyntaxError(line: 1, column: 1, reason: "unexpected end of input"))
        XCTAssertEqual(syntaxError("\"abc"), JSONSyntaxError(line: 1, column: 5, reason: "unexpected end of input"))
    }

    func testMissingSeparatorsAreNamed() {
        XCTAssertEqual(syntaxError(#"{"a": 1 "b": 2}"#), JSONSyntaxError(line: 1, column: 9, reason: "expected ',' or '}'"))
        XCTAssertEqual(syntaxError("[1 2]"), JSONSyntaxError(line: 1, column: 4, reason: "expected ',' or ']'"))
        XCTAssertEqual(syntaxError(#"{"a" 1}"#), JSONSyntaxError(line: 1, column: 6, reason: "expected ':'"))
        XCTAssertEqual(syntaxError("{1: 2}"), JSONSyntaxError(line: 1, column: 2, reason: "expected a string key"))
        XCTAssertEqual(syntaxError("[1,]"), JSONSyntaxError(line: 1, column: 4, reason: "unexpected character ']'"))
        XCTAssertEqual(syntaxError("[1] x"), JSONSyntaxError(line: 1, column: 5, reason: "unexpected characters after the JSON value"))
        XCTAssertEqual(syntaxError("[01]"), JSONSyntaxError(line: 1, column: 3, reason: "leading zeros are not allowed"))
        XCTAssertEqual(syntaxError("[1.]"), JSONSyntaxError(line: 1, column: 4, reason: "expected a digit after '.'"))
        XCTAssertEqual(syntaxError("[tru]"), JSONSyntaxError(line: 1, column: 2, reason: "invalid token 'tru'"))
        XCTAssertEqual(syntaxError("\"a\u{1}\""), JSONSyntaxError(line: 1, column: 3, reason: "control character in string"))
        XCTAssertEqual(syntaxError(#""\x""#), JSONSyntaxError(line: 1, column: 2, reason: "invalid escape sequence"))
    }

    func testColumnsCountScalarsNotBytes() {
        XCTAssertEqual(syntaxError("[\"é😀\" 1]"), JSONSyntaxError(line: 1, column: 7, reason: "expected ',' or ']'"))
    }

    func testNaNAndInfinityAreRejected() {
        XCTAssertEqual(syntaxError("{\"x\": NaN}"),
                       JSONSyntaxError(line: 1, column: 7, reason: "invalid token 'NaN': NaN and Infinity are not JSON"))
        XCTAssertEqual(syntaxError("[Infinity]"),
                       JSONSyntaxError(line: 1, column: 2, reason: "invalid token 'Infinity': NaN and Infinity are not JSON"))
        XCTAssertEqual(syntaxError("[-Infinity]"),
                       JSONSyntaxError(line: 1, column: 2, reason: "invalid token '-Infinity': NaN and Infinity are not JSON"))
    }

    func testOverflowingNumberIsAnError() {
        XCTAssertEqual(syntaxError("[1, 1e999]"), JSONSyntaxError(line: 1, column: 5, reason: "number 1e999 is out of range"))
        XCTAssertEqual(syntaxError("-1e309"), JSONSyntaxError(line: 1, column: 1, reason: "number -1e309 is out of range"))
    }

    func testLongTokensAreCutInMessages() {
        // A megabyte-long number is quoted by its first 40 characters, then an ellipsis.
        let huge = "1" + String(repeating: "0", count: 1_000_000)
        XCTAssertEqual(syntaxError("[" + huge + "]"),
                       JSONSyntaxError(line: 1, column: 2, reason: "number 1" + String(repeating: "0", count: 39) + "… is out of range"))
        // 40 characters are quoted whole, 41 are cut.
        XCTAssertEqual(syntaxError("[1e999" + String(repeating: "9", count: 35) + "]"),
                       JSONSyntaxError(line: 1, column: 2, reason: "number 1e999" + String(repeating: "9", count: 35) + " is out of range"))
        XCTAssertEqual(syntaxError("[1e999" + String(repeating: "9", count: 36) + "]"),
                       JSONSyntaxError(line: 1, column: 2, reason: "number 1e999" + String(repeating: "9", count: 35) + "… is out of range"))
        // Invalid tokens are quoted by their first 20 characters.
        XCTAssertEqual(syntaxError("[tru" + String(repeating: "x", count: 1000) + "]"),
                       JSONSyntaxError(line: 1, column: 2, reason: "invalid token 'tru" + String(repeating: "x", count: 17) + "…'"))
        XCTAssertEqual(syntaxError("[tru" + String(repeating: "x", count: 17) + "]"),
                       JSONSyntaxError(line: 1, column: 2, reason: "invalid token 'tru" + String(repeating: "x", count: 17) + "'"))
    }

    func testInvalidUTF8IsAnError() {
        XCTAssertEqual(try? JSONParser.parse([0x22, 0x61, 0xFF, 0x22]), nil)
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0x61, 0xFF, 0x22])) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.reason, "invalid UTF-8 in string")
        }
    }

    func testDeepNestingIsCapped() {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertEqual(syntaxError(deep), JSONSyntaxError(line: 1, column: 513, reason: "nesting deeper than 512 levels"))
        // Far deeper than any stack would allow with recursion.
        XCTAssertEqual(syntaxError(String(repeating: "{\"a\":", count: 200_000))?.reason, "nesting deeper than 512 levels")
        XCTAssertEqual(syntaxError(String(repeating: "[", count: 100), maxDepth: 10)?.column, 11)
    }

    func testArbitraryBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}[],:\"\\ 0123456789-+.eEtruefalsnNIu\n".utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = try? JSONParser.parse(bytes)
        }
    }

    func testWriterRoundTripsAndFormats() throws {
        let value: JSONValue = .object(JSONObject([
            ("b", .number(3)), ("a", .array([.number(-0.25), .number(1e21), .number(1e-7), .string("q\"\\\n\u{1}é")])),
            ("o", .object(JSONObject([("k", .null)]))), ("e", .array([])), ("t", .bool(true)),
        ]))
        let compact = JSONWriter.string(value)
        XCTAssertEqual(compact, #"{"b":3,"a":[-0.25,1e+21,1e-07,"q\"\\\n\u0001é"],"o":{"k":null},"e":[],"t":true}"#)
        XCTAssertEqual(try JSONParser.parse(compact), value)
        let pretty = JSONWriter.string(value, pretty: true)
        XCTAssertTrue(pretty.hasPrefix("{\n  \"b\": 3,\n  \"a\": [\n    -0.25,"), pretty)
        XCTAssertTrue(pretty.contains("\"o\": {\n    \"k\": null\n  },\n  \"e\": [],"), pretty)
        XCTAssertEqual(try JSONParser.parse(pretty), value)
        XCTAssertTrue(pretty.hasSuffix("\n}\n") && !pretty.hasSuffix("\n\n"), pretty)
        XCTAssertEqual(JSONWriter.string(.array([]), pretty: true), "[]\n")
        XCTAssertEqual(JSONWriter.string(.array([.number(.nan), .number(.infinity), .number(2.0), .number(-7)])), "[null,null,2,-7]")
    }

    func testLargeDocumentParsesQuickly() throws {
        let doc = StressGraph.make(nodeCount: 20_000)
        let bytes = JSONWriter.bytes(NativeFormat.encode(doc))
        let start = ContinuousClock.now
        let parsed = try JSONParser.parse(bytes)
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(parsed["nodes"]?.arrayValue?.count, 20_000)
        print("parsed \(bytes.count) bytes in \(elapsed)")
    }
}
