import SwiftFlow
import XCTest

/// Counts of button clicks.
final class Clicks { var first = 0, second = 0 }

/// A node type with a white box and a toolbar of two buttons: green 60x20, red 40x20, 4 apart.
func toolbarType(_ clicks: Clicks, position: Position = .top, align: ToolbarAlign = .center,
                 isVisible: Bool? = nil) -> NodeType<JSONValue> {
    NodeType { _ in
        Rectangle().fill(.white)
        NodeToolbar(position: position, align: align, isVisible: isVisible) {
            HStack(spacing: 4) {
                Button(action: { clicks.first += 1 }) { Color(hex: 0x00AA00).frame(width: 60, height: 20) }
                Button(action: { clicks.second += 1 }) { Color(hex: 0xAA0000).frame(width: 40, height: 20) }
            }
        }
    }
}

/// Node "T" of type "toolbar" at flow (100, 100), 100x50.
func toolbarNode(selected: Bool = true) -> Node<JSONValue> {
    Node(id: "T", position: Point(x: 100, y: 100), data: .null, type: "toolbar", width: 100, height: 50, selected: selected)
}

/// The bounding box of the opaque vertices of `color` in the last frame (anti-aliased fills put
/// them half a pixel inside the filled rectangle), or nil.
func bounds(of color: Color, in list: DrawList) -> Rect? {
    let c = PackedColor(color)
    let xs = list.vertices.filter { $0.r == c.r && $0.g == c.g && $0.b == c.b && $0.a == 255 }
    guard let x0 = xs.map(\.x).min(), let x1 = xs.map(\.x).max(), let y0 = xs.map(\.y).min(), let y1 = xs.map(\.y).max() else { return nil }
    return Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
}

final class NodeToolbarTests: XCTestCase {
    let green = Color(hex: 0x00AA00)

    func testTheToolbarKeepsItsScreenRectAtZoomOneHalfAndTwo() {
        let clicks = Clicks()
        let h = CanvasHarness(nodes: [toolbarNode()]) { $0.nodeTypes["toolbar"] = toolbarType(clicks) }
        // Node top centre (flow (150, 100)) on screen (400, 300) at both zooms.
        let expected = Rect(x: 348.5, y: 270.5, width: 59, height: 19)
        h.play("viewport 325 250 0.5")
        XCTAssertEqual(bounds(of: green, in: h.list), expected)
        h.play("viewport 100 100 2")
        XCTAssertEqual(bounds(of: green, in: h.list), expected)
    }

    func testClicksReachTheButtonsAndNeverThePaneOrTheNode() throws {
        let clicks = Clicks()
        let h = CanvasHarness(nodes: [toolbarNode()]) { $0.nodeTypes["toolbar"] = toolbarType(clicks) }
        h.playReplay("toolbar-click")
        XCTAssertEqual(clicks.first, 1)
        XCTAssertEqual(clicks.second, 0)
        XCTAssertEqual(h.canvas.viewport, Viewport(x: 100, y: 100, zoom: 2), "no pan from the toolbar")
        XCTAssertEqual(h.node("T")?.selected, true)
        XCTAssertEqual(h.node("T")?.position, Point(x: 100, y: 100))
        XCTAssertTrue(h.nodeChanges.isEmpty, "\(h.nodeChanges)")
    }

    func testTheToolbarIsAboveOtherNodes() {
        let clicks = Clicks()
        var cover = testNode("C", x: 100, y: 60, width: 200, height: 40, handles: [])
        cover.zIndex = 5
        let h = CanvasHarness(nodes: [toolbarNode(), cover]) { $0.nodeTypes["toolbar"] = toolbarType(clicks) }
        // Zoom 1: the toolbar spans screen (98, 70)–(202, 90), over C.
        h.play("click 120 80")
        XCTAssertEqual(clicks.first, 1)
        XCTAssertEqual(h.node("C")?.selected, false)
        let white = PackedColor(Color.white)
        let lastNodeVertex = h.list.vertices.lastIndex { $0.r == white.r && $0.g == white.g && $0.b == white.b && $0.a == 255 }
        let firstToolbarVertex = h.list.vertices.firstIndex { $0.r == 0 && $0.g == 0xAA && $0.b == 0 }
        XCTAssertLessThan(try XCTUnwrap(lastNodeVertex), try XCTUnwrap(firstToolbarVertex), "drawn after the nodes")
    }

    func testShownOnlyWhileItsNodeIsTheOnlySelectedNodeUnlessVisible() {
        let clicks = Clicks()
        var other = testNode("O", x: 400, y: 400, handles: [])
        other.selected = true
        let h = CanvasHarness(nodes: [toolbarNode(selected: false)]) { $0.nodeTypes["toolbar"] = toolbarType(clicks) }
        XCTAssertNil(bounds(of: green, in: h.list))
        h.play("click 120 80")
        XCTAssertEqual(clicks.first, 0, "a hidden toolbar takes no clicks")
        let two = CanvasHarness(nodes: [toolbarNode(), other]) { $0.nodeTypes["toolbar"] = toolbarType(clicks) }
        XCTAssertNil(bounds(of: green, in: two.list))
        let forced = CanvasHarness(nodes: [toolbarNode(selected: false)]) {
            $0.nodeTypes["toolbar"] = toolbarType(clicks, isVisible: true)
        }
        XCTAssertEqual(bounds(of: green, in: forced.list), Rect(x: 98.5, y: 70.5, width: 59, height: 19))
    }

    func testHidesAndShowsAgainAsAnotherNodeIsSelectedAndDeselected() {
        let clicks = Clicks()
        let h = CanvasHarness(nodes: [toolbarNode(), testNode("O", x: 400, y: 400, handles: [])]) {
            $0.nodeTypes["toolbar"] = toolbarType(clicks)
        }
        let shown = Rect(x: 98.5, y: 70.5, width: 59, height: 19)
        XCTAssertEqual(bounds(of: green, in: h.list), shown)
        h.play("click 450 425 shift")
        XCTAssertEqual(h.node("O")?.selected, true)
        XCTAssertNil(bounds(of: green, in: h.list), "two selected nodes: no toolbar")
        h.play("click 450 425 shift")
        XCTAssertEqual(h.node("O")?.selected, false)
        XCTAssertEqual(bounds(of: green, in: h.list), shown)
    }

    func testSidesAndAlignments() {
        let clicks = Clicks()
        func greenRect(_ position: Position, _ align: ToolbarAlign) -> Rect? {
            let h = CanvasHarness(nodes: [toolbarNode()]) { $0.nodeTypes["toolbar"] = toolbarType(clicks, position: position, align: align) }
            return bounds(of: green, in: h.list)
        }
        // Node (100, 100)–(200, 150) at zoom 1; toolbar 104x20, 10 points away.
        XCTAssertEqual(greenRect(.top, .start), Rect(x: 100.5, y: 70.5, width: 59, height: 19))
        XCTAssertEqual(greenRect(.bottom, .end), Rect(x: 96.5, y: 160.5, width: 59, height: 19))
        XCTAssertEqual(greenRect(.right, .center), Rect(x: 210.5, y: 115.5, width: 59, height: 19))
        XCTAssertEqual(greenRect(.left, .start), Rect(x: -13.5, y: 100.5, width: 59, height: 19))
    }

    func testAButtonInsideANodeRunsWithoutSelectingOrDragging() {
        var taps = 0
        let h = CanvasHarness(nodes: [toolbarNode(selected: false)]) {
            $0.nodeTypes["toolbar"] = NodeType { _ in
                Button(action: { taps += 1 }) { Color(hex: 0x0000AA).frame(width: 40, height: 20) }
            }
        }
        // The button is centred in the node: (130, 115)–(170, 135).
        h.play("press 150 125\nmove 170 140\nrelease 150 125")
        XCTAssertEqual(taps, 1)
        XCTAssertEqual(h.node("T")?.selected, false)
        XCTAssertEqual(h.node("T")?.position, Point(x: 100, y: 100))
        h.play("click 110 105")   // beside the button: selects the node
        XCTAssertEqual(taps, 1)
        XCTAssertEqual(h.node("T")?.selected, true)
    }
}
