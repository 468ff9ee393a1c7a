import SwiftFlowCore

/// The files of the top-level `assets/` folder at run time: sample flows and a sample picture
/// that the demos, docs and tests open. SwiftPM copies them as resources of this target into the
/// bundle directory `SwiftFlow_SwiftFlowAssets.resources` beside the executable (or the test
/// bundle); `SWIFTFLOW_ASSETS` names another directory. From a checkout they are also at
/// `assets/<name>` (e.g. `swiftflow-stress --open assets/sample-workflow.json`).
public enum AssetResources {
    /// The resource bundle's directory name, as SwiftPM names it (`<package>_<target>.resources`).
    public static let bundleName = "SwiftFlow_SwiftFlowAssets.resources"

    /// A native graph (`NativeFormat`): an input, a group holding two nodes, two outputs, with
    /// animated, smoothstep, step and labelled edges and a saved viewport.
    public static let sampleGraph = "sample-graph.json"
    /// A ComfyUI / LiteGraph workflow (version 0.4, `ComfyUIImport`): checkpoint loader → two
    /// CLIP text encodes (in a "Prompts" group) and an empty latent → KSampler → VAE decode →
    /// SaveImage, 7 nodes and 9 links.
    public static let sampleWorkflow = "sample-workflow.json"
    /// A ComfyUI image-to-image workflow (version 0.4): checkpoint loader, LoadImage of
    /// `sample.png` → VAE encode, two CLIP text encodes (in a "Prompts" group), KSampler (denoise
    /// 0.6), VAE decode → SaveImage; 8 nodes and 11 links. Its pictures are found with `assets/`
    /// as the ComfyUI input folder (`ComfyUIImageFolder`).
    public static let sampleImageWorkflow = "sample-img2img.json"
    /// A 64 x 48 RGB PNG of four solid 32 x 24 quadrants: red (255, 0, 0) top left, green
    /// (0, 255, 0) top right, blue (0, 0, 255) bottom left, white bottom right
    /// (`scripts/sample-png.py` writes it).
    public static let samplePicture = "sample.png"
    /// Every asset, in the order above.
    public static let all = [sampleGraph, sampleWorkflow, sampleImageWorkflow, samplePicture]

    /// The directory to read assets from: `$SWIFTFLOW_ASSETS` when set (even when it does not
    /// exist, so that a wrong path gives a "cannot read" error), else the resource bundle beside
    /// the running executable. Nil when neither is there.
    public static var directory: String? {
        ResourceBundle.directory(bundleName: bundleName, environmentVariable: "SWIFTFLOW_ASSETS")
    }

    /// The path of asset `name` (one of `all`) in `directory`; nil when there is no directory.
    /// The file itself is not checked: opening a missing one fails with that reader's error
    /// (`FlowFileError.unreadable` for `FlowFile.load`).
    public static func path(_ name: String) -> String? {
        directory.map { $0 + "/" + name }
    }
}
