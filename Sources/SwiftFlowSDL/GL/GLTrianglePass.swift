import CSDL2
import SwiftFlow

/// Draws a draw list's triangle form in the GL backend (`Shaders/triangles.vert` + `.frag`):
/// the list's vertices and indices uploaded as they are, one `glDrawElementsBaseVertex` per
/// command (its indices count from its `vertexOffset`) — what the SDL backend does with
/// `SDL_RenderGeometry`. Owns its program, vertex array and
/// buffers; the backend binds the scissor box and atlas page per command.
@MainActor
final class GLTrianglePass {
    private let gl: GLFunctions
    private let program: GLuint
    private let vertexArray: GLuint
    private let vertexBuffer: GLuint, indexBuffer: GLuint
    private let viewportUniform: GLint, scaleUniform: GLint, texturedUniform: GLint

    /// Builds the program from `shaderDirectory` and the vertex layout of `DrawVertex`.
    /// - Throws: `GLError` for a missing or failing shader.
    init(_ gl: GLFunctions, shaderDirectory: String?) throws {
        self.gl = gl
        program = try GLProgram.triangles(gl, directory: shaderDirectory)
        viewportUniform = gl.getUniformLocation(program, "viewportPixels")
        scaleUniform = gl.getUniformLocation(program, "pixelsPerPoint")
        texturedUniform = gl.getUniformLocation(program, "textured")
        var names: [GLuint] = [0, 0]
        gl.genVertexArrays(1, &names); vertexArray = names[0]
        gl.genBuffers(2, &names); vertexBuffer = names[0]; indexBuffer = names[1]
        gl.bindVertexArray(vertexArray)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        gl.bindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        let stride = GLsizei(MemoryLayout<DrawVertex>.stride)
        func at(_ field: PartialKeyPath<DrawVertex>) -> UnsafeRawPointer? {
            UnsafeRawPointer(bitPattern: MemoryLayout<DrawVertex>.offset(of: field)!)
        }
        for a: GLuint in 0..<3 { gl.enableVertexAttribArray(a) }
        gl.vertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, at(\.x))
        gl.vertexAttribPointer(1, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), stride, at(\.r))
        gl.vertexAttribPointer(2, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, at(\.u))
        gl.useProgram(program)
        gl.uniform1i(gl.getUniformLocation(program, "atlas"), 0)
    }

    isolated deinit {
        var names = [vertexBuffer, indexBuffer]
        gl.deleteBuffers(2, &names)
        names = [vertexArray]
        gl.deleteVertexArrays(1, &names)
        gl.deleteProgram(program)
    }

    /// Uploads `list`'s vertices and indices and sets the uniforms for a target of `width` ×
    /// `height` pixels at `scale` pixels per point.
    func begin(_ list: DrawList, width: Int, height: Int, scale: Double) {
        gl.useProgram(program)
        gl.uniform2f(viewportUniform, Float(width), Float(height))
        gl.uniform1f(scaleUniform, Float(scale))
        gl.bindVertexArray(vertexArray)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        list.vertices.withUnsafeBytes { gl.bufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
        list.indices.withUnsafeBytes { gl.bufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
    }

    /// Draws one command (after `begin`), textured when it names an atlas page.
    func draw(_ command: DrawCommand) {
        gl.uniform1i(texturedUniform, command.texture == .none ? 0 : 1)
        gl.drawElementsBaseVertex(GLenum(GL_TRIANGLES), GLsizei(command.indexCount), GLenum(GL_UNSIGNED_INT),
                                  UnsafeRawPointer(bitPattern: command.indexOffset * MemoryLayout<Int32>.size),
                                  GLint(command.vertexOffset))
    }
}
