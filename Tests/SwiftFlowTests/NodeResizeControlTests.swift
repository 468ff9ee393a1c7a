@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `NodeResizeControl`: one grip or line placed by the app, always shown, resizing like a
/// `NodeResizer` grip; a resizable node's content from its top-leading corner.
final class NodeResizeControlTests: XCTestCase {
    /// Node "R" (100x50 at (0, 0), not selected) with `controls`, a text and a handle.
    func harness<V: View>(@ViewBuilder _ controls: @escaping () -> V) -> CanvasHarness {
        CanvasHarness(nodes: [Node(id: "R", position: .zero, data: .null, type: "r", width: 100, height: 50)]) { canvas in
            canvas.nodeTypes["r"] = NodeType { node in
                controls()
                Text("Hi")
                Handle(nodeId: node.id, id: "in", type: .target, position: .left)
            }
        }
    }

    func testOneGripShownOnAnUnselectedNodeResizesItWithinItsBounds() throws {
        let h = harness { NodeResizeControl(position: .bottomTrailing, minWidth: 60, minHeight: 30) }
        XCTAssertEqual(h.canvas.tools.resizers.count, 1)
        XCTAssertEqual(h.canvas.tools.resizers[0].spec.controls, [.bottomRight])
        XCTAssertTrue(h.canvas.isShown(h.canvas.tools.resizers[0]), "shown without selection")
        h.drag(from: Point(x: 100, y: 50), to: Point(x: 140, y: 70))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 140, height: 70))
        XCTAssertEqual(h.node("R")?.position, .zero)
        h.drag(from: Point(x: 140, y: 70), to: Point(x: 20, y: 10))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 60, height: 30), "clamped to the minimum")
        // The top-right corner has no grip: a press there drags the node.
        h.drag(from: Point(x: 55, y: 3), to: Point(x: 65, y: 8))
        XCTAssertEqual(h.node("R")?.position, Point(x: 10, y: 5))
    }

    func testTheContentStartsTopLeadingAndHandlesStayMidSide() throws {
        let h = harness { NodeResizeControl(position: .bottomTrailing, minWidth: 60, minHeight: 30) }
        let s = h.canvas.nodeCache.states[0]
        let origins = h.canvas.nodeCache.ops[s.opsRange].compactMap { op -> Point? in
            if case .text(_, let o, _, _, _) = op { return o } else { return nil }
        }
        XCTAssertEqual(origins, [.zero])
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 0).map(\.anchor), [Point(x: 0, y: 25)])
    }

    func testSeveralControlsAddTheirGripsAndALineVariantDrawsNoSquare() {
        let h = harness {
            NodeResizeControl(position: .bottomTrailing)
            NodeResizeControl(position: .right, variant: .line)
            NodeResizeControl(position: .bottom)
        }
        XCTAssertEqual(h.canvas.tools.resizers.count, 1)
        XCTAssertEqual(h.canvas.tools.resizers[0].spec.controls, [.bottomRight, .right, .bottom])
        XCTAssertEqual(h.canvas.tools.resizers[0].spec.sideHandles, [.bottomRight, .bottom])
        h.drag(from: Point(x: 100, y: 25), to: Point(x: 120, y: 40))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 120, height: 50), "the right line moves only the right side")
        XCTAssertEqual(ControlPosition.topLeading, .topLeft)
    }
}
