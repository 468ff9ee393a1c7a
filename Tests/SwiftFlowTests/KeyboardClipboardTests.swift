import SwiftFlow
import SwiftFlowTesting
import XCTest

final class KeyboardTests: XCTestCase {
    func testArrowsNudgeOneShiftTenAndAGridStepWithSnapToGrid() {
        let h = editingHarness(editingScene())
        h.play("click 50 25\nkey Right\nkey Down shift\nkey Up\nkey Left shift")
        XCTAssertEqual(h.position("A"), Point(x: -9, y: 9))
        let g = editingHarness(editingScene()) { $0.snapToGrid = true }
        g.play("click 50 25\nkey Right\nkey Down")
        XCTAssertEqual(g.position("A"), Point(x: 20, y: 20))
        // Several nudges delivered in one frame add up.
        let b = editingHarness(editingScene())
        b.play("click 50 25\nbatch on\nkey Right\nkey Right\nkey Right\nbatch off")
        XCTAssertEqual(b.position("A"), Point(x: 3, y: 0))
    }

    func testEscapeClearsTheSelectionWhenNoGestureIsInProgress() {
        let h = editingHarness(editingScene())
        h.play("click 50 25\nkey Escape")
        XCTAssertEqual(h.selectedNodes, [])
    }

    func testEscapeDuringAConnectionRestoresEverything() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 100 25\nmove 296 25\nkey Escape\nrelease 296 25")
        XCTAssertEqual(h.store.edges.count, 0)
        XCTAssertNil(h.canvas.connection)
        XCTAssertFalse(h.canvas.canUndo)
    }

    func testPlusMinusZoomAboutTheCentreAndZeroFitsTheView() {
        var viewports: [Viewport] = []
        let h = editingHarness(editingScene()) { $0.onViewportChange = { viewports.append($0) } }
        h.playReplay("keyboard-zoom-fit")
        XCTAssertEqual(viewports.count, 2)
        XCTAssertEqual(viewports[0].zoom, 1.2, accuracy: 1e-12)
        XCTAssertEqual(viewports[0].x, -80, accuracy: 1e-9)
        XCTAssertEqual(viewports[0].y, -60, accuracy: 1e-9)
        XCTAssertEqual(viewports[1].zoom, 1, accuracy: 1e-12)
        XCTAssertEqual(viewports[1].x, 0, accuracy: 1e-9)
        // fitView (padding 0.1): bounds (0, 0)–(300, 250) in 800x600 → zoom min(800/330, 600/275) = 24/11.
        XCTAssertEqual(h.canvas.viewport.zoom, 24.0 / 11, accuracy: 1e-12)
        XCTAssertEqual(h.canvas.viewport.x, 400 - 150 * 24.0 / 11, accuracy: 1e-9)
        XCTAssertEqual(h.canvas.viewport.y, 300 - 125 * 24.0 / 11, accuracy: 1e-9)
    }

    func testTabMovesFocusWithAVisibleRingAndReturnSelects() {
        let h = editingHarness(editingScene())
        h.playReplay("keyboard-focus")
        XCTAssertEqual(h.canvas.focusedNodeId, "B")
        XCTAssertEqual(h.selectedNodes, ["B"])
        // The ring surrounds B's screen rectangle (200, 0)–(300, 50), 5 points outside it.
        let ring = PackedColor(h.canvas.theme.selectionColor.opacity(0.6))
        let v = h.list.vertices.filter { $0.r == ring.r && $0.g == ring.g && $0.b == ring.b && $0.a == ring.a }
        XCTAssertFalse(v.isEmpty)
        XCTAssertEqual(Double(v.map(\.x).min() ?? 0), 195, accuracy: 1.5)
        XCTAssertEqual(Double(v.map(\.x).max() ?? 0), 305, accuracy: 1.5)
        XCTAssertEqual(Double(v.map(\.y).max() ?? 0), 55, accuracy: 1.5)
    }

    func testTabPansAFocusedNodeOutOfViewIntoTheCentre() {
        let h = editingHarness(([editNode("A", 0, 0), editNode("Far", 2000, 1000)], []))
        h.play("key Tab\nkey Tab")
        XCTAssertEqual(h.canvas.focusedNodeId, "Far")
        XCTAssertEqual(h.canvas.viewport, Viewport(x: 400 - 2050, y: 300 - 1025, zoom: 1))
    }
}

final class ClipboardTests: XCTestCase {
    func testPasteTwiceYieldsTwoDistinctIdSetsAtThePointer() {
        let h = editingHarness(editingScene())
        h.playReplay("copy-paste-twice")
        let ids = h.store.nodes.map(\.id)
        XCTAssertEqual(ids, ["A", "B", "C", "D", "E", "A-1", "B-1", "A-2", "B-2"])
        XCTAssertEqual(h.position("A-1"), Point(x: 400, y: 300))
        XCTAssertEqual(h.position("B-1"), Point(x: 600, y: 300))
        XCTAssertEqual(h.position("A-2"), Point(x: 600, y: 300))
        XCTAssertEqual(h.position("B-2"), Point(x: 800, y: 300))
        XCTAssertEqual(h.store.edges.suffix(2).map { "\($0.id) \($0.source)→\($0.target)" }, ["e1-1 A-1→B-1", "e1-2 A-2→B-2"])
        XCTAssertEqual(h.selectedNodes, ["A-2", "B-2"])
        XCTAssertEqual(h.selectedEdges, ["e1-2"])
        XCTAssertEqual(Set(ids).count, ids.count)
        // The clipboard holds native JSON.
        let text = h.canvas.clipboard.text() ?? ""
        XCTAssertEqual((try? NativeFormat.decode(Array(text.utf8), file: "t"))?.nodes.map(\.id), ["A", "B"])
        // One undo step per paste.
        h.play("key Z ctrl")
        XCTAssertEqual(h.store.nodes.map(\.id), ["A", "B", "C", "D", "E", "A-1", "B-1"])
    }

    func testPastedIdsNeverCollideWithExistingOnes() {
        var scene = editingScene()
        scene.nodes.append(editNode("A-1", 500, 500))
        let h = editingHarness(scene)
        h.play("click 50 25\nkey C ctrl\nkey V ctrl")
        XCTAssertEqual(h.store.nodes.last?.id, "A-1-2")
    }

    func testPastingAGroupRemapsTheChildsParent() {
        let h = editingHarness(subflowScene())
        h.playReplay("paste-subflow")
        XCTAssertEqual(h.position("P-1"), Point(x: 500, y: 400))
        XCTAssertEqual(h.node("K-1")?.parentId, "P-1")
        XCTAssertEqual(h.position("K-1"), Point(x: 20, y: 60))
        XCTAssertEqual(h.node("K-1")?.extent, .parent)
        XCTAssertEqual(h.store.edges.count, 4, "P's edges lead outside the copy: none is pasted")
        // A child copied without its parent is pasted top-level at the pointer.
        h.play("click 700 500\nclick 70 85\nkey C ctrl\nmove 100 500\nkey V ctrl")
        XCTAssertNotNil(h.node("K-2"))
        XCTAssertNil(h.node("K-2")?.parentId)
        XCTAssertEqual(h.position("K-2"), Point(x: 100, y: 500))
    }

    func testCutThenPasteThenDuplicate() {
        let h = editingHarness(editingScene())
        h.playReplay("cut-duplicate")
        XCTAssertEqual(h.store.nodes.map(\.id), ["B", "C", "D", "E", "A-1", "A-1-2"])
        XCTAssertEqual(h.store.edges.map(\.id), ["e3", "e4"])
        XCTAssertEqual(h.position("A-1"), Point(x: 500, y: 450))
        XCTAssertEqual(h.position("A-1-2"), Point(x: 520, y: 470))
        XCTAssertEqual(h.selectedNodes, ["A-1-2"])
    }

    func testCutPasteAndDuplicateFromAnEditMenuMatchTheirKeys() {
        let h = editingHarness(editingScene())
        h.play("click 50 25\nmove 500 450")
        h.canvas.cutSelection()
        h.frame()
        h.canvas.paste()
        h.frame()
        h.canvas.duplicateSelection()
        h.frame()
        XCTAssertEqual(h.store.nodes.map(\.id), ["B", "C", "D", "E", "A-1", "A-1-2"])
        XCTAssertEqual(h.store.edges.map(\.id), ["e3", "e4"])
        XCTAssertEqual(h.position("A-1"), Point(x: 500, y: 450))
        XCTAssertEqual(h.position("A-1-2"), Point(x: 520, y: 470))
        h.canvas.copySelection()
        XCTAssertEqual((try? NativeFormat.decode(Array((h.canvas.clipboard.text() ?? "").utf8), file: "clipboard"))?.nodes.map(\.id), ["A-1-2"])
    }

    func testPastingTextThatIsNotAGraphDoesNothingAndSaysWhy() {
        let h = editingHarness(editingScene()) { $0.clipboard = InMemoryClipboard(text: "hello") }
        h.playReplay("paste-not-a-graph")
        XCTAssertEqual(h.store.nodes.count, 5)
        XCTAssertEqual(h.diagnostics.count, 1)
        XCTAssertTrue("\(h.diagnostics.first!)".hasPrefix("paste: not a SwiftFlow graph (clipboard:1:1: malformed JSON"), "\(h.diagnostics)")
        h.canvas.clipboard = InMemoryClipboard(text: #"{"nodes": []}"#)
        h.play("key V ctrl")
        XCTAssertEqual(h.diagnostics.last, .pasteRejected("the clipboard's graph has no nodes"))
        h.canvas.clipboard = InMemoryClipboard()
        h.play("key V ctrl")
        XCTAssertEqual(h.diagnostics.last, .pasteRejected("the clipboard holds no text"))
        XCTAssertEqual(h.store.nodes.count, 5)
        XCTAssertFalse(h.canvas.canUndo)
    }
}

final class EditingRobustnessTests: XCTestCase {
    func testPastedDuplicateIdsGetIdsOfTheirOwn() {
        let text = #"{"nodes": [{"id": "X", "position": {"x": 0, "y": 0}}, {"id": "X", "position": {"x": 50, "y": 0}}],"#
            + #" "edges": [{"id": "x", "source": "X", "target": "X"}]}"#
        let h = editingHarness(editingScene()) { $0.clipboard = InMemoryClipboard(text: text) }
        h.play("move 100 400\nkey V ctrl")
        XCTAssertEqual(h.store.nodes.suffix(2).map(\.id), ["X-1", "X-1-2"])
        XCTAssertEqual(h.store.nodes.suffix(2).map(\.position), [Point(x: 100, y: 400), Point(x: 150, y: 400)])
        XCTAssertEqual(h.store.edges.last.map { "\($0.id) \($0.source)→\($0.target)" }, "x-1 X-1→X-1")
    }

    func testNonFiniteGridAndExtentsAreIgnored() {
        var scene = editingScene()
        scene.nodes[0].extent = .rect(Rect(x: .nan, y: 0, width: .infinity, height: 10))
        let h = editingHarness(scene) { c in
            c.snapToGrid = true
            c.snapGrid = Size(width: .nan, height: 20)
            c.coordinateExtent = Rect(x: -.infinity, y: 0, width: .nan, height: 1)
        }
        h.play("click 50 25\nkey Right\npress 50 25\nmove 60 35\nrelease 60 35")
        XCTAssertEqual(h.position("A"), Point(x: 11, y: 10))
    }

    /// A grid spacing that is infinite, or so small that a position divided by it overflows,
    /// leaves that coordinate unsnapped: a drag used to move the node to NaN or infinity.
    func testAnInfiniteOrTinyGridSpacingLeavesTheCoordinateUnsnapped() {
        for grid in [Size(width: .infinity, height: 20), Size(width: 5e-324, height: 20)] {
            let h = editingHarness(editingScene()) { c in
                c.snapToGrid = true
                c.snapGrid = grid
            }
            h.play("press 50 25\nmove 63 38\nrelease 63 38")
            XCTAssertEqual(h.position("A"), Point(x: 13, y: 20), "\(grid)")
        }
    }
}

/// Copy/paste of nodes whose data is the app's own `Codable` type needs no `ClipboardCoding` closures.
final class CodableClipboardTests: XCTestCase {
    struct MyData: Codable, Hashable { var title: String; var weights: [Double] }

    func testCopyPasteOfTypedNodesPastesAnExactCopyAtThePointer() throws {
        let a = Node(id: "A", position: Point(x: 0, y: 0), data: MyData(title: "a", weights: [0.5, 2]), width: 100, height: 50,
                     zIndex: 3, handles: [NodeHandle(id: "out", type: .source, position: .right)])
        let b = Node(id: "B", position: Point(x: 200, y: 0), data: MyData(title: "b", weights: []), width: 100, height: 50)
        let e = Edge(id: "e", source: "A", target: "B", sourceHandle: "out", data: EmptyEdgeData(), type: .step)
        let driver = EmbeddedCanvas(nodes: [a, b], edges: [e], makeEdgeData: { _ in EmptyEdgeData() },
                                    size: Size(width: 800, height: 600), frameDuration: 0)
        driver.frame()
        try driver.play("click 50 25\nclick 250 25 shift\nkey C ctrl\nmove 400 300\nkey V ctrl")
        XCTAssertEqual(driver.diagnostics, [])
        XCTAssertEqual(driver.store.nodes.map(\.id), ["A", "B", "A-1", "B-1"])
        var copyA = a, copyB = b
        copyA.id = "A-1"; copyA.position = Point(x: 400, y: 300); copyA.selected = true
        copyB.id = "B-1"; copyB.position = Point(x: 600, y: 300); copyB.selected = true
        XCTAssertEqual(Array(driver.store.nodes.suffix(2)), [copyA, copyB])
        var copyE = e
        copyE.id = "e-1"; copyE.source = "A-1"; copyE.target = "B-1"; copyE.selected = true
        XCTAssertEqual(driver.store.edges.last, copyE)
    }
}
