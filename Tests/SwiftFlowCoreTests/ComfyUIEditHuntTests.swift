import Foundation
import XCTest
@testable import SwiftFlowCore

/// Corpus workflows edited as the canvas edits them — nodes pasted or duplicated under
/// `<id>-<n>` (keeping `data.comfyui`), new links between slots, links and nodes deleted, nodes
/// moved — then saved and loaded again: every node comes back once under the id it was saved
/// with, every link whose edge was saved comes back, and the saved workflow raises no load
/// warning the original did not have. Seeded and reproducible.
final class ComfyUIEditHuntTests: XCTestCase {
    func testEditedCorpusWorkflowsLoadBackWhole() throws {
        var rng = SplitMix64(seed: 0xC0_3F1E)
        func int(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }
        let files = try Corpus.files().filter { !$0.contains("subgraph") }
        var failures: [String] = []
        for round in 0..<30 {
            let path = files[int(files.count)]
            var doc = try ComfyUIImport.decode(Array(FileManager.default.contents(atPath: path)!), file: FlowFile.fileName(path))
            let before = Set(doc.diagnostics.map(\.description)).count
            var log: [String] = []
            for step in 0..<12 {
                let nodes = doc.nodes.filter { $0.type != "group" }
                guard !nodes.isEmpty else { break }
                let n = nodes[int(nodes.count)]
                func slots(_ node: Node<JSONValue>, _ type: HandleType) -> [String] {
                    (node.handles ?? []).filter { $0.type == type }.map(\.id)
                }
                switch int(5) {
                case 0, 1:
                    var copy = n
                    copy.id = "\(n.id)-\(round)-\(step)"
                    copy.position.y += 300
                    doc.nodes.append(copy)
                    log.append("copy \(n.id) as \(copy.id)")
                case 2:
                    let m = nodes[int(nodes.count)]
                    let outs = slots(n, .source), ins = slots(m, .target)
                    guard let o = outs.randomElement(using: &rng), let i = ins.randomElement(using: &rng) else { continue }
                    doc.edges.removeAll { $0.target == m.id && $0.targetHandle == i }
                    doc.edges.append(Edge(id: "xy-edge__\(n.id)\(o)-\(m.id)\(i)", source: n.id, target: m.id, sourceHandle: o, targetHandle: i,
                                          data: .null))
                    log.append("link \(n.id).\(o) → \(m.id).\(i)")
                case 3:
                    doc.nodes.removeAll { $0.id == n.id }
                    doc.edges.removeAll { $0.source == n.id || $0.target == n.id }
                    log.append("delete \(n.id)")
                default:
                    if !doc.edges.isEmpty { doc.edges.remove(at: int(doc.edges.count)); log.append("delete a link") }
                }
            }
            let (json, warnings) = ComfyUIExport.encode(doc)
            let again = try ComfyUIImport.decode(json, file: "saved.json")
            let savedIds = json["nodes"]?.arrayValue?.compactMap { $0["id"] } ?? []
            var problems: [String] = []
            if Set(savedIds.map { "\($0)" }).count != savedIds.count { problems.append("node ids saved twice") }
            let groups = doc.nodes.filter { $0.type == "group" }.count
            if again.nodes.count != doc.nodes.count - groups + again.nodes.filter({ $0.type == "group" }).count {
                problems.append("\(again.nodes.count) nodes loaded, \(doc.nodes.count) saved")
            }
            if again.edges.count != doc.edges.count - warnings.count {
                problems.append("\(again.edges.count) links loaded, \(doc.edges.count - warnings.count) saved")
            }
            let after = Set(again.diagnostics.map(\.description)).count
            if after > before { problems.append("new load warnings: \(again.diagnostics.prefix(2))") }
            if !problems.isEmpty { failures.append("\(FlowFile.fileName(path)) after \(log.suffix(4)): \(problems)") }
        }
        XCTAssertEqual(Array(failures.prefix(3)), [])
    }
}
