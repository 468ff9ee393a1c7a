import Foundation
import SwiftFlowCore

/// The folders the pictures of ComfyUI image nodes are found in, as in a ComfyUI installation:
/// `input` (LoadImage's files, `swiftflow-stress --comfy-input DIR`) and `output` (the images
/// PreviewImage / SaveImage nodes show, `--comfy-output DIR`; the input folder when nil).
///
/// What a node shows (`picture(of:)`):
/// - `LoadImage` / `LoadImageMask`: the file its `widgets_values[0]` names (the edited
///   `data.widgets_values`, else the original node's), in the input folder. The name may have a subfolder
///   (`"sub/x.png"`, `\` read as `/`) and ComfyUI's annotation (`"x.png [input]"`,
///   `"[output]"`, `"[temp]"`: which folder it is in).
/// - `PreviewImage` / `SaveImage` (and any other node): the first entry of `data["images"]`, which
///   the app sets in ComfyUI's own form for a node's output images (`[{"filename": "x.png",
///   "subfolder": "", "type": "output"}]`, as ComfyUI's history lists them); type `"output"` and
///   `"temp"` are looked for in the output folder, others in the input folder. `images` is not
///   saved (`ComfyUIExport` writes the node's original object).
/// - `SaveImage` without `images`: the last image it saved, as ComfyUI names them — the file
///   `<prefix>_<counter>_.png` (or `.jpg`, `.jpeg`) with the highest counter in the output
///   folder, its `widgets_values[0]` the prefix (`"sub/name"` in a subfolder).
/// - Otherwise no picture (a PreviewImage before the workflow has run).
///
/// A name that is empty, absolute, or has a `..` component never leaves the folder: it is
/// `.rejected` (a placeholder naming it, and a `FlowDiagnostic.imageUnavailable`). Whether a file
/// exists (and which files a SaveImage prefix has) is looked up once per path and remembered (a
/// picture added later shows after `forgetLookups()`), so laying out a node never touches the
/// disk twice for one file.
public final class ComfyUIImageFolder {
    /// The folder of LoadImage's files (a path, relative ones from the working directory).
    public let input: String
    /// The folder of "output" and "temp" images; nil: `input`.
    public let output: String?
    private var exists: [String: Bool] = [:]
    /// The last picture saved with a prefix (a path without its counter), nil for none: by prefix path.
    private var lastSaved: [String: String?] = [:]

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
    /// lookup the first time a path is seen (one folder listing for a SaveImage prefix).
    public func picture(of node: Node<JSONValue>) -> Picture? {
        if let type = node.data["comfyType"]?.stringValue, Self.loadImageTypes.contains(type) {
            guard let value = (node.data["widgets_values"] ?? node.data["comfyui"]?["widgets_values"])?.arrayValue?.first?.stringValue else { return nil }
            var name = value, kind = "input"
            for k in ["input", "output", "temp"] where value.hasSuffix(" [\(k)]") {
                name = String(value.dropLast(k.count + 3)); kind = k
            }
            return lookup(name, shown: value, type: kind)
        }
        if let image = node.data["images"]?.arrayValue?.first, let file = image["filename"]?.stringValue {
            let sub = image["subfolder"]?.stringValue ?? ""
            return lookup(sub.isEmpty ? file : sub + "/" + file, shown: file, type: image["type"]?.stringValue ?? "output")
        }
        guard node.data["comfyType"]?.stringValue == "SaveImage",
              let prefix = (node.data["widgets_values"] ?? node.data["comfyui"]?["widgets_values"])?.arrayValue?.first?.stringValue else { return nil }
        guard let relative = inside(prefix) else { return .rejected(name: prefix) }
        return latestSaved(output ?? input, relative).map { .file(path: $0) }
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
    public func forgetLookups() { exists = [:]; lastSaved = [:] }

    /// `relative` (a file name with subfolders) as path components that stay inside a folder:
    /// nil when it is empty, absolute or has a `..` component.
    private func inside(_ relative: String) -> [Substring]? {
        let parts = relative.replacingOccurrences(of: "\\", with: "/").split(separator: "/", omittingEmptySubsequences: false)
        let kept = parts.filter { !$0.isEmpty && $0 != "." }
        guard !kept.isEmpty, !relative.hasPrefix("/"), !relative.hasPrefix("\\"), !parts.contains(".."), !relative.contains("\0") else {
            return nil
        }
        return kept
    }

    /// The path of the file ComfyUI's SaveImage wrote last with prefix `relative` in `folder`
    /// (`<name>_<counter>_.png`, highest counter), nil when there is none.
    private func latestSaved(_ folder: String, _ relative: [Substring]) -> String? {
        let directory = (folder.hasSuffix("/") ? folder : folder + "/") + relative.dropLast().map { $0 + "/" }.joined()
        let key = directory + relative.last!
        if let known = lastSaved[key] { return known }
        let start = relative.last! + "_"
        var best: (counter: Int, name: String)?
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(start) {
            let rest = name.dropFirst(start.count)
            guard let end = rest.firstIndex(of: "_"), let counter = Int(rest[..<end]), counter >= 0,
                  [".png", ".jpg", ".jpeg"].contains(rest[rest.index(after: end)...].lowercased()) else { continue }
            if best == nil || counter > best!.counter { best = (counter, name) }
        }
        let found = best.map { directory + $0.name }
        lastSaved[key] = .some(found)
        return found
    }

    /// `relative` (a file name with subfolders) in the folder of `type`, unless it leaves it.
    private func lookup(_ relative: String, shown: String, type: String) -> Picture {
        guard let kept = inside(relative) else { return .rejected(name: shown) }
        let folder = type == "output" || type == "temp" ? output ?? input : input
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + kept.joined(separator: "/")
        if exists[path] == nil {
            var isDirectory: ObjCBool = false
            exists[path] = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        return exists[path]! ? .file(path: path) : .missing(name: shown)
    }
}
