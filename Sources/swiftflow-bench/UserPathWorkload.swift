// Workload "user-path": the replay scripts of scripts/user-path run through swiftflow-stress's
// own runner (`CanvasRunner`, in this process: the generated stress graph, a `FlowStore`, the
// headless SDL host and its software renderer), the frame figures read from the runner's
// `--report`. The figures are the runner's canvas times, which are wall-clock (the rest of the
// bench is CPU time), so they move with the machine's load; the ratios are within one run. The
// `edit` workload measures the same edits with the same components, CPU-timed and repeated.

#if canImport(Glibc)
import Glibc
#endif
import SwiftFlowSDL

/// The scripts, next to this package's sources.
private let userPathDirectory: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Sources/swiftflow-bench/UserPathWorkload.swift
    return parts.joined(separator: "/") + "/scripts/user-path"
}()

func userPathWorkload() -> Workload {
    Workload(name: "user-path") {
        MainActor.assumeIsolated { userPathRows() }
    }
}

@MainActor
private func userPathRows() -> [BenchRow] {
    let sizes = scaled([1_000, 100_000, 1_000_000], smoke: [50, 300])
    // (script, figure, report field, target at the largest size: ratio limit)
    let scripts: [(String, String, (JSONValue) -> Double, Double?)] = [
        ("drag", "drag 1 node median", { reportNumber($0, "median_canvas_ms") }, 2),
        ("nudge", "nudge median", { reportNumber($0, "median_canvas_ms") }, 2),
        ("connect", "connect p95", { reportNumber($0, "p95_canvas_ms") }, 2),
        // 10 rounds of 5 frames, plus the viewport frame and the runner's closing frame. The
        // viewport frame is the run's first, which lays out every node (about a second at 100k):
        // it is left out by its own time, the closing frame by the median.
        ("delete-undo", "delete+undo round trip",
         { (reportNumber($0, "total_canvas_ms") - reportNumber($0, "first_canvas_ms") - reportNumber($0, "median_canvas_ms")) / 10 }, nil),
    ]
    var rows: [BenchRow] = []
    for (script, figure, read, limit) in scripts {
        // The largest size only for the scripts whose target is stated at it (the delete round
        // trip at 1M runs for minutes).
        let runSizes = limit == nil && !smokeRun ? Array(sizes.prefix(2)) : sizes
        let values = runSizes.map { n -> Double in
            guard let report = runScript("\(userPathDirectory)/\(script).replay", nodes: n) else { return .nan }
            return read(report) * 1e6
        }
        for k in 1..<values.count {
            let largest = k == values.count - 1 && limit != nil
            let ratio = values[k] / values[0]
            rows.append(BenchRow(workload: "user-path", figure: figure, size: runSizes[k], value: values[k], unit: .time,
                                 baselineName: "same script, N=\(runSizes[0])", baseline: values[0], ratio: ratio,
                                 target: largest ? "<= \(Int(limit!))x" : nil, holds: largest ? ratio <= limit! : nil))
        }
    }
    return rows
}

/// The number `key` of a `--report` (NaN when missing).
func reportNumber(_ report: JSONValue, _ key: String) -> Double {
    if case .number(let v)? = report[key] { return v }
    return .nan
}

/// Runs `swiftflow-stress --headless --nodes N --replay SCRIPT --report FILE` in this process
/// (`runStress`) and returns the report.
@MainActor
private func runScript(_ path: String, nodes: Int) -> JSONValue? {
    stressReport(["--headless", "--nodes", "\(nodes)", "--replay", path])
}

/// Runs `swiftflow-stress` with the command line `args` and `--report FILE` in this process
/// (`runStress`) and returns the report (nil when the run or the report failed).
@MainActor
func stressReport(_ args: [String]) -> JSONValue? {
    let report = "/tmp/swiftflow-bench-report-\(getpid()).json"
    defer { unlink(report) }
    guard runStress(args + ["--report", report]) else { return nil }
    guard let fd = fopen(report, "r") else { return nil }
    defer { fclose(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, fd)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return try? JSONParser.parse(bytes)
}

/// Runs `swiftflow-stress` with the command line `args` in this process: its runner
/// (`CanvasRunner`), configured as swiftflow-stress configures it, with the runner's summary
/// line on standard output silenced. Returns whether it exited 0 (the bench stops when not).
@MainActor
func runStress(_ args: [String]) -> Bool {
    guard let options = try? RunOptions(arguments: args) else { check(false, "bad swiftflow-stress options \(args)"); return false }
    let runner = CanvasRunner(options: options, title: "swiftflow-bench",
                              defaultDocument: { StressGraph.make(nodeCount: 2000) },
                              configure: { canvas, store in
                                  ComfyUINodeTypes.register(on: canvas)
                                  if store.nodes.count > 100_000 { canvas.minZoom = 0.001 }
                              })
    fflush(nil)
    let saved = dup(1), null = open("/dev/null", O_WRONLY)
    dup2(null, 1)
    let code = runner.run()
    fflush(nil)
    dup2(saved, 1)
    close(null); close(saved)
    check(code == 0, "swiftflow-stress \(args.joined(separator: " ")) exited \(code)")
    return code == 0
}
