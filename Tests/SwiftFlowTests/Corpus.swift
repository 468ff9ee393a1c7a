import Foundation

/// `../shared/corpus/comfyui` beside the repository: the ComfyUI corpus, read in place.
let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("../shared/corpus/comfyui").standardized.path
