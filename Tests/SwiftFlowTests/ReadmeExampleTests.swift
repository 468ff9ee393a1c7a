import SwiftFlow
import XCTest

/// The README's example, verbatim, so the documentation cannot drift from the API.
struct MathNode: View {
    let node: Node<String>
    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(node.data).font(.headline)
            HStack {
                Handle(nodeId: node.id, id: "x", type: .target, position: .left)
                Spacer()
                Handle(nodeId: node.id, id: "result", type: .source, position: .right, color: .green)
            }
        }
        .padding(8)
        .frame(width: 120)
        .background(RoundedRectangle(cornerRadius: 6).fill(.white).stroke(.gray))
    }
}

final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleRunsAndPrintsTheDocumentedAnchors() {
        let canvas = FlowCanvas<String, String>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
        canvas.nodeTypes["math"] = NodeType { MathNode(node: $0) }
        let store = FlowStore(nodes: [Node(id: "a", position: Point(x: 0, y: 0), data: "a + b", type: "math"),
                                      Node(id: "b", position: Point(x: 200, y: 0), data: "× 2", type: "math")],
                              edges: [], makeEdgeData: { _ in "" })
        store.attach(to: canvas)
        var list = DrawList()
        store.frame(canvas, events: [], into: &list)
        XCTAssertEqual(canvas.registry.handles(ofNode: 0).map { "\($0.id) \($0.anchor)" }, ["x (0.0, 33.6)", "result (120.0, 33.6)"])
        XCTAssertEqual(canvas.stats.visibleNodes, 2)
        XCTAssertGreaterThan(list.vertices.count, 0)
    }
}

final class ReadmeNodeToolsExampleTests: XCTestCase {
    /// The README's NodeResizer / NodeToolbar / FlowInstance snippet, verbatim inside the closure.
    func testTheSnippetCompilesAndFitsTheView() {
        let canvas = FlowCanvas<String, String>(size: Size(width: 800, height: 600), textMeasurer: FixedAdvanceTextMeasurer())
        let store = FlowStore(nodes: [Node(id: "a", position: Point(x: 0, y: 0), data: "a", type: "note", width: 100, height: 50)],
                              edges: [], makeEdgeData: { _ in "" })
        store.attach(to: canvas)
        canvas.nodeTypes["note"] = NodeType { node in
            NodeResizer(minWidth: 80, minHeight: 40)          // grips while selected; emits .dimensions changes
            RoundedRectangle(cornerRadius: 4).fill(.white).stroke(.gray)
            NodeToolbar(position: .top) {                     // constant screen size, above every node
                Button("Delete") { print("delete \(node.id)") }
            }
        }
        let flow = FlowInstance(canvas: canvas, store: store)
        flow.fitView(nodes: ["a"], padding: 0.2)              // also setCenter, zoomIn/zoomOut/zoomTo, setViewport
        var list = DrawList()
        store.frame(canvas, into: &list)
        // 100x50 in 800x600, padding 0.2: zoom min(800 / 120, 600 / 60) ≈ 6.7, clamped to 4.
        XCTAssertEqual(flow.getViewport(), Viewport(x: 400 - 50 * 4, y: 300 - 25 * 4, zoom: 4))
    }
}
