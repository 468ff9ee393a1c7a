// Workload "memory": resident memory after loading the stress graph, and heap allocations per
// steady-state frame, counted through the CAllocationCounter target's interposed malloc.

import CAllocationCounter
import Foundation
import SwiftFlow

func memoryWorkload() -> Workload {
    Workload(name: "memory") {
        let sizes = scaled([1_000, 100_000, 1_000_000], smoke: [50, 400, 800])
        let resident = sizes.map(residentMegabytes)
        let targets = [(size: sizes[1], megabytes: 150.0), (size: sizes[2], megabytes: 1_200.0)]
        var rows = zip(targets, resident.dropFirst()).map { target, mb in
            BenchRow(workload: "memory", figure: "resident after load", size: target.size, value: mb, unit: .megabytes,
                     baselineName: "N=\(sizes[0])", baseline: resident[0], ratio: mb / resident[0],
                     target: "<= \(Int(target.megabytes)) MB", holds: mb <= target.megabytes)
        }

        allocation_counter_start()
        consume([Int](repeating: 1, count: 64).count)
        check(allocation_counter_stop() > 0, "the allocation counter sees no allocation (malloc not interposed)")
        let rigs = sizes.prefix(2).map { CanvasRig(nodes: $0) }
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
/// `nodes` nodes into a store and canvas and drew the first frame (`--resident-probe N`). The
/// probe's breakdown goes to stderr.
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
/// the process's resident memory in MB; on stderr, where the heap went: the graph (the node and
/// edge arrays and what their elements hold on the heap), then the store's maps and the canvas
/// with its first frame; and the resident memory once the heap's free memory is returned to the
/// system (`malloc_trim`: what the load freed but glibc kept). Returns false when the arguments
/// ask for something else.
func runResidentProbe() -> Bool {
    let args = CommandLine.arguments
    guard args.count == 3, args[1] == "--resident-probe", let n = Int(args[2]) else { return false }
    let start = allocation_counter_heap_in_use()
    let doc = StressGraph.make(nodeCount: n)
    let graph = allocation_counter_heap_in_use()
    let rig = CanvasRig(doc)
    consume(rig.list.vertices.count)
    let loaded = allocation_counter_heap_in_use()
    let resident = residentBytes()
    allocation_counter_trim()
    let trimmed = residentBytes()
    let arrays = doc.nodes.capacity * MemoryLayout<Node<JSONValue>>.stride + doc.edges.capacity * MemoryLayout<Edge<JSONValue>>.stride
    func mb(_ bytes: UInt64) -> String { fixed(Double(bytes) / 1e6, 1) + " MB" }
    printToStandardError("resident probe N=\(n): graph \(mb(graph - start)) (node and edge arrays \(mb(UInt64(arrays))) at "
                         + "\(MemoryLayout<Node<JSONValue>>.stride) B a node and \(MemoryLayout<Edge<JSONValue>>.stride) B an edge, "
                         + "their heap objects \(mb(graph - start - UInt64(arrays)))); store and canvas after the first frame "
                         + "\(mb(loaded - graph)); heap in use \(mb(loaded)), resident \(mb(UInt64(resident))) "
                         + "(\(mb(UInt64(trimmed))) once the free heap is returned to the system)\n")
    print(fixed(resident / 1e6, 1))
    withExtendedLifetime(rig) {}
    return true
}

/// The process's resident memory (VmRSS), bytes; -1 when /proc does not say.
func residentBytes() -> Double { statusBytes("VmRSS:") }

/// The process's peak resident memory (VmHWM) since it started or since `resetPeakResident`,
/// bytes; -1 when /proc does not say.
func peakResidentBytes() -> Double { statusBytes("VmHWM:") }

/// Sets the peak resident memory (VmHWM) to the resident memory now (writes 5 to
/// /proc/self/clear_refs); false when the system does not allow it.
func resetPeakResident() -> Bool {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return write(fd, "5", 1) == 1
}

/// A size in kB from /proc/self/status (`field` such as "VmRSS:"), in bytes; -1 when absent.
private func statusBytes(_ field: String) -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let kB = status.split(separator: "\n").first { $0.hasPrefix(field) }
        .flatMap { Double($0.dropFirst(field.count).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) } ?? -1
    return kB * 1024
}
