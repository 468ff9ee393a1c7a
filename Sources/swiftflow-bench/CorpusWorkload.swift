// Workload "corpus": every ComfyUI workflow of ../shared/corpus/comfyui tiled into one canvas.

import Foundation
import SwiftFlow

/// The corpus folder, relative to the working directory (the repository root under `swift run`).
private let corpusPath = "../shared/corpus/comfyui"

func corpusWorkload() -> Workload {
    Workload(name: "corpus") {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpusPath) else {
            print("swiftflow-bench: corpus: \(corpusPath) not found, skipped")
            return []
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().prefix(scaled(Int.max, smoke: 5))
        let start = cpuNow()
        var docs: [FlowDocument] = []
        for name in files {
            do { docs.append(try FlowFile.load(path: corpusPath + "/" + name)) } catch { check(false, "corpus: \(error)") }
        }
        let load = nanos(since: start)
        let doc = tiled(docs)
        let n = doc.nodes.count

        let corpus = CanvasRig(doc) { $0.nodeTypes[ComfyUIImport.nodeType] = $0.nodeTypes["default"] }
        let stressStart = cpuNow()
        let stress = CanvasRig(nodes: n)
        let stressTotal = nanos(since: stressStart)
        let local = CanvasRig(nodes: 1_000)

        // A view at zoom 1 with the first source handle where the local view has the stress graph's.
        guard let source = corpus.canvas.registry.entries.first(where: { $0.type == .source }) else { return [] }
        let corpusView = Viewport(x: localHandle.x - source.anchor.x, y: localHandle.y - source.anchor.y, zoom: 1)
        let samples = interleavedFrames([corpus, local], view: nil, { r in
            r.canvas.viewport = r === corpus ? corpusView : localView
            return hoverThenConnect(from: localHandle)
        }, repetitions: 3)
        check(corpus.canvas.stats.visibleNodes > 0, "corpus view shows no node")
        let shown = " (\(corpus.canvas.stats.visibleNodes) visible)"
        let median = samples.map { percentile($0, 0.5) }, p95 = samples.map { percentile($0, 0.95) }
        let stressName = "stress graph, same N"
        return [
            BenchRow(workload: "corpus", figure: "load \(files.count) files", size: n, value: load, unit: .time,
                     baselineName: "make+first frame, stress", baseline: stressTotal, ratio: load / stressTotal),
            BenchRow(workload: "corpus", figure: "first frame", size: n, value: corpus.firstFrame, unit: .time,
                     baselineName: stressName, baseline: stress.firstFrame, ratio: corpus.firstFrame / stress.firstFrame),
            BenchRow(workload: "corpus", figure: "hover+connect median" + shown, size: n, value: median[0], unit: .time,
                     baselineName: "stress graph, N=1000", baseline: median[1], ratio: median[0] / median[1]),
            BenchRow(workload: "corpus", figure: "hover+connect p95" + shown, size: n, value: p95[0], unit: .time,
                     baselineName: "stress graph, N=1000", baseline: p95[1], ratio: p95[0] / p95[1]),
        ]
    }
}

/// The documents side by side in rows about 60,000 flow units wide, 400 apart, with every
/// node and edge id prefixed by its document's number (so ids stay unique).
private func tiled(_ docs: [FlowDocument]) -> FlowDocument {
    var out = FlowDocument()
    var x = 0.0, y = 0.0, rowHeight = 0.0
    for (k, doc) in docs.enumerated() {
        let rects = doc.nodes.map { Rect(origin: $0.position, size: Size(width: $0.width ?? 200, height: $0.height ?? 100)) }
        guard let bounds = rects.dropFirst().reduce(rects.first, { $0?.union($1) }) else { continue }
        if x > 60_000 { x = 0; y += rowHeight + 400; rowHeight = 0 }
        let offset = Point(x: x - bounds.minX, y: y - bounds.minY)
        let prefix = "\(k):"
        for var node in doc.nodes {
            node.id = prefix + node.id
            node.parentId = node.parentId.map { prefix + $0 }
            if node.parentId == nil { node.position = node.position + offset }
            out.nodes.append(node)
        }
        for var edge in doc.edges {
            edge.id = prefix + edge.id
            edge.source = prefix + edge.source
            edge.target = prefix + edge.target
            out.edges.append(edge)
        }
        x += bounds.width + 400
        rowHeight = max(rowHeight, bounds.height)
    }
    return out
}
