import CSDL2
import Foundation
@testable import SwiftFlow
import SwiftFlowDemos
import SwiftFlowSDL
import XCTest

/// The "controls" demo and the workflow demo's parameters, run headless through `CanvasRunner`
/// with replay scripts (as `swiftflow-demo NAME --headless --replay …` does). Controls are found
/// where the canvas placed them in the last frame of a first, script-less run (the canvas'
/// per-frame control records, hence `@testable`); every run starts from the demo's document at
/// viewport (0, 0, 1).
@MainActor
final class ControlsDemoTests: XCTestCase {
    private var directories: [URL] = []
    override func tearDown() async throws {
        directories.forEach { try? FileManager.default.removeItem(at: $0) }
        directories = []
    }

    /// A fresh temporary directory, removed after the test.
    private func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("controls-\(name)-\(getpid())-\(directories.count)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        directories.append(dir)
        return dir
    }

    /// Runs demo `name` headless, playing `script`, with the extra command-line `options`.
    private func run(_ name: String, _ script: String = "", options: [String] = [],
                     file: StaticString = #filePath, line: UInt = #line) throws -> DemoGallery {
        let dir = try temporaryDirectory(name)
        let scriptPath = dir.appendingPathComponent("script.txt").path
        try (script + "\nviewport 0 0 1\n").write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let index = try XCTUnwrap(DemoGallery.all.firstIndex { $0.name == name }, file: file, line: line)
        let (code, gallery) = DemoGallery.run(index, options: try RunOptions(arguments: ["--headless", "--replay", scriptPath] + options))
        XCTAssertEqual(code, 0, file: file, line: line)
        return try XCTUnwrap(gallery, file: file, line: line)
    }

    /// A control the last frame placed: its node, kind, screen frame and whether it is disabled.
    struct Placed {
        let node: String, kind: String, rect: Rect, disabled: Bool
    }

    /// The controls of the last frame, in view order.
    private func controls(_ g: DemoGallery) -> [Placed] {
        let canvas = g.canvas
        return canvas.tools.controls.map { c in
            let kind: String
            switch c.spec.kind {
            case .text(_, _, let multiline, _): kind = multiline ? "editor" : "field"
            case .number: kind = "number"
            case .slider: kind = "slider"
            case .stepper: kind = "stepper"
            case .toggle: kind = "toggle"
            case .picker: kind = "picker"
            case .colorWell: kind = "color"
            case .progress: kind = "progress"
            }
            return Placed(node: canvas.nodeCache.ids[Int(c.node)], kind: kind, rect: canvas.screenRect(of: c), disabled: c.spec.disabled)
        }
    }

    private func control(_ all: [Placed], _ node: String, _ kind: String, file: StaticString = #filePath, line: UInt = #line) throws -> Rect {
        try XCTUnwrap(all.first { $0.node == node && $0.kind == kind && !$0.disabled }, "\(kind) in \(node)", file: file, line: line).rect
    }

    /// The texts node `id` drew in the last frame.
    private func texts(_ g: DemoGallery, _ id: String) -> [String] {
        let cache = g.canvas.nodeCache
        guard let i = cache.index(of: id) else { return [] }
        let s = cache.states[i]
        return cache.ops[s.opsRange].compactMap { if case .text(let t, _, _, _, _) = $0 { return t } else { return nil } }
    }

    /// The pictures node `id` drew in the last frame (nil texture: a placeholder).
    private func images(_ g: DemoGallery, _ id: String) -> [ImageDrawOp] {
        let cache = g.canvas.nodeCache
        guard let i = cache.index(of: id) else { return [] }
        let s = cache.states[i]
        return cache.ops[s.opsRange].compactMap { if case .image(_, let op) = $0 { return op } else { return nil } }
    }

    private func data(_ g: DemoGallery, _ id: String) -> JSONValue? { g.store.nodes.first { $0.id == id }?.data }

    private func drag(_ a: Point, _ b: Point) -> String {
        "press \(a.x) \(a.y)\nmove \((a.x + b.x) / 2) \((a.y + b.y) / 2)\nmove \(b.x) \(b.y)\nrelease \(b.x) \(b.y)"
    }

    // MARK: The controls demo

    func testControlsDemoShowsEveryControlWithItsValueAndThePicture() async throws {
        let dir = try temporaryDirectory("shot")
        let shot = dir.appendingPathComponent("shot.png").path
        let g = try run("controls", options: ["--screenshot", shot])
        let all = controls(g)
        XCTAssertEqual(Set(all.map(\.kind)), ["field", "editor", "number", "slider", "stepper", "toggle", "picker", "color", "progress"])
        XCTAssertEqual(all.filter(\.disabled).map(\.kind), ["number"], "the Output node's seed field is disabled")
        XCTAssertEqual(Set(g.store.nodes.map(\.id)), ["text", "numbers", "choices", "output"])
        XCTAssertEqual(g.store.edges.count, 3)
        // Each control's caption shows the value its node's data holds.
        XCTAssertTrue(texts(g, "text").contains("name = \"Ada\""), "\(texts(g, "text"))")
        XCTAssertTrue(texts(g, "text").contains("notes = 2 lines, 57 chars"))
        XCTAssertTrue(texts(g, "numbers").contains("scale = 1.50 (drag or type)"))
        XCTAssertTrue(texts(g, "numbers").contains("gain = 0.40"))
        XCTAssertTrue(texts(g, "numbers").contains("count = 3"))
        XCTAssertTrue(texts(g, "choices").contains("enabled = true"))
        XCTAssertTrue(texts(g, "choices").contains("model = \"sdxl-base-1.0\""))
        XCTAssertTrue(texts(g, "choices").contains("tint = #f97316"))
        XCTAssertTrue(texts(g, "output").contains("progress = 40% (the gain)"))
        XCTAssertTrue(texts(g, "output").contains("seed = 42 (disabled)"))
        // The sample picture is drawn (a texture, not the placeholder), inside the Output node.
        let pictures = images(g, "output")
        XCTAssertEqual(pictures.count, 1)
        XCTAssertNotNil(pictures.first?.texture, "sample.png loaded")
        guard let loaded = IMG_Load(shot), let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw XCTSkip("screenshot unreadable: \(String(cString: SDL_GetError()))")
        }
        SDL_FreeSurface(loaded)
        defer { SDL_FreeSurface(rgba) }
        var red: [Point] = []
        let pixels = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self), pitch = Int(rgba.pointee.pitch)
        for y in 0..<Int(rgba.pointee.h) {
            for x in 0..<Int(rgba.pointee.w) {
                let p = pixels + y * pitch + x * 4
                if p[0] == 255 && p[1] == 0 && p[2] == 0 { red.append(Point(x: Double(x), y: Double(y))) }
            }
        }
        XCTAssertGreaterThan(red.count, 1000, "the picture's red quadrant")
        let output = try XCTUnwrap(g.store.nodes.first { $0.id == "output" })
        XCTAssertTrue(red.allSatisfy { $0.x >= output.position.x && $0.x <= output.position.x + 250 && $0.y > output.position.y },
                      "only the picture in the Output node is pure red")
    }

    func testControlsDemoEditsEachControlAndUndoRestoresEveryValue() async throws {
        let start = try run("controls")
        let all = controls(start)
        let name = try control(all, "text", "field"), slider = try control(all, "numbers", "slider")
        let scale = try control(all, "numbers", "number"), stepper = try control(all, "numbers", "stepper")
        let toggle = try control(all, "choices", "toggle"), picker = try control(all, "choices", "picker")
        let track = (minX: slider.minX + 7, width: slider.width - 14)   // the knob's inset (Slider)
        let edits = [
            "click \(name.center.x) \(name.center.y)", "key A ctrl", "text Grace Hopper", "key Escape",
            drag(Point(x: track.minX + track.width * 0.75, y: slider.center.y), Point(x: track.minX + track.width * 0.25, y: slider.center.y)),
            drag(scale.center, Point(x: scale.center.x + 20, y: scale.center.y)),
            "click \(toggle.center.x) \(toggle.center.y)",
            "click \(stepper.maxX - 5) \(stepper.center.y)",
            "click \(picker.center.x) \(picker.center.y)", "key Down", "key Return",
        ].joined(separator: "\n")
        let g = try run("controls", edits)
        XCTAssertEqual(data(g, "text")?["name"], .string("Grace Hopper"))
        XCTAssertEqual(try XCTUnwrap(data(g, "numbers")?["gain"]?.doubleValue), 0.25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(data(g, "numbers")?["scale"]?.doubleValue), 1.7, accuracy: 1e-9)
        XCTAssertEqual(data(g, "numbers")?["count"], .number(4))
        XCTAssertEqual(data(g, "choices")?["enabled"], .bool(false))
        XCTAssertEqual(data(g, "choices")?["model"], .string(ControlsDemo.models[1]))
        XCTAssertEqual(data(g, "text")?["notes"], data(start, "text")?["notes"], "the other members are kept")
        // The captions follow.
        XCTAssertTrue(texts(g, "text").contains("name = \"Grace Hopper\""), "\(texts(g, "text"))")
        XCTAssertTrue(texts(g, "numbers").contains("gain = 0.25"), "\(texts(g, "numbers"))")
        XCTAssertTrue(texts(g, "numbers").contains("scale = 1.70 (drag or type)"))
        XCTAssertTrue(texts(g, "numbers").contains("count = 4"))
        XCTAssertTrue(texts(g, "choices").contains("enabled = false"))
        XCTAssertTrue(texts(g, "output").contains("progress = 25% (the gain)"), "the Output node reads the gain")
        XCTAssertFalse(g.canvas.isEditingText)
        XCTAssertEqual(g.store.nodes.map(\.position), start.store.nodes.map(\.position), "no control press dragged its node")

        // One Ctrl+Z per edit, newest first: the picker, then the stepper.
        let one = try run("controls", edits + "\nkey Z ctrl")
        XCTAssertEqual(data(one, "choices")?["model"], .string(ControlsDemo.models[0]))
        XCTAssertEqual(data(one, "numbers")?["count"], .number(4))
        let two = try run("controls", edits + "\nkey Z ctrl\nkey Z ctrl")
        XCTAssertEqual(data(two, "numbers")?["count"], .number(3))
        XCTAssertEqual(data(two, "choices")?["enabled"], .bool(false))
        // Six steps: the typing session and the slider's drag are one step each.
        let five = try run("controls", edits + String(repeating: "\nkey Z ctrl", count: 5))
        XCTAssertEqual(data(five, "numbers")?["gain"], .number(0.4))
        XCTAssertEqual(data(five, "text")?["name"], .string("Grace Hopper"))
        let six = try run("controls", edits + String(repeating: "\nkey Z ctrl", count: 6))
        XCTAssertEqual(six.store.nodes, start.store.nodes, "every value restored")
        XCTAssertTrue(texts(six, "text").contains("name = \"Ada\""))
        // And Ctrl+Shift+Z redoes the typing.
        let redo = try run("controls", edits + String(repeating: "\nkey Z ctrl", count: 6) + "\nkey Z ctrl shift")
        XCTAssertEqual(data(redo, "text")?["name"], .string("Grace Hopper"))
        XCTAssertEqual(data(redo, "numbers")?["gain"], .number(0.4))
    }

    // MARK: The workflow demo's parameters

    func testWorkflowNodesHoldTheirParametersInTheirData() async throws {
        let g = try run("workflow")
        let all = controls(g)
        XCTAssertEqual(all.filter { $0.node == "prompt" }.map(\.kind), ["editor"])
        XCTAssertEqual(all.filter { $0.node == "temp" }.map(\.kind), ["slider", "number"])
        XCTAssertEqual(all.filter { $0.node == "model" }.map(\.kind), ["picker"])
        XCTAssertEqual(all.filter { $0.node == "gen" }.map(\.kind), ["number", "toggle", "color"])
        XCTAssertEqual(all.filter { $0.node == "image" }.map(\.kind), ["field"])
        for id in ["image", "preview"] {
            XCTAssertEqual(images(g, id).count, 1, id)
            XCTAssertNotNil(images(g, id).first?.texture, "\(id): the sample picture, not a placeholder")
        }
        XCTAssertEqual(data(g, "model")?["model"], .string(WorkflowDemo.models[0]))
        XCTAssertEqual(data(g, "gen")?["tint"], .string("#F59E0B"))
        XCTAssertEqual(data(g, "temp")?["value"], .number(0.7))
        XCTAssertTrue(texts(g, "model").contains(WorkflowDemo.models[0]), "the picker shows the model")
        // Every control fits inside its node.
        for c in all {
            let node = try XCTUnwrap(g.store.nodes.first { $0.id == c.node })
            let width = try XCTUnwrap(node.width)
            XCTAssertTrue(c.rect.minX >= node.position.x && c.rect.maxX <= node.position.x + width, "\(c.kind) in \(c.node): \(c.rect)")
        }
    }

    func testWorkflowPromptTakesTypedTextAndTheSavedGraphHoldsIt() async throws {
        let editor = try control(controls(try run("workflow")), "prompt", "editor")
        let dir = try temporaryDirectory("save")
        let saved = dir.appendingPathComponent("saved.json").path
        let script = ["click \(editor.center.x) \(editor.center.y)", "key A ctrl", "text a red fox in the snow",
                      "key Return", "text watercolour", "key Escape"].joined(separator: "\n")
        let g = try run("workflow", script, options: ["--save", saved])
        XCTAssertEqual(data(g, "prompt")?["prompt"], .string("a red fox in the snow\nwatercolour"))
        let doc = try FlowFile.load(path: saved)
        let prompt = try XCTUnwrap(doc.nodes.first { $0.id == "prompt" })
        XCTAssertEqual(prompt.data["prompt"], .string("a red fox in the snow\nwatercolour"))
        XCTAssertEqual(prompt.data["kind"], .string("Prompt"))
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        XCTAssertTrue(text.contains("a red fox in the snow\\nwatercolour"), "the native JSON holds the typed prompt")
        // Ctrl+Z undoes the typing session.
        let undone = try run("workflow", script + "\nkey Z ctrl")
        XCTAssertEqual(data(undone, "prompt")?["prompt"], WorkflowDemo.kinds.first { $0.name == "Prompt" }?.defaults.first?.1)
    }

    func testWorkflowPaletteNodesStartWithTheirKindsDefaults() async throws {
        let palette = Panel(position: .centerRight, title: "Drag a node onto the canvas",
                            lines: WorkflowDemo.kinds.map { "\($0.category) · \($0.name)" })
        let measurer = try SDLHost(headlessSize: Size(width: 8, height: 8)).text
        let k = try XCTUnwrap(WorkflowDemo.kinds.firstIndex { $0.name == "Generate image" })
        let item = palette.lineFrame(k, canvasSize: Size(width: 1280, height: 800), measurer: measurer).center
        let g = try run("workflow", drag(item, Point(x: 700, y: 560)))
        let added = try XCTUnwrap(g.store.nodes.first { $0.id == "added-1" })
        XCTAssertEqual(added.data["kind"], .string("Generate image"))
        XCTAssertEqual(added.data["steps"], .number(30))
        XCTAssertEqual(added.data["hiresFix"], .bool(false))
        XCTAssertEqual(added.data["tint"], .string("#F59E0B"))
        XCTAssertEqual(added.width, 230)
        XCTAssertEqual(added.position, Point(x: 700 - 115, y: 548), "dropped centred under the pointer")
        XCTAssertEqual(controls(g).filter { $0.node == "added-1" }.map(\.kind), ["number", "toggle", "color"])
    }
}
