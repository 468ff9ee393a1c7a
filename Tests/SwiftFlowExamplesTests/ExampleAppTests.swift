@testable import SwiftFlow
import Foundation
import XCTest

/// The example app's `ContentView`, hosted as `SwiftFlowApp.run` hosts it.
final class ExampleAppTests: XCTestCase {
    func testTheContentViewRunsAndConnectionsTakeTheDefaultEdgeOptions() throws {
        let view = ExampleContentView()
        let hosted = try XCTUnwrap(hostedFlow(in: view)).makeHostedFlow(size: Size(width: 800, height: 600), theme: .light,
                                                                          textMeasurer: FixedAdvanceTextMeasurer())
        var list = DrawList()
        hosted.frame([], 0, &list)
        XCTAssertFalse(list.vertices.isEmpty)
        // From t1's "out" handle (its right side, x 280) to t2's "in" (x 360), at the cards' mid-height.
        let none = Modifiers()
        let outY = hostedHandleY(view)
        hosted.frame([.pointerDown(Point(x: 280, y: outY), button: .primary, modifiers: none)], 32, &list)
        hosted.frame([.pointerMove(Point(x: 320, y: outY), modifiers: none)], 48, &list)
        hosted.frame([.pointerMove(Point(x: 360, y: outY), modifiers: none), .pointerUp(Point(x: 360, y: outY), button: .primary, modifiers: none)], 64, &list)
        XCTAssertEqual(view.edges.map(\.type), [.smoothstep])
        XCTAssertEqual(view.edges.map(\.source), ["t1"])
        // The graph is Codable (its data is) and SwiftFlow's applyNodeChanges spelling applies changes.
        let data = try JSONEncoder().encode(view.nodes)
        let decoded = try JSONDecoder().decode([Node<TaskData>].self, from: data)
        XCTAssertEqual(decoded.map(\.data), view.nodes.map(\.data))
        XCTAssertEqual(decoded.map(\.position), view.nodes.map(\.position))
        let moved = applyNodeChanges([.position(id: "t2", position: XYPosition(x: 400, y: 120), dragging: false)], nodes: decoded)
        XCTAssertEqual(moved[1].position, XYPosition(x: 400, y: 120))
    }

    /// The y of the task nodes' handles: their top (100) and half the height of a laid-out task card.
    func hostedHandleY(_ view: ExampleContentView) -> Double {
        let h = ExampleHarness(view.nodes[0]) { TaskNodeView(node: $0) }
        return 100 + h.size.height / 2
    }
}
