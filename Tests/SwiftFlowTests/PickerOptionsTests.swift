@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// A `Picker`'s options: read from its tagged texts (in `ForEach`es, blocks and `if`s) without
/// building them, by building its content otherwise; every frame, the same either way.
final class PickerOptionsTests: XCTestCase {
    private final class Options { var values = ["a", "b"] }

    /// The first control of node `id` (a picker): its labels, the text it shows and its identity.
    private func picker(_ h: CanvasHarness, _ id: String) -> (labels: [String], text: String, path: UInt64) {
        guard let spec = h.controls(of: id).first?.spec, case .picker(let model) = spec.kind else {
            XCTFail("\(id) shows no picker first"); return ([], "", 0)
        }
        return (model.labels, spec.text, spec.path)
    }

    func testAPickerWhoseOptionsChangeBetweenFramesShowsTheNewOnes() {
        let options = Options()
        let node = Node(id: "p", position: Point(x: 100, y: 100), data: JSONValue.object(JSONObject([("m", .string("c"))])), type: "p")
        let h = CanvasHarness(nodes: [node]) { canvas in
            canvas.nodeTypes["p"] = NodeType { _, data in
                Picker("Model", selection: data["m"].string) { ForEach(options.values, id: \.self) { Text($0.uppercased()).tag($0) } }
            }
        }
        XCTAssertEqual(picker(h, "p").labels, ["A", "B"])
        XCTAssertEqual(picker(h, "p").text, "—")
        options.values = ["b", "c", "d"]
        h.frame()
        XCTAssertEqual(picker(h, "p").labels, ["B", "C", "D"])
        XCTAssertEqual(picker(h, "p").text, "C")
        // Choosing the second option sets its tag.
        h.click(h.canvas.screenRect(of: h.controls(of: "p")[0]).center)
        h.frame([.keyDown("Up", modifiers: []), .keyUp("Up", modifiers: [])])
        h.frame([.keyDown("Return", modifiers: []), .keyUp("Return", modifiers: [])])
        h.frame()
        XCTAssertEqual(h.node("p")?.data["m"], .string("b"))
    }

    /// Tagged texts in a block, a `ForEach` and an `if` (read without building) and the same
    /// options one of which is a tagged stack (built): the same labels, the same selection, and
    /// the same identity for the picker and the control after it.
    func testTaggedTextsAndBuiltOptionsGiveTheSameLabelsSelectionAndIdentities() {
        let data = JSONValue.object(JSONObject([("m", .string("3")), ("on", .bool(true))]))
        let nodes = [Node(id: "read", position: Point(x: 50, y: 50), data: data, type: "read", width: 200, height: 100),
                     Node(id: "built", position: Point(x: 300, y: 50), data: data, type: "built", width: 200, height: 100)]
        let h = CanvasHarness(nodes: nodes) { canvas in
            canvas.nodeTypes["read"] = NodeType { node, data in
                VStack {
                    Picker("P", selection: data["m"].string) {
                        Text("One").tag("1")
                        ForEach(["2", "3"], id: \.self) { Text("N" + $0).tag($0) }
                        if node.id == "read" { Text("Four").tag("4") }
                    }
                    Toggle("On", isOn: data["on"].bool)
                }
            }
            canvas.nodeTypes["built"] = NodeType { node, data in
                VStack {
                    Picker("P", selection: data["m"].string) {
                        HStack { Text("One") }.tag("1")
                        ForEach(["2", "3"], id: \.self) { Text("N" + $0).tag($0) }
                        if node.id == "built" { Text("Four").tag("4") }
                    }
                    Toggle("On", isOn: data["on"].bool)
                }
            }
        }
        XCTAssertEqual(picker(h, "read").labels, ["One", "N2", "N3", "Four"])
        XCTAssertEqual(picker(h, "built").labels, ["One", "N2", "N3", "Four"])
        XCTAssertEqual(picker(h, "read").text, "N3")
        XCTAssertEqual(picker(h, "built").text, "N3")
        XCTAssertEqual(picker(h, "read").path, picker(h, "built").path)
        XCTAssertEqual(h.controls(of: "read").map(\.spec.path), h.controls(of: "built").map(\.spec.path))
        XCTAssertEqual(h.controls(of: "read").count, 2)
    }
}
