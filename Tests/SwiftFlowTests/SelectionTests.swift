import SwiftFlow
import XCTest

final class SelectionTests: XCTestCase {
    func testClickSelectsAloneAndModifiersToggle() {
        let h = editingHarness(editingScene())
        h.playReplay("select-click-toggle")
        XCTAssertEqual(h.selectedNodes, ["B"])
        XCTAssertEqual(h.selectionChanges, [["A"], ["A", "B"], ["B"]], "fired once per change, not for the no-op click")
        h.play("click 700 500")
        XCTAssertEqual(h.selectedNodes, [])
        XCTAssertEqual(h.paneClicks, [Point(x: 700, y: 500)])
        h.play("click 700 500")
        XCTAssertEqual(h.selectionChanges, [["A"], ["A", "B"], ["B"], []])
        XCTAssertEqual(h.paneClicks.count, 2)
    }

    func testBoxRightToLeftAtHalfZoomSelectsExactlyTheOverlappedNodesAndTheirEdges() {
        let h = editingHarness(editingScene())
        h.playReplay("box-select-right-to-left")
        XCTAssertEqual(h.selectedNodes, ["B", "E"])
        XCTAssertEqual(h.selectedEdges, ["e1", "e3", "e4"])
        XCTAssertNil(h.canvas.selectionRect)
    }

    func testFullModePicksOnlyNodesInsideTheBox() {
        let partial = editingHarness(editingScene())
        partial.playReplay("box-select-full")
        XCTAssertEqual(partial.selectedNodes, ["A", "B", "E"])
        let full = editingHarness(editingScene()) { $0.selectionMode = .full }
        full.playReplay("box-select-full")
        XCTAssertEqual(full.selectedNodes, ["E"])
        XCTAssertEqual(full.selectedEdges, ["e4"])
    }

    func testBoxIsDrawnAndEscapeRestoresTheSelectionFromBeforeIt() {
        let h = editingHarness(editingScene())
        h.playReplay("box-select-escape")
        XCTAssertEqual(h.canvas.selectionRect, Rect(x: 120, y: 20, width: 280, height: 130))
        XCTAssertEqual(h.selectedNodes, ["B", "E"])
        // The box's translucent fill covers its screen rectangle.
        let fill = PackedColor(h.canvas.theme.selectionColor.opacity(0.08))
        let xs = h.list.vertices.filter { $0.r == fill.r && $0.g == fill.g && $0.b == fill.b && $0.a == fill.a }.map { Double($0.x) }
        XCTAssertEqual(xs.min() ?? 0, 120, accuracy: 0.5)
        XCTAssertEqual(xs.max() ?? 0, 400, accuracy: 0.5)
        h.play("key Escape\nrelease 120 20 shift")
        XCTAssertEqual(h.selectedNodes, ["A"])
        XCTAssertEqual(h.selectedEdges, [])
        XCTAssertNil(h.canvas.selectionRect)
    }

    func testSelectionOnDragDrawsABoxWithoutShift() {
        let h = editingHarness(editingScene()) { $0.selectionOnDrag = true }
        h.playReplay("select-on-drag")
        XCTAssertEqual(h.selectedNodes, ["A", "E"])
        XCTAssertEqual(h.selectedEdges, ["e1", "e2", "e4"])
        XCTAssertEqual(h.canvas.viewport, Viewport(), "no pan")
        // Without it the same drag pans.
        let pan = editingHarness(editingScene())
        pan.playReplay("select-on-drag")
        XCTAssertEqual(pan.selectedNodes, [])
        XCTAssertEqual(pan.canvas.viewport, Viewport(x: -70, y: -70, zoom: 1))
    }

    func testBoxPicksANodeOutsideTheView() {
        var scene = editingScene()
        scene.nodes.append(editNode("F", 1000, 100))   // beyond the 800-point canvas and its culling margin
        let h = editingHarness(scene)
        h.play("""
        press 850 80 shift
        move 1150 200 shift
        release 1150 200 shift
        """)
        XCTAssertEqual(h.selectedNodes, ["F"])
        XCTAssertEqual(h.selectedEdges, [])
    }

    func testBoxLeavesOutNonSelectableEdges() {
        var scene = editingScene()
        scene.edges[1].selectable = false
        let h = editingHarness(scene) { $0.selectionOnDrag = true }
        h.playReplay("select-on-drag")
        XCTAssertEqual(h.selectedNodes, ["A", "E"])
        XCTAssertEqual(h.selectedEdges, ["e1", "e4"])
    }

    func testSelectAllAndSelectability() {
        var scene = editingScene()
        scene.nodes[3].selectable = false
        scene.edges[1].selectable = false
        let h = editingHarness(scene)
        h.playReplay("select-all")
        XCTAssertEqual(h.selectedNodes, ["A", "B", "C", "E"])
        XCTAssertEqual(h.selectedEdges, ["e1", "e3", "e4"])
        // A box over D skips it.
        h.play("click 700 500\npress 350 260 shift\nmove 150 150 shift\nrelease 150 150 shift")
        XCTAssertEqual(h.selectedNodes, [])
        let off = editingHarness(editingScene()) { $0.elementsSelectable = false }
        off.play("click 50 25\nkey A ctrl\npress 350 260 shift\nmove 10 10 shift\nrelease 10 10 shift")
        XCTAssertEqual(off.selectedNodes, [])
        XCTAssertEqual(off.selectedEdges, [])
    }
}
