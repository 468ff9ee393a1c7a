import SwiftFlowCore

/// Plays an `InputScript` into a canvas, one script frame per canvas frame, with a manual clock
/// that advances only by the script's `wait`s — so a run replays identically.
public struct ScriptPlayer {
    /// The script being played.
    public let script: InputScript
    /// Index of the next frame to play.
    public private(set) var position = 0
    /// The script's clock, in milliseconds: the sum of the `wait`s played so far (0 at the start).
    /// Pass it, plus the app's start time, as `FlowStore.frame`'s `time`.
    public private(set) var time = 0.0

    /// Creates a player at the script's start.
    public init(_ script: InputScript) { self.script = script }

    /// True when every frame has been played.
    public var isFinished: Bool { position >= script.frames.count }

    /// Applies the next script frame's viewport and clock step to `canvas` and returns its
    /// events (empty once finished).
    public mutating func next<N, E>(for canvas: FlowCanvas<N, E>) -> [InputEvent] {
        guard !isFinished else { return [] }
        let f = script.frames[position]
        position += 1
        time += f.advance
        if let v = f.viewport { canvas.viewport = v }
        return f.events
    }
}
