@testable import SwiftFlow
import SwiftFlowCore
import SwiftFlowTesting
import XCTest

/// A first frame of a seeded graph of built-in nodes, most of them off screen (placed without
/// their view through `follow` → `placeWithoutView`, inlined into the pass over every node),
/// records exactly the handles and node states the built-in view's layout gives: each node's
/// declared or default handles at `BuiltInNodeTypes.placeHandleAnchors` moved to its origin,
/// its fixed or default size, and nothing for a hidden node.
final class FirstFramePlacementExactTests: XCTestCase {
    private func graph(_ count: Int, seed: UInt64) -> [Node<JSONValue>] {
        var r = SeededRandom(seed: seed)
        let types = ["default", "input", "output", "group", "default", "default"]
        return (0..<count).map { i in
            let side = { Position.allCases[r.int(4)] }
            let handles: [NodeHandle]? = r.chance(10)
                ? (0..<(1 + r.int(3))).map { NodeHandle(id: "h\($0)", type: r.chance(50) ? .source : .target, position: side()) }
                : nil
            let fixed = r.chance(20)
            return Node(id: "n\(i)", position: Point(x: Double(i % 60) * 200 + r.double(0...50), y: Double(i / 60) * 80),
                        data: .string("label \(i)"), type: types[r.int(types.count)],
                        width: fixed ? r.double(20...300) : nil, height: fixed ? r.double(20...120) : nil,
                        hidden: r.chance(3), sourcePosition: side(), targetPosition: side(), handles: handles)
        }
    }

    func testAFirstFramesPlacementEqualsTheBuiltInLayoutsHandlesAndSizes() {
        let nodes = graph(3_000, seed: 0x5EED_0039)
        let d = EmbeddedCanvas(nodes: nodes, edges: [Edge<JSONValue>](), makeEdgeData: { _ in .null }, size: Size(width: 800, height: 600))
        d.frame()
        let canvas = d.canvas, handleSize = canvas.theme.handleSize
        var expected: [String] = [], states: [String] = []
        for (i, node) in nodes.enumerated() where !node.hidden {
            let size = node.fixedSize ?? BuiltInNodeTypes.defaultSize
            var placed: [LaidOutHandle] = []
            BuiltInNodeTypes.placeHandleAnchors(BuiltInNodeTypes.handles(node), in: size, handleSize: handleSize, into: &placed)
            for (k, h) in placed.enumerated() {
                let a = node.position + h.anchor
                expected.append("\(i) \(node.id)/\(h.id) \(h.type) \(h.position) \(a.x),\(a.y) #\(k)")
            }
            states.append("\(i) \(node.position.x),\(node.position.y) \(size.width)x\(size.height)")
        }
        let entries = (0..<canvas.registry.count).map { e in
            let h = canvas.registry[e]
            return "\(h.nodeIndex) \(h.nodeId)/\(h.id) \(h.type) \(h.position) \(h.anchor.x),\(h.anchor.y) #\(h.order)"
        }
        XCTAssertEqual(entries, expected)
        let laidOut = nodes.indices.filter { canvas.nodeCache.states[$0].laidOut }.map { i in
            let s = canvas.nodeCache.states[i]
            return "\(i) \(s.origin.x),\(s.origin.y) \(s.size.width)x\(s.size.height)"
        }
        XCTAssertEqual(laidOut, states)
        XCTAssertGreaterThan(expected.count, 3_000)
        XCTAssertLessThan(canvas.nodeCache.visible.count, 100, "most nodes are off screen, placed without their view")
    }
}
