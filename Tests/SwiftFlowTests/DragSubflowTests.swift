import SwiftFlow
import XCTest

final class DragSubflowTests: XCTestCase {
    func testMultiDragSnapsTheDraggedNodeAndMovesTheOthersByTheSameDelta() {
        var scene = editingScene()
        scene.nodes[0].position = Point(x: 5, y: 5)
        var events: [String] = []
        let h = editingHarness(scene) { c in
            c.snapToGrid = true
            c.onNodeDragStart = { n, all in events.append("start \(n.id) \(all.map(\.id))") }
            c.onNodeDragStop = { n, all in events.append("stop \(n.id) \(all.map { "\($0.id)\($0.position)" })") }
            c.onSelectionDragStart = { events.append("selection start \($0.count)") }
            c.onSelectionDragStop = { events.append("selection stop \($0.count)") }
        }
        h.playReplay("drag-selection-snap")
        XCTAssertEqual(h.position("A"), Point(x: 20, y: 40))
        XCTAssertEqual(h.position("B"), Point(x: 215, y: 35))
        XCTAssertEqual(h.position("C"), Point(x: 0, y: 200))
        XCTAssertEqual(events, ["start A [\"A\", \"B\"]", "selection start 2",
                                "stop A [\"A(20.0, 40.0)\", \"B(215.0, 35.0)\"]", "selection stop 2"])
    }

    func testOnNodeDragFiresPerMoveForASingleNode() {
        var drags: [Point] = [], selectionDrags = 0
        let h = editingHarness(editingScene()) { c in
            c.onNodeDrag = { n, _ in drags.append(n.position) }
            c.onSelectionDrag = { _ in selectionDrags += 1 }
        }
        h.play("press 50 25\nmove 60 25\nmove 70 30\nrelease 70 30")
        XCTAssertEqual(drags, [Point(x: 10, y: 0), Point(x: 20, y: 5)])
        XCTAssertEqual(selectionDrags, 0)
    }

    func testEscapeCancelsADragWithAStopAtTheStartAndNoUndoStep() {
        var stops: [Point] = []
        let h = editingHarness(editingScene()) { c in c.onNodeDragStop = { n, _ in stops.append(n.position) } }
        h.play("press 50 25\nmove 90 45\nkey Escape\nrelease 90 45")
        XCTAssertEqual(h.position("A"), Point(x: 0, y: 0))
        XCTAssertEqual(stops, [Point(x: 0, y: 0)])
        XCTAssertFalse(h.canvas.canUndo)
    }

    func testSelectNodesOnDragOffDragsWithoutSelecting() {
        let h = editingHarness(editingScene()) { $0.selectNodesOnDrag = false }
        h.play("click 50 25\npress 250 25\nmove 260 35\nrelease 260 35")
        XCTAssertEqual(h.position("B"), Point(x: 210, y: 10))
        XCTAssertEqual(h.position("A"), Point(x: 0, y: 0))
        XCTAssertEqual(h.selectedNodes, ["A"])
        h.play("click 260 35")
        XCTAssertEqual(h.selectedNodes, ["B"], "a click still selects")
    }

    func testNodeDragThreshold() {
        let h = editingHarness(editingScene()) { $0.nodeDragThreshold = 5 }
        h.play("press 50 25\nmove 53 25\nrelease 53 25")
        XCTAssertEqual(h.position("A"), Point(x: 0, y: 0))
        h.play("press 50 25\nmove 56 25\nrelease 56 25")
        XCTAssertEqual(h.position("A"), Point(x: 6, y: 0))
    }

    func testExtentParentKeepsTheChildInside() {
        let h = editingHarness(subflowScene())
        h.playReplay("drag-extent-parent")
        XCTAssertEqual(h.position("K"), Point(x: 200, y: 150))
        XCTAssertEqual(h.position("P"), Point(x: 0, y: 0))
    }

    func testRectangleExtentAndCoordinateExtent() {
        var scene = editingScene()
        scene.nodes[1].extent = .rect(Rect(x: 150, y: -20, width: 200, height: 100))
        let h = editingHarness(scene) { $0.coordinateExtent = Rect(x: -10, y: -10, width: 1000, height: 1000) }
        h.play("press 250 25\nmove 400 300\nrelease 400 300")
        XCTAssertEqual(h.position("B"), Point(x: 250, y: 30))
        h.play("press 50 25\nmove -100 -100\nrelease -100 -100")
        XCTAssertEqual(h.position("A"), Point(x: -10, y: -10))
    }

    func testChildrenMoveWithTheirParent() {
        let h = editingHarness(subflowScene())
        let k = h.canvas.registry.handles(ofNode: 1).map(\.anchor)
        h.playReplay("drag-parent-moves-child")
        XCTAssertEqual(h.position("P"), Point(x: 10, y: 10))
        XCTAssertEqual(h.position("K"), Point(x: 20, y: 60))
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).map(\.anchor), k.map { $0 + Point(x: 10, y: 10) })
        XCTAssertFalse(h.nodeChanges.contains { $0.id == "K" }, "only the parent is moved")
    }

    func testChildDrawsAboveItsSelectedParentAndSelectedAboveUnselected() {
        let h = editingHarness(subflowScene())
        h.play("click 250 150")          // P selected
        h.play("click 70 85")            // K is above its selected parent: it is hit
        XCTAssertEqual(h.selectedNodes, ["K"])
        // Two overlapping top-level nodes: X (earlier in the array) is below Y until selected.
        let x = editNode("X", 0, 0), y = editNode("Y", 50, 0)
        let o = editingHarness(([x, y], []))
        o.play("click 75 25")
        XCTAssertEqual(o.selectedNodes, ["Y"])
        o.play("click 25 25\nclick 75 25")
        XCTAssertEqual(o.selectedNodes, ["X"], "X, now selected, is drawn (and hit) above Y")
    }

    func testGroupNodeTypeIsBuiltIn() {
        let h = editingHarness(subflowScene())
        XCTAssertTrue(h.diagnostics.isEmpty, "\(h.diagnostics)")
        XCTAssertEqual(h.canvas.stats.visibleNodes, 4)
    }
}
