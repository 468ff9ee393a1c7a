import CSDL2
import Foundation
import SwiftFlow

/// Runs a canvas executable's whole session per replay.md: loads the graph, opens a window (or
/// renders headless), plays a script or live input through the frame loop, and writes the
/// screenshot, saved graph and report asked for.
///
/// Exit codes: 0 on success; 2 for a bad command line or a missing or malformed file (one line
/// naming the file, the JSON path and the problem); 1 when the platform fails (no font, SDL error).
@MainActor
public struct CanvasRunner {
    public let options: RunOptions
    /// The graph to show when neither `--open` nor `--nodes` is given.
    public var defaultDocument: () -> FlowDocument
    /// Registers node types, components and other settings on the canvas before the first
    /// frame; gets the store that owns the graph (loaded from `--open`/`--nodes` or
    /// `defaultDocument`), which it may keep to change the graph later. The store is already
    /// attached: a change callback set here replaces the store's unless it calls it
    /// (`FlowStore.attach(to:)`).
    public var configure: (FlowCanvas<JSONValue, JSONValue>, FlowStore<JSONValue, JSONValue>) -> Void
    /// Window title.
    public var title: String

    /// Creates a runner.
    public init(options: RunOptions, title: String, defaultDocument: @escaping () -> FlowDocument,
                configure: @escaping (FlowCanvas<JSONValue, JSONValue>, FlowStore<JSONValue, JSONValue>) -> Void = { _, _ in }) {
        self.options = options; self.title = title; self.defaultDocument = defaultDocument; self.configure = configure
    }

    /// Parses the process arguments and runs; returns the exit code.
    public static func main(title: String, defaultDocument: @escaping () -> FlowDocument,
                            configure: @escaping (FlowCanvas<JSONValue, JSONValue>, FlowStore<JSONValue, JSONValue>) -> Void = { _, _ in }) -> Int32 {
        let args = Array(CommandLine.arguments.dropFirst())
        if args.contains("--help") || args.contains("-h") { print(RunOptions.usage); return 0 }
        do {
            let options = try RunOptions(arguments: args)
            return CanvasRunner(options: options, title: title, defaultDocument: defaultDocument, configure: configure).run()
        } catch {
            printError("\(error) (see --help)")
            return 2
        }
    }

    /// Runs the session; returns the exit code.
    public func run() -> Int32 {
        let start = ContinuousClock.now
        var document: FlowDocument
        var objectInfo: ComfyUIObjectInfo?
        let script: InputScript?
        do {
            if let path = options.open {
                objectInfo = try options.objectInfo.map(ComfyUIObjectInfo.load(path:))
                document = try FlowFile.load(path: path, objectInfo: objectInfo)
            }
            else if let n = options.nodes { document = StressGraph.make(nodeCount: n) }
            else { document = defaultDocument() }
            script = try options.replay.map { path in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw RunOptions.ParseError(description: "\(path): cannot read the script (missing or unreadable)")
                }
                let text = String(decoding: data, as: UTF8.self)
                do { return try InputScript(parsing: text) } catch {
                    throw RunOptions.ParseError(description: "\(path): \(error)")
                }
            }
            for (option, dir) in [("--comfy-input", options.comfyInput), ("--comfy-output", options.comfyOutput)] {
                guard let dir else { continue }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw RunOptions.ParseError(description: "\(option): '\(dir)' is not a folder")
                }
            }
        } catch {
            printError("\(error)")
            return 2
        }
        for d in document.diagnostics { printError("warning: \(d)") }
        // The store owns the graph's arrays from here on and the document keeps none: were they
        // shared, the store's first edit of each array would copy it whole (O(graph) once).
        let store = FlowStore<JSONValue, JSONValue>(nodes: document.nodes, edges: document.edges, makeEdgeData: { _ in .null })
        let isComfy = Self.holdsComfyUINodes(document.nodes)
        let hasSubgraphs = !ComfyUIImport.subgraphIds(of: document).isEmpty
        if !hasSubgraphs { document.nodes = []; document.edges = [] }   // the subgraph navigator reads the document
        do {
            return try session(document: document, store: store, isComfy: isComfy, hasSubgraphs: hasSubgraphs, objectInfo: objectInfo,
                               script: script, start: start)
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    /// Whether any of `nodes` is a ComfyUI node. Outside the main actor: a closure made on it
    /// checks, at each of its calls from `contains`, that it runs there (95 ms at 1M nodes).
    private nonisolated static func holdsComfyUINodes(_ nodes: [Node<JSONValue>]) -> Bool {
        nodes.contains { $0.type == ComfyUIImport.nodeType }
    }

    private func session(document: FlowDocument, store: FlowStore<JSONValue, JSONValue>, isComfy: Bool, hasSubgraphs: Bool,
                         objectInfo: ComfyUIObjectInfo?, script: InputScript?, start: ContinuousClock.Instant) throws -> Int32 {
        let backend = options.backend ?? .best
        let env = ProcessInfo.processInfo.environment
        let displayless = SDLHost.hasNoDisplay(env)
        let headless = options.headless || displayless
        if !options.headless && displayless {
            let shown = options.screenshot == nil && options.exportPNG == nil ? "; nothing is shown: add --screenshot FILE.png" : ""
            printError("no display (DISPLAY and WAYLAND_DISPLAY are unset or empty): rendering headless\(shown)")
        }
        if headless, let asked = options.backend, asked != .software {
            printError("headless runs use SDL's software renderer; --backend \(asked.rawValue) applies to windows (SDL_VIDEODRIVER=offscreen gives a GL window without a display)")
        }
        let host = try SDLHost.open(title: title, size: options.size, backend: backend, headless: headless,
                                    notice: { printError($0) })
        // A window on SDL's offscreen or dummy driver has nobody to close it: run finitely.
        let interactive = !host.isUnattended
        let theme: FlowTheme = (options.theme ?? (isComfy ? "dark" : "light")) == "dark" ? .dark : .light
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: theme, textMeasurer: host.text)
        canvas.displayScale = host.displayScale
        canvas.imageProvider = host.images
        canvas.connectionMode = options.connectionMode
        canvas.onError = { printError("diagnostic: \($0)") }
        if let g = options.snapGrid {
            canvas.snapToGrid = true
            canvas.snapGrid = Size(width: g, height: g)
        }
        // The system clipboard needs SDL video (a window); headless runs keep the in-memory one.
        if !host.isHeadless { canvas.clipboard = SDLClipboard() }
        store.attach(to: canvas)
        configure(canvas, store)
        // --comfy-input / --comfy-output: ComfyUI nodes draw their pictures from those folders
        // (replacing the "comfyui" and "group" types `configure` registered).
        let imageFolder = options.comfyInput.map { ComfyUIImageFolder(input: $0, output: options.comfyOutput) }
        if let imageFolder { ComfyUINodeTypes.register(on: canvas, imageFolder: imageFolder) }
        // ComfyUI workflows: a double-click or a connection dropped on empty canvas opens the node
        // search box over the workflow's node types; right-click menus on nodes and the canvas.
        if isComfy {
            var workflow = document   // its nodes are the store's now (see above); shared only here
            workflow.nodes = store.nodes
            canvas.nodeCatalog = ComfyUINodeCatalog.make(from: workflow, objectInfo: objectInfo)
            ComfyUIMenus.install(on: canvas)
            ComfyUILinks.install(on: store)
        }
        // Subgraphs of a ComfyUI workflow open on double-click; Escape or the breadcrumb returns
        // (a component: it handles its input and draws its breadcrumb in the canvas' frame).
        var navigator: ComfyUISubgraphNavigator?
        if hasSubgraphs {
            let nav = ComfyUISubgraphNavigator(document: document, store: store, file: options.open ?? "graph",
                                               objectInfo: objectInfo)
            nav.attach(to: canvas)
            nav.onError = { (error: FlowFileError) in printError("error: \(error)") }
            navigator = nav
        }
        // Live windows show the frame-time readout (CPU ms, fps, visible counts) as a component.
        let overlay = FrameTimeOverlay()
        let choice = options.viewport ?? (isComfy ? .fit : .file)
        if choice == .file, let v = document.viewport, v.isValid { canvas.viewport = v } else { canvas.fitView() }

        var player = script.map { ScriptPlayer($0) }
        let live = player == nil && interactive && options.frames == nil
        // The overview picture's tile budget keeps live zooming smooth; a run nobody watches
        // (scripted, headless, a set number of frames) draws every tile in the frame that needs
        // it, so that screenshots and reports never show tiles still waiting.
        if !live { canvas.overviewTileBudget = .max }
        // Frames after the script: --frames, else 1 after a script, until closed when live, else 60.
        var remaining = options.frames ?? (player != nil ? 1 : (live ? Int.max : 60))
        let clock = SDLClock()
        var cpu = FrameTimeStatistics(), canvasTimes = FrameTimeStatistics()
        var list = host.backend.makeDrawList()
        var events: [InputEvent] = []
        var frames = 0
        var firstFrameWall = 0.0
        var manualTime = 0.0
        let cursors = interactive ? SDLCursors() : nil
        var failures: [String] = []
        func shoot(_ path: String) {
            do { try host.screenshot(to: path) } catch { failures.append("\(path): cannot save the screenshot: \(error)") }
        }
        while !host.quitRequested {
            events.removeAll(keepingCapacity: true)
            host.pollEvents(into: &events)
            let time: Double
            if var p = player, !p.isFinished {
                if !live { events.removeAll(keepingCapacity: true) }  // scripted runs ignore live input
                events += p.next(for: canvas)
                time = p.time
                player = p
            } else {
                if remaining <= 0 { break }
                remaining -= 1
                if !live { manualTime += 1000.0 / 60 }
                time = live ? clock.milliseconds : (player?.time ?? 0) + manualTime
            }
            let t0 = clock.milliseconds
            store.frame(canvas, events: events, time: time, into: &list)
            let t1 = clock.milliseconds
            cursors?.show(canvas.cursor)
            if interactive { host.updateTextInput(canvas.textInputRect) }
            if live, !canvas.components.contains(where: { $0 === overlay }) { canvas.components.append(overlay) }
            try host.render(list, clear: theme.background)
            // The whole frame ends when it is rendered: SDL's queued rasterisation (the software
            // renderer draws here) or the GPU's work (glFinish), not counting the vsync wait.
            host.backend.finish()
            let whole = clock.milliseconds - t0
            cpu.record(whole)
            overlay.record(whole)
            canvasTimes.record(t1 - t0)
            frames += 1
            if frames == 1 {
                let waited = (ContinuousClock.now - start).components
                firstFrameWall = Double(waited.seconds) + Double(waited.attoseconds) * 1e-18
            }
            let last = (remaining == 0 && player?.isFinished != false) || host.quitRequested
            if let path = options.screenshot, last { shoot(path) }
            host.present()
            // SDL's software renderer in a window has no vsync: pace live frames at 60 Hz.
            if live && host.backend.rendererName == "software" {
                let spare = 1000.0 / 60 - (clock.milliseconds - t0)
                if spare >= 1 { SDL_Delay(UInt32(spare)) }
            }
        }
        // With no frame drawn there is no picture and no frame statistics: both are errors, and
        // the graph is still saved below.
        if frames == 0 {
            if options.screenshot != nil { failures.append("no frame was drawn (--frames 0): no screenshot written") }
            if options.report != nil { failures.append("no frame was drawn (--frames 0): no report written") }
        }
        // The graph is saved even when the screenshot failed: the user's edits come first.
        var result = document
        navigator?.close(to: 0, on: canvas)   // what is saved is the workflow's own graph
        result.nodes = store.nodes; result.edges = store.edges; result.viewport = canvas.viewport; result.diagnostics = []
        // Edits inside subgraphs go into their definitions.
        do { for w in try navigator?.writeSubgraphs(into: &result) ?? [] { printError("warning: \(w)") } }
        catch { failures.append("\(error)") }
        if let path = options.save {
            do { try FlowFile.save(result, to: path) } catch { failures.append("\(error)") }
        }
        if let path = options.saveComfyUI {
            do { for w in try FlowFile.save(result, to: path, format: .comfyUI) { printError("warning: \(w)") } }
            catch { failures.append("\(error)") }
        }
        if let path = options.exportPNG {
            do {
                try GraphImage.writePNG(to: path, nodes: result.nodes, edges: result.edges, scale: options.exportScale, theme: theme) {
                    configure($0, FlowStore(nodes: result.nodes, edges: result.edges, makeEdgeData: { _ in .null }))
                    if let imageFolder { ComfyUINodeTypes.register(on: $0, imageFolder: imageFolder) }
                }
            } catch { failures.append("\(path): cannot export the graph: \(error)") }
        }
        if let path = options.report, frames > 0 {
            let report = FrameReport(frames: frames, cpu: cpu, canvas: canvasTimes, firstFrameWall: firstFrameWall, stats: canvas.stats,
                                     backend: host.backend.rendererName, headless: host.isHeadless)
            do { try FlowFile.write(JSONWriter.bytes(report.json, pretty: true), to: path) } catch { failures.append("\(error)") }
        }
        for f in failures { printError("error: \(f)") }
        if !failures.isEmpty { return 1 }
        if host.isHeadless, options.screenshot != nil || options.report != nil || options.exportPNG != nil {
            print("headless: \(frames) frames; median CPU \(format(cpu.median)) ms"
                  + (options.screenshot.map { "; screenshot \($0)" } ?? "") + (options.report.map { "; report \($0)" } ?? "")
                  + (options.exportPNG.map { "; graph image \($0)" } ?? ""))
        }
        return 0
    }
}

private func format(_ ms: Double) -> String { String(format: "%.2f", ms) }

/// Prints one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
}
