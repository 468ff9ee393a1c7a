import SwiftFlow

/// The statistics `--report` writes (replay.md): frame count, CPU frame times and what the last
/// frame saw, as JSON.
struct FrameReport {
    var frames: Int
    /// The whole frame: from the frame's input to the frame rendered (canvas, render submission
    /// and the backend's `finish`: SDL's rasterisation or the GPU's work), excluding the
    /// screenshot and the wait for vsync.
    var cpu: FrameTimeStatistics
    /// The canvas alone (layout, registry, interaction, tessellation).
    var canvas: FrameTimeStatistics
    /// Wall-clock seconds from the run's start (before the graph was generated or read) to the
    /// first frame rendered (not its screenshot): what a user waits for the first picture.
    var firstFrameWall: Double
    var stats: FrameStats
    var backend: String
    var headless: Bool

    var json: JSONValue {
        func ms(_ v: Double) -> JSONValue { .number((v * 1000).rounded() / 1000) }
        return .object(JSONObject([
            ("frames", .number(Double(frames))),
            ("median_cpu_ms", ms(cpu.median)), ("p95_cpu_ms", ms(cpu.p95)),
            ("median_canvas_ms", ms(canvas.median)), ("p95_canvas_ms", ms(canvas.p95)),
            ("total_canvas_ms", ms(canvas.samples.reduce(0, +))),
            // The first frame lays out every node once (seconds at 1,000,000 nodes): apart, so
            // a multi-frame edit's total can leave it out.
            ("first_canvas_ms", ms(canvas.samples.first ?? 0)),
            ("first_frame_wall_ms", ms(firstFrameWall * 1000)),
            ("median_fps_cpu_bound", ms(cpu.median > 0 ? 1000 / cpu.median : 0)),
            ("visible_nodes", .number(Double(stats.visibleNodes))), ("visible_edges", .number(Double(stats.visibleEdges))),
            ("visible_handles", .number(Double(stats.visibleHandles))),
            ("drawn_nodes", .number(Double(stats.drawnNodes))), ("drawn_edges", .number(Double(stats.drawnEdges))),
            ("drawn_handles", .number(Double(stats.drawnHandles))),
            ("draw_list_vertices", .number(Double(stats.vertices))), ("draw_list_indices", .number(Double(stats.indices))),
            ("draw_list_instances", .number(Double(stats.instances))),
            ("total_nodes", .number(Double(stats.totalNodes))), ("total_edges", .number(Double(stats.totalEdges))),
            ("total_handles", .number(Double(stats.totalHandles))),
            ("overview_tiles", .number(Double(stats.overviewTiles))),
            ("backend", .string(backend)), ("headless", .bool(headless)),
        ]))
    }
}
