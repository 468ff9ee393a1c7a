@testable import SwiftFlow
import XCTest

/// The example node views of `Examples/` (written as for SwiftUI, `import SwiftFlow` only)
/// laid out and driven: exact layout values of what each uses.
final class ExampleNodeTests: XCTestCase {
    func testTaskNode() {
        final class Toggles { var ids: [String] = [] }
        let toggles = Toggles()
        let h = ExampleHarness(Node(id: "t1", position: .zero, data: TaskData(title: "Write", note: "Draft the post and send it to both readers today", done: false), type: "task")) {
            TaskNodeView(node: $0, onToggle: { toggles.ids.append($0) })
        }
        XCTAssertEqual(h.size.width, 180)
        // The status dot: a 10-point circle (round at any zoom: level of detail keeps its outline).
        let dot = h.shapes.first { $0.1.fill == .orange }
        XCTAssertEqual(dot?.0.size, Size(width: 10, height: 10))
        XCTAssertEqual(dot?.1.outline, .circle)
        // The title at 14 points (medium draws regular), the id monospaced at the caption's 10.
        XCTAssertEqual(h.texts.first { $0.0 == "Write" }.map { [$0.2] }, [14])
        XCTAssertEqual(h.texts.first { $0.0 == "t1" }?.3, .mono)
        // The note wraps into its two lines at most, the second cut with an ellipsis.
        let noteLines = h.texts.filter { $0.2 == 12 && $0.0 != "○" }
        XCTAssertEqual(noteLines.count, 2)
        XCTAssertTrue(noteLines[1].0.hasSuffix("…"))
        // The shadow: three shapes under each shape, the outermost grown by the radius (4) and moved 2 down.
        let background = h.shapes.first { $0.1.fill == .white }!
        XCTAssertEqual(h.shapes[0].0.minY - background.0.minY, 2 - 4, accuracy: 1e-9)
        XCTAssertEqual(h.shapes[0].0.width - background.0.width, 8, accuracy: 1e-9)
        XCTAssertEqual(background.1.cornerRadius, 8)
        // A tap on the symbol toggles; the node stays unselected.
        let symbol = h.texts.first { $0.0 == "○" }!
        h.play("click \(symbol.1.x + 3) \(symbol.1.y + 5)")
        XCTAssertEqual(toggles.ids, ["t1"])
        XCTAssertEqual(h.node.selected, false)
    }

    func testModelNode() {
        final class Runs { var count = 0 }
        let runs = Runs()
        let h = ExampleHarness(Node(id: "m", position: .zero, data: ModelData(model: "gpt", running: false, progress: 0), type: "model")) {
            ModelNodeView(node: $0, onRun: { runs.count += 1 })
        }
        XCTAssertEqual(h.size.width, 200)
        XCTAssertEqual(h.texts.first { $0.0 == "gpt" }?.2, 15, "title3")
        XCTAssertEqual(h.texts.first { $0.0 == "gpt" }?.3, .bold)
        XCTAssertTrue(h.shapes.contains { $0.1.cornerRadius == .infinity && $0.1.outline == .rectangle }, "the capsule")
        XCTAssertTrue(h.shapes.contains { $0.1.outline == .ellipse && $0.0.size == Size(width: 16, height: 10) })
        let run = h.texts.first { $0.0 == "Run" }!
        h.play("click \(run.1.x + 5) \(run.1.y + 5)")
        XCTAssertEqual(runs.count, 1)
        // Running: the ellipse turns and brightens over half a second (easeInOut: half way at 250 ms).
        try? h.driver.store.updateNodeData("m") { $0.running = true }
        h.frame(at: 1000)
        h.frame(at: 1250)
        let turned = h.ops.compactMap { if case .polygon(let p, let paint) = $0 { (p, paint) } else { nil } }
        XCTAssertEqual(turned.count, 1)
        XCTAssertEqual(turned[0].1.fill?.opacity ?? 0, 0.65, accuracy: 1e-9)
        h.play("click \(run.1.x + 5) \(run.1.y + 5)")
        XCTAssertEqual(runs.count, 1, "disabled while running")
    }

    func testStatusNodeGestures() {
        final class State { var value: [Double] = []; var hover: [Bool] = [] }
        let state = State()
        let h = ExampleHarness(Node(id: "s", position: .zero, data: 0.5, type: "status")) {
            StatusNodeView(node: $0, setValue: { state.value.append($0) }, hovering: { state.hover.append($0) })
        }
        XCTAssertEqual(h.size, Size(width: 140, height: 64))
        // "Level\n50%": two lines from the padding's corner.
        XCTAssertEqual(h.texts.prefix(2).map(\.0), ["Level", "50%"])
        XCTAssertEqual(h.texts[0].1, Point(x: 8, y: 8))
        XCTAssertEqual(h.texts[1].2, 11, "subheadline")
        XCTAssertEqual(h.texts[1].3, .bold, "Font.bold()")
        // The track is 120 wide at x 8, 14 high below the two 13.2-point lines and the 4-point
        // spacing (y 38.4): a press at its x 60 (minimum distance 0) sets (60 − 7) / 106.
        h.play("press 68 47\nrelease 68 47")
        XCTAssertEqual(state.value.first ?? -1, 53.0 / 106, accuracy: 1e-9)
        XCTAssertEqual(h.node.position, .zero, "the drag does not move the node")
        XCTAssertEqual(state.hover.first, true)
        h.play("click 20 10 right")
        XCTAssertNotNil(h.canvas.controlState.popup?.menu, "the context menu is open")
    }

    func testResizableNote() {
        let h = ExampleHarness(Node(id: "n", position: .zero, data: "Note", type: "note", width: 120, height: 80)) { ResizableNoteView(node: $0) }
        XCTAssertEqual(h.texts.first?.1.x ?? -1, 6, accuracy: 1e-9, "from the top-leading corner")
        XCTAssertEqual(h.texts.first?.1.y ?? -1, 6, accuracy: 1e-9)
        XCTAssertEqual(h.texts.first?.3, .italic)
        h.play("press 120 80\nmove 140 90\nmove 160 100\nrelease 160 100")
        XCTAssertEqual(h.node.fixedSize, Size(width: 160, height: 100))
    }

    func testPortNode() {
        let h = ExampleHarness(Node(id: "p", position: .zero, data: PortData(name: "sum", inputType: "number", outputType: "text", locked: true), type: "port")) {
            PortNodeView(node: $0)
        }
        let handles = h.canvas.registry.handles(ofNode: 0)
        XCTAssertEqual(handles.map(\.id), ["in", "out"])
        XCTAssertEqual(handles.map(\.color), [.blue, .green])
        XCTAssertEqual(handles.map(\.anchor.x), [0, 150])
        XCTAssertEqual(h.texts.first { $0.0 == "sum" }?.3, .mono)
        XCTAssertTrue(h.texts.contains { $0.0 == "🔒" })
    }
}
