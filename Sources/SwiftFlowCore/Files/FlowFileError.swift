/// Why a graph file could not be loaded or saved.
///
/// `file` is the file's path as the caller gave it to `FlowFile.load` / `save` (absolute or
/// relative, not shortened, so a mistyped folder is visible), or the name given to an in-memory
/// decode; `description` is one line that starts with it, e.g.
/// `/tmp/x/graph.json: nodes[0].position.x: expected a finite number, found string "zero"`.
public enum FlowFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (missing, a directory, no permission, …).
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON; `line` and `column` are 1-based (columns count Unicode scalars).
    case malformedJSON(file: String, line: Int, column: Int, reason: String)
    /// A value inside the document has the wrong type or range. `path` is like `nodes[3].position.x`
    /// (empty for the document itself); `found` describes the value, or is "nothing" when it is missing.
    case invalidValue(file: String, path: String, expected: String, found: String)
    /// Valid JSON that is neither a native graph (`nodes`) nor a ComfyUI/LiteGraph workflow (`links` + `pos`).
    case unknownFormat(file: String)
    /// The file could not be written or renamed into place; the previous file, if any, is unchanged.
    case writeFailed(file: String, reason: String)

    /// The file the error is about: its path as given, or the name given to an in-memory decode.
    public var file: String {
        switch self {
        case .unreadable(let f, _), .malformedJSON(let f, _, _, _), .invalidValue(let f, _, _, _),
             .unknownFormat(let f), .writeFailed(let f, _):
            return f
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot read: \(reason)"
        case .malformedJSON(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): malformed JSON: \(reason)"
        case .invalidValue(let file, let path, let expected, let found):
            return "\(file): \(path.isEmpty ? "document" : path): expected \(expected), found \(found)"
        case .unknownFormat(let file):
            return "\(file): unknown format: neither a graph with 'nodes' nor a ComfyUI workflow with 'links'"
        case .writeFailed(let file, let reason): return "\(file): cannot write: \(reason)"
        }
    }

    /// A short description of a JSON value for `found`: `string "zero"`, `number 3`, `array of 2`, …
    /// Strings are cut to 40 characters and `…` (`String.messageExcerpt`) and kept on one line.
    public static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        switch value {
        case .null: return "null"
        case .bool(let b): return "bool \(b)"
        case .number(let d): return "number \(JSONWriter.numberText(d))"
        case .string(let s): return "string " + JSONWriter.string(.string(s.messageExcerpt()))
        case .array(let a): return "array of \(a.count)"
        case .object: return "object"
        }
    }
}
