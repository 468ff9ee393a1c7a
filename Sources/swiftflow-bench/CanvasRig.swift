// A canvas driven headlessly for the canvas workloads: whole frames (layout, registry, indexes,
// interaction, tessellation into a draw list; no rasterisation), each timed from input to
// finished draw list.

import SwiftFlowTesting

/// A text measurer that draws one quad per non-space character, as the SDL glyph atlas does, so
/// that text costs vertices and time here as it does on screen (fixed advance, no SDL).
final class GlyphQuadTextMeasurer: TextMeasurer {
    private let metrics = FixedAdvanceTextMeasurer()

    func measure(_ text: String, fontSize: Double, face: FontFace) -> Size { metrics.measure(text, fontSize: fontSize, face: face) }

    func lineSkip(fontSize: Double, face: FontFace) -> Double { metrics.lineSkip(fontSize: fontSize, face: face) }

    func drawText(_ text: String, fontSize: Double, face: FontFace, scale: Double, origin: Point, color: Color, into list: inout DrawList) {
        let height = fontSize * scale * metrics.lineHeight, advance = fontSize * scale * metrics.advance
        var x = origin.x
        for scalar in text.unicodeScalars {
            if scalar != " " {
                list.addImage(TextureID(rawValue: 1), rect: Rect(x: x, y: origin.y, width: advance, height: height),
                              uv: Rect(x: 0, y: 0, width: 1, height: 1), color: color)
            }
            x += advance
        }
    }
}

/// A store and a 1280x800 canvas over a graph, driven by an `EmbeddedCanvas` (frames through
/// `FlowStore.frame`, the clock 16 ms a frame from 0, nothing recorded), with the first frame
/// already run.
final class CanvasRig {
    let driver: EmbeddedCanvas<JSONValue, JSONValue>
    var store: FlowStore<JSONValue, JSONValue> { driver.store }
    var canvas: FlowCanvas<JSONValue, JSONValue> { driver.canvas }
    var list: DrawList { driver.drawList }
    /// Time of the first frame, nanoseconds.
    let firstFrame: Double

    /// The generated stress graph with `nodes` nodes (replay.md).
    convenience init(nodes: Int, configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) {
        self.init(StressGraph.make(nodeCount: nodes), configure: configure)
    }

    init(_ doc: FlowDocument, configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) {
        driver = EmbeddedCanvas(nodes: doc.nodes, edges: doc.edges, makeEdgeData: { _ in .null },
                                textMeasurer: GlyphQuadTextMeasurer(), time: -16, frameDuration: 16)
        driver.recordsOutbound = false
        configure(driver.canvas)
        let start = cpuNow()
        driver.frame()
        firstFrame = nanos(since: start)
    }

    /// Runs one frame with `events` (the clock advancing 16 ms) and returns its CPU time, ns.
    @discardableResult
    func frame(_ events: [InputEvent]) -> Double {
        let start = cpuNow()
        driver.frame(events)
        let t = nanos(since: start)
        consume(driver.drawList.vertices.count)
        return t
    }

    /// Runs `script` (one frame per event) and returns each frame's time, ns.
    @discardableResult
    func frames(_ script: [InputEvent]) -> [Double] { script.map { frame([$0]) } }
}

/// The local view: zoom 1, the stress graph's node 0 at screen (300, 200), about 40 nodes
/// visible at any N; far enough from the canvas border that no gesture auto-pans.
let localView = Viewport(x: 300, y: 200, zoom: 1)
/// Node 0's first source handle (`out0`) in the local view, screen points.
let localHandle = Point(x: 460, y: 200 + 80.0 / 3)

/// A frame script: the pointer hovers over and around the handle at `handle` (screen points)
/// for 20 frames, then drags a connection from it across the view for 60 frames, sweeping over
/// other handles (snapping), and cancels it with Escape (so the graph never changes).
func hoverThenConnect(from handle: Point) -> [InputEvent] {
    var script: [InputEvent] = (0..<scaled(20, smoke: 3)).map { f in
        .pointerMove(Point(x: handle.x - 6 + Double(f % 7) * 2, y: handle.y + Double(f % 3) - 1), modifiers: [])
    }
    script.append(.pointerDown(handle, button: .primary, modifiers: [], clickCount: 1))
    for f in 0..<scaled(60, smoke: 4) {
        script.append(.pointerMove(Point(x: handle.x + 10 + Double(10 * f), y: handle.y + 4 + Double(5 * f)), modifiers: []))
    }
    script.append(.keyDown("Escape", modifiers: []))
    return script
}

/// A frame script: a pan drag with the secondary button from `start`, `frames` moves of `step`.
func panScript(from start: Point, step: Point, frames: Int) -> [InputEvent] {
    var script: [InputEvent] = [.pointerDown(start, button: .secondary, modifiers: [], clickCount: 1)]
    for f in 1...frames { script.append(.pointerMove(start + step * Double(f), modifiers: [])) }
    script.append(.pointerUp(start + step * Double(frames), button: .secondary, modifiers: []))
    return script
}

/// Runs `script` on every rig `repetitions` times, interleaved (rig 0, rig 1, …, rig 0, …) so
/// that every rig sees the same machine load, each run starting from `view` when given;
/// returns each rig's frame times, ns (after one untimed warm-up run).
func interleavedFrames(_ rigs: [CanvasRig], view: Viewport?, _ script: (CanvasRig) -> [InputEvent], repetitions: Int) -> [[Double]] {
    var samples = Array(repeating: [Double](), count: rigs.count)
    for rep in -1..<scaled(repetitions, smoke: 1) {
        for (k, rig) in rigs.enumerated() {
            if let view { rig.canvas.viewport = view }
            let times = rig.frames(script(rig))
            if rep >= 0 { samples[k] += times }
        }
    }
    return samples
}

/// A timed workload: CPU time per frame of a 60-frame gesture (`start`, 58 `move`s, `end`) at
/// `nodes` nodes in the default view, beside the same gesture at N = 1,000.
func gestureFrames(name: String, nodes n: Int, start: InputEvent, move: @escaping (Int) -> InputEvent,
                   end: InputEvent) -> Workload {
    Workload(name: name, size: n) {
        func measure(_ count: Int) -> Double {
            let rig = CanvasRig(nodes: count)
            let frames = scaled(60, smoke: 4)
            return medianNanosPerOp(operations: frames, repetitions: 7) {
                rig.frame([start])
                for f in 0..<frames - 2 { rig.frame([move(f)]) }
                rig.frame([end])
            }
        }
        return (measure(n), measure(1_000), "same view, N=1000")
    }
}
