@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// Controls given values they cannot edit, empty choices and huge text: a diagnostic or a
/// placeholder, never a crash, and the node's other data kept.
final class ControlBadInputTests: XCTestCase {
    func testAFieldBoundToANumberReportsOnceShowsAPlaceholderAndNeverOverwritesIt() {
        let f = ControlHarness(data: [("name", .number(3)), ("model", .string("a"))])
        f.h.frame(); f.h.frame()
        XCTAssertEqual(f.h.diagnostics.filter { if case .invalidControlValue = $0 { true } else { false } },
                       [.invalidControlValue(nodeId: "form", problem: "expected a string, found number 3.0")])
        f.click(f.rect(0).center)
        XCTAssertFalse(f.canvas.isEditingText, "a placeholder takes no focus")
        f.type("x")
        f.key("Backspace")
        f.h.frame()
        XCTAssertEqual(f.data["name"], .number(3))
        XCTAssertNotNil(f.h.node("form"), "Backspace did not reach the canvas as a delete… of the node either")
        XCTAssertEqual(f.h.node("form")!.position, Point(x: 100, y: 100), "the press did not drag the node")
        XCTAssertEqual(f.data["model"], .string("a"))
    }

    func testANaNSliderIsReportedAndTakesNoInput() {
        let f = ControlHarness(data: [("gain", .number(.nan))])
        XCTAssertTrue(f.h.diagnostics.contains(.invalidControlValue(nodeId: "form", problem: "the slider's value is NaN")))
        f.h.drag(from: f.rect(1).center, to: Point(x: f.rect(1).maxX, y: f.rect(1).center.y))
        f.h.frame()
        XCTAssertTrue(f.data["gain"]?.doubleValue?.isNaN ?? false)
    }

    /// A slider over a range it cannot map (infinite bounds) leaves its value as it is: it used
    /// to write infinity or NaN (`0 × ∞`) into the node's data.
    func testASliderOverAnInfiniteRangeNeverWritesANonFiniteValue() {
        for range in [-Double.infinity...Double.infinity, 0...Double.infinity, -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude] {
            let h = CanvasHarness(nodes: [Node(id: "s", position: .zero, data: .object(JSONObject([("g", .number(5))])), type: "slider", width: 200, height: 40)]) { canvas in
                canvas.nodeTypes["slider"] = NodeType { _, data in Slider(value: data["g"].double, in: range) }
            }
            let r = h.canvas.screenRect(of: h.canvas.tools.controls[0])
            h.drag(from: Point(x: r.minX + 1, y: r.center.y), to: Point(x: r.center.x, y: r.center.y))
            h.drag(from: r.center, to: Point(x: r.maxX, y: r.center.y))
            h.frame()
            XCTAssertEqual(h.node("s")?.data["g"], .number(5), "\(range)")
        }
    }

    func testAPickerWithoutOptionsShowsSoAndDoesNotOpen() {
        let h = CanvasHarness(nodes: [Node(id: "p", position: .zero, data: .object(JSONObject([("m", .string("x"))])), type: "picker", width: 200, height: 40)]) { canvas in
            canvas.nodeTypes["picker"] = NodeType { _, data in Picker("Model", selection: data["m"].string) { EmptyView() } }
        }
        let controls = h.canvas.tools.controls
        XCTAssertEqual(controls.count, 1)
        XCTAssertEqual(controls.first?.spec.text, "No options")
        let r = h.canvas.screenRect(of: controls[0])
        h.frame([.pointerDown(r.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(r.center, button: .primary, modifiers: [])])
        XCTAssertNil(h.canvas.controlState.popup)
        XCTAssertEqual(h.node("p")?.data["m"], .string("x"))
    }

    func testASelectionThatIsNoOptionShowsADashAndIsKept() {
        let f = ControlHarness(data: [("model", .string("zzz"))])
        XCTAssertEqual(f.canvas.tools.controls[2].spec.text, "—")
        f.click(f.rect(2).center)
        f.key("Escape")
        f.h.frame()
        XCTAssertEqual(f.string("model"), "zzz")
    }

    func testAMillionCharactersAreKeptWholeAndTypingAppendsToThem() {
        let long = String(repeating: "abcdefghij", count: 100_000)
        let f = ControlHarness(data: [("name", .string(long)), ("prompt", .string(long))])
        f.h.frame()
        f.click(f.rect(0).center)
        f.key("End")
        f.type("!")
        f.h.frame()
        XCTAssertEqual(f.string("name")?.count, 1_000_001)
        XCTAssertEqual(f.string("name")?.suffix(3), "ij!")
        XCTAssertEqual(f.string("prompt")?.count, 1_000_000)
    }

    func testDisabledControlsTakeNoInputAndDoNotDragTheNode() {
        let f = ControlHarness(data: [("name", .string("a")), ("on", .bool(false))], disabled: true)
        f.click(f.rect(0).center)
        XCTAssertFalse(f.canvas.isEditingText)
        f.click(f.rect(3).center)
        f.h.drag(from: f.rect(1).center, to: Point(x: f.rect(1).center.x + 40, y: f.rect(1).center.y + 40))
        f.h.frame()
        XCTAssertEqual(f.data["on"], .bool(false))
        XCTAssertEqual(f.h.node("form")!.position, Point(x: 100, y: 100))
        XCTAssertTrue(f.canvas.tools.controls.allSatisfy(\.spec.disabled))
    }

    func testAFocusedFieldWhoseNodeIsRemovedLosesFocus() {
        let f = ControlHarness()
        f.click(f.rect(0).center)
        XCTAssertTrue(f.canvas.isEditingText)
        f.h.store.nodes.removeAll { $0.id == "form" }
        f.h.frame()
        XCTAssertFalse(f.canvas.isEditingText)
        f.key("Backspace")
        f.h.frame()
        XCTAssertEqual(f.h.store.nodes.map(\.id), ["other"])
    }

    /// A multi-line editor at font size 0 (lines 0 apart) trapped drawing its lines (Int of an
    /// infinite line count); it draws, takes a click and typing.
    func testAnEditorAtFontSizeZeroDrawsAndTakesInput() {
        let h = CanvasHarness(nodes: [Node(id: "t", position: .zero, data: .object(JSONObject([("t", .string("a\nb\nc"))])),
                                           type: "t", width: 200, height: 80)]) { canvas in
            canvas.nodeTypes["t"] = NodeType { _, data in TextEditor(text: data["t"].string).font(.system(size: 0)).frame(width: 100, height: 50) }
        }
        let r = h.canvas.screenRect(of: h.canvas.tools.controls[0])
        h.frame([.pointerDown(r.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(r.center, button: .primary, modifiers: [])])
        XCTAssertTrue(h.canvas.isEditingText)
        h.frame([.text("x")])
        h.frame()
        XCTAssertEqual(h.node("t")?.data["t"]?.stringValue?.count, 6)
    }
}
