/// A JSON syntax error at a 1-based line and column (columns count Unicode scalars).
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars from the start of the line.
    public var column: Int
    /// What was wrong, e.g. "unexpected end of input" or "expected ',' or '}'".
    public var reason: String

    /// Creates an error at `line`:`column`.
    public init(line: Int, column: Int, reason: String) { self.line = line; self.column = column; self.reason = reason }

    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes, producing `JSONValue` with object key order kept.
///
/// Iterative (no recursion), so any input is safe: nesting deeper than `maxDepth` is an error.
/// `NaN`, `Infinity` and numbers that overflow a `Double` are errors; a repeated object key keeps
/// its last value. A leading UTF-8 byte-order mark is skipped.
public enum JSONParser {
    /// Default limit on the nesting of arrays and objects.
    public static let defaultMaxDepth = 512

    /// Parses a whole document. Throws `JSONSyntaxError` with the line and column of the first problem.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONReader(bytes: buffer, maxDepth: maxDepth)
            do throws(JSONSyntaxError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses a whole document from text. Throws `JSONSyntaxError`.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

private enum Byte {
    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":"), openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]"), minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+"), dot = UInt8(ascii: "."), zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
}

/// `JSONParser`'s reader: a position in UTF-8 bytes and the grammar's pieces, read from there.
/// `NativeStreamDecoder` reads a native file's known fields with it directly, and its values of
/// any shape with `parseValue`. Every `throws` gives the error `JSONParser.parse` gives.
struct JSONReader {
    /// An open array or object: where its elements start in `elements` / `members`.
    private struct Frame {
        var isObject: Bool
        var start: Int
        /// The key of the member whose value is being parsed (objects only).
        var key: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    /// How many arrays and objects enclose the value `parseValue` reads (counted against `maxDepth`).
    var baseDepth = 0
    private var frames: [Frame] = []
    private var elements: [JSONValue] = []
    private var members: [(String, JSONValue)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected characters after the JSON value") }
        return value
    }

    /// Parses the value at `index` (after whitespace) and leaves `index` just after it.
    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        if !frames.isEmpty { frames = []; elements = []; members = [] }   // left by an error thrown earlier
        while true {
            var value = try parseValueOrOpen()
            // `value` is complete (nil: a container was opened, parse its first element).
            while let v = value {
                guard let top = frames.last else { return v }
                if top.isObject { members.append((top.key, v)) } else { elements.append(v) }
                skipWhitespace()
                let closer = top.isObject ? Byte.closeBrace : Byte.closeBracket
                guard index < bytes.count else { throw error("unexpected end of input") }
                if bytes[index] == Byte.comma {
                    index += 1
                    if top.isObject { frames[frames.count - 1].key = try parseKey() }
                    value = nil
                } else if bytes[index] == closer {
                    index += 1
                    value = closeTopFrame()
                } else {
                    throw error(top.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
            }
        }
    }

    /// Parses a scalar or an empty container; opens a frame and returns nil for a non-empty one.
    private mutating func parseValueOrOpen() throws(JSONSyntaxError) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case Byte.openBrace, Byte.openBracket:
            let isObject = bytes[index] == Byte.openBrace
            if baseDepth + frames.count >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                index += 1
                return isObject ? .object(JSONObject()) : .array([])
            }
            let key = isObject ? try parseKey() : ""
            frames.append(Frame(isObject: isObject, start: isObject ? members.count : elements.count, key: key))
            return nil
        case Byte.quote: return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case Byte.minus, Byte.zero...Byte.nine: return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("invalid token '\(word())': NaN and Infinity are not JSON")
        default: throw error(unexpectedCharacter())
        }
    }

    private mutating func closeTopFrame() -> JSONValue {
        let frame = frames.removeLast()
        if frame.isObject {
            let object = JSONObject(Array(members[frame.start...]))
            members.removeSubrange(frame.start...)
            return .object(object)
        }
        let array = Array(elements[frame.start...])
        elements.removeSubrange(frame.start...)
        return .array(array)
    }

    /// Parses `"key"` followed by `:`.
    mutating func parseKey() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        guard bytes[index] == Byte.quote else { throw error("expected a string key") }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        guard bytes[index] == Byte.colon else { throw error("expected ':'") }
        index += 1
        return key
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard index < bytes.count else { throw error("unexpected end of input") }
            guard bytes[index] == expected else { index = start; throw error("invalid token '\(word())'") }
            index += 1
        }
    }

    // MARK: Strings

    /// Parses a string starting at the opening quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            if b == Byte.quote {
                let text = try makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
                index += 1
                return text
            }
            if b == Byte.backslash { return try parseEscapedString(from: start) }
            if b < 0x20 { throw error("control character in string") }
            index += 1
        }
        throw error("unexpected end of input")
    }

    /// The slow path: copies bytes while decoding escapes.
    private mutating func parseEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            if b == Byte.quote {
                index += 1
                return try out.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try makeString(buffer, at: start) }
            }
            if b < 0x20 { throw error("control character in string") }
            if b != Byte.backslash { out.append(b); index += 1; continue }
            index += 1
            guard index < bytes.count else { throw error("unexpected end of input") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case Byte.quote, Byte.backslash, UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"): appendUTF8(try parseUnicodeEscape(), to: &out)
            default: index -= 2; throw error("invalid escape sequence")
            }
        }
        throw error("unexpected end of input")
    }

    /// Parses the hex digits after `\u` (and a following low surrogate); lone surrogates become U+FFFD.
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let unit = try parseHex4()
        if (0xD800...0xDBFF).contains(unit), index + 1 < bytes.count,
           bytes[index] == Byte.backslash, bytes[index + 1] == UInt8(ascii: "u") {
            let save = index
            index += 2
            let low = try parseHex4()
            if (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            index = save
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of input") }
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case Byte.zero...Byte.nine: digit = b - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected 4 hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    private func makeString(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        // ASCII is valid UTF-8; the generic validating initializer is only needed otherwise.
        if buffer.allSatisfy({ $0 < 0x80 }) { return String(decoding: buffer, as: UTF8.self) }
        guard let s = String(validating: buffer, as: UTF8.self) else {
            let p = position(of: start)
            throw JSONSyntaxError(line: p.line, column: p.column, reason: "invalid UTF-8 in string")
        }
        return s
    }

    // MARK: Numbers

    private static let exactPowersOfTen: [Double] = (0...22).map { exp in
        var p = 1.0
        for _ in 0..<exp { p *= 10 }
        return p
    }

    /// Parses a number by the JSON grammar, starting at its sign or first digit; exact fast path for up to 15 digits with small exponents.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = bytes[index] == Byte.minus
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        guard index < bytes.count, isDigit(bytes[index]) else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") { index = start; throw error("invalid token '\(word())': NaN and Infinity are not JSON") }
            throw error(index < bytes.count ? "expected a digit" : "unexpected end of input")
        }
        if bytes[index] == Byte.zero {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - Byte.zero) }
                digits += 1; index += 1
            }
        }
        if index < bytes.count, bytes[index] == Byte.dot {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - Byte.zero) }
                if mantissa != 0 || bytes[index] != Byte.zero || digits > 0 { digits += 1 }
                fractionDigits += 1; index += 1
            }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if !hasExponent, digits <= 15, fractionDigits <= 22 {
            let magnitude = Double(mantissa) / JSONReader.exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text.messageExcerpt()) is out of range")
        }
        return value
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= Byte.zero && b <= Byte.nine }

    // MARK: Errors

    /// The token at the current index (letters, digits, `+-.`; at most 20 bytes, then `…` when
    /// it goes on), for messages.
    private func word() -> String {
        var end = index
        while end < bytes.count, end - index < 20, isWordByte(bytes[end]) { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<max(end, index + 1)]), as: UTF8.self)
        return end < bytes.count && end - index == 20 && isWordByte(bytes[end]) ? text + "…" : text
    }

    private func isWordByte(_ b: UInt8) -> Bool {
        isDigit(b) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == Byte.minus || b == Byte.plus || b == Byte.dot
    }

    private func unexpectedCharacter() -> String {
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "unexpected character '\(Character(Unicode.Scalar(b)))'" }
        return "unexpected byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        let p = position(of: index)
        return JSONSyntaxError(line: p.line, column: p.column, reason: reason)
    }

    /// 1-based line and column (in scalars) of a byte offset; computed only when an error is thrown.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
