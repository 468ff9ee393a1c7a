@testable import SwiftFlow
import XCTest

/// The built-in node types build their view straight into the layout arena; they must lay out
/// and draw exactly like the same view written with the public views.
final class BuiltInNodeViewTests: XCTestCase {
    /// The built-in node view in its declarative form, with its handles spread along their sides.
    private func declarative(theme: FlowTheme) -> NodeType<JSONValue> {
        NodeType { node in
            let size = node.fixedSize ?? BuiltInNodeTypes.defaultSize
            let isGroup = node.type == "group"
            let label = node.data["label"]?.stringValue ?? node.id
            ZStack(alignment: isGroup ? .topLeading : .center) {
                if isGroup {
                    RoundedRectangle(cornerRadius: 4).fill(theme.nodeBackground.opacity(0.25)).stroke(theme.nodeBorder.opacity(0.5))
                } else {
                    RoundedRectangle(cornerRadius: 3).fill(theme.nodeBackground).stroke(theme.nodeBorder)
                }
                Text(label).font(.system(size: theme.fontSize)).foregroundColor(theme.nodeText).padding(isGroup ? 8 : 4)
                ForEach(Self.anchored(BuiltInNodeTypes.handles(node), in: size), id: \.0.id) { h, anchor in
                    Handle(nodeId: node.id, id: h.id, type: h.type, position: h.position, color: h.color, isConnectable: h.isConnectable)
                        .position(x: anchor.x, y: anchor.y)
                }
            }
            .frame(width: size.width, height: size.height)
        }
    }

    private static func anchored(_ handles: [NodeHandle], in size: Size) -> [(NodeHandle, Point)] {
        var result: [(NodeHandle, Point)] = []
        BuiltInNodeTypes.placeHandles(handles, in: size) { result.append((handles[$0], $1)) }
        return result
    }

    private static func labelled(_ label: String) -> JSONValue { .object(JSONObject([("label", .string(label))])) }

    private let nodes: [Node<JSONValue>] = [
        Node(id: "a", position: .zero, data: BuiltInNodeViewTests.labelled("Node A"), width: 160, height: 80, handles: [
            NodeHandle(id: "in0", type: .target, position: .left), NodeHandle(id: "in1", type: .target, position: .left),
            NodeHandle(id: "out0", type: .source, position: .right), NodeHandle(id: "out1", type: .source, position: .right),
        ]),
        Node(id: "b", position: Point(x: 200, y: 0), data: BuiltInNodeViewTests.labelled("A label far too long for a node of this width"),
             targetPosition: .top),
        Node(id: "c", position: Point(x: 0, y: 120), data: .null, type: "input", sourcePosition: .bottom),
        Node(id: "d", position: Point(x: 200, y: 120), data: BuiltInNodeViewTests.labelled("Out"), type: "output"),
        Node(id: "g", position: Point(x: 400, y: 0), data: BuiltInNodeViewTests.labelled("Group"), type: "group", width: 300, height: 200),
        Node(id: "e", position: Point(x: 0, y: 240), data: BuiltInNodeViewTests.labelled("Explicit"), width: 120, height: 60, handles: [
            NodeHandle(id: "x", type: .source, position: .bottom, x: 30, y: 60, color: .black, isConnectable: false),
            NodeHandle(id: "t", type: .target, position: .top),
        ]),
    ]

    /// Draw ops (as text) and registered handles of one frame of `nodes` with `theme`.
    private func frame(_ type: NodeType<JSONValue>?, theme: FlowTheme) -> (ops: [String], handles: [HandleEntry], sizes: [Size]) {
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 1200, height: 800), theme: theme,
                                                      textMeasurer: FixedAdvanceTextMeasurer())
        if let type { for name in ["default", "input", "output", "group"] { canvas.nodeTypes[name] = type } }
        var list = DrawList()
        canvas.frame(nodes: nodes, edges: [], into: &list)
        return (canvas.nodeCache.ops.map { String(describing: $0) }, canvas.registry.entries, canvas.nodeCache.states.map(\.size))
    }

    func testBuiltInTypesDrawLikeTheirDeclarativeForm() {
        for theme in [FlowTheme.light, .dark] {
            let builtIn = frame(nil, theme: theme), reference = frame(declarative(theme: theme), theme: theme)
            XCTAssertEqual(builtIn.ops, reference.ops)
            XCTAssertEqual(builtIn.handles, reference.handles)
            XCTAssertEqual(builtIn.sizes, reference.sizes)
            XCTAssertEqual(builtIn.sizes, [Size(width: 160, height: 80), Size(width: 150, height: 40), Size(width: 150, height: 40),
                                           Size(width: 150, height: 40), Size(width: 300, height: 200), Size(width: 120, height: 60)])
        }
    }

    func testBuiltInHandleAnchorsSpreadAlongTheirSides() {
        let anchors = frame(nil, theme: .light).handles.map { "\($0.nodeId).\($0.id)@\($0.anchor.x),\($0.anchor.y)" }
        // The k-th of n handles on a side at (k + 1) / (n + 1) of it.
        let third = 80 * (1.0 / 3), twoThirds = 80 * (2.0 / 3)
        XCTAssertEqual(anchors, [
            "a.in0@0.0,\(third)", "a.in1@0.0,\(twoThirds)", "a.out0@160.0,\(third)", "a.out1@160.0,\(twoThirds)",
            "b.target@275.0,0.0", "b.source@350.0,20.0",
            "c.source@75.0,160.0",
            "d.target@200.0,140.0",
            "e.x@30.0,300.0", "e.t@60.0,240.0",
        ])
    }

    /// The label the built-in types show (`labelReader`, its reader cast once per data type):
    /// `NodeLabeled` data's (JSON's `label` member, a string itself, an app's type), else nil.
    func testLabelReaderReadsEachKindOfData() {
        struct Titled: NodeLabeled { var title: String; var label: String? { "<\(title)>" } }
        XCTAssertEqual(BuiltInNodeTypes.labelReader(JSONValue.self)(Self.labelled("Node 7")), "Node 7")
        XCTAssertNil(BuiltInNodeTypes.labelReader(JSONValue.self)(.object(JSONObject([("title", .string("x"))]))))
        XCTAssertNil(BuiltInNodeTypes.labelReader(JSONValue.self)(.string("a string, not an object")))
        XCTAssertEqual(BuiltInNodeTypes.labelReader(String.self)("plain"), "plain")
        XCTAssertEqual(BuiltInNodeTypes.labelReader(Titled.self)(Titled(title: "t")), "<t>")
        XCTAssertNil(BuiltInNodeTypes.labelReader(Int.self)(42))
    }
}
