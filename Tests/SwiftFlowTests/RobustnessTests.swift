import SwiftFlow
import XCTest

/// Regressions found by a bug hunt: graphs that change under a gesture, hostile values, cycles.
final class RobustnessTests: XCTestCase {
    // B1: un-hiding a node while it is off-screen leaves it with no handles in the registry.
    func testUnhideOffscreenNodeKeepsHandles() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 5000, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B", "out", "in")])
        XCTAssertNotNil(h.canvas.edgePath(at: 0), "precondition: off-screen edge resolves")
        h.store.nodes[1].hidden = true; h.frame()
        XCTAssertNil(h.canvas.edgePath(at: 0))
        h.store.nodes[1].hidden = false; h.frame(); h.frame()
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 1).count, 1, "B's handle must be registered again")
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 5000, y: 25))
        XCTAssertEqual(h.diagnostics, [], "no spurious missing-handle diagnostic")
    }

    // B2: a pressed node is removed (node list shrinks) before the drag starts -> crash.
    func testPressNodeThenNodeListShrinks() {
        let nodes = [testNode("A", x: 0, y: 0, handles: []), testNode("B", x: 200, y: 0, handles: [])]
        let h = CanvasHarness(nodes: nodes)
        h.frame([.pointerDown(Point(x: 250, y: 25), button: .primary, modifiers: [], clickCount: 1)])
        h.store.nodes.removeFirst()   // app removes A (e.g. remote update)
        h.frame([.pointerMove(Point(x: 260, y: 35), modifiers: [])])
        h.frame([.pointerUp(Point(x: 260, y: 35), button: .primary, modifiers: [])])
        XCTAssertEqual(h.node("B")?.position, Point(x: 210, y: 10))
    }

    // B2b: same with node order swapped: drag moves the wrong node.
    func testPressNodeThenReorderDragsWrongNode() {
        let nodes = [testNode("A", x: 0, y: 0, handles: []), testNode("B", x: 200, y: 0, handles: [])]
        let h = CanvasHarness(nodes: nodes)
        h.frame([.pointerDown(Point(x: 250, y: 25), button: .primary, modifiers: [], clickCount: 1)])  // press on B
        h.store.nodes.reverse()
        h.frame([.pointerMove(Point(x: 260, y: 35), modifiers: [])])
        h.frame([.pointerUp(Point(x: 260, y: 35), button: .primary, modifiers: [])])
        XCTAssertEqual(h.node("B")?.position, Point(x: 210, y: 10), "B was pressed, B must move")
        XCTAssertEqual(h.node("A")?.position, Point(x: 0, y: 0), "A must not move")
    }

    // B3: a pressed handle's registry entry disappears before the drag threshold -> crash.
    func testPressHandleThenRegistryShrinks() {
        let h = CanvasHarness(nodes: twoNodes())
        h.frame([.pointerDown(Point(x: 300, y: 25), button: .primary, modifiers: [], clickCount: 1)])  // B's "in" = entry 1
        h.store.nodes.removeLast()
        h.frame([.pointerMove(Point(x: 320, y: 40), modifiers: [])])
        XCTAssertNil(h.canvas.connection)
        XCTAssertEqual(h.connectStarts.count, 0)
    }

    // B4: during a connection the registry is rebuilt with fewer entries -> crash in isValidEnd.
    func testConnectingWhileRegistryShrinks() {
        var nodes = twoNodes()
        nodes.append(testNode("C", x: 0, y: 200, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)]))
        nodes.append(testNode("D", x: 300, y: 200, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]))
        let h = CanvasHarness(nodes: nodes)
        // Start from D.out (last entry, index 3).
        h.frame([.pointerDown(Point(x: 400, y: 225), button: .primary, modifiers: [], clickCount: 1)])
        h.frame([.pointerMove(Point(x: 350, y: 150), modifiers: [])])
        XCTAssertNotNil(h.canvas.connection)
        h.store.nodes.remove(at: 0)   // A goes away: registry has 3 entries now
        h.frame([.pointerMove(Point(x: 302, y: 26), modifiers: [])])
        h.frame([.pointerUp(Point(x: 302, y: 26), button: .primary, modifiers: [])])
        XCTAssertEqual(h.connects, [Connection(source: "D", target: "B", sourceHandle: "out", targetHandle: "in")])
    }

    // B5: a handle-set change committed by the second layout pass of a frame (node scrolled into
    // view by a wheel/pan event) leaves edge resolutions pointing at stale registry indices.
    func testStructureChangeDuringInFrameRelayoutUsesStaleEdgeEnds() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 2000, y: 0, handles: [NodeHandle(id: "x", type: .target, position: .left, x: 0, y: 10),
                                                            NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 40)])]
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B", "out", "in")])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 2000, y: 40))
        // While B is off-screen its view changes: handle "x" is removed.
        h.store.nodes[1].handles = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 40)]
        h.frame()
        // Zoom out with the wheel so that B comes into view in this frame.
        h.frame([.wheel(Point(x: 0, y: 0), dx: 0, dy: -10, modifiers: [])])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 2000, y: 40))
    }

    // B6: parentId cycles / self-parent: origin is summed 65 times instead of "no parent".
    func testSelfParentCountsAsNoParent() {
        var nodes = [testNode("A", x: 10, y: 10, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        nodes[0].parentId = "A"
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B", "out", "in")])
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: 110, y: 35))
    }

    func testTwoNodeParentCycle() {
        var nodes = [testNode("A", x: 10, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        nodes[0].parentId = "B"; nodes[1].parentId = "A"
        let h = CanvasHarness(nodes: nodes, edges: [testEdge("e", "A", "B", "out", "in")])
        // A cycle counts as no parent: both nodes sit at their own positions.
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.start, Point(x: 110, y: 25))
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 300, y: 25))
    }

    // B7: a wheel zoom during a pan is undone by the next pointer move.
    func testWheelDuringPanIsKept() {
        let h = CanvasHarness(nodes: [])
        h.frame([.pointerDown(Point(x: 400, y: 300), button: .primary, modifiers: [], clickCount: 1),
                 .pointerMove(Point(x: 410, y: 300), modifiers: [])])
        h.frame([.wheel(Point(x: 410, y: 300), dx: 0, dy: 1, modifiers: [])])
        let z = h.canvas.viewport.zoom
        XCTAssertEqual(z, 1.2, accuracy: 1e-9)
        h.frame([.pointerMove(Point(x: 420, y: 300), modifiers: [])])
        XCTAssertEqual(h.canvas.viewport.zoom, z, accuracy: 1e-9, "zoom must not jump back mid-pan")
    }

    // B8: script viewport zoom is not clamped to [minZoom, maxZoom].
    func testScriptViewportZoomClamped() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("viewport 0 0 50\n")
        XCTAssertEqual(h.canvas.viewport.zoom, 4)
    }
}

struct WideNode: View {
    let node: Node<JSONValue>
    var body: some View {
        HStack(spacing: 0) {
            Handle(nodeId: node.id, id: "in", type: .target, position: .left)
            Text("wide")
            Handle(nodeId: node.id, id: "out", type: .source, position: .right)
        }
        .frame(width: .infinity, height: 40)
    }
}

struct BackgroundOnForEachNode: View {
    let node: Node<JSONValue>
    var body: some View {
        VStack {
            ForEach(["a", "b"], id: \.self) { id in
                Handle(nodeId: node.id, id: id, type: .source, position: .right)
            }
            .background(Rectangle().fill(.red))
        }
    }
}

final class RobustDrawingTests: XCTestCase {
    private func hasNonFinite(_ l: DrawList) -> Bool { l.vertices.contains { !$0.x.isFinite || !$0.y.isFinite } }

    // D1: a node view measured to an infinite width is not treated as non-finite geometry.
    func testInfiniteMeasuredWidthNoCrashNoNaN() {
        let nodes = [Node<JSONValue>(id: "W", position: Point(x: 0, y: 0), data: .null, type: "wide"),
                     testNode("B", x: 300, y: 200, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        let h = CanvasHarness(nodes: nodes, edges: [Edge(id: "e", source: "W", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)]) {
            $0.nodeTypes["wide"] = NodeType { WideNode(node: $0) }
        }
        h.frame()
        XCTAssertFalse(hasNonFinite(h.list), "draw list has NaN/inf vertices")
    }

    // D2: a finite but huge edge strokeWidth (legal in a file) puts NaN into the draw list.
    func testHugeStrokeWidthNoNaN() {
        var e = Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)
        e.style.strokeWidth = 1e308
        let h = CanvasHarness(nodes: twoNodes(), edges: [e])
        h.frame()
        XCTAssertFalse(hasNonFinite(h.list), "draw list has NaN/inf vertices")
    }

    // D3: an edge to a node at a huge finite coordinate traps in drawPath (Int(inf)).
    func testFarNodeEdgeNoCrash() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 1e200, y: 0, handles: [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 25)])]
        let h = CanvasHarness(nodes: nodes, edges: [Edge(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)])
        h.frame()
        XCTAssertFalse(hasNonFinite(h.list))
        XCTAssertEqual(h.canvas.edgePath(at: 0)?.end, Point(x: 1e200, y: 25))
    }

    // D5: a colour with a NaN channel (the initialisers accept one) trapped where it was packed
    // into a vertex (UInt8(NaN)); it draws with the channel at 0, and the node's handles, whose
    // style holds the colour, are not registered afresh each frame.
    func testNaNColourChannelsDrawAsZero() {
        let nan = Color(red: .nan, green: 1, blue: 0, opacity: .nan)
        var e = Edge<JSONValue>(id: "e", source: "A", target: "B", data: .null)
        e.style.stroke = nan
        let h = CanvasHarness(nodes: [Node(id: "A", position: Point(x: 10, y: 10), data: .null,
                                           handles: [NodeHandle(id: "s", type: .source, position: .right, color: nan)]),
                                      Node(id: "B", position: Point(x: 300, y: 10), data: .null, type: "n")], edges: [e]) {
            $0.nodeTypes["n"] = NodeType { node in
                Rectangle().fill(nan)
                Handle(nodeId: node.id, id: "t", type: .target, position: .left, color: nan)
            }
        }
        h.frame()
        XCTAssertEqual(PackedColor(nan), PackedColor(r: 0, g: 255, b: 0, a: 0))
        XCTAssertFalse(hasNonFinite(h.list))
        let structure = h.canvas.registry.structureVersion
        for _ in 0..<3 { h.frame() }
        XCTAssertEqual(h.canvas.registry.structureVersion, structure)
        XCTAssertEqual(h.canvas.stats.resolvedEdges, 0)
    }

    // D6: a circle (or capsule) framed to a NaN side trapped drawing its outline (Int of an
    // infinite corner radius); drawn with square corners now, in both draw list forms.
    func testShapesWithNaNSidesDoNotTrap() {
        for form in [DrawList.Form.triangles, .instances] {
            let h = CanvasHarness(nodes: [Node(id: "A", position: Point(x: 10, y: 10), data: .null, type: "v")]) { c in
                c.nodeTypes["v"] = NodeType { node in
                    Circle().frame(width: .nan, height: 10)
                    Capsule().frame(width: 20, height: .nan)
                    Ellipse().frame(width: .nan, height: .infinity)
                    RoundedRectangle(cornerRadius: .infinity).stroke(Color.red).frame(width: 1e300, height: .nan)
                    Handle(nodeId: node.id, id: "s", type: .source, position: .right)
                }
            }
            h.driver.drawListForm(form)
            h.frame()
            XCTAssertEqual(h.canvas.registry.handles(ofNode: 0).map(\.id), ["s"], "\(form)")
        }
    }

    // D4: `.background` on multi-child content (ForEach) keeps every child and draws the background.
    func testBackgroundOnForEachKeepsAllHandlesAndBackground() {
        let nodes = [Node<JSONValue>(id: "F", position: Point(x: 0, y: 0), data: .null, type: "fe")]
        let h = CanvasHarness(nodes: nodes) { $0.nodeTypes["fe"] = NodeType { BackgroundOnForEachNode(node: $0) } }
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 0).map(\.id), ["a", "b"])
        let red = PackedColor(.red)
        XCTAssertTrue(h.list.vertices.contains { $0.r == red.r && $0.g == red.g && $0.b == red.b && $0.a == 255 }, "red background not drawn")
        // The modified ForEach is one group (a ZStack), so both handles share the group's centre.
        XCTAssertEqual(h.canvas.registry.handles(ofNode: 0).map(\.localAnchor), [Point(x: 12, y: 6), Point(x: 12, y: 6)])
    }
}

final class RobustDragTests: XCTestCase {
    // G1: dragging a selected parent together with its selected child moves the child twice.
    func testSelectedChildOfSelectedParentMovesOnce() {
        var p = testNode("P", x: 0, y: 0, width: 300, height: 200, handles: [])
        p.selected = true
        var c = testNode("C", x: 150, y: 100, width: 100, height: 50, handles: [])
        c.parentId = "P"; c.selected = true
        let h = CanvasHarness(nodes: [p, c])
        h.drag(from: Point(x: 20, y: 20), to: Point(x: 40, y: 20))
        XCTAssertEqual(h.node("P")?.position, Point(x: 20, y: 0))
        XCTAssertEqual(h.node("C")?.position, Point(x: 150, y: 100), "child position is relative: it must not change")
    }

}

final class DiagnosticTests: XCTestCase {
    // X1: duplicate edge ids are never reported (FlowDiagnostic.duplicateEdgeId exists but is never emitted).
    func testDuplicateEdgeIdReported() {
        let e = Edge<JSONValue>(id: "e", source: "A", target: "B", sourceHandle: "out", targetHandle: "in", data: .null)
        let h = CanvasHarness(nodes: twoNodes(), edges: [e, e])
        h.frame()
        XCTAssertEqual(h.diagnostics, [.duplicateEdgeId("e")])
    }
}

final class CullingTests: XCTestCase {
    // C1: a node resized while off-screen so that it now overlaps the view is culled by its stale size.
    func testOffscreenNodeGrowingIntoViewIsDrawn() {
        let h = CanvasHarness(nodes: [testNode("A", x: -3000, y: 0, width: 100, height: 50, handles: [])])
        XCTAssertEqual(h.canvas.stats.visibleNodes, 0)
        h.store.nodes[0].width = 4000
        h.frame(); h.frame()
        XCTAssertEqual(h.canvas.stats.visibleNodes, 1, "A now spans x -3000...1000 and overlaps the 800x600 view")
    }
}

final class WheelClampTests: XCTestCase {
    func testHugeWheelDeltaClampsToMaxZoom() {
        let h = CanvasHarness(nodes: [])
        h.play("wheel 400 300 5000\n")
        XCTAssertEqual(h.canvas.viewport.zoom, 4)
    }
}
