import Foundation
import XCTest
@testable import SwiftFlowCore

/// `FlowFile.save` writes only files `FlowFile.load` reads back (`NativeFormat.checkSavable`):
/// a value written as text loading rejects (a zIndex of `Int.max`, a coordinate beyond ±1e15,
/// a NaN position) is the error loading would give, thrown before the old file is replaced.
final class SaveCheckTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "swiftflow-savecheck-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func node(_ id: String) -> Node<JSONValue> { Node(id: id, position: Point(x: 1, y: 2), data: .object(JSONObject())) }

    /// The error loading the document's text gives (nil: it loads).
    private func loadError(_ document: FlowDocument, file: String = "g.json") -> FlowFileError? {
        do { _ = try FlowFile.decode(JSONWriter.bytes(NativeFormat.encode(document), pretty: true), file: file); return nil }
        catch { return error as? FlowFileError }
    }

    func testAValueLoadingRejectsIsTheLoadErrorAndTheOldFileStays() throws {
        let path = directory + "/g.json"
        let good = FlowDocument(nodes: [node("a")])
        try FlowFile.save(good, to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var cases: [(FlowDocument, String)] = []
        func add(_ expected: String, _ change: (inout FlowDocument) -> Void) {
            var d = FlowDocument(nodes: [node("a"), node("b")], edges: [Edge(id: "e", source: "a", target: "b", data: .null)])
            change(&d)
            cases.append((d, expected))
        }
        add("g.json: nodes[1].zIndex: expected an integer within ±9e15, found number 9.223372036854776e+18") { $0.nodes[1].zIndex = .max }
        add("g.json: edges[0].zIndex: expected an integer within ±9e15, found number -9.223372036854776e+18") { $0.edges[0].zIndex = .min }
        add("g.json: nodes[0].position.x: expected a number within ±1e15, found number 2000000000000000") { $0.nodes[0].position.x = 2e15 }
        add("g.json: nodes[1].position.y: expected a finite number, found null") { $0.nodes[1].position.y = .nan }
        add("g.json: nodes[0].width: expected a number within ±1e15, found number -1e+16") { $0.nodes[0].width = -1e16 }
        add("g.json: nodes[0].extent[1][0]: expected a finite number, found null") {
            $0.nodes[0].extent = .rect(Rect(x: 0, y: 0, width: .infinity, height: 10))
        }
        add("g.json: nodes[1].handles[1].y: expected a number within ±1e15, found number 5000000000000000") {
            $0.nodes[1].handles = [NodeHandle(id: "i", type: .target, position: .left), NodeHandle(id: "o", type: .source, position: .right, y: 5e15)]
        }
        add("g.json: edges[0].labelBgPadding[1]: expected a finite number, found null") { $0.edges[0].labelBgPadding.height = .nan }
        add("g.json: viewport.zoom: expected a positive number, found number 0") { $0.viewport = Viewport(x: 0, y: 0, zoom: 0) }
        for (document, expected) in cases {
            XCTAssertEqual(loadError(document)?.description, expected, "what loading the written text gives")
            XCTAssertThrowsError(try FlowFile.save(document, to: path)) { XCTAssertEqual(($0 as? FlowFileError)?.description, directory + "/" + expected) }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, expected)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["g.json"], "no temporary file left")
    }

    /// A workflow whose node position is NaN or beyond ±1e15 (written as `null` or as it is) is
    /// not saved either.
    func testAWorkflowLoadingWouldRejectIsNotSaved() throws {
        let path = directory + "/w.json"
        func workflow(x: Double) -> FlowDocument {
            FlowDocument(nodes: [Node(id: "1", position: Point(x: x, y: 0), data: .object(JSONObject()), type: "comfyui"),
                                 Node(id: "2", position: Point(x: 100, y: 0), data: .object(JSONObject()), type: "comfyui")])
        }
        try FlowFile.save(workflow(x: 0), to: path, format: .comfyUI)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for (x, expected) in [(Double.nan, "w.json: nodes[0].pos[0]: expected a finite number, found null"),
                              (2e15, "w.json: nodes[0].pos[0]: expected a number within ±1e15, found number 2000000000000000")] {
            XCTAssertThrowsError(try FlowFile.save(workflow(x: x), to: path, format: .comfyUI)) {
                XCTAssertEqual(($0 as? FlowFileError)?.description, directory + "/" + expected, "the path as given")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, expected)
        }
        XCTAssertNoThrow(try FlowFile.load(path: path))
    }

    /// Seeded documents of odd values (NaN and infinite numbers, huge and negative ones, -0,
    /// unicode and control characters, nested data, empty graphs): a save either throws what
    /// loading its text would, or writes the tree writer's bytes, which load and save again as
    /// the same bytes.
    func testSeededOddDocumentsSaveOnlyWhatLoads() throws {
        var rng = SplitMix64(seed: 0x5AFE_0001)
        func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
        let numbers: [Double] = [0, -0.0, 1.5, -3, 1e15, -1e15, 1.0000001e15, 2e15, .nan, .infinity, -.infinity, 1e-300, 123456789.125, 9007199254740993]
        let strings = ["a", "é", "😀", "\u{0}\u{1F}", "a\"b\\c", "", "line\nbreak", "\u{202E}rtl"]
        func data(_ depth: Int) -> JSONValue {
            switch rng.next() % (depth > 2 ? 4 : 6) {
            case 0: return .number(pick(numbers))
            case 1: return .string(pick(strings))
            case 2: return pick([.null, .bool(true), .bool(false)])
            case 3: return .object(JSONObject())
            case 4: return .array((0..<Int(rng.next() % 3)).map { _ in data(depth + 1) })
            default: return .object(JSONObject((0..<Int(rng.next() % 3)).map { (pick(strings) + "\($0)", data(depth + 1)) }))
            }
        }
        let path = directory + "/odd.json"
        var saved = 0
        for round in 0..<300 {
            var doc = FlowDocument()
            for k in 0..<Int(rng.next() % 4) {
                var n = Node(id: pick(strings) + "\(k)", position: Point(x: pick(numbers), y: pick(numbers)), data: data(0))
                if rng.next() % 2 == 0 { n.width = pick(numbers); n.height = pick(numbers) }
                if rng.next() % 3 == 0 { n.zIndex = pick([1, -1, .max, .min, 8_999_999_999_999_999, 9_000_000_000_000_000]) }
                if rng.next() % 4 == 0 { n.extent = .rect(Rect(x: pick(numbers), y: pick(numbers), width: 10, height: pick(numbers))) }
                if rng.next() % 4 == 0 { n.handles = [NodeHandle(id: pick(strings), type: .target, position: .left, x: pick(numbers), y: pick(numbers))] }
                doc.nodes.append(n)
            }
            for k in 0..<Int(rng.next() % 3) {
                var e = Edge(id: "e\(k)", source: pick(strings), target: pick(strings), data: data(0))
                if rng.next() % 3 == 0 { e.labelBgPadding = Size(width: pick(numbers), height: 4) }
                if rng.next() % 3 == 0 { e.interactionWidth = pick(numbers); e.label = pick(strings) }
                if rng.next() % 4 == 0 { e.zIndex = pick([2, .max]) }
                doc.edges.append(e)
            }
            if rng.next() % 2 == 0 { doc.viewport = Viewport(x: pick(numbers), y: pick(numbers), zoom: pick([1, 0.5, 0, -1, .nan, 1e-9])) }
            if rng.next() % 3 == 0 { doc.extra[pick(strings)] = data(0) }
            let text = JSONWriter.bytes(NativeFormat.encode(doc), pretty: true)
            do {
                try FlowFile.save(doc, to: path)
            } catch {
                XCTAssertEqual(error as? FlowFileError, loadError(doc, file: path), "round \(round)")
                continue
            }
            saved += 1
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(bytes, text, "round \(round): the streamed bytes are the tree writer's")
            let loaded: FlowDocument
            do { loaded = try FlowFile.load(path: path) } catch { XCTFail("round \(round): saved, but loading fails: \(error)"); continue }
            XCTAssertEqual(JSONWriter.bytes(NativeFormat.encode(loaded), pretty: true), bytes, "round \(round): loaded and saved again")
        }
        XCTAssertGreaterThan(saved, 20)
        XCTAssertLessThan(saved, 300)
    }
}
