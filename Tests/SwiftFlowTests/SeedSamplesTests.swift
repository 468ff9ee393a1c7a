import SwiftFlow
import XCTest

/// The two code samples of handles.md §1, written as a user would with `import SwiftFlow` only.
struct LabeledNode: View {
    let node: Node<String>
    var body: some View {
        HStack(spacing: 0) {
            Handle(nodeId: node.id, id: "input", type: .target, position: .left)
            Text(node.data).padding(8)
            Handle(nodeId: node.id, id: "out", type: .source, position: .right, color: .green)
        }
    }
}

struct MergeNode: View {
    let node: Node<String>
    var body: some View {
        VStack {
            HStack {
                Handle(nodeId: node.id, id: "a", type: .target, position: .top)
                Handle(nodeId: node.id, id: "b", type: .target, position: .top)
            }
            Text(node.data)
            HStack {
                Handle(nodeId: node.id, id: "sum", type: .source, position: .bottom)
                Handle(nodeId: node.id, id: "locked", type: .source, position: .bottom, isConnectable: false)
            }
        }
    }
}

final class SeedSamplesTests: XCTestCase {
    func makeCanvas() -> (FlowCanvas<String, String>, [Node<String>]) {
        let canvas = FlowCanvas<String, String>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
        canvas.nodeTypes["labeled"] = NodeType { LabeledNode(node: $0) }
        canvas.nodeTypes["merge"] = NodeType { MergeNode(node: $0) }
        let nodes = [Node(id: "L", position: Point(x: 100, y: 50), data: "Seed", type: "labeled"),
                     Node(id: "M", position: Point(x: 300, y: 200), data: "Merge", type: "merge")]
        var list = DrawList()
        canvas.frame(nodes: nodes, edges: [], into: &list)
        return (canvas, nodes)
    }

    func testHStackSampleRegistersBorderAnchorsInOrder() {
        let (canvas, _) = makeCanvas()
        // Text "Seed": 4 × 0.6 × 12 = 28.8 wide, 14.4 high, padded by 8 → 44.8 × 30.4.
        // Row: 12 + 44.8 + 12 = 68.8 wide, 30.4 high; handles centred vertically at y = 15.2.
        let h = Array(canvas.registry.handles(ofNode: 0))
        XCTAssertEqual(h.map(\.id), ["input", "out"])
        XCTAssertEqual(h.map(\.type), [.target, .source])
        XCTAssertEqual(h.map(\.position), [.left, .right])
        XCTAssertEqual(h.map(\.order), [0, 1])
        XCTAssertEqual(h.map(\.nodeId), ["L", "L"])
        XCTAssertEqual(h[0].anchor.x, 100, accuracy: 1e-9)
        XCTAssertEqual(h[0].anchor.y, 65.2, accuracy: 1e-9)
        XCTAssertEqual(h[1].anchor.x, 168.8, accuracy: 1e-9)
        XCTAssertEqual(h[1].anchor.y, 65.2, accuracy: 1e-9)
        XCTAssertEqual(h.map(\.color), [nil, .green])
        XCTAssertEqual(h.map(\.isConnectable), [true, true])
    }

    func testVStackSampleMovesTopAndBottomHandlesOntoTheBorder() {
        let (canvas, _) = makeCanvas()
        // Rows 12 high, text 36 × 14.4, spacing 8 → node 36 × 54.4; handle rows 32 wide, centred at x 2.
        let h = Array(canvas.registry.handles(ofNode: 1))
        XCTAssertEqual(h.map(\.id), ["a", "b", "sum", "locked"])
        XCTAssertEqual(h.map(\.position), [.top, .top, .bottom, .bottom])
        let expected = [Point(x: 308, y: 200), Point(x: 328, y: 200), Point(x: 308, y: 254.4), Point(x: 328, y: 254.4)]
        for (got, want) in zip(h.map(\.anchor), expected) {
            XCTAssertEqual(got.x, want.x, accuracy: 1e-9)
            XCTAssertEqual(got.y, want.y, accuracy: 1e-9)
        }
        XCTAssertEqual(h.map(\.isConnectable), [true, true, true, false])
    }
}
