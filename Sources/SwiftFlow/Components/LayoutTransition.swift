import SwiftFlowCore

/// Moves nodes from where they are to new positions over `duration` milliseconds of the frame
/// clock (`canvas.time`), easing in and out, by emitting position changes through
/// `onNodesChange` once per frame, in the frame's `begin` stage (with `dragging: true` until the
/// last step). It removes itself from the canvas when done. Add one with
/// `FlowCanvas.animateNodes(to:duration:)`.
public final class LayoutTransition: FlowComponent {
    public let layer = ComponentLayer.foreground
    /// Start and end positions (flow units) by node id, in a stable order.
    public let moves: [(id: String, from: Point, to: Point)]
    /// Length of the transition, milliseconds of the frame clock. 0 jumps at the next frame.
    public let duration: Double
    /// Called once after the last step.
    public var onFinish: (() -> Void)?
    private var startTime: Double?
    public private(set) var isFinished = false

    /// Creates a transition of `moves` lasting `duration` ms (default 400).
    public init(moves: [(id: String, from: Point, to: Point)], duration: Double = 400) {
        self.moves = moves; self.duration = duration.isFinite ? max(duration, 0) : 0
    }

    /// Cubic ease-in-out of `t` in 0...1.
    public static func ease(_ t: Double) -> Double { t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2 }
    private static func pow3(_ x: Double) -> Double { x * x * x }

    /// Emits this frame's step (the `begin` stage); removes itself after the last.
    public func update<N, E>(_ canvas: FlowCanvas<N, E>) {
        guard !isFinished else { return }
        let start = startTime ?? canvas.time
        startTime = start
        let t = duration > 0 ? min(max((canvas.time - start) / duration, 0), 1) : 1
        let e = Self.ease(t)
        let done = t >= 1
        canvas.onNodesChange?(moves.map { m in
            .position(id: m.id, position: done ? m.to : m.from + (m.to - m.from) * e, dragging: !done)
        })
        if done {
            isFinished = true
            canvas.components.removeAll { $0 === self }
            onFinish?()
        }
    }

    /// Draws nothing: the nodes it moves are the transition.
    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {}
}

extension FlowCanvas {
    /// Animates the nodes named in `positions` (flow units, relative to their parents like
    /// `Node.position`) from their current positions over `duration` milliseconds of the frame
    /// clock; unknown ids are skipped. Returns the transition (already added to `components`).
    @discardableResult
    public func animateNodes(to positions: [String: Point], duration: Double = 400) -> LayoutTransition {
        let moves = frameInput.nodes.compactMap { n in positions[n.id].map { (id: n.id, from: n.position, to: $0) } }
        components.removeAll { $0 is LayoutTransition }
        let transition = LayoutTransition(moves: moves, duration: duration)
        components.append(transition)
        return transition
    }
}
