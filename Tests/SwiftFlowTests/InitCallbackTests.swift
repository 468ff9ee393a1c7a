@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// `onInit` (React Flow's): called once, in the first frame, after layout and before its
/// events, so sizes, bounds and `fitView` work inside it and its view is the first frame's.
final class InitCallbackTests: XCTestCase {
    /// `twoNodes()`: A at (0, 0) and B at (300, 0), 100x50 each, on an 800x600 canvas.
    private let fitted = getViewportForBounds(Rect(x: 0, y: 0, width: 400, height: 50), width: 800, height: 600,
                                              minZoom: 0.1, maxZoom: 4, padding: 0.1)

    func testCalledOnceWithTheCanvasAfterTheFirstLayout() {
        var calls = 0, bounds: Rect?, frameNumber: Int?
        let h = CanvasHarness(nodes: twoNodes()) { canvas in
            canvas.onInit = { c in
                calls += 1
                bounds = FlowInstance(canvas: c).getNodesBounds(["A", "B"])
                frameNumber = c.frameInput.number
            }
        }
        h.play("move 50 25\nclick 50 25")
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(bounds, Rect(x: 0, y: 0, width: 400, height: 50), "the nodes' laid-out sizes")
        XCTAssertEqual(frameNumber, 1, "inside the first frame")
    }

    func testAFitViewInsideItIsWhatTheFirstFrameShows() {
        let h = CanvasHarness(nodes: twoNodes()) { canvas in canvas.onInit = { $0.fitView() } }
        XCTAssertEqual(h.canvas.viewport, fitted)
        XCTAssertEqual(h.driver.drainOutbound().compactMap { if case .viewportChange(let v) = $0 { v } else { nil } }, [fitted],
                       "reported once, from the first frame")
        XCTAssertEqual(h.canvas.nodeCache.visible.sorted(), [0, 1], "laid out at the fitted view")
    }

    func testItRunsBeforeTheFirstFramesEvents() {
        var order: [String] = []
        let driver = EmbeddedCanvas(nodes: twoNodes(), makeEdgeData: { _ in JSONValue.null }, size: Size(width: 800, height: 600),
                                    frameDuration: 0)
        driver.canvas.onInit = { _ in order.append("init") }
        let click = driver.canvas.onNodeClick
        driver.canvas.onNodeClick = { order.append("click \($0.id)"); click?($0) }
        driver.frame([.pointerDown(Point(x: 50, y: 25), button: .primary, modifiers: [], clickCount: 1),
                      .pointerUp(Point(x: 50, y: 25), button: .primary, modifiers: [])])
        driver.frame()
        XCTAssertEqual(order, ["init", "click A"])
    }

    func testOneSetAfterTheFirstFrameIsNeverCalled() {
        var calls = 0
        let h = CanvasHarness(nodes: twoNodes())
        h.canvas.onInit = { _ in calls += 1 }
        h.frame()
        XCTAssertEqual(calls, 0)
    }
}
