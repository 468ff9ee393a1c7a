// The benchmark harness: named workloads, each timed beside a baseline measured in the same run.
// A workload is one function returning a `Workload`; register it in main.swift.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One row of the table. `run` does its own (untimed) setup, then returns the median time per
/// operation in nanoseconds of the measured code and of its baseline.
struct Workload {
    let name: String
    /// The problem size shown in the table (points, handles, nodes… as the workload says).
    let size: Int
    let run: () -> (measured: Double, baseline: Double, baselineName: String)
}

/// Receives results so the optimiser cannot drop the work that produced them.
nonisolated(unsafe) private var checksum: UInt64 = 0

/// Folds `value` into the checksum printed at the end of a run.
@inline(never)
func consume(_ value: Int) {
    checksum = checksum &* 0x100_0000_01B3 &+ UInt64(bitPattern: Int64(value))
}

/// Median wall time per operation in nanoseconds: `body` performs `operations` operations;
/// it runs once to warm up, then `repetitions` timed times, each after an untimed `setup`.
func medianNanosPerOp(operations: Int, repetitions: Int = 9, setup: () -> Void = {}, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    setup()
    body()
    var samples: [Double] = []
    for _ in 0 ..< repetitions {
        setup()
        let start = clock.now
        body()
        let elapsed = start.duration(to: clock.now).components
        samples.append((Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) * 1e-9) / Double(operations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Stops the run when a workload's two implementations disagree: a fast wrong answer is no result.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("swiftflow-bench: \(message())") }
}

/// Parses `[--json] [--filter NAME]`, runs the matching workloads (name contains NAME, any
/// case) and prints a table, or a JSON array with `--json`; the checksum goes to stdout after
/// the table, to stderr with `--json`.
func runBench(_ workloads: [Workload]) {
    var json = false, filter: String?
    var args = CommandLine.arguments.dropFirst()
    while let arg = args.popFirst() {
        switch arg {
        case "--json": json = true
        case "--filter" where !args.isEmpty: filter = args.popFirst()!.lowercased()
        default:
            print("usage: swiftflow-bench [--json] [--filter NAME]\nworkloads: \(Set(workloads.map(\.name)).sorted().joined(separator: ", "))")
            exit(arg == "--help" ? 0 : 2)
        }
    }
    let selected = workloads.filter { filter == nil || $0.name.lowercased().contains(filter!) }
    if selected.isEmpty {
        print("swiftflow-bench: no workload matches '\(filter ?? "")'")
        exit(2)
    }
    // (title, width, left-aligned)
    let columns = [("workload", 14, true), ("size", 9, false), ("median/op", 12, false),
                   ("baseline", 18, true), ("median/op", 12, false), ("ratio", 9, false)]
    func row(_ cells: [String]) -> String {
        zip(columns, cells).map { column, cell in
            let pad = String(repeating: " ", count: max(0, column.1 - cell.count))
            return column.2 ? cell + pad : pad + cell
        }.joined(separator: "  ")
    }
    if !json {
        let header = row(columns.map(\.0))
        print(header)
        print(String(repeating: "-", count: header.count))
    }
    var records: [String] = []
    for w in selected {
        let r = w.run()
        if json {
            records.append("""
              {"workload": "\(w.name)", "size": \(w.size), "measured_ns_per_op": \(fixed(r.measured, 1)), \
            "baseline": "\(r.baselineName)", "baseline_ns_per_op": \(fixed(r.baseline, 1)), \
            "speedup": \(fixed(r.baseline / r.measured, 2))}
            """)
        } else {
            print(row([w.name, String(w.size), duration(r.measured), r.baselineName, duration(r.baseline),
                       fixed(r.baseline / r.measured, 1) + "x"]))
        }
    }
    if json {
        print("[\n" + records.joined(separator: ",\n") + "\n]")
        fputs("checksum \(checksum)\n", stderr)
    } else {
        print("ratio = baseline / measured (higher is better); checksum \(checksum)")
    }
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
