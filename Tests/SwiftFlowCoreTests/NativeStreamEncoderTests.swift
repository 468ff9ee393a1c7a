import XCTest
@testable import SwiftFlowCore
#if canImport(Glibc)
import Glibc
#endif

/// `NativeStreamEncoder` (a native file written node by node in chunks) against the tree writer
/// (`JSONWriter.bytes(NativeFormat.encode(document), pretty: true)`): the same bytes for any
/// document and chunk size; and `FlowFile.save`, which writes through it, failing without harm.
final class NativeStreamEncoderTests: XCTestCase {
    /// The chunks `NativeStreamEncoder` emits for `document` with `chunkSize`.
    private func chunks(_ document: FlowDocument, chunkSize: Int) throws -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        try NativeStreamEncoder.write(document, chunkSize: chunkSize) { chunks.append($0) }
        return chunks
    }

    /// Streams `document` with each chunk size (default: 1 byte, 100 bytes and the default size):
    /// each gives the tree writer's bytes, every chunk but the last one holding at least the chunk size.
    private func assertStreamsTheTreeBytes(_ document: FlowDocument, _ what: String, chunkSizes: [Int] = [1, 100, NativeStreamEncoder.defaultChunkSize],
                                           file: StaticString = #filePath, line: UInt = #line) {
        let tree = JSONWriter.bytes(NativeFormat.encode(document), pretty: true)
        for chunkSize in chunkSizes {
            guard let chunks = noThrow(try chunks(document, chunkSize: chunkSize), file: file, line: line) else { return }
            XCTAssertEqual(Array(chunks.joined()), tree, "\(what), chunks of \(chunkSize)", file: file, line: line)
            XCTAssertEqual(chunks.dropLast().filter { $0.count < chunkSize }.count, 0, "\(what), chunks of \(chunkSize)", file: file, line: line)
        }
    }

    private func noThrow<T>(_ body: @autoclosure () throws -> T, file: StaticString, line: UInt) -> T? {
        do { return try body() } catch { XCTFail("\(error)", file: file, line: line); return nil }
    }

    func testStressGraphStreamsTheTreeBytesAndSavesThem() throws {
        let doc = StressGraph.make(nodeCount: 1_500)
        assertStreamsTheTreeBytes(doc, "stress graph", chunkSizes: [1_000, NativeStreamEncoder.defaultChunkSize])
        // 1,500 nodes (1.3 MB) are a chunk of 1 MiB and a shorter one: the file is the tree writer's bytes.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-stream-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FlowFile.save(doc, to: dir + "/graph.json")
        let tree = JSONWriter.bytes(NativeFormat.encode(doc), pretty: true)
        XCTAssertGreaterThan(tree.count, NativeStreamEncoder.defaultChunkSize)
        XCTAssertEqual(try FlowFile.readBytes(path: dir + "/graph.json", file: "graph.json"), tree)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["graph.json"])
    }

    func testVariedDocumentsStreamTheTreeBytes() throws {
        assertStreamsTheTreeBytes(FlowDocument(), "empty document")
        var extra = JSONObject([("version", .number(2)), ("nodes", .string("ignored")), ("viewport", .object(JSONObject([("k", .number(1))]))),
                                ("edges", .null), ("é", .array([.string("e\u{301}"), .object(JSONObject())]))])
        extra["meta"] = .object(JSONObject([("a\"b\\c", .string("line\nbreak\ttab\r\u{01}\u{1F}😀")), ("empty", .array([]))]))
        let data = JSONValue.object(JSONObject([("label", .string("Näme \"q\"")), ("n", .number(.nan)), ("inf", .number(-.infinity)),
                                                ("big", .number(9_007_199_254_740_993)), ("tiny", .number(.leastNonzeroMagnitude)),
                                                ("deep", .array([.array([.object(JSONObject([("x", .bool(false))]))]), .null]))]))
        let odd = Node(id: "o\u{0}d\"d", position: Point(x: .nan, y: .infinity), data: data, type: "t\\y", width: -.infinity,
                       height: 1.5, selected: true, hidden: true, draggable: false, selectable: true, connectable: false, deletable: false,
                       zIndex: -3, parentId: "p", extent: .rect(Rect(x: 0, y: -1, width: 2, height: .nan)), sourcePosition: .top,
                       targetPosition: .bottom, handles: [NodeHandle(id: "h\n", type: .source, position: .left, x: .nan, y: 2,
                                                                      color: Color(hex: 0x12AB34), isConnectable: false)])
        let edges = [
            Edge(id: "e", source: "o\u{0}d\"d", target: "x", data: JSONValue.null),
            Edge(id: "f", source: "a", target: "b", sourceHandle: "s", targetHandle: "t", data: .string("d"), type: .smoothStep,
                 label: "é\n", animated: true, markerStart: EdgeMarker(type: .arrow),
                 markerEnd: EdgeMarker(type: .arrowClosed, color: Color(hex: 0xFF0000), width: .nan, height: 3), selected: true,
                 selectable: false, hidden: true, deletable: false, reconnectable: false, zIndex: 4, interactionWidth: .infinity,
                 style: EdgeStyle(stroke: Color(hex: 0x00FF00), strokeWidth: 2), labelStyle: EdgeLabelStyle(color: Color(hex: 0x0000FF), fontSize: 12),
                 labelShowBg: false, labelBgStyle: EdgeLabelBgStyle(fill: Color(hex: 0xABCDEF)), labelBgPadding: Size(width: 1, height: .nan),
                 labelBgBorderRadius: 0),
        ]
        let doc = FlowDocument(nodes: [odd, Node(id: "plain", position: Point(x: -0.0, y: 1e15), data: .object(JSONObject()))],
                               edges: edges, viewport: Viewport(x: .nan, y: -2.5, zoom: 0.5), extra: extra)
        assertStreamsTheTreeBytes(doc, "odd values")
        var withoutViewport = doc
        withoutViewport.viewport = nil
        assertStreamsTheTreeBytes(withoutViewport, "no viewport, a kept viewport object in extra")

        // Stashed unknown and known fields, as loading keeps them, and unchanged or changed since.
        let text = #"""
        {"nodes":[{"id":"a","position":{"x":1,"y":2},"className":"c","selected":false,"data":{"label":"A\u00e9\n"},
          "handles":[{"id":"h","type":"source","position":"right","className":"k"}]},
         {"id":"b","position":{"x":1,"y":2},"data":7,"measured":{"width":1}}],
         "edges":[{"id":"e","source":"a","target":"b","data":null,"style":{"stroke":"red","strokeDasharray":"5"}},
                  {"id":"f","source":"a","target":"b","markerEnd":{"type":"arrow","orient":"auto"},"zIndex":0}],
         "viewport":{"x":1,"y":2,"zoom":1,"k":[1]},"version":"2"}
        """#
        var loaded = try FlowFile.decode(Array(text.utf8), file: "g.json")
        assertStreamsTheTreeBytes(loaded, "stashed fields")
        loaded.nodes[0].handles?[0].isConnectable = false
        loaded.edges[0].style.strokeWidth = 3
        loaded.edges[1].markerEnd = EdgeMarker(type: .arrowClosed)
        assertStreamsTheTreeBytes(loaded, "stashed fields, changed")
    }

    func testSeededRandomDocumentsStreamTheTreeBytes() {
        var random = RandomGraphText(seed: 41)
        var decoded = 0
        for round in 0..<500 {
            guard let doc = try? FlowFile.decode(random.document(), file: "g.json") else { continue }
            decoded += 1
            assertStreamsTheTreeBytes(doc, "text round \(round)")
        }
        XCTAssertGreaterThan(decoded, 50)
        var model = RandomDocument(seed: 43)
        for round in 0..<300 { assertStreamsTheTreeBytes(model.document(), "model round \(round)") }
    }

    func testAnEmitErrorStopsTheWriting() {
        struct Full: Error {}
        var emitted = 0
        XCTAssertThrowsError(try NativeStreamEncoder.write(StressGraph.make(nodeCount: 50), chunkSize: 100) { _ in
            emitted += 1
            if emitted == 3 { throw Full() }
        }) { XCTAssertTrue($0 is Full) }
        XCTAssertEqual(emitted, 3)
    }

    /// A save that fails after some chunks were written (here the file-size limit, as a full disk
    /// would) says why, removes its temporary file and leaves the old file as it was.
    func testASaveFailingMidStreamKeepsTheOldFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-stream-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/graph.json"
        let small = StressGraph.make(nodeCount: 10)
        try FlowFile.save(small, to: path)
        let before = try FlowFile.readBytes(path: path, file: "graph.json")

        var limit = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        let oldSignal = signal(SIGXFSZ, SIG_IGN)
        var lowered = limit
        lowered.rlim_cur = 3 << 19   // a chunk of 1 MiB of the 3,000-node graph's 2.8 MB, not two
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &lowered), 0)
        let result = Result { try FlowFile.save(StressGraph.make(nodeCount: 3_000), to: path) }
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
        signal(SIGXFSZ, oldSignal)

        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertEqual(error as? FlowFileError, .writeFailed(file: path, reason: "write: File too large"))
        }
        XCTAssertEqual(try FlowFile.readBytes(path: path, file: "graph.json"), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["graph.json"])
    }
}

/// Random documents built from the model: every field set or left at its default, values the
/// JSON cannot hold (NaN, infinities), escapes and non-ASCII text, nested data trees, stashes.
private struct RandomDocument {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func pick<T>(_ options: [T]) -> T { options[int(options.count)] }
    mutating func maybe<T>(_ make: (inout RandomDocument) -> T) -> T? { int(2) == 0 ? nil : make(&self) }

    mutating func text() -> String {
        pick(["n1", "a\"b", "back\\slash", "line\nbreak\ttab\r", "\u{01}\u{1F}\u{7F}", "é", "e\u{301}", "😀", "", "default",
              "left", "_extra", "data"])
    }

    mutating func number() -> Double {
        pick([0, -0.0, 1, -3, 1.5, 160, -2.5e3, 1e15, 0.1, 12.5, 9_007_199_254_740_992, 9_007_199_254_740_993, 1e300,
              .nan, .infinity, -.infinity, .leastNonzeroMagnitude])
    }

    mutating func color() -> Color? { int(3) == 0 ? Color(hex: UInt32(truncatingIfNeeded: rng.next() & 0xFFFFFF)) : nil }

    mutating func json(depth: Int) -> JSONValue {
        switch int(depth > 0 ? 7 : 4) {
        case 0: return .null
        case 1: return .bool(int(2) == 0)
        case 2: return .number(number())
        case 3: return .string(text())
        case 4, 5:
            var members: [(String, JSONValue)] = []
            for _ in 0..<int(4) { members.append((int(4) == 0 ? NativeFormat.extraFieldsKey : text(), json(depth: depth - 1))) }
            return .object(JSONObject(members))
        default: return .array((0..<int(4)).map { _ in json(depth: depth - 1) })
        }
    }

    mutating func node(_ i: Int) -> Node<JSONValue> {
        let handles = maybe { r in
            (0..<r.int(3)).map { _ in
                NodeHandle(id: r.text(), type: r.pick([.source, .target]), position: r.pick([.left, .top, .right, .bottom]),
                           x: r.maybe { $0.number() }, y: r.maybe { $0.number() }, color: r.color(), isConnectable: r.int(4) > 0)
            }
        }
        let extent: NodeExtent? = pick([nil, .parent, .rect(Rect(x: number(), y: number(), width: 10, height: 20))])
        return Node(id: "n\(i)" + text(), position: Point(x: number(), y: number()), data: json(depth: 3),
                    type: pick(["default", "t", text()]), width: maybe { $0.number() }, height: maybe { $0.number() },
                    selected: int(2) == 0, hidden: int(3) == 0, draggable: maybe { $0.int(2) == 0 },
                    selectable: maybe { $0.int(2) == 0 }, connectable: maybe { $0.int(2) == 0 }, deletable: int(3) > 0,
                    zIndex: pick([0, 1, -2]), parentId: maybe { $0.text() }, extent: extent,
                    sourcePosition: pick([.left, .right, .top]), targetPosition: pick([.left, .right, .bottom]), handles: handles)
    }

    mutating func marker() -> EdgeMarker? {
        maybe { r in EdgeMarker(type: r.pick([.arrow, .arrowClosed]), color: r.color(), width: r.pick([12.5, r.number()]), height: 12.5) }
    }

    mutating func edge(_ i: Int) -> Edge<JSONValue> {
        Edge(id: "e\(i)" + text(), source: text(), target: text(), sourceHandle: maybe { $0.text() }, targetHandle: maybe { $0.text() },
             data: json(depth: 3), type: pick([.bezier, .straight, .step, .smoothStep, .simpleBezier]), label: maybe { $0.text() },
             animated: int(3) == 0, markerStart: marker(), markerEnd: marker(), selected: int(3) == 0,
             selectable: maybe { $0.int(2) == 0 }, hidden: int(4) == 0, deletable: int(3) > 0, reconnectable: int(3) > 0,
             zIndex: pick([0, 5]), interactionWidth: pick([20, number()]),
             style: EdgeStyle(stroke: color(), strokeWidth: pick([1, number()])),
             labelStyle: EdgeLabelStyle(color: color(), fontSize: pick([10, number()])), labelShowBg: int(3) > 0,
             labelBgStyle: EdgeLabelBgStyle(fill: color()), labelBgPadding: pick([Size(width: 2, height: 4), Size(width: number(), height: 1)]),
             labelBgBorderRadius: pick([2, number()]))
    }

    mutating func document() -> FlowDocument {
        let nodes = (0..<int(6)).map { node($0) }
        let edges = (0..<int(6)).map { edge($0) }
        var extra = JSONObject()
        for _ in 0..<int(3) { extra[pick(["version", "viewport", "nodes", text()])] = json(depth: 2) }
        let viewport = maybe { r in Viewport(x: r.number(), y: r.number(), zoom: r.pick([1, 0.5, r.number()])) }
        return FlowDocument(nodes: nodes, edges: edges, viewport: viewport, extra: extra)
    }
}
