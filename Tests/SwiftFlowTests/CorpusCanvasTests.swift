import Foundation
import SwiftFlow
import XCTest

/// Every ComfyUI workflow of `../shared/corpus/comfyui` drawn by the library's ComfyUI node views:
/// each link must end on the registry anchors of its two slots, with no diagnostic.
final class CorpusCanvasTests: XCTestCase {
    func testEveryCorpusLinkResolvesToItsSlotHandlesInTheRegistry() throws {
        let corpus = corpusDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpus) else {
            throw XCTSkip("corpus not found at \(corpus)")
        }
        var edges = 0, failures: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let doc = try FlowFile.load(path: corpus + "/" + name)
            let canvas = FlowCanvas<JSONValue, JSONValue>(textMeasurer: FixedAdvanceTextMeasurer())
            ComfyUINodeTypes.register(on: canvas)   // the library's ComfyUI views: every file renders
            var diagnostics: [FlowDiagnostic] = []
            canvas.onError = { diagnostics.append($0) }
            var list = DrawList()
            canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
            failures += diagnostics.map { "\(name): \($0)" }
            let nodeIndex = Dictionary(doc.nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            for (k, e) in doc.edges.enumerated() {
                guard let path = canvas.edgePath(at: k),
                      let s = nodeIndex[e.source].flatMap({ canvas.registry.find(nodeIndex: $0, id: e.sourceHandle ?? "", type: .source) }),
                      let t = nodeIndex[e.target].flatMap({ canvas.registry.find(nodeIndex: $0, id: e.targetHandle ?? "", type: .target) })
                else { failures.append("\(name): link \(e.id) not drawn"); continue }
                // On the slot rows: x on the node's side, y = top + 30 + (row + 0.7) · 20 (15 when
                // collapsed, the centre line of a Reroute dot); top-left absolute (groups are parents).
                // An input's row is its slot less the unlinked widget inputs before it (no row).
                func slotAnchor(_ node: Node<JSONValue>, _ handle: String, right: Bool) -> Point {
                    let index = Int(handle.drop(while: { $0.isLetter }))!
                    let rowless = right ? 0 : (node.data["inputs"]?.arrayValue ?? []).prefix(index).filter { $0["widget"] == .bool(true) }.count
                    let slot = Double(index - rowless)
                    let collapsed = node.data["collapsed"]?.boolValue == true
                    let reroute = node.data["comfyType"] == .string("Reroute")
                    var origin = node.position
                    var parent = node.parentId
                    while let p = parent.flatMap({ nodeIndex[$0] }) { origin = origin + doc.nodes[p].position; parent = doc.nodes[p].parentId }
                    return Point(x: origin.x + (right ? node.width! : 0),
                                 y: origin.y + (reroute ? node.height! / 2 : collapsed ? 15 : 30 + (slot + 0.7) * 20))
                }
                let source = doc.nodes[nodeIndex[e.source]!], target = doc.nodes[nodeIndex[e.target]!]
                if path.start != canvas.registry[s].anchor || path.end != canvas.registry[t].anchor
                    || path.start != slotAnchor(source, e.sourceHandle!, right: true) || path.end != slotAnchor(target, e.targetHandle!, right: false) {
                    failures.append("\(name): link \(e.id) drawn at \(path.start) → \(path.end), off its slots")
                }
                edges += 1
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertGreaterThan(edges, 3000)
    }
}
