import Foundation

/// The text of `Tests/SwiftFlowTests/Replays/<name>` (an input script per replay.md), read from
/// next to this source file, so each interaction test's script doubles as an example.
func replayScript(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Replays/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}
