import SwiftFlow
import XCTest

final class ConnectionGestureTests: XCTestCase {
    func testDragFromSourceToTargetCreatesExactlyOneEdge() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("""
        viewport 0 0 1
        press 100 25
        move 200 25
        move 296 27
        release 296 27
        """)
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")])
        XCTAssertEqual(h.store.edges.count, 1)
        XCTAssertEqual(h.store.edges.first?.sourceHandle, "out")
        XCTAssertEqual(h.store.edges.first?.targetHandle, "in")
        XCTAssertEqual(h.connectStarts.map { "\($0.0).\($0.1).\($0.2)" }, ["A.out.source"])
        XCTAssertEqual(h.connectEnds, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")])
    }

    /// The app moves the source node during a connection drag: the line starts from the
    /// handle where it is now (it kept the anchor of the press).
    func testConnectionLineFollowsItsSourceHandleWhenTheAppMovesTheNode() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 100 25\nmove 180 120")
        XCTAssertEqual(h.canvas.connection?.from.anchor, Point(x: 100, y: 25))
        h.store.nodes[0].position = Point(x: 40, y: 60)
        h.frame()
        XCTAssertEqual(h.canvas.connection?.from.anchor, Point(x: 140, y: 85))
        h.play("release 180 120")
        XCTAssertNil(h.canvas.connection)
    }

    func testDropOnEmptyCanvasCreatesNothing() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 100 25\nmove 180 120\nmove 200 200\nrelease 200 200")
        XCTAssertEqual(h.connects, [])
        XCTAssertEqual(h.store.edges.count, 0)
        XCTAssertEqual(h.connectEnds.count, 1)
        XCTAssertNil(h.connectEnds[0])
    }

    func testSnapsWithinConnectionRadiusButNotBeyond() {
        let near = CanvasHarness(nodes: twoNodes())
        near.play("press 100 25\nmove 200 25\nmove 282 25\nrelease 282 25")   // 18 from the anchor
        XCTAssertEqual(near.connects.count, 1)
        let far = CanvasHarness(nodes: twoNodes())
        far.play("press 100 25\nmove 200 25\nmove 276 25\nrelease 276 25")    // 24 from the anchor
        XCTAssertEqual(far.connects.count, 0)
    }

    func testNearestValidHandleWinsOverNearerInvalidOne() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "out", type: .source, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 200, y: 0, height: 60, handles: [
                        NodeHandle(id: "in1", type: .target, position: .left, x: 0, y: 20, isConnectable: false),
                        NodeHandle(id: "in2", type: .target, position: .left, x: 0, y: 40)])]
        let h = CanvasHarness(nodes: nodes)
        h.play("press 100 25\nmove 150 30\nmove 190 27")
        XCTAssertEqual(h.canvas.connection?.snapped?.id, "in2")
        XCTAssertEqual(h.canvas.connection?.snapped?.anchor, Point(x: 200, y: 40))
        h.play("release 190 27")
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in2")])
    }

    func testStrictModeNormalisesADragStartedOnATarget() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 300 25\nmove 200 25\nmove 103 26\nrelease 103 26")
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")])
        XCTAssertEqual(h.connectStarts.map { "\($0.0).\($0.1).\($0.2)" }, ["B.in.target"])
    }

    private func threeNodes() -> [Node<JSONValue>] {
        twoNodes() + [testNode("C", x: 300, y: 200, handles: [NodeHandle(id: "cout", type: .source, position: .left, x: 0, y: 25)])]
    }

    func testStrictRefusesSourceToSourceAndLooseAllowsIt() {
        let strict = CanvasHarness(nodes: threeNodes())
        strict.play("press 100 25\nmove 200 150\nmove 300 225")
        XCTAssertNil(strict.canvas.connection?.snapped)
        XCTAssertEqual(strict.canvas.connection?.overInvalidHandle, true)
        strict.play("release 300 225")
        XCTAssertEqual(strict.connects, [])

        let loose = CanvasHarness(nodes: threeNodes()) { $0.connectionMode = .loose }
        loose.play("press 100 25\nmove 200 150\nmove 300 225\nrelease 300 225")
        XCTAssertEqual(loose.connects, [Connection(source: "A", target: "C", sourceHandle: "out", targetHandle: "cout")])
    }

    func testLooseTargetToTargetKeepsTheStartAsTarget() {
        let nodes = [testNode("A", x: 0, y: 0, handles: [NodeHandle(id: "t1", type: .target, position: .right, x: 100, y: 25)]),
                     testNode("B", x: 300, y: 0, handles: [NodeHandle(id: "t2", type: .target, position: .left, x: 0, y: 25)])]
        let h = CanvasHarness(nodes: nodes) { $0.connectionMode = .loose }
        h.play("press 100 25\nmove 200 25\nrelease 300 25")
        XCTAssertEqual(h.connects, [Connection(source: "B", target: "A", sourceHandle: "t2", targetHandle: "t1")])
    }

    func testReleasingOnTheStartHandleCreatesNothing() {
        let h = CanvasHarness(nodes: twoNodes()) { $0.connectionMode = .loose }
        h.play("press 100 25\nmove 160 60\nmove 101 25\nrelease 101 25")
        XCTAssertEqual(h.connects, [])
    }

    func testIsValidConnectionIsAskedWithTheNormalisedConnection() {
        var asked: [Connection] = []
        let h = CanvasHarness(nodes: twoNodes()) { c in c.isValidConnection = { asked.append($0); return false } }
        h.play("press 300 25\nmove 200 25\nmove 100 25\nrelease 100 25")
        XCTAssertEqual(h.connects, [])
        XCTAssertTrue(asked.allSatisfy { $0 == Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in") })
        XCTAssertFalse(asked.isEmpty)
    }

    func testNonConnectableHandleHasNoHitTargetAndThePressDragsTheNode() {
        let h = CanvasHarness(nodes: twoNodes(sourceConnectable: false))
        h.play("press 100 25\nmove 200 25\nmove 300 25\nrelease 300 25")
        XCTAssertEqual(h.connects, [])
        XCTAssertEqual(h.connectStarts.count, 0)
        XCTAssertEqual(h.node("A")?.position, Point(x: 200, y: 0))
    }

    func testNodeWithConnectableFalseCannotBeAnEnd() {
        var nodes = twoNodes()
        nodes[1].connectable = false
        let h = CanvasHarness(nodes: nodes)
        h.play("press 100 25\nmove 200 25\nmove 300 25\nrelease 300 25")
        XCTAssertEqual(h.connects, [])
    }

    func testCanvasNodesConnectableFalseRemovesAllHitTargets() {
        let h = CanvasHarness(nodes: twoNodes()) { $0.nodesConnectable = false }
        h.play("press 100 25\nmove 200 25\nrelease 300 25")
        XCTAssertEqual(h.connectStarts.count, 0)
    }

    func testHandleHitTargetWinsOverTheNodeBody() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 93 25\nmove 150 25\nmove 298 25\nrelease 298 25")
        XCTAssertEqual(h.connects, [Connection(source: "A", target: "B", sourceHandle: "out", targetHandle: "in")])
        XCTAssertEqual(h.node("A")?.position, Point(x: 0, y: 0))
    }

    func testSameNodeSourceToTargetIsAllowed() {
        let c = testNode("C", x: 0, y: 200, handles: [NodeHandle(id: "s", type: .source, position: .right, x: 100, y: 25),
                                                     NodeHandle(id: "t", type: .target, position: .left, x: 0, y: 25)])
        let h = CanvasHarness(nodes: [c])
        h.play("press 100 225\nmove 60 280\nmove 2 226\nrelease 2 226")
        XCTAssertEqual(h.connects, [Connection(source: "C", target: "C", sourceHandle: "s", targetHandle: "t")])
    }

    func testEscapeCancelsTheConnection() {
        let h = CanvasHarness(nodes: twoNodes())
        h.play("press 100 25\nmove 296 25\nkey Escape\nrelease 296 25")
        XCTAssertEqual(h.connects, [])
        XCTAssertNil(h.canvas.connection)
        XCTAssertEqual(h.connectEnds.count, 1)
    }
}
