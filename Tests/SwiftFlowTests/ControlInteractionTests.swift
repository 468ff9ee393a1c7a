@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// Controls inside a node, driven through the frame loop with scripted input.
final class ControlInteractionTests: XCTestCase {
    func testTypingIntoATextFieldWritesTheNodesDataAndMovesTheCaret() {
        let f = ControlHarness()
        let field = f.rect(0)
        f.click(field.center)
        XCTAssertTrue(f.canvas.isEditingText)
        f.type("héllo 世界")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "héllo 世界")
        XCTAssertEqual(f.caret, 8)
        f.key("Home"); XCTAssertEqual(f.caret, 0)
        f.key("End"); XCTAssertEqual(f.caret, 8)
        f.key("Left"); XCTAssertEqual(f.caret, 7)
        f.key("Left", .ctrl); XCTAssertEqual(f.caret, 6, "Ctrl+Left: the start of 世界")
        f.key("Right"); XCTAssertEqual(f.caret, 7)
        // The other members are kept.
        XCTAssertEqual(f.data["model"], .string("a"))
        XCTAssertEqual(f.data["steps"], .number(20))
        XCTAssertEqual(f.h.node("form")!.position, Point(x: 100, y: 100))
    }

    func testShiftArrowSelectionAndCtrlXPutTheExactTextOnTheClipboard() {
        let f = ControlHarness(data: [("name", .string("héllo 世界"))])
        f.click(f.rect(0).center)
        f.key("End")
        for _ in 0..<3 { f.key("Left", .shift) }
        XCTAssertEqual(f.selection, 5..<8)
        f.key("X", .ctrl)
        f.h.frame()
        XCTAssertEqual(f.clipboard.text(), " 世界")
        XCTAssertEqual(f.string("name"), "héllo")
        f.key("V", .ctrl)
        f.key("V", .ctrl)
        f.h.frame()
        XCTAssertEqual(f.string("name"), "héllo 世界 世界")
        f.key("A", .ctrl)
        f.key("C", .ctrl)
        XCTAssertEqual(f.clipboard.text(), "héllo 世界 世界", "Ctrl+C in a field copies its text, not nodes")
    }

    func testBackspaceInAFocusedFieldLeavesTheNodeAndTheSelectionAlone() {
        let f = ControlHarness(data: [("name", .string("abc"))])
        f.h.frame([.pointerDown(Point(x: 150, y: 102), button: .primary, modifiers: [], clickCount: 1),
                   .pointerUp(Point(x: 150, y: 102), button: .primary, modifiers: [])])
        XCTAssertEqual(f.h.node("form")?.selected, true)
        f.click(f.rect(0).center)
        f.key("End")
        f.key("Backspace")
        f.key("Delete")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "ab")
        XCTAssertNotNil(f.h.node("form"), "Backspace in a field never deletes the node")
        XCTAssertEqual(f.h.node("form")?.selected, true)
        f.key("Escape")
        XCTAssertFalse(f.canvas.isEditingText)
        XCTAssertEqual(f.h.node("form")?.selected, true, "Escape ends editing first")
    }

    func testDoubleClickSelectsAWordAndClickPlacesTheCaret() {
        let f = ControlHarness(data: [("name", .string("one two three"))])
        let r = f.rect(0)
        // FixedAdvanceTextMeasurer: 0.6 em × 12 = 7.2 per character, the text 6 in from the frame.
        let x = r.minX + 6 + 7.2 * 5.2   // inside "two"
        f.click(Point(x: x, y: r.center.y), count: 1)
        XCTAssertEqual(f.caret, 5)
        f.h.frame([.pointerDown(Point(x: x, y: r.center.y), button: .primary, modifiers: [], clickCount: 2),
                   .pointerUp(Point(x: x, y: r.center.y), button: .primary, modifiers: [])])
        XCTAssertEqual(f.selection, 4..<7)
        f.type("2")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "one 2 three")
    }

    func testOneUndoAfterTypingAWordRestoresTheWholeStringAndRedoBringsItBack() {
        let f = ControlHarness(data: [("name", .string("old"))])
        f.click(f.rect(0).center)
        f.key("A", .ctrl)
        for c in "new word" { f.type(String(c)) }
        f.key("Escape")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "new word")
        f.key("Z", .ctrl)
        f.h.frame()
        XCTAssertEqual(f.string("name"), "old")
        f.key("Z", .ctrl .union(.shift))
        f.h.frame()
        XCTAssertEqual(f.string("name"), "new word")
    }

    func testCtrlZInsideTheFieldUndoesItsSessionAndTheFieldShowsTheRestoredText() {
        let f = ControlHarness(data: [("name", .string("a"))])
        f.click(f.rect(0).center)
        f.key("End")
        f.type("bc")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "abc")
        f.key("Z", .ctrl)
        f.h.frame()
        f.h.frame()
        XCTAssertEqual(f.string("name"), "a")
    }

    func testUndoAfterADragStillUndoesTheDragNotAnOlderDataEdit() {
        let f = ControlHarness(data: [("name", .string("x"))])
        f.click(f.rect(0).center)
        f.type("y")
        f.key("Escape")
        f.h.drag(from: Point(x: 150, y: 101), to: Point(x: 190, y: 121))
        f.h.frame()
        XCTAssertEqual(f.h.node("form")!.position, Point(x: 140, y: 120))
        f.key("Z", .ctrl); f.h.frame()
        XCTAssertEqual(f.h.node("form")!.position, Point(x: 100, y: 100))
        XCTAssertEqual(f.string("name"), "xy")
        f.key("Z", .ctrl); f.h.frame()
        XCTAssertEqual(f.string("name"), "x")
    }

    func testASliderDraggedBy50PointsAtZoom2GivesTheSteppedValueAndNeverMovesTheNode() {
        let f = ControlHarness(zoom: 2)
        let r = f.rect(1)
        // The track starts 7 flow units in: 14 points at zoom 2; it is (200 - 16 - 14) × 2 = 340 points long.
        XCTAssertEqual(r.width, 368, accuracy: 1e-9)
        let start = Point(x: r.minX + 14, y: r.center.y)
        f.h.frame([.pointerDown(start, button: .primary, modifiers: [], clickCount: 1)])
        f.h.frame([.pointerMove(Point(x: start.x + 25, y: start.y), modifiers: [])])
        f.h.frame([.pointerMove(Point(x: start.x + 50, y: start.y), modifiers: [])])
        f.h.frame([.pointerUp(Point(x: start.x + 50, y: start.y), button: .primary, modifiers: [])])
        f.h.frame()
        // 50 / 340 × 100 = 14.7, rounded to the step 5: 15.
        XCTAssertEqual(f.data["gain"], .number(15))
        XCTAssertEqual(f.h.node("form")!.position, Point(x: 100, y: 100))
        XCTAssertFalse(f.h.nodeChanges.contains { if case .position = $0 { true } else { false } })
        // The drag is one undo step.
        f.key("Z", .ctrl); f.h.frame()
        XCTAssertEqual(f.data["gain"], .number(0))
    }

    func testAPickerOpenedByAClickAndChosenWithDownDownReturnSetsTheThirdOption() {
        let f = ControlHarness()
        f.click(f.rect(2).center)
        XCTAssertNotNil(f.canvas.controlState.popup)
        f.key("Down"); f.key("Down"); f.key("Return")
        f.h.frame()
        XCTAssertEqual(f.string("model"), "c")
        XCTAssertNil(f.canvas.controlState.popup)
        // Escape closes it unchanged.
        f.click(f.rect(2).center)
        f.key("Up")
        f.key("Escape")
        f.h.frame()
        XCTAssertEqual(f.string("model"), "c")
        XCTAssertNil(f.canvas.controlState.popup)
        XCTAssertEqual(f.h.node("form")?.selected, false, "Escape in the popup does not reach the canvas")
    }

    func testAPickerOptionClickedInTheListIsChosenAndTypeAheadFindsAnOption() {
        let f = ControlHarness()
        f.click(f.rect(2).center)
        let layout = f.canvas.popupLayout()!
        // The second row: 4 points of margin, 22 per row.
        f.click(Point(x: layout.frame.minX + 20, y: layout.frame.minY + 4 + 22 * 1.5))
        f.h.frame()
        XCTAssertEqual(f.string("model"), "b")
        f.click(f.rect(2).center)
        f.type("c")
        f.key("Return")
        f.h.frame()
        XCTAssertEqual(f.string("model"), "c")
    }

    /// The list is wide enough for its longest label after the check mark, with room to spare
    /// inside the highlighted row (it used to end flush with the row's edge).
    func testAPickerListFitsItsLongestLabelInsideTheHighlightedRow() {
        let long = "a rather long option label"
        let node = Node(id: "p", position: Point(x: 100, y: 100), data: JSONValue.object(JSONObject([("m", .string(long))])), type: "p")
        let h = CanvasHarness(nodes: [node]) { canvas in
            canvas.nodeTypes["p"] = NodeType { _, data in
                Picker("", selection: data["m"].string) { ForEach(["x", long], id: \.self) { Text($0).tag($0) } }.frame(width: 100)
            }
        }
        let button = h.canvas.screenRect(of: h.canvas.tools.controls[0])
        h.frame([.pointerDown(button.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(button.center, button: .primary, modifiers: [])])
        let layout = h.canvas.popupLayout()!
        let labelEnd = layout.frame.minX + 4 + 20 + h.canvas.textMeasurer.measure(long, fontSize: FlowCanvas<JSONValue, JSONValue>.popupFontSize).width
        let rowEnd = layout.frame.maxX - 4
        XCTAssertGreaterThanOrEqual(rowEnd - labelEnd, 8)
    }

    func testAToggleFlipsOnClickAndUndoFlipsItBack() {
        let f = ControlHarness()
        f.click(f.rect(3).center)
        f.h.frame()
        XCTAssertEqual(f.data["on"], .bool(true))
        f.key("Z", .ctrl); f.h.frame()
        XCTAssertEqual(f.data["on"], .bool(false))
    }

    func testANumberFieldChangesByHorizontalDragAndByTyping() {
        let f = ControlHarness()
        let r = f.rect(4)
        f.h.frame([.pointerDown(r.center, button: .primary, modifiers: [], clickCount: 1)])
        f.h.frame([.pointerMove(Point(x: r.center.x + 30, y: r.center.y), modifiers: [])])
        f.h.frame([.pointerUp(Point(x: r.center.x + 30, y: r.center.y), button: .primary, modifiers: [])])
        f.h.frame()
        XCTAssertEqual(f.data["steps"], .number(50), "1 per point for an integer")
        XCTAssertFalse(f.canvas.isEditingText)
        f.click(f.rect(4).center)
        XCTAssertTrue(f.canvas.isEditingText, "a click without a drag starts typing")
        XCTAssertEqual(f.selection, 0..<2)
        f.type("7")
        f.key("Return")
        f.h.frame()
        XCTAssertEqual(f.data["steps"], .number(7))
        // Text that is no number keeps the value.
        f.click(f.rect(4).center)
        f.type("abc")
        f.key("Tab")
        f.key("Escape")
        f.h.frame()
        XCTAssertEqual(f.data["steps"], .number(7))
    }

    func testTabMovesBetweenTheNodesFields() {
        let f = ControlHarness(data: [("name", .string("n")), ("steps", .number(3)), ("prompt", .string("p"))])
        f.click(f.rect(0).center)
        f.key("Tab")
        XCTAssertEqual(f.canvas.controlState.control?.spec.text, "3")
        f.key("Tab")
        XCTAssertEqual(f.canvas.controlState.control?.spec.text, "p")
        f.key("Tab")
        XCTAssertEqual(f.canvas.controlState.control?.spec.text, "n")
    }

    func testATextEditorTakesReturnAsANewlineAndUpDownMoveBetweenLines() {
        let f = ControlHarness(data: [("prompt", .string(""))])
        f.click(f.rect(5).center)
        f.type("ab")
        f.key("Return")
        f.type("cde")
        f.h.frame()
        XCTAssertEqual(f.string("prompt"), "ab\ncde")
        f.key("Up")
        XCTAssertEqual(f.caret, 2)
        f.key("Down")
        XCTAssertEqual(f.caret, 5)
    }

    func testImeCompositionIsShownThenCommittedAsText() {
        let f = ControlHarness()
        f.click(f.rect(0).center)
        f.h.play("ime 世 1")
        XCTAssertEqual(f.canvas.controlState.composition, "世")
        f.h.frame()
        XCTAssertTrue(f.canvas.nodeCache.ops.contains { if case .text("世", _, _, _, _) = $0 { true } else { false } }, "the composition is drawn")
        XCTAssertEqual(f.string("name"), "", "a composition is not the value yet")
        f.h.play("ime\ntext 世界")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "世界")
    }

    func testAClickOutsideEndsEditingAndAPressOnAControlNeverStartsANodeDrag() {
        let f = ControlHarness()
        f.h.drag(from: f.rect(0).center, to: Point(x: f.rect(0).center.x + 60, y: f.rect(0).center.y + 40))
        f.h.frame()
        XCTAssertEqual(f.h.node("form")!.position, Point(x: 100, y: 100))
        XCTAssertTrue(f.canvas.isEditingText)
        f.click(Point(x: 700, y: 500))
        XCTAssertFalse(f.canvas.isEditingText)
        XCTAssertNil(f.canvas.textInputRect)
    }

    func testTypingLinesScrollsATextEditorToTheCaretAndTheWheelScrollsIt() {
        let f = ControlHarness(data: [("prompt", .string(""))])
        let key = ControlKey(nodeId: "form", path: f.canvas.tools.controls[5].spec.path)
        f.click(f.rect(5).center)
        for k in 1...8 { f.type("line \(k)"); f.key("Return") }
        f.h.frame()
        // 60 high less 8 of insets: 52 for lines 14.4 apart (FixedAdvanceTextMeasurer, 12 pt): the
        // caret's line 8 (0-based) ends at 8 × 14.4 + 14.4 = 129.6, scrolled by 129.6 − 52 = 77.6.
        XCTAssertEqual(f.canvas.controlState.scroll[key] ?? 0, 77.6, accuracy: 1e-9)
        f.key("Escape")
        f.h.frame([.wheel(f.rect(5).center, dx: 0, dy: 1, modifiers: [])])
        XCTAssertEqual(f.canvas.controlState.scroll[key] ?? 0, 77.6 - 3 * 14.4, accuracy: 1e-9, "one notch up: three lines")
        XCTAssertEqual(f.canvas.viewport.zoom, 1, "the wheel over a scrollable editor does not zoom")
        f.h.frame([.wheel(f.rect(0).center, dx: 0, dy: 1, modifiers: [])])
        XCTAssertEqual(f.canvas.viewport.zoom, 1.2, accuracy: 1e-9, "over a single-line field the wheel zooms")
    }

    func testAColorPickerPopupSetsHueSaturationValueAndIsOneUndoStepPerDrag() {
        let h = CanvasHarness(nodes: [Node(id: "c", position: Point(x: 50, y: 50), data: .object(JSONObject([("tint", .string("#ff0000"))])),
                                           type: "color", width: 160, height: 30)]) { canvas in
            canvas.nodeTypes["color"] = NodeType { _, data in
                ColorPicker("Tint", selection: Binding(get: { Color(css: data.wrappedValue["tint"]?.stringValue ?? "") ?? .black },
                                                       set: { data["tint"].wrappedValue = .string($0.cssHex) }))
            }
        }
        let well = h.canvas.screenRect(of: h.canvas.tools.controls[0])
        h.frame([.pointerDown(well.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(well.center, button: .primary, modifiers: [])])
        let layout = try! XCTUnwrap(h.canvas.popupLayout())
        // Half the hue bar: hue 0.5 (cyan), keeping full saturation and value.
        let hue = Point(x: layout.hueBar.minX + layout.hueBar.width / 2, y: layout.hueBar.center.y)
        h.frame([.pointerDown(hue, button: .primary, modifiers: [], clickCount: 1), .pointerUp(hue, button: .primary, modifiers: [])])
        h.frame()
        XCTAssertEqual(h.node("c")?.data["tint"], .string("#00ffff"))
        // The square's centre: saturation 0.5, value 0.5 → #408080 (0.25, 0.5, 0.5).
        let sv = layout.square.center
        h.frame([.pointerDown(sv, button: .primary, modifiers: [], clickCount: 1), .pointerMove(Point(x: sv.x, y: sv.y - 10), modifiers: []),
                 .pointerMove(sv, modifiers: []), .pointerUp(sv, button: .primary, modifiers: [])])
        h.frame()
        XCTAssertEqual(h.node("c")?.data["tint"], .string("#408080"))
        h.frame([.keyDown("Escape", modifiers: []), .keyUp("Escape", modifiers: [])])
        XCTAssertNil(h.canvas.controlState.popup)
        h.frame([.keyDown("Z", modifiers: .ctrl)]); h.frame()
        XCTAssertEqual(h.node("c")?.data["tint"], .string("#00ffff"), "the square's drag was one step")
        h.frame([.keyDown("Z", modifiers: .ctrl)]); h.frame()
        XCTAssertEqual(h.node("c")?.data["tint"], .string("#ff0000"))
    }
}
