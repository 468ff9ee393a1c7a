@testable import SwiftFlow
import SwiftFlowTesting
import XCTest

/// `onNodeClick`, `onEdgeClick` and `onEdgeDoubleClick` (React Flow's click callbacks) through
/// scripted input in the real frame loop: what a click reports, in which order with its
/// selection change, and the presses that are not clicks.
final class ClickCallbackTests: XCTestCase {
    private var buttonTaps = 0

    /// `twoNodes()` (A with source "out" at (100, 25), B with target "in" at (300, 25)) joined
    /// by e1, a straight line along y = 25 from x 100 to 300, plus a "form" node C at (0, 200),
    /// 200 by 120, holding a text field, a slider and a button (counting its taps in
    /// `buttonTaps`) inside 8 points of padding.
    private func harness(configure: @escaping (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in },
                         edit: (inout [Node<JSONValue>]) -> Void = { _ in }) -> CanvasHarness {
        var nodes = twoNodes()
        nodes.append(Node(id: "C", position: Point(x: 0, y: 200), data: .object(JSONObject([("name", .string("")), ("gain", .number(0))])),
                          type: "form", width: 200, height: 120))
        edit(&nodes)
        let edge = Edge(id: "e1", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: JSONValue.null)
        let h = CanvasHarness(nodes: nodes, edges: [edge]) { canvas in
            canvas.nodeTypes["form"] = NodeType { _, data in
                VStack(spacing: 4) {
                    TextField("Name", text: data["name"].string)
                    Slider(value: data["gain"].double, in: 0...100)
                    Button("Go") { self.buttonTaps += 1 }
                }
                .padding(8)
            }
            configure(canvas)
        }
        _ = h.driver.drainOutbound()
        return h
    }

    /// The selection changes and click callbacks recorded since the last call, in order, as
    /// "select A +", "click A", "edge click e1", "double A", "edge double e1", "pane 600 400".
    private func clicks(_ h: CanvasHarness) -> [String] {
        h.driver.drainOutbound().flatMap { entry -> [String] in
            switch entry {
            case .nodesChange(let changes):
                return changes.compactMap { if case .select(let id, let s) = $0 { "select \(id) \(s ? "+" : "-")" } else { nil } }
            case .edgesChange(let changes):
                return changes.compactMap { if case .select(let id, let s) = $0 { "select \(id) \(s ? "+" : "-")" } else { nil } }
            case .nodeClick(let n): return ["click \(n.id)"]
            case .edgeClick(let e): return ["edge click \(e.id)"]
            case .nodeDoubleClick(let id): return ["double \(id)"]
            case .edgeDoubleClick(let id): return ["edge double \(id)"]
            case .paneClick(let p): return ["pane \(p.x) \(p.y)"]
            default: return []
            }
        }
    }

    private func press(_ p: Point, count: Int = 1) -> InputEvent { .pointerDown(p, button: .primary, modifiers: [], clickCount: count) }
    private func release(_ p: Point) -> InputEvent { .pointerUp(p, button: .primary, modifiers: []) }

    // MARK: Nodes

    func testAClickOnANodeCallsOnNodeClickOnceAfterItsSelection() {
        let h = harness()
        var got: [Node<JSONValue>] = []
        let record = h.canvas.onNodeClick
        h.canvas.onNodeClick = { got.append($0); record?($0) }
        h.click(Point(x: 50, y: 25))
        XCTAssertEqual(clicks(h), ["select A +", "click A"])
        XCTAssertEqual(got.map(\.id), ["A"])
        XCTAssertEqual(got.first?.position, Point(x: 0, y: 0))
        XCTAssertEqual(got.first?.selected, false, "the node as the click's frame had it: its selection shows in the next frame")
        XCTAssertEqual(h.node("A")?.selected, true)
    }

    func testWithoutSelectNodesOnDragTheReleaseSelectsThenReportsTheClick() {
        let h = harness { $0.selectNodesOnDrag = false }
        h.click(Point(x: 350, y: 25))
        XCTAssertEqual(clicks(h), ["select B +", "click B"])
    }

    func testAPressThatMovesWithinTheDragThresholdIsStillAClick() {
        let h = harness()
        h.play("press 50 25\nmove 50.5 25\nrelease 50.5 25")
        XCTAssertEqual(clicks(h), ["select A +", "click A"])
    }

    func testADragIsNotAClick() {
        let h = harness()
        h.play("press 50 25\nmove 70 25\nmove 90 25\nrelease 90 25")
        XCTAssertEqual(clicks(h), ["select A +"])
        XCTAssertEqual(h.node("A")?.position, Point(x: 40, y: 0))
    }

    func testAPressCancelledByEscapeIsNotAClick() {
        let h = harness()
        h.frame([press(Point(x: 50, y: 25))])
        h.key("Escape")
        h.frame([release(Point(x: 50, y: 25))])
        XCTAssertEqual(clicks(h), ["select A +"])
    }

    func testAPressOrAConnectionFromAHandleIsNotAClick() {
        let h = harness()
        h.click(Point(x: 100, y: 25))
        XCTAssertEqual(clicks(h), [])
        h.play("press 100 25\nmove 200 25\nmove 300 25\nrelease 300 25")
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")])
        XCTAssertEqual(clicks(h), [])
    }

    func testAClickOnAControlOrAButtonInsideTheNodeIsNotANodeClick() throws {
        let h = harness()
        let controls = h.controls(of: "C")
        XCTAssertEqual(controls.count, 2)
        for control in controls {
            h.click(h.canvas.screenRect(of: control).center)
        }
        let button = try XCTUnwrap(h.canvas.tools.buttons.first)
        h.click(h.canvas.screenRect(of: button).center)
        XCTAssertEqual(buttonTaps, 1)
        XCTAssertEqual(clicks(h).filter { $0.hasPrefix("click") }, [])
        h.click(Point(x: 4, y: 316))   // the padding, outside the controls and the button
        XCTAssertEqual(clicks(h), ["select C +", "click C"])
    }

    func testAPressOnAResizeGripIsNotAClick() {
        let h = CanvasHarness(nodes: [resizableNode()]) { $0.nodeTypes["resizable"] = resizableType() }
        _ = h.driver.drainOutbound()
        h.click(Point(x: 200, y: 150))   // R's bottom-right grip
        XCTAssertEqual(clicks(h), [])
        h.play("press 200 150\nmove 210 160\nrelease 210 160")
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 110, height: 60), "the press took the grip")
        XCTAssertEqual(clicks(h), [])
        h.click(Point(x: 150, y: 125))
        XCTAssertEqual(clicks(h), ["click R"])
    }

    func testANodeThatCannotBeSelectedIsStillClicked() {
        let h = harness(edit: { $0[0].selectable = false })
        h.click(Point(x: 50, y: 25))
        XCTAssertEqual(clicks(h), ["click A"])
        XCTAssertEqual(h.node("A")?.selected, false)

        let unselectable = harness { $0.elementsSelectable = false }
        unselectable.click(Point(x: 50, y: 25))
        unselectable.click(Point(x: 200, y: 25))
        XCTAssertEqual(clicks(unselectable), ["click A", "edge click e1"])
    }

    func testADoubleClickOnANodeReportsBothClicksAndTheDoubleClick() {
        let h = harness()
        h.frame([press(Point(x: 50, y: 25)), release(Point(x: 50, y: 25))])
        h.frame([press(Point(x: 50, y: 25), count: 2), release(Point(x: 50, y: 25))])
        XCTAssertEqual(clicks(h), ["select A +", "click A", "double A", "click A"])
    }

    // MARK: Edges and the pane

    func testAClickOnAnEdgeCallsOnEdgeClickOnceAfterItsSelection() {
        let h = harness()
        var got: [Edge<JSONValue>] = []
        let record = h.canvas.onEdgeClick
        h.canvas.onEdgeClick = { got.append($0); record?($0) }
        h.click(Point(x: 200, y: 25))
        XCTAssertEqual(clicks(h), ["select e1 +", "edge click e1"])
        XCTAssertEqual(got.map(\.id), ["e1"])
        XCTAssertEqual(h.store.edges.map(\.selected), [true])
    }

    func testADragFromAnEdgePansAndIsNotAClick() {
        let h = harness()
        h.play("press 200 25\nmove 220 45\nmove 240 65\nrelease 240 65")
        XCTAssertEqual(clicks(h), [])
        XCTAssertEqual(h.canvas.viewport, Viewport(x: 40, y: 40, zoom: 1))
    }

    func testWithSelectionOnDragAnUnmovedPressOnAnEdgeIsAClick() {
        let h = harness { $0.selectionOnDrag = true }
        h.click(Point(x: 200, y: 25))
        XCTAssertEqual(clicks(h), ["select e1 +", "edge click e1"])
        h.play("press 200 25\nmove 220 45\nmove 240 65\nrelease 240 65")
        XCTAssertEqual(clicks(h).filter { $0.hasPrefix("edge") }, [], "a box is not a click")
    }

    func testADoubleClickOnAnEdgeReportsBothClicksAndTheDoubleClickWithItsId() {
        let h = harness()
        h.frame([press(Point(x: 200, y: 25)), release(Point(x: 200, y: 25))])
        h.frame([press(Point(x: 200, y: 25), count: 2), release(Point(x: 200, y: 25))])
        XCTAssertEqual(clicks(h), ["select e1 +", "edge click e1", "edge double e1", "edge click e1"])
    }

    func testAClickOnThePaneCallsOnPaneClickAndNeitherElementClick() {
        let h = harness()
        h.click(Point(x: 600, y: 400))
        XCTAssertEqual(clicks(h), ["pane 600.0 400.0"])
    }
}
