import CSDL2
import Foundation
import SwiftFlow
import SwiftFlowShaders

/// Compiles and links the shader programs of `Shaders/`: the canvas programs (`canvas.vert` +
/// `canvas.frag`), one per `ShapeInstance.Kind` and per kind of `BoxSplit`, each with
/// `#define KIND <raw value>` after the version line, and two more for segments drawn as wide lines (`SEGMENT_LINES` defined too,
/// solid and `DASHED`); and the triangle program (`triangles.vert` + `triangles.frag`).
@MainActor
enum GLProgram {
    /// The index in `canvas`' result of the program for solid segments drawn as lines (after
    /// one per kind); dashed ones at the next.
    static let segmentLines = BoxSplit.kinds

    /// The linked programs, indexed by `ShapeInstance.Kind.rawValue` (and `BoxSplit`'s kinds), then the segment-lines
    /// ones (`segmentLines`, solid then dashed).
    /// - Throws: `GLError.missingShader` when a file cannot be read, `GLError.compileFailed` or
    ///   `.linkFailed` with the driver's log. Nothing is left behind on failure.
    static func canvas(_ gl: GLFunctions, directory: String? = nil) throws -> [GLuint] {
        let dir = directory ?? ShaderResources.directory
        let vertex = try ShaderSource.load("canvas.vert", directory: dir)
        let fragment = try ShaderSource.load("canvas.frag", directory: dir)
        var programs: [GLuint] = []
        do {
            let segment = Int(ShapeInstance.Kind.segment.rawValue)
            for defines in (0..<BoxSplit.kinds).map({ ["KIND \($0)"] }) + [["KIND \(segment)", "SEGMENT_LINES 1"], ["KIND \(segment)", "SEGMENT_LINES 1", "DASHED 1"]] {
                programs.append(try link(gl, "canvas", vertex: define(defines, in: vertex), fragment: define(defines, in: fragment)))
            }
        } catch {
            for p in programs { gl.deleteProgram(p) }
            throw error
        }
        return programs
    }

    /// The triangle program.
    /// - Throws: as `canvas`.
    static func triangles(_ gl: GLFunctions, directory: String? = nil) throws -> GLuint {
        let dir = directory ?? ShaderResources.directory
        return try link(gl, "triangles", vertex: ShaderSource.load("triangles.vert", directory: dir),
                        fragment: ShaderSource.load("triangles.frag", directory: dir))
    }

    /// `source` with a `#define` line per entry of `defines` after its first line (`#version`
    /// must stay first).
    private static func define(_ defines: [String], in source: String) -> String {
        guard let newline = source.firstIndex(of: "\n") else { return source }
        return source[...newline] + defines.map { "#define \($0)\n" }.joined() + source[source.index(after: newline)...]
    }

    private static func link(_ gl: GLFunctions, _ name: String, vertex vertexSource: String, fragment fragmentSource: String) throws -> GLuint {
        let vertex = try compile(gl, name + ".vert", type: GL_VERTEX_SHADER, source: vertexSource)
        defer { gl.deleteShader(vertex) }
        let fragment = try compile(gl, name + ".frag", type: GL_FRAGMENT_SHADER, source: fragmentSource)
        defer { gl.deleteShader(fragment) }
        let program = gl.createProgram()
        gl.attachShader(program, vertex)
        gl.attachShader(program, fragment)
        gl.linkProgram(program)
        if let log = failureLog(program, GL_LINK_STATUS, gl.getProgramiv, gl.getProgramInfoLog) {
            gl.deleteProgram(program)
            throw GLError.linkFailed(program: name, log: log)
        }
        return program
    }

    private static func compile(_ gl: GLFunctions, _ file: String, type: Int32, source: String) throws -> GLuint {
        let shader = gl.createShader(GLenum(type))
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            gl.shaderSource(shader, 1, &pointer, nil)
        }
        gl.compileShader(shader)
        if let log = failureLog(shader, GL_COMPILE_STATUS, gl.getShaderiv, gl.getShaderInfoLog) {
            gl.deleteShader(shader)
            throw GLError.compileFailed(file: file, log: log)
        }
        return shader
    }

    /// The driver's log (up to 16 KiB) of a shader or program whose `status` (compile or link)
    /// is false; nil when it succeeded.
    private static func failureLog(_ object: GLuint, _ status: Int32, _ getStatus: PFNGLGETSHADERIVPROC,
                                   _ getLog: PFNGLGETSHADERINFOLOGPROC) -> String? {
        var ok: GLint = 0
        getStatus(object, GLenum(status), &ok)
        guard ok == 0 else { return nil }
        var buffer = [GLchar](repeating: 0, count: 16_384)
        buffer.withUnsafeMutableBufferPointer { getLog(object, GLsizei($0.count - 1), nil, $0.baseAddress!) }
        let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let log = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return log.isEmpty ? "(the driver gave no log)" : log
    }
}
