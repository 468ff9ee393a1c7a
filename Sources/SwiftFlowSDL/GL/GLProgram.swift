import CSDL2
import Foundation
import SwiftFlowShaders

/// Compiles and links the canvas shader program (`Shaders/canvas.vert` + `canvas.frag`).
enum GLProgram {
    /// The linked program's name.
    /// - Throws: `GLError.missingShader` when a file cannot be read, `GLError.compileFailed` or
    ///   `.linkFailed` with the driver's log.
    static func canvas(_ gl: GLFunctions, directory: String? = nil) throws -> GLuint {
        let dir = directory ?? ShaderResources.directory
        let vertex = try compile(gl, "canvas.vert", type: GL_VERTEX_SHADER, source: ShaderSource.load("canvas.vert", directory: dir))
        defer { gl.deleteShader(vertex) }
        let fragment = try compile(gl, "canvas.frag", type: GL_FRAGMENT_SHADER, source: ShaderSource.load("canvas.frag", directory: dir))
        defer { gl.deleteShader(fragment) }
        let program = gl.createProgram()
        gl.attachShader(program, vertex)
        gl.attachShader(program, fragment)
        gl.linkProgram(program)
        var ok: GLint = 0
        gl.getProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = infoLog { gl.getProgramInfoLog(program, $0, nil, $1) }
            gl.deleteProgram(program)
            throw GLError.linkFailed(log: log)
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
        var ok: GLint = 0
        gl.getShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = infoLog { gl.getShaderInfoLog(shader, $0, nil, $1) }
            gl.deleteShader(shader)
            throw GLError.compileFailed(file: file, log: log)
        }
        return shader
    }

    /// Reads a driver log of up to 16 KiB.
    private static func infoLog(_ get: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 16_384)
        buffer.withUnsafeMutableBufferPointer { get(GLsizei($0.count - 1), $0.baseAddress!) }
        let log = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        return log.isEmpty ? "(the driver gave no log)" : log
    }
}
