// Rendering workloads: the stress graph at N = 10,000 (40,000 handles, ~20,000 edges) in a
// 1280x800 window on SDL's offscreen video driver (Mesa EGL, llvmpipe), fitted to the view and
// at zoom 1:1, drawn by the GL backend (instance form) beside the SDL_Renderer backend
// (triangle form, SDL's "opengl" driver) in the same process, frames of the two interleaved.
// Timed per frame: the canvas emitting its draw list, the backend submitting it, and
// glFinish; whole frame = all three. Vertex counts and the split of CPU time go to stderr, with
// the backend's process CPU time (submit + glFinish, llvmpipe's threads included), which other
// processes competing for the cores move less than the wall clock.

#if canImport(Glibc)
import Glibc
#endif
import SwiftFlow
import SwiftFlowSDL

@MainActor
func renderBackendWorkloads() -> [Workload] {
    [RenderView.fitted, .fittedFullDetail, .oneToOne].map { view in
        Workload(name: "gl frame " + view.rawValue, rows: {
            // No row (and a line saying why) where a backend cannot be made, e.g. no GL 3.3 core
            // context: the display-path tests, not the bench, assert that GL works.
            guard let sdlRig = RenderRig(backend: .sdl, view: view), let glRig = RenderRig(backend: .gl, view: view) else { return [] }
            var sdlFrames: [FrameTimes] = [], glFrames: [FrameTimes] = []
            for _ in 0..<scaled(15, smoke: 2) {
                sdlFrames.append(sdlRig.frame())
                glFrames.append(glRig.frame())
            }
            let sdl = FrameTimes(median: sdlFrames), gl = FrameTimes(median: glFrames)
            let (sdlVertices, sdlBuilt) = sdlRig.vertexCounts, (glVertices, glBuilt) = glRig.vertexCounts
            check(sdlBuilt > 0 && glBuilt > 0, "a backend drew nothing")
            consume(sdlVertices + glVertices)
            printToStandardError("""
                render \(view.rawValue) N=10000: GPU vertices sdl \(sdlVertices) (\(sdlBuilt) built on the CPU) vs \
                gl \(glVertices) (\(glBuilt) instances): \(fixed(Double(sdlVertices) / Double(glVertices), 1))x fewer; \
                canvas emit sdl \(duration(sdl.emit)) vs gl \(duration(gl.emit)); \
                submit sdl \(duration(sdl.submit)) vs gl \(duration(gl.submit)); \
                backend process CPU sdl \(duration(sdl.backendCPU)) vs gl \(duration(gl.backendCPU)): \
                \(fixed(sdl.backendCPU / gl.backendCPU, 2))x; \
                CPU (emit+submit) \(fixed(sdl.cpu / gl.cpu, 1))x; \
                whole frame sdl \(duration(sdl.whole)) vs gl \(duration(gl.whole)): \(fixed(sdl.whole / gl.whole, 1))x faster \
                [\(sdlRig.host.backend.rendererName) | \(glRig.host.backend.rendererName)]

                """)
            var rows = [BenchRow(workload: "gl frame " + view.rawValue, figure: "time/op", size: 10_000, value: gl.whole, unit: .time,
                                 baselineName: "sdl backend", baseline: sdl.whole, ratio: sdl.whole / gl.whole)]
            if view == .fitted, let nodeByNode = RenderRig(backend: .gl, view: view, overviewPicture: false) {
                // Instances the GL backend is given: the overview picture's tiles and the live
                // nodes, beside the same frame drawn node by node.
                let tiles = glRig.list.instances.count, nodes = nodeByNode.list.instances.count
                rows.append(BenchRow(workload: "gl frame " + view.rawValue, figure: "instances submitted", size: 10_000, value: Double(tiles),
                                     unit: .count, baselineName: "node by node", baseline: Double(nodes), ratio: Double(tiles) / Double(nodes),
                                     target: "<= 5000", holds: tiles <= 5000))
            }
            return rows
        })
    }
}

/// The two views of the rendering workload.
private enum RenderView: String {
    /// The whole graph fitted to the window (clamped at minZoom 0.1: ~5,300 nodes drawn, with
    /// the margin culling keeps): at the default level of detail every node, handle and edge is
    /// a flat rectangle or a one-pixel line.
    case fitted
    /// The same view with `levelOfDetail` off: anti-aliased rounded boxes, circles, strokes and
    /// glyphs, the work the GPU form exists for.
    case fittedFullDetail = "fitted, full detail"
    /// Zoom 1 at the graph's origin (~40 nodes on screen).
    case oneToOne = "1:1"
}

/// One frame's times in nanoseconds (or the medians of several): wall clock, and the process's
/// CPU time from the end of the emit to the end of glFinish (`backendCPU`).
private struct FrameTimes {
    var emit: Double, submit: Double, whole: Double, backendCPU: Double
    var cpu: Double { emit + submit }

    init(emit: Double, submit: Double, whole: Double, backendCPU: Double) {
        self.emit = emit; self.submit = submit; self.whole = whole; self.backendCPU = backendCPU
    }

    init(median frames: [FrameTimes]) {
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        self.init(emit: median(frames.map(\.emit)), submit: median(frames.map(\.submit)), whole: median(frames.map(\.whole)),
                  backendCPU: median(frames.map(\.backendCPU)))
    }
}

/// A window, its backend and a canvas over the stress graph, the first frames already drawn.
@MainActor
private final class RenderRig {
    let host: SDLHost
    let store: FlowStore<JSONValue, JSONValue>
    let canvas: FlowCanvas<JSONValue, JSONValue>
    var list: DrawList

    /// Nil, after saying why on stderr, when `backend` cannot be made here (the host fell back).
    init?(backend: RenderBackendKind, view: RenderView, overviewPicture: Bool = true) {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        do {
            host = try SDLHost(title: "swiftflow-bench", size: Size(width: 1280, height: 800), backend: backend,
                               notice: { printToStandardError("swiftflow-bench: \($0)\n") })
        } catch {
            fatalError("swiftflow-bench: cannot open an offscreen window: \(error)")
        }
        guard host.backend.kind == backend else {
            printToStandardError("swiftflow-bench: gl frame: skipped: the \(backend.rawValue) backend is not available here\n")
            return nil
        }
        canvas = FlowCanvas(size: host.canvasSize, textMeasurer: host.text)
        let doc = StressGraph.make(nodeCount: 10_000)
        store = FlowStore(nodes: doc.nodes, edges: doc.edges, makeEdgeData: { _ in .null })
        store.attach(to: canvas)
        if view != .oneToOne { canvas.fitView() }
        canvas.levelOfDetail = view != .fittedFullDetail
        canvas.overviewPicture = overviewPicture
        list = host.backend.makeDrawList()
        for _ in 0..<2 { frame() }
    }

    /// Draws one frame and times it.
    @discardableResult
    func frame() -> FrameTimes {
        let clock = ContinuousClock()
        let start = clock.now
        store.frame(canvas, into: &list)
        let emitted = clock.now, backendStart = processCPUNow()
        do { try host.render(list, clear: .white) } catch { fatalError("swiftflow-bench: \(error)") }
        let submitted = clock.now
        host.backend.finish()
        let finished = clock.now
        return FrameTimes(emit: nanos(start.duration(to: emitted)), submit: nanos(emitted.duration(to: submitted)),
                          whole: nanos(start.duration(to: finished)), backendCPU: processCPUNow() - backendStart)
    }

    /// The GPU vertices of the last frame — SDL_RenderGeometry sends one per index, the GL
    /// backend four per quad instance and one per point or line-strip point — and the records built on the CPU (vertices or instances).
    var vertexCounts: (gpu: Int, built: Int) {
        list.form == .triangles ? (list.indices.count, list.vertices.count)
            : (ShapeInstance.vertexCount(list.instances), list.instances.count)
    }
}

private func nanos(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1e9 + Double(c.attoseconds) * 1e-9
}
