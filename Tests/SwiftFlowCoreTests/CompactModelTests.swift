import XCTest
@testable import SwiftFlowCore

/// `Node` and `Edge` keep their flags packed and their rarely set fields in a shared box: every
/// public field still reads back what was set, copies share the box, and a field set back to
/// its default leaves the same storage as a fresh element.
final class CompactModelTests: XCTestCase {
    func testStrides() {
        XCTAssertEqual(MemoryLayout<Node<JSONValue>>.stride, 96)
        XCTAssertEqual(MemoryLayout<Edge<JSONValue>>.stride, 112)
    }

    func testNodeFieldsReadBackWhatWasSet() {
        let handles = [NodeHandle(id: "h", type: .source, position: .bottom, x: 3)]
        let node = Node(id: "a", position: Point(x: 1, y: 2), data: JSONValue.number(7), type: "group", width: 30, height: -0.5,
                        selected: true, hidden: true, draggable: false, selectable: true, connectable: false, deletable: false,
                        zIndex: -4, parentId: "p", extent: .rect(Rect(x: 1, y: 2, width: 3, height: 4)),
                        sourcePosition: .top, targetPosition: .bottom, handles: handles)
        XCTAssertEqual(node.id, "a")
        XCTAssertEqual(node.position, Point(x: 1, y: 2))
        XCTAssertEqual(node.data, .number(7))
        XCTAssertEqual(node.type, "group")
        XCTAssertEqual(node.width, 30)
        XCTAssertEqual(node.height, -0.5)
        XCTAssertEqual(node.fixedSize, Size(width: 30, height: -0.5))
        XCTAssertEqual([node.selected, node.hidden, node.deletable], [true, true, false])
        XCTAssertEqual([node.draggable, node.selectable, node.connectable], [false, true, false])
        XCTAssertEqual(node.zIndex, -4)
        XCTAssertEqual(node.parentId, "p")
        XCTAssertEqual(node.extent, .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        XCTAssertEqual(node.sourcePosition, .top)
        XCTAssertEqual(node.targetPosition, .bottom)
        XCTAssertEqual(node.handles, handles)

        var plain = Node(id: "a", position: .zero, data: JSONValue.null)
        XCTAssertNil(plain.width)
        XCTAssertNil(plain.height)
        XCTAssertNil(plain.fixedSize)
        XCTAssertEqual([plain.selected, plain.hidden, plain.deletable], [false, false, true])
        XCTAssertEqual([plain.draggable, plain.selectable, plain.connectable], [nil, nil, nil])
        XCTAssertEqual(plain.zIndex, 0)
        XCTAssertNil(plain.parentId)
        XCTAssertNil(plain.extent)
        XCTAssertNil(plain.handles)
        plain.width = 5
        XCTAssertNil(plain.fixedSize, "a width alone fixes no size")
        plain.height = .nan
        XCTAssertTrue(plain.height!.isNaN, "NaN is a value, not a missing height")
        plain.draggable = true
        plain.draggable = nil
        plain.selectable = false
        XCTAssertEqual([plain.draggable, plain.selectable, plain.connectable], [nil, false, nil])
    }

    func testNodeRareFieldsBackAtTheirDefaultsEqualAFreshNode() {
        let fresh = Node(id: "a", position: .zero, data: JSONValue.null)
        var node = fresh
        node.zIndex = 3
        node.parentId = "p"
        node.handles = []
        XCTAssertNotEqual(node, fresh)
        node.zIndex = 0
        node.parentId = nil
        node.handles = nil
        XCTAssertEqual(node, fresh)
        node.selected = true
        XCTAssertNotEqual(node, fresh)
    }

    func testCopiesShareTheBoxAndChangeIndependently() {
        let handles = [NodeHandle(id: "in", type: .target, position: .left)]
        let template = Node(id: "", position: .zero, data: JSONValue.null, handles: handles)
        var a = template, b = template
        a.id = "a"; b.id = "b"
        b.zIndex = 2
        XCTAssertEqual(a.zIndex, 0)
        XCTAssertEqual(b.zIndex, 2)
        XCTAssertEqual(a.handles, handles)
        XCTAssertEqual(b.handles, handles)
        XCTAssertEqual(template.zIndex, 0)
    }

    func testMapDataKeepsEveryField() {
        let node = Node(id: "a", position: Point(x: 1, y: 2), data: 5, type: "output", width: 10, height: 20, selected: true,
                        connectable: false, zIndex: 9, parentId: "g", extent: .parent, sourcePosition: .bottom)
        let mapped = node.mapData { JSONValue.number(Double($0)) }
        XCTAssertEqual(mapped, Node(id: "a", position: Point(x: 1, y: 2), data: JSONValue.number(5), type: "output", width: 10,
                                    height: 20, selected: true, connectable: false, zIndex: 9, parentId: "g", extent: .parent,
                                    sourcePosition: .bottom))
        let edge = Edge(id: "e", source: "a", target: "b", data: 1, label: "x", animated: true, selectable: false, zIndex: 4,
                        style: EdgeStyle(strokeWidth: 3))
        XCTAssertEqual(edge.mapData { JSONValue.number(Double($0)) },
                       Edge(id: "e", source: "a", target: "b", data: JSONValue.number(1), label: "x", animated: true,
                            selectable: false, zIndex: 4, style: EdgeStyle(strokeWidth: 3)))
    }

    func testEdgeFieldsReadBackWhatWasSet() {
        let marker = EdgeMarker(type: .arrowClosed, color: Color(hex: 0x112233), width: 5)
        let edge = Edge(id: "e", source: "a", target: "b", sourceHandle: "s", targetHandle: "t", data: JSONValue.bool(true),
                        type: .step, label: "L", animated: true, markerStart: marker, markerEnd: nil, selected: true,
                        selectable: false, hidden: true, deletable: false, reconnectable: false, zIndex: 7, interactionWidth: 4,
                        style: EdgeStyle(stroke: Color(white: 0.5), strokeWidth: 2), labelStyle: EdgeLabelStyle(fontSize: 12),
                        labelShowBg: false, labelBgStyle: EdgeLabelBgStyle(fill: Color(white: 1)),
                        labelBgPadding: Size(width: 6, height: 8), labelBgBorderRadius: 0)
        XCTAssertEqual([edge.id, edge.source, edge.target, edge.sourceHandle, edge.targetHandle], ["e", "a", "b", "s", "t"])
        XCTAssertEqual(edge.data, .bool(true))
        XCTAssertEqual(edge.type, .step)
        XCTAssertEqual(edge.label, "L")
        XCTAssertEqual([edge.animated, edge.selected, edge.hidden, edge.deletable, edge.reconnectable, edge.labelShowBg],
                       [true, true, true, false, false, false])
        XCTAssertEqual(edge.selectable, false)
        XCTAssertEqual(edge.markerStart, marker)
        XCTAssertNil(edge.markerEnd)
        XCTAssertEqual(edge.zIndex, 7)
        XCTAssertEqual(edge.interactionWidth, 4)
        XCTAssertEqual(edge.style, EdgeStyle(stroke: Color(white: 0.5), strokeWidth: 2))
        XCTAssertEqual(edge.labelStyle, EdgeLabelStyle(fontSize: 12))
        XCTAssertEqual(edge.labelBgStyle, EdgeLabelBgStyle(fill: Color(white: 1)))
        XCTAssertEqual(edge.labelBgPadding, Size(width: 6, height: 8))
        XCTAssertEqual(edge.labelBgBorderRadius, 0)

        let plain = Edge(id: "e", source: "a", target: "b", data: JSONValue.null)
        XCTAssertNil(plain.label)
        XCTAssertEqual([plain.animated, plain.selected, plain.hidden, plain.deletable, plain.reconnectable, plain.labelShowBg],
                       [false, false, false, true, true, true])
        XCTAssertNil(plain.selectable)
        XCTAssertEqual(plain.interactionWidth, 20)
        XCTAssertEqual(plain.labelBgPadding, Size(width: 2, height: 4))
        XCTAssertEqual(plain.labelBgBorderRadius, 2)
        XCTAssertEqual(plain.style, EdgeStyle())
    }

    func testEdgeStylingBackAtItsDefaultsEqualsAFreshEdge() {
        let fresh = Edge(id: "e", source: "a", target: "b", data: JSONValue.null)
        var edge = fresh
        edge.label = "x"
        edge.style.strokeWidth = 4
        edge.markerEnd = EdgeMarker(type: .arrow)
        XCTAssertNotEqual(edge, fresh)
        edge.label = nil
        edge.style = EdgeStyle()
        edge.markerEnd = nil
        XCTAssertEqual(edge, fresh)
    }

    func testLongTypeNamesAreInterned() {
        let name = "CheckpointLoader" + "Simple"
        let a = Node(id: "a", position: .zero, data: 0, type: name)
        var b = Node(id: "b", position: .zero, data: 0)
        b.type = String(name.reversed().reversed())
        func storage(_ s: String) -> UnsafeRawPointer? {
            var s = s
            return s.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        XCTAssertEqual(a.type, name)
        XCTAssertEqual(storage(a.type), storage(b.type))
        XCTAssertEqual(InternedStrings.intern("default"), "default")
    }

    func testATypeNameKeepsItsOwnBytesBesideACanonicallyEquivalentInternedOne() {
        // "é" precomposed and as "e" with a combining accent: `==` calls the two names equal.
        let composed = "Caf\u{e9}LoaderSimpleNode", decomposed = "Cafe\u{301}LoaderSimpleNode"
        let a = Node(id: "a", position: .zero, data: 0, type: composed)
        var b = Node(id: "b", position: .zero, data: 0, type: decomposed)
        XCTAssertEqual(Array(a.type.utf8), Array(composed.utf8))
        XCTAssertEqual(Array(b.type.utf8), Array(decomposed.utf8))
        b.type = composed
        XCTAssertEqual(Array(b.type.utf8), Array(composed.utf8))
        b.type = decomposed
        XCTAssertEqual(Array(b.type.utf8), Array(decomposed.utf8))
    }

    func testTypeNamesAroundTheInternThresholdReadBack() {
        for name in [String(repeating: "a", count: 15), String(repeating: "b", count: 16),
                     String(repeating: "\u{e9}", count: 7) + "x", String(repeating: "\u{e9}", count: 8)] {
            var node = Node(id: "", position: .zero, data: 0, type: name)
            XCTAssertEqual(Array(node.type.utf8), Array(name.utf8))
            node.type = "default"
            node.type = name
            XCTAssertEqual(Array(node.type.utf8), Array(name.utf8))
        }
    }
}
