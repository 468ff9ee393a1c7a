@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// Clipboard text that is a graph of odd shape, pasted with Ctrl+V: a child before its parent,
/// a parent cycle, ids repeated inside the paste and taken in the graph, edges to nodes left
/// out, huge and tiny numbers, a truncated or non-graph text. Each pastes whole under fresh ids or
/// is rejected through `onError`; the store's ids stay unique and its edges join its nodes.
final class PasteBadInputTests: XCTestCase {
    func testOddClipboardGraphsPasteConsistentlyOrAreRejected() {
        let texts: [(String, Int?)] = [
            (#"{"nodes":[{"id":"c","parentId":"p","position":{"x":5,"y":5}},{"id":"p","position":{"x":0,"y":0},"width":50,"height":50}]}"#, 2),
            (#"{"nodes":[{"id":"a","parentId":"b","position":{"x":0,"y":0}},{"id":"b","parentId":"a","position":{"x":1,"y":1}}]}"#, 2),
            (#"{"nodes":[{"id":"A","position":{"x":0,"y":0}},{"id":"A","position":{"x":9,"y":9}}],"edges":[{"id":"e","source":"A","target":"A"},{"id":"e","source":"A","target":"zz"}]}"#, 2),
            (#"{"nodes":[{"id":"x","position":{"x":1e15,"y":-1e15}},{"id":"y","position":{"x":5e-324,"y":0}}]}"#, 2),
            (#"{"nodes":[{"id":"x","position":{"x":1e300,"y":0}}]}"#, nil),
            (#"{"nodes":[{"id":"x","position":{"x":0,"y":0}}"#, nil),
            (#"{"nodes":[]}"#, nil),
            ("plain text", nil),
        ]
        for (text, added) in texts {
            let clipboard = InMemoryClipboard()
            let d = EmbeddedCanvas(nodes: twoNodes(), edges: [testEdge("e", "A", "B", "out", "in")], makeEdgeData: { _ in .null },
                                   size: Size(width: 800, height: 600), frameDuration: 0)
            d.canvas.clipboard = clipboard
            d.frame()
            clipboard.setText(text)
            d.frame([.pointerMove(Point(x: 400, y: 300), modifiers: [])])
            d.key("v", .ctrl)
            d.frame()
            d.frame()
            let nodes = d.store.nodes, edges = d.store.edges, ids = Set(nodes.map(\.id))
            XCTAssertEqual(ids.count, nodes.count, text)
            XCTAssertEqual(Set(edges.map(\.id)).count, edges.count, text)
            XCTAssertTrue(edges.allSatisfy { ids.contains($0.source) && ids.contains($0.target) }, text)
            XCTAssertTrue(nodes.allSatisfy { $0.position.isFinite }, text)
            let rejected = d.drainDiagnostics().contains { if case .pasteRejected = $0 { true } else { false } }
            if let added {
                XCTAssertEqual(nodes.count, 2 + added, text)
                XCTAssertFalse(rejected, text)
                d.key("z", .ctrl); d.frame()
                XCTAssertEqual(d.store.nodes.map(\.id), ["A", "B"], "undo of the paste: \(text)")
            } else {
                XCTAssertEqual(nodes.count, 2, text)
                XCTAssertTrue(rejected, text)
            }
            _ = d.drainOutbound()
        }
    }
}
