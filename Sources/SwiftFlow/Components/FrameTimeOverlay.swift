import Foundation
import SwiftFlowCore

/// The frame-time readout: mean CPU milliseconds per frame over the last 60 frames, the frame
/// rate that allows, and the last frame's visible and total nodes, edges and handles. The app
/// reports each frame's CPU time with `record(_:)` (the canvas cannot time the rendering that
/// follows it).
public final class FrameTimeOverlay: FlowComponent {
    public var position: PanelPosition
    public let layer = ComponentLayer.foreground
    /// CPU time of the most recent frames, milliseconds (the last 60).
    public private(set) var samples: [Double] = []

    /// Creates an overlay (default top right).
    public init(position: PanelPosition = .topRight) { self.position = position }

    /// Records one frame's CPU time in milliseconds (non-finite or negative values are ignored).
    public func record(_ milliseconds: Double) {
        guard milliseconds.isFinite, milliseconds >= 0 else { return }
        if samples.count == 60 { samples.removeFirst() }
        samples.append(milliseconds)
    }

    /// Mean of the recorded samples, milliseconds (0 when none).
    public var meanMilliseconds: Double { samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count) }

    /// The two lines shown for `stats`.
    public func lines(_ stats: FrameStats) -> [String] {
        let ms = meanMilliseconds
        return ["CPU \(String(format: "%.2f", ms)) ms · \(ms > 0 ? Int(min(1000 / ms, 9999)) : 0) fps max",
                "nodes \(stats.visibleNodes)/\(stats.totalNodes) · edges \(stats.visibleEdges)/\(stats.totalEdges)"
                + " · handles \(stats.visibleHandles)/\(stats.totalHandles)"]
    }

    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        let m = canvas.textMeasurer, text = lines(canvas.stats)
        let sizes = text.map { m.measure($0, fontSize: 12) }
        let lineHeight = (sizes.map(\.height).max() ?? 14) + 2
        let box = position.frame(size: Size(width: (sizes.map(\.width).max() ?? 0) + 12, height: lineHeight * 2 + 6),
                                 in: canvas.size, margin: 8)
        list.addRectFill(box, color: canvas.theme.nodeBackground.opacity(0.85), cornerRadius: 4)
        for (k, line) in text.enumerated() {
            m.drawText(line, fontSize: 12, scale: 1, origin: Point(x: box.minX + 6, y: box.minY + 3 + Double(k) * lineHeight),
                       color: canvas.theme.overlayText, into: &list)
        }
    }
}
