import SwiftFlowSDL

/// "stress": the generated stress graph (replay.md) with a node-count slider from 100 to
/// 1,000,000 nodes; the MiniMap stays cheap (raster cache) and the frame-time overlay shows the
/// cost in a window.
enum StressDemo {
    static let counts = [100, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]

    @MainActor static let demo = Demo(name: "stress", title: "Stress test", document: { StressGraph.make(nodeCount: 1_000) }) { ctx in
        let canvas = ctx.canvas, store = ctx.store
        ctx.background.variant = .lines
        ctx.background.gap = 200
        let slider = StopSlider(values: counts, selected: counts.firstIndex(of: store.nodes.count) ?? 2) { n in
            ctx.show(StressGraph.make(nodeCount: n))
            canvas.fitView()
        }
        ctx.add(slider)
    }
}

/// A horizontal slider over a list of values in a panel at the top centre: press or drag on
/// the track to pick a value; `onChange` runs on release when the value changed.
final class StopSlider: FlowComponent {
    let values: [Int]
    private(set) var selected: Int
    let onChange: (Int) -> Void
    let layer = ComponentLayer.foreground
    private var dragging: Int?
    private let size = Size(width: 360, height: 46)

    init(values: [Int], selected: Int, onChange: @escaping (Int) -> Void) {
        self.values = values; self.selected = selected; self.onChange = onChange
    }

    func frame(_ canvas: Size) -> Rect { PanelPosition.topCenter.frame(size: size, in: canvas) }
    /// The track, screen points.
    func track(_ canvas: Size) -> Rect { let f = frame(canvas); return Rect(x: f.minX + 20, y: f.maxY - 14, width: f.width - 40, height: 4) }
    /// The x of value `k`'s stop.
    func stop(_ k: Int, _ canvas: Size) -> Double {
        let t = track(canvas)
        return t.minX + t.width * Double(k) / Double(max(values.count - 1, 1))
    }
    private func nearest(_ x: Double, _ canvas: Size) -> Int {
        values.indices.min { abs(stop($0, canvas) - x) < abs(stop($1, canvas) - x) } ?? 0
    }

    func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool { frame(canvas.size).contains(p) }

    func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
        switch event {
        case .pointerDown(let p, .primary, _, _), .pointerMove(let p, _):
            if case .pointerMove = event, dragging == nil { return true }
            dragging = nearest(p.x, canvas.size)
        case .pointerUp:
            if let k = dragging, k != selected { selected = k; onChange(values[k]) }
            dragging = nil
        default:
            return event.isPointer
        }
        return true
    }

    func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        let theme = canvas.theme, f = frame(canvas.size), t = track(canvas.size)
        let shown = dragging ?? selected
        list.addRectFill(f, color: theme.controlsBackground, cornerRadius: 4)
        list.addRectStroke(f, color: theme.controlsBorder, thickness: 1, cornerRadius: 4)
        canvas.textMeasurer.drawText("Nodes: \(values[shown])", fontSize: 12, scale: 1, origin: Point(x: f.minX + 12, y: f.minY + 6),
                                     color: theme.overlayText, into: &list)
        list.addRectFill(t, color: theme.controlsBorder, cornerRadius: 2)
        let x = stop(shown, canvas.size)
        list.addRectFill(Rect(x: t.minX, y: t.minY, width: x - t.minX, height: t.height), color: theme.selectionColor, cornerRadius: 2)
        for k in values.indices { list.addSolidRect(Rect(x: stop(k, canvas.size) - 0.5, y: t.minY - 3, width: 1, height: 10), color: theme.controlsIcon) }
        list.addCircleFill(center: Point(x: x, y: t.center.y), radius: 7, color: theme.selectionColor)
        list.addCircleStroke(center: Point(x: x, y: t.center.y), radius: 7, color: .white, thickness: 2)
    }
}

extension InputEvent {
    /// True for pointer and wheel events (what a component over the pointer swallows).
    var isPointer: Bool {
        switch self {
        case .pointerDown, .pointerMove, .pointerUp, .wheel: return true
        default: return false
        }
    }
}
