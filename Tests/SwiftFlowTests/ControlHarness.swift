@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// A canvas with one "form" node (200 by 260, at (100, 100)) whose view binds controls to members
/// of its JSON data: a text field `name`, a slider `gain` (0...100, step 5), a picker `model`
/// (a, b, c), a toggle `on`, a number field `steps` and a text editor `prompt`.
final class ControlHarness {
    let h: CanvasHarness
    var canvas: FlowCanvas<JSONValue, JSONValue> { h.canvas }
    var clipboard = InMemoryClipboard()

    init(data: [(String, JSONValue)] = [("name", .string("")), ("gain", .number(0)), ("model", .string("a")), ("on", .bool(false)),
                                         ("steps", .number(20)), ("prompt", .string(""))],
         zoom: Double = 1, disabled: Bool = false) {
        let node = Node(id: "form", position: Point(x: 100, y: 100), data: JSONValue.object(JSONObject(data)), type: "form", width: 200, height: 260)
        let clip = clipboard
        h = CanvasHarness(nodes: [node, testNode("other", x: 500, y: 100, handles: [])]) { canvas in
            canvas.clipboard = clip
            canvas.nodeTypes["form"] = NodeType { node, data in
                VStack(spacing: 4) {
                    TextField("Name", text: data["name"].string)
                    Slider(value: data["gain"].double, in: 0...100, step: 5)
                    Picker("Model", selection: data["model"].string) {
                        ForEach(["a", "b", "c"], id: \.self) { Text($0).tag($0) }
                    }
                    Toggle("On", isOn: data["on"].bool)
                    TextField("Steps", value: data["steps"].int, format: .number)
                    TextEditor(text: data["prompt"].string).frame(height: 60)
                }
                .padding(8)
                .disabled(disabled)
            }
            canvas.viewport = Viewport(x: 0, y: 0, zoom: zoom)
        }
        h.frame()
    }

    var data: JSONValue { h.node("form")!.data }
    func string(_ key: String) -> String? { data[key]?.stringValue }

    /// The screen rectangle of the form's `k`-th control (in view order).
    func rect(_ k: Int) -> Rect {
        let form = canvas.tools.controls.filter { canvas.nodeCache.ids[Int($0.node)] == "form" }
        return canvas.screenRect(of: form[k])
    }

    func click(_ p: Point, count: Int = 1) {
        h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: count), .pointerUp(p, button: .primary, modifiers: [])])
    }
    func key(_ name: String, _ mods: Modifiers = []) { h.frame([.keyDown(name, modifiers: mods), .keyUp(name, modifiers: mods)]) }
    func type(_ text: String) { h.frame([.text(text)]) }
    var caret: Int? { canvas.controlState.edit?.caret }
    var selection: Range<Int>? { canvas.controlState.edit?.selection }
}
