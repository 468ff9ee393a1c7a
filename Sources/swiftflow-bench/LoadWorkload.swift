// Workload "load": what a user waits for before the first picture of a large graph, through the
// path swiftflow-stress takes (`runStress`: its `CanvasRunner`, a `FlowStore`, the headless SDL
// host): generating the stress graph and drawing its first, fitted frame; and loading the same
// graph from a native JSON file (`FlowFile.load`, as `--open` does), after saving it
// (`FlowFile.save`, as `--save` does: informative). CPU time of this thread, except for the
// generation and the first frame, whose passes over every element run on every core
// (`ParallelChunks`): they are wall-clock time, what the user waits, with the CPU time of all the
// process's threads beside them (informative; on a loaded machine the wall clock also counts the
// other processes' share of the cores). The first frame's figure is the runner's own
// (`first_frame_wall_ms` of its `--report`: from its start to the first frame rendered); the
// whole run, which also frees the graph when the session ends, is beside it.

#if canImport(Glibc)
import Glibc
#endif
import CAllocationCounter
import SwiftFlowSDL

func loadWorkload() -> Workload {
    Workload(name: "load") {
        MainActor.assumeIsolated { loadRows() }
    }
}

@MainActor
private func loadRows() -> [BenchRow] {
    // The baseline size, then the size the targets are stated at.
    let sizes = scaled([100_000, 1_000_000], smoke: [300, 3_000])
    func row(_ figure: String, _ values: [Double], limit: Double?) -> BenchRow {
        let holds = limit.map { values[1] <= $0 }
        return BenchRow(workload: "load", figure: figure, size: sizes[1], value: values[1], unit: .time,
                        baselineName: "same, N=\(sizes[0])", baseline: values[0], ratio: values[1] / values[0],
                        target: limit.map { "<= \(Int($0 / 1e9)) s" }, holds: holds)
    }
    // Wall-clock and all threads' CPU nanoseconds of `body`.
    func wallAndCPU(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let wall = wallNow(), cpu = processCPUNow()
        body()
        return (wallNow() - wall, processCPUNow() - cpu)
    }
    let generate = sizes.map { n in
        wallAndCPU { consume(StressGraph.make(nodeCount: n).edges.count) }
    }
    // swiftflow-stress --headless --nodes N --frames 1: generation, the store, the canvas and the
    // first frame (fitted: every node laid out once, the overview tiles on screen rasterised),
    // to the first frame rendered (the report's `first_frame_wall_ms`); and the whole run, which
    // then frees the graph, the canvas and the host (informative).
    var firstFrame: [Double] = []
    let run = sizes.map { n in
        wallAndCPU {
            let report = stressReport(["--headless", "--nodes", "\(n)", "--frames", "1"])
            firstFrame.append(report.map { reportNumber($0, "first_frame_wall_ms") * 1e6 } ?? .nan)
        }
    }
    let path = "/tmp/swiftflow-bench-load-\(getpid()).json"
    defer { unlink(path) }
    var fileBytes = 0
    // The save's CPU time and its peak resident memory above the resident memory before it (the
    // graph generated, the free heap returned to the system; nil when the peak cannot be reset).
    var save: [Double] = [], saveGrowth: [Double]? = []
    let nativeLoad = sizes.map { n -> Double in
        let doc = StressGraph.make(nodeCount: n)
        allocation_counter_trim()
        let resident = residentBytes(), peakReset = resetPeakResident()
        let saveStart = cpuNow()
        do { try FlowFile.save(doc, to: path) } catch { check(false, "load: \(error)") }
        save.append(nanos(since: saveStart))
        saveGrowth = peakReset ? saveGrowth.map { $0 + [(peakResidentBytes() - resident) / 1e6] } : nil
        withExtendedLifetime(doc) {}
        var info = stat()
        if stat(path, &info) == 0 { fileBytes = Int(info.st_size) }
        let start = cpuNow()
        var nodes = 0
        do { nodes = try FlowFile.load(path: path).nodes.count } catch { check(false, "load: \(error)") }
        let t = nanos(since: start)
        check(nodes == n, "load: \(nodes) nodes read back, \(n) written")
        return t
    }
    var rows = [
        row("generate (StressGraph), wall", generate.map(\.wall), limit: nil),
        row("generate (StressGraph), CPU all threads", generate.map(\.cpu), limit: nil),
        row("generate + first frame, wall", firstFrame, limit: 3e9),
        row("whole run (first frame, then freed), wall", run.map(\.wall), limit: nil),
        row("whole run, CPU all threads", run.map(\.cpu), limit: nil),
        row("native save, \(fileBytes / 1_000_000) MB", save, limit: nil),
        row("native load, \(fileBytes / 1_000_000) MB", nativeLoad, limit: 8e9),
    ]
    if let growth = saveGrowth {
        rows.insert(BenchRow(workload: "load", figure: "native save, peak resident growth", size: sizes[1], value: growth[1],
                             unit: .megabytes, baselineName: "same, N=\(sizes[0])", baseline: growth[0],
                             ratio: growth[1] / max(growth[0], 1e-9), target: nil, holds: nil), at: 5)
    }
    return rows
}
