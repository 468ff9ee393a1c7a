// The benchmark harness: named workloads, each printing its figures beside a baseline measured
// in the same run, with the target a figure must meet. A workload is one function returning a
// `Workload`; register it in main.swift.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftFlowCore

/// One line of the table: a figure, its baseline from the same run, and the target if any.
struct BenchRow {
    /// The workload the row belongs to (hit, frame-local…).
    var workload: String
    /// What is measured, e.g. "snap query" or "median frame".
    var figure: String
    /// The problem size (handles, nodes… as the workload says).
    var size: Int
    var value: Double
    var unit: BenchUnit
    var baselineName: String?
    var baseline: Double?
    /// The comparison the target is about: a speed-up (baseline / value) or a ratio (value /
    /// baseline), as the workload defines it; nil when there is no baseline.
    var ratio: Double?
    /// The target in words, e.g. "≥ 100x" (nil: no target, the figure is informative).
    var target: String?
    /// Whether the target holds.
    var holds: Bool?
}

/// How a row's value and baseline print.
enum BenchUnit: String {
    /// Nanoseconds, printed as ns, µs or ms.
    case time
    /// A plain count or average.
    case count
    /// Megabytes (10⁶ bytes).
    case megabytes

    func format(_ v: Double) -> String {
        switch self {
        case .time: return duration(v)
        case .count: return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : fixed(v, 2)
        case .megabytes: return fixed(v, 1) + " MB"
        }
    }
}

/// A named piece of work producing one or more rows. `run` does its own (untimed) setup.
struct Workload {
    let name: String
    let run: () -> [BenchRow]

    /// A workload producing rows.
    init(name: String, rows: @escaping () -> [BenchRow]) {
        self.name = name
        run = rows
    }

    /// A timed workload: `run` returns the median nanoseconds per operation of the measured
    /// code and of its baseline; the row's ratio is the speed-up baseline / measured.
    init(name: String, size: Int, run: @escaping () -> (measured: Double, baseline: Double, baselineName: String)) {
        self.name = name
        self.run = {
            let r = run()
            return [BenchRow(workload: name, figure: "time/op", size: size, value: r.measured, unit: .time,
                             baselineName: r.baselineName, baseline: r.baseline, ratio: r.baseline / r.measured)]
        }
    }
}

/// Small problem sizes and few frames (`--smoke`): checks that every workload runs and that
/// fast and slow implementations agree, in seconds, with no targets.
let smokeRun = CommandLine.arguments.contains("--smoke")

/// `full` normally, `smoke` in a smoke run.
func scaled<T>(_ full: T, smoke: T) -> T { smokeRun ? smoke : full }

/// Receives results so the optimiser cannot drop the work that produced them. (nonisolated(unsafe):
/// the bench runs every workload on the main thread, and an atomic would add to what it measures.)
nonisolated(unsafe) private var checksum: UInt64 = 0

/// Folds `value` into the checksum printed at the end of a run.
@inline(never)
func consume(_ value: Int) {
    checksum = checksum &* 0x100_0000_01B3 &+ UInt64(bitPattern: Int64(value))
}

/// This thread's CPU time in nanoseconds (CLOCK_THREAD_CPUTIME_ID): every figure is CPU time,
/// so that other processes competing for the cores do not count.
func cpuNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

/// CPU nanoseconds spent by this thread since `start` (a `cpuNow()` reading).
func nanos(since start: Double) -> Double { cpuNow() - start }

/// The process's CPU time in nanoseconds (CLOCK_PROCESS_CPUTIME_ID: every thread, llvmpipe's
/// and the canvas' parallel passes' too).
func processCPUNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

/// Wall-clock nanoseconds on the monotonic clock: for what a user waits for while the work runs
/// on several cores (CLOCK_MONOTONIC).
func wallNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

/// Median CPU time per operation in nanoseconds: `body` performs `operations` operations;
/// it runs once to warm up, then `repetitions` timed times, each after an untimed `setup`.
func medianNanosPerOp(operations: Int, repetitions: Int = 9, setup: () -> Void = {}, _ body: () -> Void) -> Double {
    setup()
    body()
    var samples: [Double] = []
    for _ in 0 ..< scaled(repetitions, smoke: 1) {
        setup()
        let start = cpuNow()
        body()
        samples.append(nanos(since: start) / Double(operations))
    }
    return percentile(samples, 0.5)
}

/// The `p`-quantile (0...1) of `samples` (nearest rank); 0 for no samples.
func percentile(_ samples: [Double], _ p: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

/// Stops the run when a workload's two implementations disagree: a fast wrong answer is no result.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("swiftflow-bench: \(message())") }
}

/// Parses `[--json FILE] [--filter NAME] [--smoke]`, runs the matching workloads (name contains
/// NAME, any case), prints one table and, with `--json`, writes the rows to FILE as a JSON array.
/// Ends with how many targets hold; exits 1 when one does not (never in a smoke run).
func runBench(_ workloads: [Workload]) {
    var jsonPath: String?, filter: String?
    var args = CommandLine.arguments.dropFirst()
    while let arg = args.popFirst() {
        switch arg {
        case "--json" where !args.isEmpty: jsonPath = args.popFirst()!
        case "--filter" where !args.isEmpty: filter = args.popFirst()!.lowercased()
        case "--smoke": break   // read by `smokeRun`
        default:
            print("usage: swiftflow-bench [--json FILE] [--filter NAME] [--smoke]\nworkloads: \(workloads.map(\.name).joined(separator: ", "))")
            exit(arg == "--help" ? 0 : 2)
        }
    }
    let selected = workloads.filter { filter == nil || $0.name.lowercased().contains(filter!) }
    if selected.isEmpty {
        print("swiftflow-bench: no workload matches '\(filter ?? "")'")
        exit(2)
    }
    // (title, width, left-aligned)
    let columns = [("workload", 14, true), ("figure", 24, true), ("size", 7, false), ("value", 11, false),
                   ("baseline", 22, true), ("value", 11, false), ("ratio", 8, false), ("target", 12, true), ("", 4, true)]
    func line(_ cells: [String]) -> String {
        zip(columns, cells).map { column, cell in
            let pad = String(repeating: " ", count: max(0, column.1 - cell.count))
            return column.2 ? cell + pad : pad + cell
        }.joined(separator: "  ")
    }
    let header = line(columns.map(\.0))
    print(header)
    print(String(repeating: "-", count: header.count))
    var rows: [BenchRow] = []
    for w in selected {
        for r in w.run() {
            rows.append(r)
            print(line([r.workload, r.figure, String(r.size), r.unit.format(r.value), r.baselineName ?? "",
                        r.baseline.map(r.unit.format) ?? "", r.ratio.map { fixed($0, $0 < 10 ? 2 : 0) + "x" } ?? "",
                        smokeRun ? "" : r.target ?? "", smokeRun ? "" : r.holds.map { $0 ? "ok" : "MISS" } ?? ""]))
        }
    }
    let targets = rows.filter { $0.holds != nil }, held = targets.filter { $0.holds == true }
    print("ratio: a speed-up (baseline / value) for hit and time/op rows, value / baseline elsewhere; checksum \(checksum)")
    if !smokeRun { print("targets: \(held.count) of \(targets.count) hold") }
    if let jsonPath { writeJSON(rows, to: jsonPath) }
    if !smokeRun && held.count != targets.count { exit(1) }
}

/// Writes `rows` to `path` as a JSON array of objects (values to 3 decimals; units ns, MB or
/// count; nulls where a row has no baseline, ratio or target).
private func writeJSON(_ rows: [BenchRow], to path: String) {
    func number(_ v: Double?) -> JSONValue { v.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
    func string(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
    let records = rows.map { r in
        JSONValue.object(JSONObject([
            ("workload", .string(r.workload)), ("figure", .string(r.figure)), ("size", .number(Double(r.size))),
            ("value", number(r.value)), ("unit", .string(r.unit == .time ? "ns" : r.unit == .megabytes ? "MB" : "count")),
            ("baseline", string(r.baselineName)), ("baseline_value", number(r.baseline)), ("ratio", number(r.ratio)),
            ("target", string(r.target)), ("holds", r.holds.map { .bool($0) } ?? .null),
        ]))
    }
    do { try FlowFile.write(JSONWriter.bytes(.array(records), pretty: true), to: path) } catch {
        printToStandardError("swiftflow-bench: cannot write \(path): \(error)\n")
        exit(2)
    }
}

/// Writes `message` to standard error (not `fputs(_, stderr)`: Swift 6 rejects the C global
/// `stderr` as shared mutable state).
func printToStandardError(_ message: String) {
    var message = message
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// `v` with `digits` decimals (no Foundation).
func fixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return v.isNaN ? "null" : (v > 0 ? "1e999" : "-1e999") }
    var scale = 1.0
    for _ in 0 ..< digits { scale *= 10 }
    let scaled = Int64((abs(v) * scale).rounded())
    let whole = scaled / Int64(scale), frac = String(scaled % Int64(scale))
    let sign = v < 0 && scaled != 0 ? "-" : ""
    return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole)." + String(repeating: "0", count: digits - frac.count) + frac
}

/// A nanosecond figure in ns, µs or ms.
func duration(_ ns: Double) -> String {
    ns < 1e3 ? fixed(ns, 1) + " ns" : ns < 1e6 ? fixed(ns / 1e3, 2) + " us" : fixed(ns / 1e6, 2) + " ms"
}
