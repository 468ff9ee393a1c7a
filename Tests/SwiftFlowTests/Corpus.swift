import Foundation

/// `../shared/corpus/comfyui` beside the repository: the ComfyUI corpus, read in place.
let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("../shared/corpus/comfyui").standardized.path

/// The hand-written React Flow `toObject()` files of the core tests.
let reactFlowFixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SwiftFlowCoreTests/Fixtures/reactflow").path

/// The core tests' object_info fixture (KSampler, CLIPTextEncode, LoadImage in ComfyUI's format).
let objectInfoFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SwiftFlowCoreTests/Fixtures/comfyui/object_info.json").path
