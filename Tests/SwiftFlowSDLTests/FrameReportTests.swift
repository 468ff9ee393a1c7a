import Foundation
import SwiftFlow
import SwiftFlowSDL
import XCTest

/// `--report` through `CanvasRunner`, headless, as `swiftflow-stress --report` writes it
/// (docs/spec/replay.md): what the counts and the frame times cover.
@MainActor
final class FrameReportTests: XCTestCase {
    /// Runs `document` headless for `frames` frames with `arguments` added; returns the report.
    private func report(_ document: FlowDocument, _ arguments: [String], frames: Int = 3) throws -> JSONValue {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let graph = dir.appendingPathComponent("graph.json").path, out = dir.appendingPathComponent("report.json").path
        try FlowFile.save(document, to: graph)
        let options = try RunOptions(arguments: ["--headless", "--open", graph, "--viewport", "file", "--frames", "\(frames)", "--report", out] + arguments)
        XCTAssertEqual(CanvasRunner(options: options, title: "report", defaultDocument: { document }).run(), 0)
        return try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
    }

    /// `--frames 0` draws nothing: a report (its counts would all be 0) and a screenshot are
    /// errors, not files, and the graph asked to be saved is still saved.
    func testZeroFramesWriteNoReportAndNoScreenshotButStillSave() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("report-zero-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("r.json").path, shot = dir.appendingPathComponent("s.png").path
        let saved = dir.appendingPathComponent("g.json").path
        let doc = FlowDocument(nodes: [node("A", x: 10)], edges: [], viewport: Viewport())
        let options = try RunOptions(arguments: ["--headless", "--frames", "0", "--report", report, "--screenshot", shot, "--save", saved])
        XCTAssertEqual(CanvasRunner(options: options, title: "zero", defaultDocument: { doc }).run(), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: report))
        XCTAssertFalse(FileManager.default.fileExists(atPath: shot))
        XCTAssertEqual(try FlowFile.load(path: saved).nodes.map(\.id), ["A"])
    }

    private func node(_ id: String, x: Double, width: Double = 100, height: Double = 50) -> Node<JSONValue> {
        Node(id: id, position: Point(x: x, y: 10), data: .object(JSONObject([("label", .string(id))])), width: width, height: height)
    }

    /// On a 400x200 canvas the culling margin is 40 points wide: B (x 420…520) is drawn but not
    /// visible, C (x −150…−50) neither. Default nodes have a target on the left and a source on
    /// the right.
    func testVisibleCountsWhatIsOnScreenAndDrawnAddsTheMargin() async throws {
        let edge = Edge<JSONValue>(id: "ab", source: "A", target: "B", data: .null)
        let doc = FlowDocument(nodes: [node("A", x: 10), node("B", x: 420), node("C", x: -150)], edges: [edge], viewport: Viewport())
        let r = try report(doc, ["--size", "400x200"])
        XCTAssertEqual(r["visible_nodes"], .number(1))
        XCTAssertEqual(r["drawn_nodes"], .number(2))
        XCTAssertEqual(r["visible_handles"], .number(2), "A's two; B's target at x 420 is beyond the canvas")
        XCTAssertEqual(r["drawn_handles"], .number(4))
        XCTAssertEqual(r["visible_edges"], .number(1))
        XCTAssertEqual(r["drawn_edges"], .number(1))
        XCTAssertEqual(r["total_nodes"], .number(3))
        XCTAssertEqual(r["overview_tiles"], .number(0), "drawn node by node")
    }

    /// Zoomed out until every node is under 24 pixels, the frame is drawn from the overview
    /// picture: its tiles are counted, and the nodes in them are not visited one by one, so the
    /// visible and drawn counts hold only what is drawn live (nothing here).
    func testAnOverviewFrameCountsItsTilesNotItsNodes() async throws {
        let nodes = (0..<40).map { node("n\($0)", x: Double($0 % 10) * 200) }
        let doc = FlowDocument(nodes: nodes, edges: [], viewport: Viewport(x: 0, y: 0, zoom: 0.05))
        let r = try report(doc, ["--size", "400x200"])
        XCTAssertEqual(r["overview_tiles"], .number(2), "a 400x200 canvas at the origin: two 256-pixel tiles")
        XCTAssertEqual(r["visible_nodes"], .number(0))
        XCTAssertEqual(r["drawn_nodes"], .number(0))
        XCTAssertEqual(r["total_nodes"], .number(40))
    }

    /// `first_canvas_ms` is the first frame's canvas time, which `total_canvas_ms` includes: the
    /// whole total when only one frame ran.
    func testTheFirstFrameIsReportedApartAndCountedInTheTotal() async throws {
        let doc = FlowDocument(nodes: [node("A", x: 10)], edges: [], viewport: Viewport())
        let three = try report(doc, ["--size", "400x200"])
        guard case .number(let first)? = three["first_canvas_ms"], case .number(let total)? = three["total_canvas_ms"] else {
            return XCTFail("no first or total canvas time in \(three)")
        }
        XCTAssertGreaterThan(first, 0)
        XCTAssertLessThanOrEqual(first, total)
        let one = try report(doc, ["--size", "400x200"], frames: 1)
        XCTAssertEqual(one["frames"], .number(1))
        XCTAssertEqual(one["first_canvas_ms"], one["total_canvas_ms"])
    }

    /// `first_frame_wall_ms` runs from the runner's start, the graph read and the window opened,
    /// to the first frame rendered: it holds that frame's canvas time and its whole time.
    func testTheWaitForTheFirstPictureHoldsTheFirstFrame() async throws {
        let doc = FlowDocument(nodes: (0..<50).map { node("n\($0)", x: Double($0) * 20) }, edges: [], viewport: Viewport())
        let r = try report(doc, ["--size", "400x200"], frames: 1)
        guard case .number(let wall)? = r["first_frame_wall_ms"], case .number(let canvas)? = r["first_canvas_ms"],
              case .number(let whole)? = r["median_cpu_ms"] else {
            return XCTFail("no first-frame wall time in \(r)")
        }
        XCTAssertGreaterThan(canvas, 0)
        XCTAssertGreaterThanOrEqual(wall, whole, "the wait includes the first frame's whole time")
        XCTAssertGreaterThanOrEqual(whole, canvas)
        XCTAssertLessThan(wall, 60_000, "milliseconds, not nanoseconds")
    }

    /// The whole frame includes the rasterisation SDL's software renderer does when its queue is
    /// flushed: one node filling a 2400x2400 canvas costs the canvas almost nothing and the
    /// rasteriser 5.8 million blended pixels a frame. (A ratio within one run, not a speed target.)
    func testWholeFrameTimeIncludesRasterising() async throws {
        let doc = FlowDocument(nodes: [Node(id: "big", position: .zero, data: .object(JSONObject([("label", .string("big"))])),
                                            width: 2400, height: 2400)], edges: [], viewport: Viewport())
        let r = try report(doc, ["--size", "2400x2400"])
        guard case .number(let whole)? = r["median_cpu_ms"], case .number(let canvas)? = r["median_canvas_ms"] else {
            return XCTFail("no frame times in \(r)")
        }
        XCTAssertGreaterThan(whole, 4 * canvas, "whole frame \(whole) ms against the canvas' \(canvas) ms")
    }
}
