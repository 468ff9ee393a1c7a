/// Writes `JSONValue` as JSON text, deterministically (object members in their stored order, or
/// sorted by key with `sortedKeys`).
///
/// Integral numbers up to 2^53 in magnitude are written without a fraction (`3`, not `3.0`); other
/// finite numbers use the shortest text that reads back as the same `Double`; NaN and infinities
/// (which JSON cannot express) are written as `null`. Strings escape `"`, `\` and control
/// characters; other characters are written as UTF-8.
public enum JSONWriter {
    /// The JSON text of `value`: compact (no whitespace) or pretty (2-space indent, one member per
    /// line, trailing newline); `sortedKeys` writes every object's members in byte order of their
    /// keys (a canonical form for comparing documents).
    public static func string(_ value: JSONValue, pretty: Bool = false, sortedKeys: Bool = false) -> String {
        String(decoding: bytes(value, pretty: pretty, sortedKeys: sortedKeys), as: UTF8.self)
    }

    /// The JSON text of `value` as UTF-8 bytes (see `string(_:pretty:sortedKeys:)`).
    public static func bytes(_ value: JSONValue, pretty: Bool = false, sortedKeys: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        write(sortedKeys ? sorted(value) : value, pretty: pretty, indent: 0, to: &out)
        if pretty { out.append(0x0A) }
        return out
    }

    /// `value` with every object's members sorted by key (UTF-8 byte order).
    private static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let a): return .array(a.map(sorted))
        case .object(let o):
            return .object(JSONObject(o.members.sorted { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }
                                                .map { ($0.key, sorted($0.value)) }))
        default: return value
        }
    }

    /// Appends the text of `value` to `out`, as `bytes` writes it at nesting depth `indent` (its
    /// lines indented by `indent + 1` levels when pretty; no trailing newline).
    static func write(_ value: JSONValue, pretty: Bool, indent: Int, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d): out.append(contentsOf: numberText(d).utf8)
        case .string(let s): writeString(s, to: &out)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, pretty: pretty, indent: indent, to: &out) { i, out in
                write(elements[i], pretty: pretty, indent: indent + 1, to: &out)
            }
        case .object(let object):
            let members = object.members
            writeContainer(open: "{", close: "}", count: members.count, pretty: pretty, indent: indent, to: &out) { i, out in
                writeString(members[i].key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                write(members[i].value, pretty: pretty, indent: indent + 1, to: &out)
            }
        }
    }

    private static func writeContainer(open: Unicode.Scalar, close: Unicode.Scalar, count: Int, pretty: Bool, indent: Int,
                                       to out: inout [UInt8], element: (Int, inout [UInt8]) -> Void) {
        out.append(UInt8(ascii: open))
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { newline(indent + 1, &out) }
            element(i, &out)
        }
        if pretty && count > 0 { newline(indent, &out) }
        out.append(UInt8(ascii: close))
    }

    /// Appends a line break and `indent` levels of 2 spaces.
    static func newline(_ indent: Int, _ out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    /// The JSON text of a number (see the type's documentation).
    static func numberText(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) <= 9_007_199_254_740_992 { return String(Int64(d)) }
        return "\(d)"
    }

    /// Appends `s` as a JSON string (see the type's documentation for the escapes).
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, b])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, b])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
