import SwiftFlow
import XCTest

/// A node type with a `NodeResizer` (configured by `resizer`) over a white box.
func resizableType(_ resizer: @escaping () -> NodeResizer = { NodeResizer() }) -> NodeType<JSONValue> {
    NodeType { _ in
        resizer()
        Rectangle().fill(.white)
    }
}

/// Node "R" of type "resizable" at flow (100, 100), 100x50.
func resizableNode(selected: Bool = true) -> Node<JSONValue> {
    Node(id: "R", position: Point(x: 100, y: 100), data: .null, type: "resizable", width: 100, height: 50, selected: selected)
}

/// Position and dimension changes as text: "R pos 90.0,95.0 true", "R dim 110.0x55.0 true".
func geometryChanges(_ changes: [NodeChange<JSONValue>]) -> [String] {
    changes.compactMap { c in
        switch c {
        case .position(let id, let p, let dragging): return "\(id) pos \(p.x),\(p.y) \(dragging)"
        case .dimensions(let id, let s, let resizing): return "\(id) dim \(s.width)x\(s.height) \(resizing)"
        default: return nil
        }
    }
}

final class NodeResizerTests: XCTestCase {
    func testTopLeftGripAtZoomTwoKeepsTheBottomRightCornerFixed() throws {
        let h = CanvasHarness(nodes: [resizableNode()]) { $0.nodeTypes["resizable"] = resizableType() }
        h.playReplay("resize-top-left")
        XCTAssertEqual(geometryChanges(h.nodeChanges), [
            "R pos 95.0,97.5 true", "R dim 105.0x52.5 true",
            "R pos 90.0,95.0 true", "R dim 110.0x55.0 true",
            "R pos 90.0,95.0 false", "R dim 110.0x55.0 false",
        ])
        let r = try XCTUnwrap(h.node("R"))
        XCTAssertEqual(r.position, Point(x: 90, y: 95))
        XCTAssertEqual(r.fixedSize, Size(width: 110, height: 55))
        XCTAssertEqual(r.position.x + r.width!, 200, "right edge fixed")
        XCTAssertEqual(r.position.y + r.height!, 150, "bottom edge fixed")
        XCTAssertEqual(r.selected, true)
    }

    func testAResizeIsOneUndoStep() {
        let h = CanvasHarness(nodes: [resizableNode()]) { $0.nodeTypes["resizable"] = resizableType() }
        h.playReplay("resize-top-left")
        XCTAssertTrue(h.canvas.canUndo)
        h.canvas.undo()
        h.frame()
        XCTAssertEqual(h.node("R")?.position, Point(x: 100, y: 100))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 100, height: 50))
        XCTAssertFalse(h.canvas.canUndo, "the moves of one resize make one step")
        h.canvas.redo()
        h.frame()
        XCTAssertEqual(h.node("R")?.position, Point(x: 90, y: 95))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 110, height: 55))
        // An Escaped resize records nothing.
        h.playReplay("resize-escape")
        h.canvas.undo()
        h.frame()
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 100, height: 50), "undid the first resize, not the escaped one")
    }

    func testMinAndMaxClampAtZoomOneHalf() throws {
        let h = CanvasHarness(nodes: [resizableNode()]) {
            $0.nodeTypes["resizable"] = resizableType { NodeResizer(minWidth: 80, maxHeight: 60) }
        }
        h.playReplay("resize-clamped")
        XCTAssertEqual(geometryChanges(h.nodeChanges), [
            "R dim 80.0x50.0 true", "R dim 80.0x50.0 false",
            "R dim 80.0x60.0 true", "R dim 80.0x60.0 false",
        ])
        XCTAssertEqual(h.node("R")?.position, Point(x: 100, y: 100))
    }

    func testLeftGripClampedAtMinimumWidthMovesTheNodeOnlyAsFarAsTheMinimum() {
        let h = CanvasHarness(nodes: [resizableNode()]) {
            $0.nodeTypes["resizable"] = resizableType { NodeResizer(minWidth: 30) }
        }
        // Left side at screen x 100, halfway down y 125; dragged 500 points right.
        h.play("press 100 125\nmove 600 125\nrelease 600 125")
        XCTAssertEqual(h.node("R")?.position, Point(x: 170, y: 100))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 30, height: 50))
    }

    func testDefaultMinimumIsTen() {
        let h = CanvasHarness(nodes: [resizableNode()]) { $0.nodeTypes["resizable"] = resizableType() }
        h.play("press 150 150\nmove 150 20\nrelease 150 20")   // bottom side dragged far up
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 100, height: 10))
        XCTAssertEqual(h.node("R")?.position, Point(x: 100, y: 100))
    }

    func testEscapeRestoresTheSize() throws {
        let h = CanvasHarness(nodes: [resizableNode()]) { $0.nodeTypes["resizable"] = resizableType() }
        h.playReplay("resize-escape")
        XCTAssertEqual(geometryChanges(h.nodeChanges), ["R dim 160.0x90.0 true", "R dim 100.0x50.0 false"])
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 100, height: 50))
    }

    func testKeepAspectRatioFollowsTheLargerChange() {
        let h = CanvasHarness(nodes: [resizableNode()]) {
            $0.nodeTypes["resizable"] = resizableType { NodeResizer(keepAspectRatio: true) }
        }
        // Bottom-right corner (200, 150) moved by (10, 40): height grows 80%, width follows (×1.8).
        h.play("press 200 150\nmove 210 190\nrelease 210 190")
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 180, height: 90))
        // The top grip: height 90 → 60, width follows to 120, growing right from x 100.
        h.play("press 150 100\nmove 150 130\nrelease 150 130")
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 120, height: 60))
        XCTAssertEqual(h.node("R")?.position, Point(x: 100, y: 130))
    }

    func testCallbacksGetTheRectangle() {
        var log: [String] = []
        func text(_ p: ResizeParams) -> String { "\(p.x),\(p.y) \(p.width)x\(p.height) \(p.direction)" }
        let h = CanvasHarness(nodes: [resizableNode()]) {
            $0.nodeTypes["resizable"] = resizableType {
                NodeResizer(onResizeStart: { log.append("start " + text($0)) }, onResize: { log.append("resize " + text($0)) },
                            onResizeEnd: { log.append("end " + text($0)) })
            }
        }
        h.play("press 200 125\nmove 230 125\nrelease 230 125")
        XCTAssertEqual(log, ["start 100.0,100.0 100.0x50.0 right", "resize 100.0,100.0 130.0x50.0 right",
                             "end 100.0,100.0 130.0x50.0 right"])
    }

    func testGripsOfAnUnselectedNodeAreHiddenUnlessVisible() {
        let h = CanvasHarness(nodes: [resizableNode(selected: false)]) { $0.nodeTypes["resizable"] = resizableType() }
        // A press just inside the bottom-right corner drags the node instead.
        h.play("press 199 149\nmove 219 159\nrelease 219 159")
        XCTAssertEqual(h.node("R")?.position, Point(x: 120, y: 110))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 100, height: 50))

        let v = CanvasHarness(nodes: [resizableNode(selected: false)]) {
            $0.nodeTypes["resizable"] = resizableType { NodeResizer(isVisible: true) }
        }
        v.play("press 199 149\nmove 219 159\nrelease 219 159")
        XCTAssertEqual(v.node("R")?.fixedSize, Size(width: 120, height: 60))
        XCTAssertEqual(v.node("R")?.selected, false)
    }

    func testANodeAboveHidesTheGripsBelow() {
        var cover = testNode("C", x: 150, y: 120, handles: [])
        cover.zIndex = 1
        let h = CanvasHarness(nodes: [resizableNode(), cover]) { $0.nodeTypes["resizable"] = resizableType() }
        h.play("press 200 150\nmove 220 170\nrelease 220 170")   // R's bottom-right corner, under C
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 100, height: 50))
        XCTAssertEqual(h.node("C")?.position, Point(x: 170, y: 140))
    }
}

final class NodeResizerRobustnessTests: XCTestCase {
    func testNonFiniteAndNegativeSettingsNeitherCrashNorEscapeTheBounds() {
        let h = CanvasHarness(nodes: [resizableNode()]) {
            $0.nodeTypes["resizable"] = resizableType {
                NodeResizer(minWidth: .nan, minHeight: -5, maxWidth: .nan, maxHeight: -20, handleSize: .nan, lineWidth: .infinity)
            }
        }
        // Corner grips have no size (NaN): the right side line still works and leaves the height
        // alone; the bottom side clamps it to the bounds, 0...max(0, -20) = 0.
        h.play("press 200 125\nmove 250 125\nrelease 250 125")
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 150, height: 50))
        h.play("press 150 150\nmove 150 400\nrelease 150 400")
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 150, height: 0))
        XCTAssertTrue(h.list.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    func testAZeroSizedNodeKeepsAFiniteAspectRatio() {
        var node = resizableNode()
        node.width = 0; node.height = 0
        let h = CanvasHarness(nodes: [node]) { $0.nodeTypes["resizable"] = resizableType { NodeResizer(keepAspectRatio: true) } }
        h.play("press 100 100\nmove 80 90\nrelease 80 90")   // the top-left grip (all corners coincide; top-left is found first)
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 20, height: 10), "no ratio to keep: each axis follows the pointer")
        XCTAssertEqual(h.node("R")?.position, Point(x: 80, y: 90))
    }
}

final class NodeResizerSnapTests: XCTestCase {
    func testWithSnapToGridTheMovedSidesLandOnTheGrid() {
        var node = resizableNode()
        node.position = Point(x: 105, y: 103)   // off the grid: only the moved sides snap
        let h = CanvasHarness(nodes: [node]) {
            $0.nodeTypes["resizable"] = resizableType()
            $0.snapToGrid = true
        }
        // Bottom-right corner (205, 153) dragged by (+23, +9): right 228 → 220, bottom 162 → 160.
        h.play("press 205 153\nmove 228 162\nrelease 228 162")
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 115, height: 57))
        // Top-left corner (105, 103) dragged by (-12, -12): left 93 → 100, top 91 → 100.
        h.play("press 105 103\nmove 93 91\nrelease 93 91")
        XCTAssertEqual(h.node("R")?.position, Point(x: 100, y: 100))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 120, height: 60))
    }
}

final class NodeResizerExtentTests: XCTestCase {
    func testAChildWithParentExtentResizesOnlyUpToItsParent() {
        let parent = Node<JSONValue>(id: "P", position: Point(x: 0, y: 0), data: .null, type: "group", width: 300, height: 200)
        var child = resizableNode()
        child.position = Point(x: 50, y: 50)
        child.parentId = "P"
        child.extent = .parent
        let h = CanvasHarness(nodes: [parent, child]) { $0.nodeTypes["resizable"] = resizableType() }
        h.play("press 150 100\nmove 400 300\nrelease 400 300")     // bottom-right corner far outside P
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 250, height: 150))
        h.play("press 50 50\nmove -50 -50\nrelease -50 -50")       // top-left corner far outside P
        XCTAssertEqual(h.node("R")?.position, Point(x: 0, y: 0))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 300, height: 200))
    }

    func testCoordinateExtentBoundsEveryNode() {
        let h = CanvasHarness(nodes: [resizableNode()]) {
            $0.nodeTypes["resizable"] = resizableType()
            $0.coordinateExtent = Rect(x: 0, y: 0, width: 250, height: 400)
        }
        h.play("press 200 125\nmove 500 125\nrelease 500 125")     // right side: stops at x 250
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 150, height: 50))
    }
}

final class NodeResizerControlsTests: XCTestCase {
    func testOnlyTheChosenGripsReactAndAreDrawn() {
        let h = CanvasHarness(nodes: [resizableNode()]) {
            $0.nodeTypes["resizable"] = resizableType { NodeResizer(color: Color(hex: 0x3367D9), controls: [.bottomRight]) }
        }
        // One 8x8 grip at (200, 150): its opaque-colour vertices span (196, 146)–(204, 154).
        XCTAssertEqual(bounds(of: Color(hex: 0x3367D9), in: h.list), Rect(x: 196, y: 146, width: 8, height: 8))
        h.play("press 100 100\nmove 90 90\nrelease 90 90")        // the top-left corner: a node drag
        XCTAssertEqual(h.node("R")?.position, Point(x: 90, y: 90))
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 100, height: 50))
        h.play("press 190 140\nmove 210 150\nrelease 210 150")    // the bottom-right corner: a resize
        XCTAssertEqual(h.node("R")?.fixedSize, Size(width: 120, height: 60))
    }
}
