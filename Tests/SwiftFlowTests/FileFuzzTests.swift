import Foundation
@testable import SwiftFlow
import XCTest

/// Seeded fuzzing of the file loaders with mutated corpus workflows (and their native encodings)
/// and the hand-written React Flow files:
/// truncation, deleted keys, swapped types, NaN / Infinity / 1e308, duplicate ids, links to missing
/// nodes or slots, parent cycles. Every case must give a typed `FlowFileError` or a loaded graph
/// that the canvas lays out with finite positions and viewport, that saves (native and ComfyUI)
/// and loads back.
final class FileFuzzTests: XCTestCase {
    /// The seed and case count; `SWIFTFLOW_FUZZ_SEED` (hex) and `SWIFTFLOW_FUZZ_CASES` override
    /// them for longer hunts. A failing case prints its index: case k uses seed `seed + k`.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["SWIFTFLOW_FUZZ_SEED"].flatMap { UInt64($0, radix: 16) } ?? 0x5EED_F11E
    static let cases = ProcessInfo.processInfo.environment["SWIFTFLOW_FUZZ_CASES"].flatMap { Int($0) } ?? 3000

    /// The `count` smallest corpus workflows (fast to mutate and load) and the `withSubgraphs`
    /// smallest ones that define subgraphs, parsed.
    private func corpus(count: Int, withSubgraphs: Int) throws -> [(name: String, json: JSONValue)] {
        let dir = corpusDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { throw XCTSkip("corpus not found at \(dir)") }
        let sized = names.filter { $0.hasSuffix(".json") }.map { name -> (String, Int) in
            let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int) ?? 0
            return (name, size)
        }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        // Parse the smallest files, then further ones in size order until enough define subgraphs.
        var files: [(name: String, json: JSONValue)] = [], found = 0
        for (k, (name, _)) in sized.enumerated() where k < count || found < withSubgraphs {
            let json = try JSONParser.parse(Array(FileManager.default.contents(atPath: dir + "/" + name)!))
            let defines = json["definitions"]?["subgraphs"]?.arrayValue?.isEmpty == false
            if k < count { files.append((name, json)) } else if defines { files.append((name, json)); found += 1 }
        }
        return files
    }

    /// The hand-written React Flow files of SwiftFlowCoreTests/Fixtures/reactflow, parsed.
    private func reactFlowFixtures() throws -> [(name: String, json: JSONValue)] {
        let dir = reactFlowFixtureDirectory
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, try JSONParser.parse(Array(FileManager.default.contents(atPath: dir + "/" + $0)!)))
        }
    }

    func testMutatedCorpusFilesLoadOrFailWithTypedErrors() throws {
        let files = try corpus(count: 70, withSubgraphs: 10) + reactFlowFixtures()
        let natives = try files.map { f in
            ComfyUIImport.isWorkflow(f.json) ? NativeFormat.encode(try ComfyUIImport.decode(f.json, file: f.name)) : f.json
        }
        var typedErrors = 0, loaded = 0, diagnostics = 0, subgraphs = 0, failures: [String] = []
        var list = DrawList()
        for k in 0..<Self.cases {
            var m = JSONMutator(seed: Self.seed &+ UInt64(k))
            let f = k % files.count
            let native = k % 3 == 2
            var json = native ? natives[f] : files[f].json
            var what: [String] = []
            for _ in 0...m.int(3) { what.append(m.mutate(&json)) }
            var bytes = JSONWriter.bytes(json)
            if m.chance(30) { let (b, d) = m.damage(bytes); bytes = b; what.append(d) }
            let label = "case \(k) (\(files[f].name)\(native ? " as native" : ""): \(what.joined(separator: "; ")))"
            let doc: FlowDocument
            do {
                doc = try FlowFile.decode(bytes, file: "fuzz.json")
            } catch is FlowFileError {
                typedErrors += 1
                continue
            } catch {
                failures.append("\(label): untyped error \(error)")
                continue
            }
            loaded += 1
            diagnostics += doc.diagnostics.count
            failures += check(doc, label: label, list: &list)
            for id in ComfyUIImport.subgraphIds(of: doc).prefix(2) {
                do {
                    var sub = try ComfyUIImport.subgraph(id: id, of: doc, file: "fuzz.json")
                    failures += check(sub, label: label + " subgraph \(id)", list: &list)
                    subgraphs += 1
                    // Edited (its first node moved) and written back, it opens again from the saved file.
                    if !sub.nodes.isEmpty { sub.nodes[0].position.x += 10 }
                    var written = doc
                    try ComfyUIExport.writeSubgraph(id: id, graph: sub, into: &written)
                    let saved = try FlowFile.decode(JSONWriter.bytes(ComfyUIExport.encode(written).json), file: "saved.json")
                    _ = try ComfyUIImport.subgraph(id: id, of: saved, file: "saved.json")
                } catch is FlowFileError {
                    typedErrors += 1
                } catch {
                    failures.append("\(label) subgraph \(id): untyped error \(error)")
                }
            }
            // What loaded must save and load back, in both formats.
            do {
                _ = try FlowFile.decode(JSONWriter.bytes(NativeFormat.encode(doc)), file: "saved.json")
                if doc.format == .comfyUI { _ = try FlowFile.decode(JSONWriter.bytes(ComfyUIExport.encode(doc).json), file: "saved.json") }
            } catch {
                failures.append("\(label): saved file does not load: \(error)")
            }
        }
        print("file fuzz: \(Self.cases) cases (seed \(String(Self.seed, radix: 16))), \(typedErrors) typed errors, \(loaded) loaded with \(diagnostics) diagnostics, \(subgraphs) subgraph canvases, \(failures.count) failures")
        XCTAssertEqual(Array(failures.prefix(20)), [])
        XCTAssertGreaterThan(typedErrors, Self.cases / 10, "the mutations must reach the error paths")
        XCTAssertGreaterThan(loaded, Self.cases / 10, "the mutations must leave loadable graphs too")
    }

    /// Lays `doc` out on a canvas with the ComfyUI node views, fits the view, and returns what is
    /// wrong: a non-finite laid-out position or size, a non-finite viewport or one outside the
    /// zoom limits.
    private func check(_ doc: FlowDocument, label: String, list: inout DrawList) -> [String] {
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 400, height: 300), textMeasurer: FixedAdvanceTextMeasurer())
        ComfyUINodeTypes.register(on: canvas)
        if let v = doc.viewport { canvas.viewport = v }
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        canvas.fitView()
        canvas.frame(nodes: doc.nodes, edges: doc.edges, events: [.wheel(Point(x: 200, y: 150), dx: 0, dy: 1, modifiers: [])], into: &list)
        var problems: [String] = []
        for (i, s) in canvas.nodeCache.states.enumerated() where s.laidOut && s.drawable {
            if !(s.origin.x.isFinite && s.origin.y.isFinite && s.size.width.isFinite && s.size.height.isFinite) {
                problems.append("\(label): node \(doc.nodes[i].id) laid out at \(s.origin) size \(s.size)")
            }
        }
        let v = canvas.viewport
        if !(v.x.isFinite && v.y.isFinite && v.zoom.isFinite) || v.zoom < canvas.minZoom || v.zoom > canvas.maxZoom {
            problems.append("\(label): viewport \(v)")
        }
        for i in list.vertices.indices where !(list.vertices[i].x.isFinite && list.vertices[i].y.isFinite) {
            problems.append("\(label): non-finite vertex \(i)"); break
        }
        return problems
    }
}
