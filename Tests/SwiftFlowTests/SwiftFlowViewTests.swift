@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// An app's `ContentView` with `@State` graph arrays and a `SwiftFlow` body, run through
/// `hostedFlow(in:)` as a window host runs it.
final class SwiftFlowViewTests: XCTestCase {
    struct Label: View {
        let node: Node<String>
        var body: some View { Text(node.data).padding(8).frame(width: 100, height: 40).background(Color.white) }
    }

    struct ContentView: View {
        @State var nodes: [Node<String>] = [Node(id: "a", position: .zero, data: "A"),
                                            Node(id: "b", position: Point(x: 200, y: 0), data: "B", type: "other")]
        @State var edges: [FlowEdge<EmptyEdgeData>] = []
        var body: some View {
            SwiftFlow(nodes: $nodes, edges: $edges) { node in
                Label(node: node)
                Handle(nodeId: node.id, id: "in", type: .target, position: .left)
                Handle(nodeId: node.id, id: "out", type: .source, position: .right)
            }
            .configure { $0.viewport = Viewport(x: 100, y: 100, zoom: 1) }   // away from the auto-pan margins
        }
    }

    func testTheContentViewsGraphIsControlledThroughItsBindings() throws {
        let view = ContentView()
        let flow = try XCTUnwrap(hostedFlow(in: view))
        let hosted = flow.makeHostedFlow(size: Size(width: 800, height: 600), theme: .light, textMeasurer: FixedAdvanceTextMeasurer())
        var list = DrawList()
        hosted.frame([], 0, &list)
        XCTAssertFalse(list.vertices.isEmpty)
        // Drag node a by (30, 20) (the view is moved by (100, 100)): the change lands in the @State array.
        let none = Modifiers()
        hosted.frame([.pointerDown(Point(x: 150, y: 120), button: .primary, modifiers: none)], 16, &list)
        hosted.frame([.pointerMove(Point(x: 165, y: 130), modifiers: none)], 32, &list)
        hosted.frame([.pointerMove(Point(x: 180, y: 140), modifiers: none), .pointerUp(Point(x: 180, y: 140), button: .primary, modifiers: none)], 48, &list)
        XCTAssertEqual(view.nodes[0].position, Point(x: 30, y: 20))
        XCTAssertEqual(view.nodes[0].selected, true)
        // Connect a's "out" (flow (130, 40)) to b's "in" (flow (200, 20)): an edge in the @State array.
        hosted.frame([.pointerDown(Point(x: 230, y: 140), button: .primary, modifiers: none)], 64, &list)
        hosted.frame([.pointerMove(Point(x: 270, y: 130), modifiers: none)], 80, &list)
        hosted.frame([.pointerMove(Point(x: 300, y: 120), modifiers: none), .pointerUp(Point(x: 300, y: 120), button: .primary, modifiers: none)], 96, &list)
        XCTAssertEqual(view.edges.map(\.id), ["xy-edge__aout-bin"], "a, of the built-in default type, is the closure's too (its handle ids)")
        XCTAssertEqual(hosted.background(), FlowTheme.light.background)
        XCTAssertNil(hostedFlow(in: Text("no flow")))
    }
}
