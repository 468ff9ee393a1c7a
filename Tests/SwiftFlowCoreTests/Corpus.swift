import Foundation
import XCTest

/// The ComfyUI corpus, `../shared/corpus/comfyui` beside the repository (read in place, never copied).
enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/corpus/comfyui").standardized.path

    /// The paths of its workflows, sorted; skips the test when the corpus is missing.
    static func files() throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw XCTSkip("corpus not found at \(directory)")
        }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
    }
}
