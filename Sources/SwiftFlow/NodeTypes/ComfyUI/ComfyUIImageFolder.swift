import Foundation
import SwiftFlowCore

/// The folders the pictures of ComfyUI image nodes are found in, as in a ComfyUI installation:
/// `input` (LoadImage's files, `swiftflow-stress --comfy-input DIR`) and `output` (the images
/// PreviewImage / SaveImage nodes show; the input folder when nil).
///
/// What a node shows (`picture(of:)`):
/// - `LoadImage` / `LoadImageMask`: the file its `widgets_values[0]` names (read from the
///   original node, `data.comfyui`), in the input folder. The name may have a subfolder
///   (`"sub/x.png"`, `\` read as `/`) and ComfyUI's annotation (`"x.png [input]"`,
///   `"[output]"`, `"[temp]"`: which folder it is in).
/// - `PreviewImage` / `SaveImage` (and any other node): the first entry of `data["images"]`, which
///   the app sets in ComfyUI's own form for a node's output images (`[{"filename": "x.png",
///   "subfolder": "", "type": "output"}]`, as ComfyUI's history lists them); type `"output"` and
///   `"temp"` are looked for in the output folder, others in the input folder. A node without
///   `images` shows no picture (as in ComfyUI before the workflow has run). `images` is not saved
///   (`ComfyUIExport` writes the node's original object).
///
/// A name that is empty, absolute, or has a `..` component never leaves the folder: it is
/// `.rejected` (a placeholder naming it, and a `FlowDiagnostic.imageUnavailable`). Whether a file
/// exists is looked up once per path and remembered (a picture added later shows after
/// `forgetLookups()`), so laying out a node never touches the disk twice for one file.
public final class ComfyUIImageFolder {
    /// The folder of LoadImage's files (a path, relative ones from the working directory).
    public let input: String
    /// The folder of "output" and "temp" images; nil: `input`.
    public let output: String?
    private var exists: [String: Bool] = [:]

    /// What a node's picture area shows.
    public enum Picture: Hashable, Sendable {
        /// The picture at this path (a file found in the folder).
        case file(path: String)
        /// No such file in the folder: a placeholder naming `name` (as the node names it).
        case missing(name: String)
        /// A name that would leave the folder (or is empty): a placeholder naming it.
        case rejected(name: String)
    }

    /// Creates the folders; `output` nil looks for output images in `input` too.
    public init(input: String, output: String? = nil) { self.input = input; self.output = output }

    /// The node types whose file is their first widget value.
    public static let loadImageTypes: Set<String> = ["LoadImage", "LoadImageMask"]

    /// What `node` (an imported "comfyui" node) shows below its slots and widgets, or nil for a
    /// node with no picture (see the type's documentation). O(name length), plus one file
    /// lookup the first time a path is seen.
    public func picture(of node: Node<JSONValue>) -> Picture? {
        if let type = node.data["comfyType"]?.stringValue, Self.loadImageTypes.contains(type) {
            guard let value = node.data["comfyui"]?["widgets_values"]?.arrayValue?.first?.stringValue else { return nil }
            var name = value, kind = "input"
            for k in ["input", "output", "temp"] where value.hasSuffix(" [\(k)]") {
                name = String(value.dropLast(k.count + 3)); kind = k
            }
            return lookup(name, shown: value, type: kind)
        }
        guard let image = node.data["images"]?.arrayValue?.first, let file = image["filename"]?.stringValue else { return nil }
        let sub = image["subfolder"]?.stringValue ?? ""
        return lookup(sub.isEmpty ? file : sub + "/" + file, shown: file, type: image["type"]?.stringValue ?? "output")
    }

    /// The diagnostic of a picture node `nodeId` cannot show: nil for a file found.
    public static func diagnostic(_ picture: Picture, nodeId: String) -> FlowDiagnostic? {
        switch picture {
        case .file: return nil
        case .missing(let name): return .imageUnavailable(nodeId: nodeId, source: "file '\(name)'", reason: "not in the ComfyUI folder")
        case .rejected(let name):
            return .imageUnavailable(nodeId: nodeId, source: "file '\(name)'", reason: "the name leads out of the ComfyUI folder")
        }
    }

    /// Forgets which files exist, so that pictures added to (or removed from) the folders since
    /// show (or become placeholders) when their nodes are next laid out.
    public func forgetLookups() { exists = [:] }

    /// `relative` (a file name with subfolders) in the folder of `type`, unless it leaves it.
    private func lookup(_ relative: String, shown: String, type: String) -> Picture {
        let parts = relative.replacingOccurrences(of: "\\", with: "/").split(separator: "/", omittingEmptySubsequences: false)
        let kept = parts.filter { !$0.isEmpty && $0 != "." }
        guard !kept.isEmpty, !relative.hasPrefix("/"), !relative.hasPrefix("\\"), !parts.contains(".."), !relative.contains("\0") else {
            return .rejected(name: shown)
        }
        let folder = type == "output" || type == "temp" ? output ?? input : input
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + kept.joined(separator: "/")
        if exists[path] == nil {
            var isDirectory: ObjCBool = false
            exists[path] = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        return exists[path]! ? .file(path: path) : .missing(name: shown)
    }
}
