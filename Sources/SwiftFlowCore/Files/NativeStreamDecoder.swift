/// Decodes a native file's nodes and edges straight from its UTF-8 bytes, without first building
/// the whole document as a tree of `JSONValue`s (`NativeFormat.decode`'s general path: at a
/// million nodes the tree and the cursor reads of it took most of a load).
///
/// Known fields are read by comparing their keys' bytes, their values with `JSONReader`'s own
/// string and number rules (so every value equals the parser's); trees are built only for `data`
/// and for top-level members other than `nodes` and `edges`. A node or edge is taken this way only
/// when its stash would be empty: every member a known one that `encode` writes back as it is
/// (`nodeMemberIsWrittenAsIs`, `edgeMemberIsWrittenAsIs`), each once, with a value the model
/// holds unchanged. Any other node or edge is parsed into a tree from its first byte and decoded
/// by `NativeFormat.decodeNode` / `decodeEdge`, as the general path does. Whenever anything
/// fails (a syntax error, a bad value, a repeated top-level key, a `links` member of a possible
/// ComfyUI workflow), `decode` gives nil and the caller takes the general path, which reports
/// the same error at the same position it always did: so this decoder succeeds exactly when the
/// general path does, with an equal document.
///
/// The project's own parser is used rather than Foundation's `JSONSerialization`/`JSONDecoder`:
/// those neither keep object key order nor report line and column, and would still build a tree.
struct NativeStreamDecoder {
    private var reader: JSONReader
    private let file: String
    /// The last node's handles: a node with the same ones shares its array (a graph's nodes of one
    /// type mostly declare the same handles), and `handleScratch` takes each node's first.
    private var lastHandles: [NodeHandle] = []
    private var handleScratch: [NodeHandle] = []

    /// The document in `bytes`, or nil when the general path must decode it. O(bytes).
    static func decode(_ bytes: [UInt8], file: String) -> FlowDocument? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = NativeStreamDecoder(reader: JSONReader(bytes: buffer, maxDepth: JSONParser.defaultMaxDepth), file: file)
            return try? decoder.document()
        }
    }

    /// Why the fast path gave up; never seen by callers.
    private struct GiveUp: Error {}

    // The keys read in place, each case named as its key; the raw value is its bit in `seen`.
    private enum NodeKey: Int, CaseIterable {
        case id, type, position, data, width, height, selected, hidden, draggable, selectable, connectable,
             deletable, zIndex, parentId, extent, sourcePosition, targetPosition, handles
    }
    private enum EdgeKey: Int, CaseIterable {
        case id, source, target, sourceHandle, targetHandle, type, label, labelShowBg, labelBgBorderRadius, animated,
             markerStart, markerEnd, selected, selectable, hidden, deletable, reconnectable, zIndex, interactionWidth, data
    }
    private enum HandleKey: Int, CaseIterable { case id, type, position, x, y, isConnectable }
    private enum PointKey: Int, CaseIterable { case x, y }

    private static let nodeKeys = KeyTable(NodeKey.allCases.map { "\($0)" })
    private static let edgeKeys = KeyTable(EdgeKey.allCases.map { "\($0)" })
    private static let handleKeys = KeyTable(HandleKey.allCases.map { "\($0)" })
    private static let pointKeys = KeyTable(PointKey.allCases.map { "\($0)" })

    // MARK: Document

    private mutating func document() throws -> FlowDocument {
        var doc = FlowDocument()
        var nodeDiagnostics: [FlowDiagnostic] = [], edgeDiagnostics: [FlowDiagnostic] = []
        var others: [(String, JSONValue)] = [], keys = Set<String>()
        guard open(UInt8(ascii: "{")) else { throw GiveUp() }
        repeat {
            let key = try reader.parseKey()
            guard keys.insert(key).inserted, key != "links" else { throw GiveUp() }
            switch key {
            case "nodes":
                guard var more = try openArray() else { continue }
                while more {
                    reader.skipWhitespace()
                    let start = reader.index
                    if let node = fastNode() {
                        doc.nodes.append(node)
                    } else {
                        let c = JSONCursor(try tree(at: start), element: doc.nodes.count, of: key, file: file)
                        doc.nodes.append(try NativeFormat.decodeNode(c, diagnostics: &nodeDiagnostics))
                    }
                    more = try next(UInt8(ascii: "]"))
                }
            case "edges":
                guard var more = try openArray() else { continue }
                while more {
                    reader.skipWhitespace()
                    let start = reader.index
                    if let edge = fastEdge() {
                        doc.edges.append(edge)
                    } else {
                        let c = JSONCursor(try tree(at: start), element: doc.edges.count, of: key, file: file)
                        doc.edges.append(try NativeFormat.decodeEdge(c, diagnostics: &edgeDiagnostics))
                    }
                    more = try next(UInt8(ascii: "]"))
                }
            default:
                reader.baseDepth = 1
                others.append((key, try reader.parseValue()))
            }
        } while try next(UInt8(ascii: "}"))
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count, keys.contains("nodes") else { throw GiveUp() }
        doc.diagnostics = nodeDiagnostics + NativeFormat.breakParentCycles(&doc.nodes, file: file) + edgeDiagnostics
        try NativeFormat.decodeViewportAndExtra(JSONCursor(.object(JSONObject(others)), file: file), into: &doc)
        return doc
    }

    /// Opens the array at the reader: whether it has elements (nil when it is empty, and read).
    private mutating func openArray() throws -> Bool? {
        guard open(UInt8(ascii: "[")) else { throw GiveUp() }
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "]") else { return true }
        reader.index += 1
        return nil
    }

    /// Reads `,` (true: another member or element follows) or `closer` (false).
    private mutating func next(_ closer: UInt8) throws -> Bool {
        guard let more = separator(closer) else { throw GiveUp() }
        return more
    }

    /// The node or edge at `start`, which the fast path gave up on, as a tree (its depth in the
    /// document counted), for the general decoding.
    private mutating func tree(at start: Int) throws -> JSONValue {
        reader.index = start
        reader.baseDepth = 2
        return try reader.parseValue()
    }

    // MARK: Nodes and edges

    /// The node at the reader, when its stash would be empty; nil (the reader anywhere) otherwise.
    private mutating func fastNode() -> Node<JSONValue>? {
        guard open(UInt8(ascii: "{")) else { return nil }
        var id: String?, position: Point?, data: JSONValue?, type = "default", width: Double?, height: Double?
        var selected = false, hidden = false, draggable: Bool?, selectable: Bool?, connectable: Bool?, deletable = true
        var zIndex = 0, parentId: String?, extent: NodeExtent?, handles: [NodeHandle]?
        var sourcePosition = Position.right, targetPosition = Position.left
        var seen: UInt64 = 0, more = true
        while more {
            guard let key = key(in: Self.nodeKeys, seen: &seen).flatMap(NodeKey.init(rawValue:)) else { return nil }
            switch key {
            case .id: guard let s = string() else { return nil }; id = s
            case .type: guard let s = string(), s != "default" else { return nil }; type = s
            case .position: guard let p = point() else { return nil }; position = p
            case .data: guard let d = dataValue() else { return nil }; data = d
            case .width: guard let w = size() else { return nil }; width = w
            case .height: guard let h = size() else { return nil }; height = h
            case .selected: guard bool() == true else { return nil }; selected = true
            case .hidden: guard bool() == true else { return nil }; hidden = true
            case .draggable: guard let b = bool() else { return nil }; draggable = b
            case .selectable: guard let b = bool() else { return nil }; selectable = b
            case .connectable: guard let b = bool() else { return nil }; connectable = b
            case .deletable: guard bool() == false else { return nil }; deletable = false
            case .zIndex: guard let z = nonZeroInt() else { return nil }; zIndex = z
            case .parentId: guard let s = string() else { return nil }; parentId = s
            case .extent: guard string() == "parent" else { return nil }; extent = .parent
            case .sourcePosition:
                guard let p = string().flatMap(Position.init(rawValue:)), p != .right else { return nil }; sourcePosition = p
            case .targetPosition:
                guard let p = string().flatMap(Position.init(rawValue:)), p != .left else { return nil }; targetPosition = p
            case .handles: guard let h = nodeHandles() else { return nil }; handles = h
            }
            guard let next = separator(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        guard let id, let position, !hasOwnStash(data) else { return nil }
        return Node(id: id, position: position, data: data ?? .object(JSONObject()), type: type, width: width, height: height,
                    selected: selected, hidden: hidden, draggable: draggable, selectable: selectable, connectable: connectable,
                    deletable: deletable, zIndex: zIndex, parentId: parentId, extent: extent,
                    sourcePosition: sourcePosition, targetPosition: targetPosition, handles: handles)
    }

    /// The edge at the reader, when its stash would be empty; nil (the reader anywhere) otherwise.
    private mutating func fastEdge() -> Edge<JSONValue>? {
        guard open(UInt8(ascii: "{")) else { return nil }
        var id: String?, source: String?, target: String?, sourceHandle: String?, targetHandle: String?, data: JSONValue?
        var type = EdgeType.bezier, label: String?, labelShowBg = true, labelBgBorderRadius = 2.0, animated = false
        var markerStart: EdgeMarker?, markerEnd: EdgeMarker?, selected = false, selectable: Bool?, hidden = false
        var deletable = true, reconnectable = true, zIndex = 0, interactionWidth = 20.0
        var seen: UInt64 = 0, more = true
        while more {
            guard let key = key(in: Self.edgeKeys, seen: &seen).flatMap(EdgeKey.init(rawValue:)) else { return nil }
            switch key {
            case .id: guard let s = string() else { return nil }; id = s
            case .source: guard let s = string() else { return nil }; source = s
            case .target: guard let s = string() else { return nil }; target = s
            case .sourceHandle: guard let s = stringOrNull() else { return nil }; sourceHandle = s
            case .targetHandle: guard let s = stringOrNull() else { return nil }; targetHandle = s
            case .type: guard let t = string().flatMap(EdgeType.init(rawValue:)), t != .bezier else { return nil }; type = t
            case .label: guard let s = string() else { return nil }; label = s
            case .labelShowBg: guard bool() == false else { return nil }; labelShowBg = false
            case .labelBgBorderRadius: guard let r = number(), r != 2 else { return nil }; labelBgBorderRadius = r
            case .animated: guard bool() == true else { return nil }; animated = true
            case .markerStart: guard let m = marker() else { return nil }; markerStart = m
            case .markerEnd: guard let m = marker() else { return nil }; markerEnd = m
            case .selected: guard bool() == true else { return nil }; selected = true
            case .selectable: guard let b = bool() else { return nil }; selectable = b
            case .hidden: guard bool() == true else { return nil }; hidden = true
            case .deletable: guard bool() == false else { return nil }; deletable = false
            case .reconnectable: guard bool() == false else { return nil }; reconnectable = false
            case .zIndex: guard let z = nonZeroInt() else { return nil }; zIndex = z
            case .interactionWidth: guard let w = number(), w != 20 else { return nil }; interactionWidth = w
            case .data: guard let d = dataValue() else { return nil }; data = d
            }
            guard let next = separator(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        guard let id, let source, let target, data != .null, !hasOwnStash(data) else { return nil }
        return Edge(id: id, source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle,
                    data: data ?? .null, type: type, label: label, animated: animated, markerStart: markerStart,
                    markerEnd: markerEnd, selected: selected, selectable: selectable, hidden: hidden, deletable: deletable,
                    reconnectable: reconnectable, zIndex: zIndex, interactionWidth: interactionWidth,
                    labelShowBg: labelShowBg, labelBgBorderRadius: labelBgBorderRadius)
    }

    /// A node's `handles`, when every handle is one `encode` writes back as it is.
    private mutating func nodeHandles() -> [NodeHandle]? {
        guard open(UInt8(ascii: "[")) else { return nil }
        reader.skipWhitespace()
        if reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "]") {
            reader.index += 1
            return []
        }
        handleScratch.removeAll(keepingCapacity: true)
        var more = true
        while more {
            guard let handle = handle() else { return nil }
            handleScratch.append(handle)
            guard let next = separator(UInt8(ascii: "]")) else { return nil }
            more = next
        }
        if handleScratch != lastHandles { lastHandles = handleScratch }
        return lastHandles
    }

    /// A handle with `id`, `type` and `position`, and perhaps `x`, `y` and `"isConnectable": false`.
    private mutating func handle() -> NodeHandle? {
        guard open(UInt8(ascii: "{")) else { return nil }
        var id: String?, type: HandleType?, position: Position?, x: Double?, y: Double?, isConnectable = true
        var seen: UInt64 = 0, more = true
        while more {
            guard let key = key(in: Self.handleKeys, seen: &seen).flatMap(HandleKey.init(rawValue:)) else { return nil }
            switch key {
            case .id: guard let s = string() else { return nil }; id = s
            case .type: guard let t = string().flatMap(HandleType.init(rawValue:)) else { return nil }; type = t
            case .position: guard let p = string().flatMap(Position.init(rawValue:)) else { return nil }; position = p
            case .x: guard let v = coordinate() else { return nil }; x = v
            case .y: guard let v = coordinate() else { return nil }; y = v
            case .isConnectable: guard bool() == false else { return nil }; isConnectable = false
            }
            guard let next = separator(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        guard let id, let type, let position else { return nil }
        return NodeHandle(id: id, type: type, position: position, x: x, y: y, color: nil, isConnectable: isConnectable)
    }

    /// A `{x, y}` object of two coordinates.
    private mutating func point() -> Point? {
        guard open(UInt8(ascii: "{")) else { return nil }
        var x: Double?, y: Double?
        var seen: UInt64 = 0, more = true
        while more {
            guard let key = key(in: Self.pointKeys, seen: &seen).flatMap(PointKey.init(rawValue:)),
                  let value = coordinate() else { return nil }
            if key == .x { x = value } else { y = value }
            guard let next = separator(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        guard let x, let y else { return nil }
        return Point(x: x, y: y)
    }

    /// A marker written as its type's name.
    private mutating func marker() -> EdgeMarker? {
        string().flatMap(MarkerType.init(rawValue:)).map { EdgeMarker(type: $0) }
    }

    /// Whether `data` cannot be kept as it is: an object with its own stash member.
    private func hasOwnStash(_ data: JSONValue?) -> Bool {
        data?[NativeFormat.extraFieldsKey] != nil
    }

    // MARK: Values

    /// Skips whitespace and reads `byte`.
    private mutating func open(_ byte: UInt8) -> Bool {
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count, reader.bytes[reader.index] == byte else { return false }
        reader.index += 1
        return true
    }

    /// After a member or element: true for `,`, false for `closer`, nil for anything else.
    private mutating func separator(_ closer: UInt8) -> Bool? {
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count else { return nil }
        let b = reader.bytes[reader.index]
        guard b == UInt8(ascii: ",") || b == closer else { return nil }
        reader.index += 1
        return b == UInt8(ascii: ",")
    }

    /// Reads `"key":` when the key is in `table` and not in `seen` (then added to it): its index.
    private mutating func key(in table: KeyTable, seen: inout UInt64) -> Int? {
        guard open(UInt8(ascii: "\"")) else { return nil }
        let start = reader.index
        while reader.index < reader.bytes.count, reader.bytes[reader.index] != UInt8(ascii: "\""),
              reader.bytes[reader.index] != UInt8(ascii: "\\") {
            reader.index += 1
        }
        guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\""),
              let key = table.index(of: UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.index])),
              seen & (1 << key) == 0 else { return nil }
        seen |= 1 << key
        reader.index += 1
        return open(UInt8(ascii: ":")) ? key : nil
    }

    private mutating func string() -> String? {
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"") else { return nil }
        return try? reader.parseString()
    }

    /// A string, or `null` (`.some(nil)`).
    private mutating func stringOrNull() -> String?? {
        if literal("null") { return .some(nil) }
        guard let s = string() else { return nil }
        return .some(s)
    }

    private mutating func number() -> Double? {
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count else { return nil }
        let b = reader.bytes[reader.index]
        guard b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) else { return nil }
        return try? reader.parseNumber()
    }

    /// A number within ±`JSONCursor.maxCoordinate`.
    private mutating func coordinate() -> Double? {
        number().flatMap { abs($0) <= JSONCursor.maxCoordinate ? $0 : nil }
    }

    /// A coordinate that is not negative (a negative size is dropped with a warning).
    private mutating func size() -> Double? {
        coordinate().flatMap { $0 < 0 ? nil : $0 }
    }

    /// An integral number other than 0 that fits an `Int` (`JSONCursor.asInt`'s rule).
    private mutating func nonZeroInt() -> Int? {
        guard let d = number(), d != 0, d == d.rounded(), abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }

    private mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// A node's or edge's `data`, any JSON, as a tree (nested at depth 3 of the document).
    private mutating func dataValue() -> JSONValue? {
        reader.baseDepth = 3
        return try? reader.parseValue()
    }

    /// Reads `text` when it comes next (after whitespace).
    private mutating func literal(_ text: StaticString) -> Bool {
        reader.skipWhitespace()
        let count = text.utf8CodeUnitCount
        guard reader.bytes.count - reader.index >= count else { return false }
        for i in 0..<count where reader.bytes[reader.index + i] != text.utf8Start[i] { return false }
        reader.index += count
        return true
    }
}

/// Known keys by their UTF-8 bytes, for comparing a key in place without making a `String`.
private struct KeyTable {
    /// `byLength[n]`: the keys of `n` bytes with their indices.
    private let byLength: [[(bytes: [UInt8], index: Int)]]

    init(_ keys: [String]) {
        var table = [[(bytes: [UInt8], index: Int)]](repeating: [], count: (keys.map(\.utf8.count).max() ?? 0) + 1)
        for (i, key) in keys.enumerated() { table[key.utf8.count].append((Array(key.utf8), i)) }
        byLength = table
    }

    /// The index of the key spelled by `bytes`, or nil. O(key length) for the few keys of a length.
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] {
            let matches = candidate.bytes.withUnsafeBufferPointer { known in
                var i = 0
                while i < known.count, known[i] == bytes[i] { i += 1 }
                return i == known.count
            }
            if matches { return candidate.index }
        }
        return nil
    }
}
