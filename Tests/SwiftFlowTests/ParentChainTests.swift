@testable import SwiftFlow
import XCTest

/// Deep `parentId` chains: placed at the sum of their ancestors' positions however deep, drawn
/// like the same nodes unparented, resolved with one parent lookup per child.
final class ParentChainTests: XCTestCase {
    /// `n` nodes (100x50) on a diagonal one flow unit apart: node k at absolute (k, k), either
    /// the child of node k - 1 at (1, 1) or unparented.
    private func diagonal(_ n: Int, chained: Bool) -> [Node<JSONValue>] {
        (0..<n).map { k in
            let step = chained && k > 0 ? 1 : Double(k)
            var node = testNode("n\(k)", x: step, y: step, handles: [])
            if chained && k > 0 { node.parentId = "n\(k - 1)" }
            return node
        }
    }

    /// A canvas of 800x600 points fitted to `nodes`, after its first frame.
    private func fitted(_ nodes: [Node<JSONValue>]) -> FlowCanvas<JSONValue, JSONValue> {
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
        canvas.minZoom = 0.01
        canvas.overviewPicture = false   // node by node: one far-out rectangle each
        canvas.fitView()
        var list = DrawList()
        canvas.frame(nodes: nodes, edges: [], into: &list)
        return canvas
    }

    func testADeepChainIsDrawnLikeTheSameNodesUnparented() {
        let n = 3000
        let chain = fitted(diagonal(n, chained: true)), flat = fitted(diagonal(n, chained: false))
        XCTAssertEqual(chain.nodeRect(n - 1), Rect(x: 2999, y: 2999, width: 100, height: 50), "3,000 levels deep, not cut at 64")
        XCTAssertEqual(chain.viewport, flat.viewport)
        XCTAssertEqual(chain.stats.visibleNodes, n)
        XCTAssertEqual(chain.stats.vertices, flat.stats.vertices)
        XCTAssertEqual(chain.stats.vertices, 4 * n, "one far-out rectangle per node")
        XCTAssertEqual(chain.nodeCache.parentChains.lookups, n - 1, "one parent lookup per child, not one per ancestor")
    }

    func testAChildDeclaredBeforeItsParentDrawsAboveItAtAnyDepth() {
        // Node k is the child of node k + 1: the deepest node comes first in the array.
        let n = 100
        let nodes = (0..<n).map { k in
            var node = testNode("n\(k)", x: k < n - 1 ? 1 : 0, y: k < n - 1 ? 1 : 0, handles: [])
            if k < n - 1 { node.parentId = "n\(k + 1)" }
            return node
        }
        let canvas = fitted(nodes)
        XCTAssertEqual(canvas.nodeRect(0), Rect(x: 99, y: 99, width: 100, height: 50))
        XCTAssertEqual(canvas.nodeCache.visible, (0..<Int32(n)).reversed().map { $0 }, "parents first, the deepest child last")
        XCTAssertEqual(canvas.nodeCache.parentChains.links[0].depth, 99)
    }

    func testANodeUnderACycleCountsAsUnparented() {
        var nodes = diagonal(3, chained: true)
        nodes[0].parentId = "n1"   // n0 ↔ n1; n2 hangs from the cycle
        nodes[2].position = Point(x: 40, y: 7)
        let canvas = fitted(nodes)
        XCTAssertEqual(canvas.nodeRect(0).origin, Point(x: 0, y: 0))
        XCTAssertEqual(canvas.nodeRect(1).origin, Point(x: 1, y: 1))
        XCTAssertEqual(canvas.nodeRect(2).origin, Point(x: 40, y: 7))
        XCTAssertEqual(canvas.nodeCache.parentChains.links.map(\.parent), [-1, -1, -1])
    }

    func testDraggingARootWithADeepDescendantSelectedMovesTheDescendantOnce() {
        var nodes = diagonal(100, chained: true)
        nodes[0].selected = true
        nodes[99].selected = true   // 99 levels under node 0
        let h = CanvasHarness(nodes: nodes)
        h.drag(from: Point(x: 0.5, y: 25), to: Point(x: 10.5, y: 25))   // node 0's left edge, beside node 1
        XCTAssertEqual(h.node("n0")?.position, Point(x: 10, y: 0))
        XCTAssertEqual(h.node("n99")?.position, Point(x: 1, y: 1), "moves with its ancestor only")
        XCTAssertEqual(h.canvas.nodeRect(99).origin, Point(x: 109, y: 99))
    }
}
