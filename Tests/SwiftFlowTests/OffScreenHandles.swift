import SwiftFlowCore

/// The declared handles of the off-screen node in `ReplacedNodeLayoutTests` and
/// `UnknownChangeLayoutTests`: `original` at first, then `replacement`, whose "in" moved to
/// another side and which adds "in2" before it.
enum OffScreenHandles {
    static let original = [NodeHandle(id: "in", type: .target, position: .left, x: 0, y: 20),
                           NodeHandle(id: "out", type: .source, position: .right, x: 60, y: 20)]
    static let replacement = [NodeHandle(id: "in2", type: .target, position: .top, x: 30, y: 0),
                              NodeHandle(id: "in", type: .target, position: .bottom, x: 10, y: 40)]
}
