import SwiftFlow

/// The command-line options every canvas executable takes (replay.md), parsed.
public struct RunOptions: Hashable, Sendable {
    /// `--open FILE`: a native JSON graph or a ComfyUI/LiteGraph workflow.
    public var open: String?
    /// `--object-info FILE`: a ComfyUI server's `/object_info` JSON (`ComfyUIObjectInfo`), naming
    /// and typing the widgets of the workflow opened with `--open`.
    public var objectInfo: String?
    /// `--nodes N`: the generated stress graph with N nodes.
    public var nodes: Int?
    /// `--size WxH`: canvas size in points. Default 1280x800.
    public var size = Size(width: 1280, height: 800)
    /// `--headless`: render offscreen (also chosen when no display exists).
    public var headless = false
    /// `--backend sdl|gl|software`; nil = the best available (software when headless).
    public var backend: RenderBackendKind?
    /// `--replay SCRIPT`: input script to play instead of live input; the run then exits.
    public var replay: String?
    /// `--frames N`: frames to run (after the script, if any) before exiting.
    public var frames: Int?
    /// `--screenshot FILE.png`: save the last frame.
    public var screenshot: String?
    /// `--save FILE.json`: save the resulting graph (native JSON) on exit.
    public var save: String?
    /// `--save-comfyui FILE.json`: save the resulting graph as a ComfyUI workflow on exit
    /// (`ComfyUIExport`: a loaded workflow keeps every field the importer did not use).
    public var saveComfyUI: String?
    /// `--comfy-input DIR`: the ComfyUI input folder LoadImage nodes' pictures are found in (and
    /// PreviewImage / SaveImage nodes' `images`; `ComfyUIImageFolder`).
    public var comfyInput: String?
    /// `--comfy-output DIR` (with `--comfy-input`): the ComfyUI output folder, where SaveImage
    /// nodes' last saved images and PreviewImage / SaveImage `images` of type "output" / "temp"
    /// are found; default: the input folder.
    public var comfyOutput: String?
    /// `--export-png FILE.png`: save an image of the whole graph (not just the view) on exit
    /// (`GraphImage`).
    public var exportPNG: String?
    /// `--export-scale S`: pixels per flow unit of `--export-png`. Default 1.
    public var exportScale = 1.0
    /// `--report FILE.json`: write frame statistics.
    public var report: String?
    /// `--connection-mode strict|loose`.
    public var connectionMode = ConnectionMode.strict
    /// `--snap-grid N`: turns on `snapToGrid` with an N x N grid (flow units).
    public var snapGrid: Double?
    /// `--theme light|dark`; nil = light, or dark for ComfyUI workflows.
    public var theme: String?
    /// `--viewport file|fit`: start at the file's saved viewport, or fit the view to the graph.
    /// nil = the file's viewport for native files, fit for ComfyUI workflows (their `extra.ds`
    /// was saved for another screen size) and for graphs without a viewport.
    public var viewport: ViewportChoice?

    /// Where the view starts.
    public enum ViewportChoice: String, Hashable, Sendable { case file, fit }

    /// A bad command line; `description` is the one line to print.
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    public static let usage = """
    options: [--open FILE [--object-info FILE] | --nodes N] [--size WxH] [--headless] [--backend sdl|gl|software]
             [--replay SCRIPT] [--frames N] [--screenshot FILE.png] [--save FILE.json] [--report FILE.json]
             [--save-comfyui FILE.json] [--comfy-input DIR [--comfy-output DIR]] [--export-png FILE.png] [--export-scale S]
             [--connection-mode strict|loose] [--snap-grid N] [--theme light|dark] [--viewport file|fit]
    what each option does: README.md, "The stress-test canvas"; the --replay script and --report's
    fields: docs/spec/replay.md. Headless, nothing is printed unless a screenshot, report or
    graph image is written; --frames defaults to 60 there (1 after a --replay script).
    """

    /// The largest `--nodes` accepted: 1,000,000 (4 million handles).
    public static let maxNodes = 1_000_000

    /// Creates the defaults.
    public init() {}

    /// Parses `arguments` (without the program name).
    /// - Throws: `ParseError` naming the bad option or value.
    public init(arguments: [String]) throws {
        var it = arguments.makeIterator()
        func value(_ option: String) throws -> String {
            guard let v = it.next() else { throw ParseError(description: "\(option) needs a value") }
            return v
        }
        func count(_ option: String, max: Int) throws -> Int {
            let v = try value(option)
            guard let n = Int(v), n >= 0, n <= max else {
                throw ParseError(description: "\(option): expected a whole number from 0 to \(max), got '\(v)'")
            }
            return n
        }
        var seen = Set<String>()
        while let arg = it.next() {
            if arg.hasPrefix("--"), !seen.insert(arg).inserted { throw ParseError(description: "\(arg) is given twice") }
            switch arg {
            case "--open": open = try value(arg)
            case "--object-info": objectInfo = try value(arg)
            case "--nodes": nodes = try count(arg, max: RunOptions.maxNodes)
            case "--size":
                let v = try value(arg)
                let parts = v.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
                guard parts.count == 2, let w = parts[0], let h = parts[1], [w, h].allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= 16384 }) else {
                    throw ParseError(description: "--size: expected WxH in points, e.g. 1280x800, got '\(v)'")
                }
                size = Size(width: w, height: h)
            case "--headless": headless = true
            case "--backend":
                let v = try value(arg)
                guard let b = RenderBackendKind(rawValue: v) else { throw ParseError(description: "--backend: expected sdl, gl or software, got '\(v)'") }
                backend = b
            case "--replay": replay = try value(arg)
            case "--frames": frames = try count(arg, max: Int(Int32.max))
            case "--screenshot": screenshot = try value(arg)
            case "--save": save = try value(arg)
            case "--report": report = try value(arg)
            case "--save-comfyui": saveComfyUI = try value(arg)
            case "--comfy-input": comfyInput = try value(arg)
            case "--comfy-output": comfyOutput = try value(arg)
            case "--export-png": exportPNG = try value(arg)
            case "--export-scale":
                let v = try value(arg)
                guard let g = Double(v), g.isFinite, g > 0, g <= 64 else {
                    throw ParseError(description: "--export-scale: expected a number above 0 and at most 64, got '\(v)'")
                }
                exportScale = g
            case "--connection-mode":
                let v = try value(arg)
                guard let m = ConnectionMode(rawValue: v) else { throw ParseError(description: "--connection-mode: expected strict or loose, got '\(v)'") }
                connectionMode = m
            case "--snap-grid":
                let v = try value(arg)
                guard let g = Double(v), g.isFinite, g > 0 else { throw ParseError(description: "--snap-grid: expected a positive number, got '\(v)'") }
                snapGrid = g
            case "--theme":
                let v = try value(arg)
                guard v == "light" || v == "dark" else { throw ParseError(description: "--theme: expected light or dark, got '\(v)'") }
                theme = v
            case "--viewport":
                let v = try value(arg)
                guard let c = ViewportChoice(rawValue: v) else { throw ParseError(description: "--viewport: expected file or fit, got '\(v)'") }
                viewport = c
            default: throw ParseError(description: "unknown option '\(arg)'")
            }
        }
        if open != nil && nodes != nil { throw ParseError(description: "--open and --nodes exclude each other") }
        if objectInfo != nil && open == nil { throw ParseError(description: "--object-info needs --open") }
        if seen.contains("--export-scale") && exportPNG == nil { throw ParseError(description: "--export-scale needs --export-png") }
        if comfyOutput != nil && comfyInput == nil { throw ParseError(description: "--comfy-output needs --comfy-input") }
    }
}
