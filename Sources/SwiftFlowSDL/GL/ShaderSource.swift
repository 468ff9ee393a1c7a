import Foundation
import SwiftFlowShaders

/// Reads a GLSL source from the shader directory, replacing each `#include "file"` line by that
/// file's text (recursively, each file once), so the stages can share `shapes.glsl`,
/// `strokes.glsl` and `text.glsl`.
enum ShaderSource {
    /// The text of `file` in `directory` (default `ShaderResources.directory`) with its includes
    /// resolved.
    /// - Throws: `GLError.missingShader` naming the path of the first file that cannot be read.
    static func load(_ file: String, directory: String? = ShaderResources.directory) throws -> String {
        guard let directory else { throw GLError.missingShader(path: "\(ShaderResources.bundleName)/\(file) (no resource bundle beside the executable)") }
        var included = Set<String>()
        return try read(file, in: directory, included: &included)
    }

    private static func read(_ file: String, in directory: String, included: inout Set<String>) throws -> String {
        let path = (directory as NSString).appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: path) else { throw GLError.missingShader(path: path) }
        included.insert(file)
        var out = ""
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let name = trimmed.dropFirst("#include".count).trimmingCharacters(in: CharacterSet(charactersIn: " \t\""))
                if !included.contains(name) { out += try read(name, in: directory, included: &included) }
                out += "\n"
            } else {
                out += line + "\n"
            }
        }
        return out
    }
}
