import Foundation
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

    /// Keys are told apart by their bytes: "é" precomposed and "e" with a combining accent are two
    /// members, in a small object and in a large one (which finds repeated keys through a map), and
    /// reading or setting one leaves the other.
    func testCanonicallyEquivalentKeysAreDistinctMembers() throws {
        let composed = "\u{e9}", decomposed = "e\u{301}"
        for padding in [0, 13] {
            let others = (0..<padding).map { "\"k\($0)\": 0, " }.joined()
            let v = try JSONParser.parse("{\(others)\"\(composed)\": 1, \"\(decomposed)\": 2}")
            XCTAssertEqual(v.objectValue?.members.count, padding + 2, "\(padding) other members")
            XCTAssertEqual(v[composed], .number(1))
            XCTAssertEqual(v[decomposed], .number(2))
        }
        var o = JSONObject([(composed, .number(1))])
        o[decomposed] = .number(5)
        XCTAssertEqual(o.keys.map { Array($0.utf8) }, [Array(composed.utf8), Array(decomposed.utf8)])
        XCTAssertEqual(o[composed], .number(1))
        o[decomposed] = nil
        XCTAssertEqual(o, JSONObject([(composed, .number(1))]))
        XCTAssertNotEqual(JSONObject([(composed, .number(1))]), JSONObject([(decomposed, .number(1))]))
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

    /// Seeded arbitrary inputs — random bytes of JSON's alphabet, and written documents with a
    /// few bytes inserted, deleted or replaced — against Foundation's `JSONSerialization` as an
    /// oracle: the same documents are accepted, with the same values. One documented difference:
    /// Foundation also accepts a trailing comma (`[1,]`), which RFC 8259 and this parser reject.
    func testArbitraryBytesAgreeWithFoundation() {
        var rng = SplitMix64(seed: 0x5EED_0F_2026)
        let alphabet = Array("{}[],:\"\\ 0123456789-+.eEtruefalsnNIu\n".utf8) + [0xC3, 0xA9, 0xFF]
        let trailingComma = try! NSRegularExpression(pattern: ",[ \t\r\n]*[\\]}]")
        var accepted = 0
        for round in 0..<4000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            } else {
                bytes = JSONWriter.bytes(randomValue(depth: 3, using: &rng))
                for _ in 0..<Int.random(in: 0...2, using: &rng) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
                    default: bytes[at] = alphabet.randomElement(using: &rng)!
                    }
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let ours = try? JSONParser.parse(bytes)
            let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            switch (ours, theirs) {
            case (nil, nil): continue
            case (nil, _?):
                let lenient = trailingComma.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                XCTAssertTrue(lenient, "rejected what Foundation accepts: \(bytes)")
            case (_?, nil):
                XCTFail("accepted what Foundation rejects: \(bytes)")
            case (let value?, let object?):
                accepted += 1
                XCTAssertTrue(same(value, object), "\(bytes): \(value) against \(object)")
            }
        }
        XCTAssertGreaterThan(accepted, 500, "the mutated documents must often stay valid, or the oracle checks nothing")
    }

    /// A random JSON value, at most `depth` levels deep.
    private func randomValue(depth: Int, using rng: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(Double(Int.random(in: -1000...1000, using: &rng)) / 8)
        case 3: return .number(Double.random(in: -1e30...1e30, using: &rng))
        case 4: return .string(String((0..<Int.random(in: 0..<6, using: &rng)).map { _ in "aé\"\\\n世 ".randomElement(using: &rng)! }))
        case 5: return .array((0..<Int.random(in: 0..<4, using: &rng)).map { _ in randomValue(depth: depth - 1, using: &rng) })
        default:
            return .object(JSONObject((0..<Int.random(in: 0..<4, using: &rng)).map { _ in
                (String("abc".randomElement(using: &rng)!), randomValue(depth: depth - 1, using: &rng))
            }))
        }
    }

    /// True when Foundation's `object` is `value` (its booleans are `NSNumber`s of their own
    /// class). Numbers agree within 1e-15 relative: Foundation reads long mantissas through
    /// `Decimal` and can land a few units in the last place from the correctly rounded `Double`.
    private func same(_ value: JSONValue, _ object: Any) -> Bool {
        let booleanClass = type(of: NSNumber(value: true))
        switch value {
        case .null: return object is NSNull
        case .bool(let b): return (object as? NSNumber).map { type(of: $0) == booleanClass && $0.boolValue == b } ?? false
        case .number(let d):
            return (object as? NSNumber).map { type(of: $0) != booleanClass && abs($0.doubleValue - d) <= 1e-15 * abs(d) } ?? false
        case .string(let s): return (object as? String) == s
        case .array(let a):
            guard let b = object as? [Any], a.count == b.count else { return false }
            return zip(a, b).allSatisfy { same($0, $1) }
        case .object(let o):
            guard let d = object as? [String: Any], o.members.count == d.count else { return false }
            return o.members.allSatisfy { m in d[m.key].map { same(m.value, $0) } ?? false }
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
