@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// Controls inside nodes, edge cases found by scripted input through the frame loop.
final class ControlHuntTests: XCTestCase {
    /// A combining mark typed on its own (a dead key, an input method) joins the character before
    /// it: one step of the caret, as the buffer's characters promise.
    func testACombiningMarkTypedAloneJoinsTheCharacterBeforeIt() {
        let f = ControlHarness()
        f.click(f.rect(0).center)
        f.type("e")
        f.type("\u{301}")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "e\u{301}")
        XCTAssertEqual(f.caret, 1, "é is one character")
        f.key("Left")
        XCTAssertEqual(f.caret, 0)
        f.type("x")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "xe\u{301}")
    }

    /// A double-click selects a word; the pointer moving a little before the release (a hand
    /// is never still) keeps the word selected.
    func testADoubleClickWordSelectionSurvivesAJitterBeforeTheRelease() {
        let f = ControlHarness(data: [("name", .string("one two three"))])
        let r = f.rect(0)
        let x = r.minX + 6 + 7.2 * 5.2   // inside "two"
        let p = Point(x: x, y: r.center.y)
        f.click(p)
        f.h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 2)])
        f.h.frame([.pointerMove(Point(x: x + 1, y: r.center.y), modifiers: [])])
        f.h.frame([.pointerUp(Point(x: x + 1, y: r.center.y), button: .primary, modifiers: [])])
        XCTAssertEqual(f.selection, 4..<7)
        // Dragging on from a word extends the selection past it, the word kept.
        f.h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 2)])
        f.h.frame([.pointerMove(Point(x: r.minX + 6 + 7.2 * 11, y: r.center.y), modifiers: [])])
        f.h.frame([.pointerUp(Point(x: r.minX + 6 + 7.2 * 11, y: r.center.y), button: .primary, modifiers: [])])
        XCTAssertEqual(f.selection, 4..<11)
        f.h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 2)])
        f.h.frame([.pointerMove(Point(x: r.minX + 6 + 7.2 * 1, y: r.center.y), modifiers: [])])
        f.h.frame([.pointerUp(Point(x: r.minX + 6 + 7.2 * 1, y: r.center.y), button: .primary, modifiers: [])])
        XCTAssertEqual(f.selection, 1..<7)
    }

    /// A stepper at its bound changes nothing: no undo step, and the redo stack is kept.
    func testAStepperClickedAtItsBoundAddsNoUndoStep() {
        let node = Node(id: "s", position: Point(x: 100, y: 100), data: JSONValue.object(JSONObject([("n", .number(3)), ("on", .bool(false))])),
                        type: "s", width: 200, height: 80)
        let h = CanvasHarness(nodes: [node]) { canvas in
            canvas.nodeTypes["s"] = NodeType { _, data in
                VStack {
                    Stepper("N", value: data["n"].int, in: 0...3)
                    Toggle("On", isOn: data["on"].bool)
                }
            }
        }
        let controls = h.canvas.tools.controls
        let stepper = h.canvas.screenRect(of: controls[0]), toggle = h.canvas.screenRect(of: controls[1])
        func click(_ p: Point) { h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1), .pointerUp(p, button: .primary, modifiers: [])]) }
        click(toggle.center)
        h.frame()
        XCTAssertEqual(h.node("s")?.data["on"], .bool(true))
        h.frame([.keyDown("Z", modifiers: .ctrl)]); h.frame()
        XCTAssertEqual(h.node("s")?.data["on"], .bool(false))
        XCTAssertTrue(h.canvas.canRedo)
        click(Point(x: stepper.maxX - 4, y: stepper.center.y))   // + at 3 of 0...3
        h.frame()
        XCTAssertEqual(h.node("s")?.data["n"], .number(3))
        XCTAssertFalse(h.canvas.canUndo, "no step for a click that changed nothing")
        XCTAssertTrue(h.canvas.canRedo, "the redo stack is kept")
    }

    /// A picker's list whose node is panned out of view is closed: it no longer swallows keys.
    func testAPickerListWhoseNodeLeavesTheViewClosesAndKeysReachTheCanvasAgain() {
        let f = ControlHarness()
        f.h.frame([.pointerDown(Point(x: 150, y: 102), button: .primary, modifiers: [], clickCount: 1),
                   .pointerUp(Point(x: 150, y: 102), button: .primary, modifiers: [])])
        XCTAssertEqual(f.h.node("form")?.selected, true)
        f.click(f.rect(2).center)
        XCTAssertNotNil(f.canvas.controlState.popup)
        f.canvas.viewport = Viewport(x: -2000, y: 0, zoom: 1)
        f.h.frame()
        f.h.frame()
        XCTAssertNil(f.canvas.popupLayout())
        XCTAssertNil(f.canvas.controlState.popup, "a list whose picker is not drawn is closed")
        f.key("Delete")
        f.h.frame()
        XCTAssertNil(f.h.node("form"), "Delete reaches the canvas")
    }

    /// A popup (here a colour picker's) opened near the right edge of the canvas is moved left to
    /// stay inside it (it ran off the edge, its hue bar out of reach).
    func testAColorPickerPopupNearTheRightEdgeStaysInsideTheCanvas() {
        let h = CanvasHarness(nodes: [Node(id: "c", position: Point(x: 700, y: 50), data: .object(JSONObject([("tint", .string("#ff0000"))])),
                                           type: "color", width: 80, height: 30)]) { canvas in
            canvas.nodeTypes["color"] = NodeType { _, data in
                ColorPicker("", selection: Binding(get: { Color(css: data.wrappedValue["tint"]?.stringValue ?? "") ?? .black },
                                                   set: { data["tint"].wrappedValue = .string($0.cssHex) }))
            }
        }
        let well = h.canvas.screenRect(of: h.canvas.tools.controls[0])
        h.frame([.pointerDown(well.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(well.center, button: .primary, modifiers: [])])
        let layout = try! XCTUnwrap(h.canvas.popupLayout())
        XCTAssertLessThanOrEqual(layout.frame.maxX, 800)
        XCTAssertLessThanOrEqual(layout.hueBar.maxX, 800)
    }

    /// A control inside a NodeToolbar is drawn there and takes no input; it used to be recorded
    /// as the node's, at the toolbar's coordinates: an invisible toggle in the node's body.
    func testAControlInANodeToolbarIsNoInvisibleTargetInTheNodeBody() {
        let node = Node(id: "t", position: Point(x: 100, y: 200), data: JSONValue.object(JSONObject([("on", .bool(false))])),
                        type: "t", width: 200, height: 100, selected: true)
        let h = CanvasHarness(nodes: [node]) { canvas in
            canvas.nodeTypes["t"] = NodeType { _, data in
                ZStack {
                    Text("body")
                    NodeToolbar(position: .top) { Toggle("", isOn: data["on"].bool) }
                }
            }
        }
        XCTAssertTrue(h.canvas.tools.controls.isEmpty)
        XCTAssertEqual(h.canvas.tools.toolbars.count, 1, "the toolbar is there")
        // Where the toggle's toolbar-local frame (32 by 18 at the origin) fell in the node's body.
        let p = Point(x: 116, y: 209)
        h.frame([.pointerDown(p, button: .primary, modifiers: [], clickCount: 1), .pointerUp(p, button: .primary, modifiers: [])])
        h.frame()
        XCTAssertEqual(h.node("t")?.data["on"], .bool(false))
        h.drag(from: p, to: Point(x: p.x + 40, y: p.y))
        h.frame()
        XCTAssertEqual(h.node("t")?.position, Point(x: 140, y: 200), "a press there drags the node")
    }

    /// A field focused in a node out of view keeps taking typing after the app removes the
    /// nodes before it in the array (its node's index changed while it was not laid out).
    func testTypingIntoAFieldWhoseNodeIsOutOfViewAfterEarlierNodesAreRemoved() {
        let form = Node(id: "form", position: Point(x: 100, y: 100), data: JSONValue.object(JSONObject([("prompt", .string(""))])),
                        type: "form", width: 200, height: 100)
        let h = CanvasHarness(nodes: [testNode("a", x: 400, y: 100, handles: []), testNode("b", x: 400, y: 300, handles: []), form]) { canvas in
            canvas.nodeTypes["form"] = NodeType { _, data in TextEditor(text: data["prompt"].string).frame(height: 60).padding(8) }
        }
        let r = h.canvas.screenRect(of: h.canvas.tools.controls[0])
        h.frame([.pointerDown(r.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(r.center, button: .primary, modifiers: [])])
        XCTAssertTrue(h.canvas.isEditingText)
        h.canvas.viewport = Viewport(x: -3000, y: 0, zoom: 1)
        h.frame()
        h.store.nodes.removeAll { $0.id != "form" }
        h.frame()
        h.frame([.text("hi"), .keyDown("Return", modifiers: []), .keyUp("Return", modifiers: []), .text("x")])
        h.frame()
        XCTAssertEqual(h.node("form")?.data["prompt"], .string("hi\nx"))
        XCTAssertNotNil(h.canvas.textInputRect)
    }

    /// A view shown by an `if` before a focused field (a "required" hint that goes away once the
    /// field holds text) does not change the field's identity: typing goes on in the same field.
    /// Its identity was its ordinal among the arena's siblings, which the hint shifted, so focus
    /// ended after the first character (or moved to another field in that place).
    func testAnIfBeforeAFocusedFieldThatStopsShowingKeepsTheFocusInTheField() {
        let node = Node(id: "f", position: Point(x: 100, y: 100), data: JSONValue.object(JSONObject([("name", .string("")), ("other", .string("o"))])),
                        type: "f", width: 220, height: 140)
        let h = CanvasHarness(nodes: [node]) { canvas in
            canvas.nodeTypes["f"] = NodeType { _, data in
                VStack(spacing: 4) {
                    if data.wrappedValue["name"]?.stringValue?.isEmpty ?? true { Text("Name is required") }
                    TextField("Name", text: data["name"].string)
                    if data.wrappedValue["name"]?.stringValue == "ab" { TextField("Other", text: data["other"].string) }
                    TextField("Other", text: data["other"].string)
                }
                .padding(8)
            }
        }
        let r = h.canvas.screenRect(of: h.canvas.tools.controls[0])
        h.frame([.pointerDown(r.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(r.center, button: .primary, modifiers: [])])
        XCTAssertTrue(h.canvas.isEditingText)
        h.frame([.text("a")]); h.frame()
        XCTAssertTrue(h.canvas.isEditingText, "the hint went away; the field keeps the focus")
        h.frame([.text("b")]); h.frame()
        h.frame([.text("c")]); h.frame()
        XCTAssertEqual(h.node("f")?.data["name"], .string("abc"))
        XCTAssertEqual(h.node("f")?.data["other"], .string("o"))
    }

    /// Type-ahead starts afresh in a list just opened: the letters typed in the last one, less
    /// than a second before, are not prefixed to the new ones.
    func testTypeAheadStartsAfreshWhenAPickerIsOpenedAgain() {
        let f = ControlHarness()
        f.click(f.rect(2).center)
        f.type("c")
        f.key("Return")
        f.h.frame()
        XCTAssertEqual(f.string("model"), "c")
        f.click(f.rect(2).center)
        f.type("a")
        f.key("Return")
        f.h.frame()
        XCTAssertEqual(f.string("model"), "a")
    }

    /// Windows line breaks (`\r\n`, one Swift character) in a TextEditor's text are line breaks:
    /// the text is laid out on two lines and Home/End stop at them; pasted, they become `\n`.
    /// They were neither: the whole text was one paragraph and End went past the break.
    func testCarriageReturnLineFeedBreaksLinesInATextEditor() {
        let f = ControlHarness(data: [("prompt", .string("ab\r\ncd"))])
        f.h.frame()
        let drawn = f.canvas.nodeCache.ops.compactMap { op -> String? in if case .text(let s, _, _, _, _) = op { s } else { nil } }
        XCTAssertTrue(drawn.contains("ab") && drawn.contains("cd"), "drawn on two lines: \(drawn)")
        f.click(f.rect(5).center)
        f.key("Home", .ctrl)
        f.key("End")
        XCTAssertEqual(f.caret, 2, "End stops before the line break")
        f.key("Down")
        XCTAssertEqual(f.caret, 5, "the second line: after the break, cd")
        f.clipboard.setText("x\r\ny\rz")
        f.key("V", .ctrl)
        f.h.frame()
        XCTAssertEqual(f.string("prompt"), "ab\r\ncdx\ny\nz")
    }

    /// A touchpad's wheel sends fractions of a notch: they add up to rows in an open list (each
    /// was rounded to no row, so a touchpad could not scroll it).
    func testSmallWheelStepsOverAPickerListAddUpToRows() {
        let options = (0..<40).map { "option \($0)" }
        let node = Node(id: "p", position: Point(x: 100, y: 100), data: JSONValue.object(JSONObject([("m", .string("option 0"))])),
                        type: "p", width: 200, height: 40)
        let h = CanvasHarness(nodes: [node]) { canvas in
            canvas.nodeTypes["p"] = NodeType { _, data in
                Picker("", selection: data["m"].string) { ForEach(options, id: \.self) { Text($0).tag($0) } }
            }
        }
        let b = h.canvas.screenRect(of: h.canvas.tools.controls[0])
        h.frame([.pointerDown(b.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(b.center, button: .primary, modifiers: [])])
        let center = try! XCTUnwrap(h.canvas.popupLayout()).frame.center
        for _ in 0..<10 { h.frame([.wheel(center, dx: 0, dy: -0.25, modifiers: [])]) }
        guard case .list(_, let first)? = h.canvas.controlState.popup?.kind else { return XCTFail("the list is open") }
        XCTAssertEqual(first, 2, "2.5 notches down: two rows, half a notch kept")
        h.frame([.wheel(center, dx: 0, dy: 1, modifiers: [])])
        guard case .list(_, let back)? = h.canvas.controlState.popup?.kind else { return XCTFail("the list is open") }
        XCTAssertEqual(back, 2, "a notch up from -0.5: half a notch, no row")
        XCTAssertEqual(h.canvas.viewport.zoom, 1, "the wheel over the list does not zoom")
    }

    /// A TextEditor scrolled down whose text an undo makes short again is scrolled back within
    /// it: the short text shows. The scroll stayed, so the field looked empty, and the wheel over
    /// it (no longer taller than the field) zoomed the canvas instead of fixing it.
    func testATextEditorWhoseTextAnUndoShortensShowsItsText() {
        let f = ControlHarness(data: [("prompt", .string("short"))])
        let key = ControlKey(nodeId: "form", path: f.canvas.tools.controls[5].spec.path)
        f.click(f.rect(5).center)
        f.key("End", .ctrl)
        for k in 1...8 { f.key("Return"); f.type("line \(k)") }
        f.key("Escape")
        f.h.frame()
        XCTAssertGreaterThan(f.canvas.controlState.scroll[key] ?? 0, 0)
        f.key("Z", .ctrl)
        f.h.frame()
        f.h.frame()
        XCTAssertEqual(f.string("prompt"), "short")
        XCTAssertEqual(f.canvas.controlState.scroll[key] ?? 0, 0)
        let drawn = f.canvas.nodeCache.ops.compactMap { op -> String? in if case .text(let s, _, _, _, _) = op { s } else { nil } }
        XCTAssertTrue(drawn.contains("short"), "\(drawn)")
    }

    /// A focused number field not typed into shows a value the app changed meanwhile, and ending
    /// editing keeps it. The field kept the text it was focused with and, on ending, wrote that
    /// old number back over the app's.
    func testAFocusedNumberFieldTakesTheAppsNewValueAndDoesNotWriteTheOldOneBack() {
        let f = ControlHarness(data: [("steps", .number(20))])
        f.click(f.rect(4).center)
        XCTAssertTrue(f.canvas.isEditingText)
        let i = f.h.store.nodes.firstIndex { $0.id == "form" }!
        f.h.store.nodes[i].data = .object(JSONObject([("steps", .number(5))]))
        f.h.frame()
        f.h.frame()
        XCTAssertEqual(f.canvas.controlState.edit?.text, "5")
        f.click(Point(x: 700, y: 500))
        f.h.frame()
        XCTAssertFalse(f.canvas.isEditingText)
        XCTAssertEqual(f.data["steps"], .number(5))
        // Typed text is the user's: it is written when editing ends, whatever the app did.
        f.click(f.rect(4).center)
        f.type("9")
        f.h.store.nodes[i].data = .object(JSONObject([("steps", .number(6))]))
        f.h.frame()
        f.key("Return")
        f.h.frame()
        XCTAssertEqual(f.data["steps"], .number(9))
    }

    /// A single-line field scrolled to show its caret keeps that scroll while the caret shows:
    /// a click and a drag in it select the characters under the pointer. The scroll was worked out
    /// afresh from the caret each time (the caret always at the right edge), so a click on the
    /// left made the text jump and the drag that followed selected other characters.
    func testADragInAScrolledSingleLineFieldSelectsTheCharactersUnderThePointer() {
        let text = (0..<40).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined()
        let f = ControlHarness(data: [("name", .string(text))])
        let r = f.rect(0)
        f.click(r.center)
        f.key("End")
        f.h.frame()
        // 172 wide inside: 40 characters of 7.2 end at 288, scrolled by 288 − 170 = 118.
        let scroll = 118.0
        func at(_ index: Double) -> Point { Point(x: r.minX + 6 + 7.2 * index - scroll, y: r.center.y) }
        f.h.frame([.pointerDown(at(18.2), button: .primary, modifiers: [], clickCount: 1)])
        XCTAssertEqual(f.caret, 18)
        f.h.frame([.pointerMove(at(19.9), modifiers: [])])
        f.h.frame([.pointerMove(at(21.1), modifiers: [])])
        f.h.frame([.pointerUp(at(21.1), button: .primary, modifiers: [])])
        XCTAssertEqual(f.selection, 18..<21)
        f.key("C", .ctrl)
        XCTAssertEqual(f.clipboard.text(), String(Array(text)[18..<21]))
        // Backspace at the end keeps the text's end at the field's right edge.
        f.key("End")
        f.key("Backspace")
        f.h.frame()
        let key = ControlKey(nodeId: "form", path: f.canvas.tools.controls[0].spec.path)
        XCTAssertEqual(f.canvas.controlState.scroll[key] ?? 0, scroll - 7.2, accuracy: 1e-9)
    }

    /// A field whose node the app hides loses the focus: keys reach the canvas again and typing
    /// edits nothing. It kept the focus, typing into a field nobody could see.
    func testAFocusedFieldWhoseNodeIsHiddenLosesFocus() {
        let f = ControlHarness(data: [("name", .string("a"))])
        f.click(f.rect(0).center)
        XCTAssertTrue(f.canvas.isEditingText)
        let i = f.h.store.nodes.firstIndex { $0.id == "form" }!
        f.h.store.nodes[i].hidden = true
        f.h.frame()
        XCTAssertFalse(f.canvas.isEditingText)
        XCTAssertNil(f.canvas.textInputRect)
        f.type("x")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "a")
    }

    /// Controls the app disables while in use stop taking input: an open list closes unchosen,
    /// a slider drag stops moving the value. The list stayed open and chose, and the drag went on.
    func testAControlDisabledWhileInUseStopsTakingInput() {
        let node = Node(id: "d", position: Point(x: 100, y: 100),
                        data: JSONValue.object(JSONObject([("m", .string("a")), ("g", .number(0)), ("busy", .bool(false))])), type: "d", width: 220, height: 80)
        let h = CanvasHarness(nodes: [node]) { canvas in
            canvas.nodeTypes["d"] = NodeType { _, data in
                VStack {
                    Picker("", selection: data["m"].string) { ForEach(["a", "b", "c"], id: \.self) { Text($0).tag($0) } }
                    Slider(value: data["g"].double, in: 0...100)
                }
                .padding(8)
                .disabled(data.wrappedValue["busy"]?.boolValue ?? false)
            }
        }
        let i = h.store.nodes.firstIndex { $0.id == "d" }!
        func setBusy(_ busy: Bool) {
            guard case .object(var o) = h.store.nodes[i].data else { return }
            o["busy"] = .bool(busy)
            h.store.nodes[i].data = .object(o)
        }
        let picker = h.canvas.screenRect(of: h.canvas.tools.controls[0]), slider = h.canvas.screenRect(of: h.canvas.tools.controls[1])
        h.frame([.pointerDown(picker.center, button: .primary, modifiers: [], clickCount: 1), .pointerUp(picker.center, button: .primary, modifiers: [])])
        XCTAssertNotNil(h.canvas.controlState.popup)
        setBusy(true)
        h.frame()
        XCTAssertNil(h.canvas.controlState.popup, "the list of a disabled picker closes")
        h.frame([.keyDown("Down", modifiers: []), .keyDown("Return", modifiers: [])])
        h.frame()
        XCTAssertEqual(h.node("d")?.data["m"], .string("a"))
        setBusy(false)
        h.frame()
        h.frame([.pointerDown(Point(x: slider.minX + 7, y: slider.center.y), button: .primary, modifiers: [], clickCount: 1)])
        h.frame([.pointerMove(Point(x: slider.center.x, y: slider.center.y), modifiers: [])])
        h.frame()
        let before = h.node("d")?.data["g"]
        XCTAssertNotEqual(before, .number(0))
        setBusy(true)
        h.frame()
        h.frame([.pointerMove(Point(x: slider.maxX, y: slider.center.y), modifiers: [])])
        h.frame([.pointerUp(Point(x: slider.maxX, y: slider.center.y), button: .primary, modifiers: [])])
        h.frame()
        XCTAssertEqual(h.node("d")?.data["g"], before, "a disabled slider's drag stops")
    }

    /// Down onto a line of a TextEditor broken inside a long word, and a click right of its end,
    /// leave the caret on that line. Its end is the next line's start, where the caret went (drawn
    /// a line lower, so Up then went back to the wrong line).
    func testTheCaretStaysOnALineBrokenInsideAWord() {
        // 172 inside: 23 characters of 7.2 a line. "a"×23, a space, then "b"×30 broken after 23.
        let text = String(repeating: "a", count: 23) + " " + String(repeating: "b", count: 30)
        let f = ControlHarness(data: [("prompt", .string(text))])
        f.click(f.rect(5).center)
        f.key("Home", .ctrl)
        for _ in 0..<23 { f.key("Right") }
        f.key("Down")
        XCTAssertEqual(f.caret, 46, "on the second line (24..<47), not at the third's start")
        f.key("Up")
        XCTAssertEqual(f.caret, 22)
        let r = f.rect(5)
        f.click(Point(x: r.maxX - 2, y: r.minY + 4 + 14.4 * 1.5))
        XCTAssertEqual(f.caret, 46, "a click right of the second line")
    }

    /// Typing into a focused field whose node is out of view (not rebuilt) keeps the members the
    /// app changed since: the field's binding read the node's data of the frame it was made in,
    /// and the edit wrote that old data back whole.
    func testTypingIntoAFieldOutOfViewKeepsWhatTheAppChangedSince() {
        let f = ControlHarness(data: [("name", .string("a")), ("status", .string("queued"))])
        f.click(f.rect(0).center)
        f.key("End")
        f.canvas.viewport = Viewport(x: -3000, y: 0, zoom: 1)
        f.h.frame()
        let i = f.h.store.nodes.firstIndex { $0.id == "form" }!
        f.h.store.nodes[i].data = .object(JSONObject([("name", .string("a")), ("status", .string("done"))]))
        f.h.frame()
        f.type("b")
        f.h.frame()
        XCTAssertEqual(f.string("name"), "ab")
        XCTAssertEqual(f.string("status"), "done")
    }

    /// A slider drag is one undo step however long the pointer rests in it; only typing is
    /// split by a pause. A rest of over a second in a drag made its end a step of its own.
    func testASliderDragWithARestIsOneUndoStep() {
        let f = ControlHarness()
        let r = f.rect(1)
        let start = Point(x: r.minX + 7, y: r.center.y)
        f.h.frame([.pointerDown(start, button: .primary, modifiers: [], clickCount: 1)])
        f.h.frame([.pointerMove(Point(x: start.x + 40, y: start.y), modifiers: [])])
        f.h.time += 1500
        f.h.frame([.pointerMove(Point(x: start.x + 80, y: start.y), modifiers: [])])
        f.h.frame([.pointerUp(Point(x: start.x + 80, y: start.y), button: .primary, modifiers: [])])
        f.h.frame()
        XCTAssertNotEqual(f.data["gain"], .number(0))
        f.key("Z", .ctrl); f.h.frame()
        XCTAssertEqual(f.data["gain"], .number(0))
        // Typing still splits at a pause.
        f.click(f.rect(0).center)
        f.type("a")
        f.h.time += 1500
        f.type("b")
        f.key("Escape")
        f.key("Z", .ctrl); f.h.frame()
        XCTAssertEqual(f.string("name"), "a")
    }

    /// An open picker list asks the platform for text input (its type-ahead takes text events,
    /// which SDL sends only while text input is on); closed, it no longer does. The host stopped
    /// text input whenever no field had focus, so type-ahead never got a letter.
    func testAnOpenPickerListAsksForTextInput() {
        let f = ControlHarness()
        XCTAssertNil(f.canvas.textInputRect)
        f.click(f.rect(2).center)
        XCTAssertEqual(f.canvas.textInputRect, f.rect(2))
        f.key("Escape")
        XCTAssertNil(f.canvas.textInputRect)
    }
}
