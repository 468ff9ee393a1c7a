// Workload "memory": resident memory after loading the stress graph, and heap allocations per
// steady-state frame, counted through the CAllocationCounter target's interposed malloc.

import CAllocationCounter
import Foundation
import SwiftFlow

func memoryWorkload() -> Workload {
    Workload(name: "memory") {
        let sizes = scaled([1_000, 100_000], smoke: [50, 400])
        let resident = sizes.map(residentMegabytes)
        var rows = [BenchRow(workload: "memory", figure: "resident after load", size: sizes[1], value: resident[1], unit: .megabytes,
                             baselineName: "N=\(sizes[0])", baseline: resident[0], ratio: resident[1] / resident[0],
                             target: "<= 400 MB", holds: resident[1] <= 400)]

        allocation_counter_start()
        consume([Int](repeating: 1, count: 64).count)
        check(allocation_counter_stop() > 0, "the allocation counter sees no allocation (malloc not interposed)")
        let rigs = sizes.map { CanvasRig(nodes: $0) }
        let handle = localHandle
        let scripts: [(String, [InputEvent])] = [
            ("allocations / hover frame", (0..<scaled(60, smoke: 4)).map { f in .pointerMove(Point(x: handle.x - 30 + Double(f), y: handle.y), modifiers: []) }),
            ("allocations / connect frame", hoverThenConnect(from: handle)),
            ("allocations / pan frame", panScript(from: Point(x: 1270, y: 790), step: Point(x: -2, y: -1), frames: scaled(60, smoke: 4))),
        ]
        for (figure, script) in scripts {
            let perFrame = rigs.map { rig -> Double in
                rig.canvas.viewport = localView
                rig.frames(script)   // warm-up: scratch buffers reach their steady capacity
                rig.canvas.viewport = localView
                allocation_counter_start()
                for event in script { rig.frame([event]) }
                return Double(allocation_counter_stop()) / Double(script.count)
            }
            rows.append(BenchRow(workload: "memory", figure: figure, size: sizes[1], value: perFrame[1], unit: .count,
                                 baselineName: "N=\(sizes[0])", baseline: perFrame[0], ratio: perFrame[1] / max(perFrame[0], 1e-9),
                                 target: "= N=\(sizes[0])", holds: perFrame[1] == perFrame[0]))
        }
        return rows
    }
}

/// Resident memory (VmRSS, MB) of a fresh bench process after it loaded the stress graph with
/// `nodes` nodes into a store and canvas and drew the first frame (`--resident-probe N`).
private func residentMegabytes(nodes: Int) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--resident-probe", String(nodes)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { check(false, "memory: cannot start the probe: \(error)") }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let mb = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        check(false, "memory: the probe failed: \(output)")
        return 0
    }
    return mb
}

/// `--resident-probe N`: loads the stress graph with N nodes, draws the first frame and prints
/// the process's resident memory in MB; returns false when the arguments ask for something else.
func runResidentProbe() -> Bool {
    let args = CommandLine.arguments
    guard args.count == 3, args[1] == "--resident-probe", let n = Int(args[2]) else { return false }
    let rig = CanvasRig(nodes: n)
    consume(rig.list.vertices.count)
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let kB = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        .flatMap { Double($0.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) } ?? -1
    print(fixed(kB * 1024 / 1e6, 1))
    withExtendedLifetime(rig) {}
    return true
}
