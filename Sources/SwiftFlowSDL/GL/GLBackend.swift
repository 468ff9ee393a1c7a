import CSDL2
import SwiftFlow

/// A `RenderBackend` over OpenGL 3.3 core (`SDL_GL_CreateContext`, functions from
/// `SDL_GL_GetProcAddress`): draws the instance form of a `DrawList` — one `ShapeInstance` per
/// circle, rounded rectangle, stroke segment, glyph or fan triangle — with the program of
/// `Shaders/canvas.vert` + `canvas.frag`, which expands each instance to a 4-vertex quad and
/// anti-aliases it by signed distance. Per frame: one buffer upload of the instances, then one
/// `glDrawArraysInstanced` per run (a clip rectangle or atlas page change). Glyphs come from the
/// same `GlyphAtlas` pages as the SDL backend. Main thread only.
public final class GLBackend: RenderBackend {
    public let kind = RenderBackendKind.gl
    /// The glyph atlas whose pages this backend uploads as textures.
    public let atlas: GlyphAtlas
    /// "OpenGL <version> (<renderer>)", from the driver.
    public let rendererName: String
    public var drawListForm: DrawList.Form { .instances }
    public var displayScale: Double

    private let target: RenderTarget
    private let window: OpaquePointer
    private let context: SDL_GLContext
    private let gl: GLFunctions
    private let program: GLuint
    private let vertexArray: GLuint
    private let instanceBuffer: GLuint
    private let viewportUniform: GLint, scaleUniform: GLint
    /// One texture per atlas page, created on first use.
    private var textures: [GLuint] = []

    /// Creates an OpenGL 3.3 core context on `target`'s window (created with `SDL_WINDOW_OPENGL`
    /// after `GLBackend.requestCoreContext()`), loads the entry points and builds the shader
    /// program from `shaderDirectory` (default: `ShaderResources.directory`).
    /// - Throws: `GLError` — no context, a missing function, a missing shader or a compile or
    ///   link failure with the driver's log. Nothing is left behind on failure.
    init(target: RenderTarget, atlas: GlyphAtlas, displayScale: Double, shaderDirectory: String? = nil) throws {
        guard let window = target.window else { throw GLError.noContext("no window") }
        guard let context = SDL_GL_CreateContext(window) else { throw GLError.noContext(String(cString: SDL_GetError())) }
        let gl: GLFunctions, program: GLuint
        do {
            var major: Int32 = 0, minor: Int32 = 0, profile: Int32 = 0
            SDL_GL_GetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, &major)
            SDL_GL_GetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, &minor)
            SDL_GL_GetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, &profile)
            guard major * 10 + minor >= 33, profile == Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue) else {
                throw GLError.noContext("got OpenGL \(major).\(minor)\(profile == Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue) ? " core" : "")")
            }
            gl = try GLFunctions()
            program = try GLProgram.canvas(gl, directory: shaderDirectory)
        } catch {
            SDL_GL_DeleteContext(context)
            throw error
        }
        self.target = target
        self.window = window
        self.context = context
        self.gl = gl
        self.program = program
        self.atlas = atlas
        self.displayScale = displayScale
        rendererName = "OpenGL \(gl.string(GL_VERSION)) (\(gl.string(GL_RENDERER)))"
        viewportUniform = gl.getUniformLocation(program, "viewportPixels")
        scaleUniform = gl.getUniformLocation(program, "pixelsPerPoint")
        var names: [GLuint] = [0]
        gl.genVertexArrays(1, &names); vertexArray = names[0]
        gl.genBuffers(1, &names); instanceBuffer = names[0]
        gl.bindVertexArray(vertexArray)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        for attribute: GLuint in 0..<6 {
            gl.enableVertexAttribArray(attribute)
            gl.vertexAttribDivisor(attribute, 1)
        }
        gl.useProgram(program)
        gl.uniform1i(gl.getUniformLocation(program, "atlas"), 0)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.enable(GLenum(GL_BLEND))
        gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))  // the shaders output premultiplied colour
        SDL_GL_SetSwapInterval(1)
    }

    deinit {
        SDL_GL_MakeCurrent(window, context)
        textures.withUnsafeBufferPointer { gl.deleteTextures(GLsizei($0.count), $0.baseAddress) }
        var names = [instanceBuffer]
        gl.deleteBuffers(1, &names)
        names = [vertexArray]
        gl.deleteVertexArrays(1, &names)
        gl.deleteProgram(program)
        SDL_GL_DeleteContext(context)
    }

    /// Sets the window attributes for an OpenGL 3.3 core, double-buffered RGBA8 context; call
    /// before creating the window, and `SDL_GL_ResetAttributes()` after a failure.
    static func requestCoreContext() {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        for a in [SDL_GL_RED_SIZE, SDL_GL_GREEN_SIZE, SDL_GL_BLUE_SIZE, SDL_GL_ALPHA_SIZE] { SDL_GL_SetAttribute(a, 8) }
    }

    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    public func render(_ list: DrawList, clear: Color) {
        precondition(list.form == .instances, "GLBackend draws the instance form of a DrawList")
        SDL_GL_MakeCurrent(window, context)
        let (w, h) = pixelSize
        gl.viewport(0, 0, GLsizei(w), GLsizei(h))
        gl.disable(GLenum(GL_SCISSOR_TEST))
        let c = PackedColor(clear)
        gl.clearColor(Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, Float(c.a) / 255)
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
        guard !list.instances.isEmpty else { return }
        uploadAtlas()
        gl.useProgram(program)
        gl.bindVertexArray(vertexArray)
        gl.uniform2f(viewportUniform, Float(w), Float(h))
        gl.uniform1f(scaleUniform, Float(displayScale))
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        list.instances.withUnsafeBytes {
            gl.bufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        var clip: Rect?? = .none
        for command in list.commands where command.indexCount > 0 {
            if clip != .some(command.clip) {
                clip = .some(command.clip)
                setScissor(command.clip, height: h)
            }
            if command.texture != .none {
                guard let page = atlas.pageIndex(for: command.texture), page < textures.count else { continue }
                gl.bindTexture(GLenum(GL_TEXTURE_2D), textures[page])
            }
            pointAttributes(atInstance: command.indexOffset)
            gl.drawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, GLsizei(ShapeInstance.verticesPerInstance), GLsizei(command.indexCount))
        }
    }

    public func present() { SDL_GL_SwapWindow(window) }

    public func finish() { gl.finish() }

    /// Reads the back buffer with `glReadPixels` (rows bottom-up, flipped to top-down).
    public func readPixels() throws -> PixelBuffer {
        SDL_GL_MakeCurrent(window, context)
        let (w, h) = pixelSize
        var bottomUp = [UInt8](repeating: 0, count: w * h * 4)
        gl.pixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        bottomUp.withUnsafeMutableBytes {
            gl.readPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        let error = gl.getError()
        guard error == GLenum(GL_NO_ERROR) else {
            throw SDLError.callFailed(function: "glReadPixels", message: "GL error 0x\(String(error, radix: 16))")
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let row = w * 4
        for y in 0..<h { rgba[(y * row)..<((y + 1) * row)] = bottomUp[((h - 1 - y) * row)..<((h - y) * row)] }
        return PixelBuffer(width: w, height: h, rgba: rgba)
    }

    /// Points the six instance attributes (see `Shaders/canvas.vert`) at instance `first`.
    private func pointAttributes(atInstance first: Int) {
        let stride = MemoryLayout<ShapeInstance>.stride
        func at(_ field: PartialKeyPath<ShapeInstance>) -> UnsafeRawPointer? {
            UnsafeRawPointer(bitPattern: first * stride + MemoryLayout<ShapeInstance>.offset(of: field)!)
        }
        let s = GLsizei(stride)
        gl.vertexAttribIPointer(0, 1, GLenum(GL_UNSIGNED_INT), s, at(\.kind))
        gl.vertexAttribPointer(1, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), s, at(\.a0))
        gl.vertexAttribPointer(2, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), s, at(\.b0))
        gl.vertexAttribPointer(3, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), s, at(\.fill))
        gl.vertexAttribPointer(4, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), s, at(\.stroke))
        gl.vertexAttribPointer(5, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), s, at(\.c0))
    }

    /// The scissor box of a clip rectangle in points, rounded outward like the SDL backend's.
    private func setScissor(_ rect: Rect?, height: Int) {
        guard let r = rect else { gl.disable(GLenum(GL_SCISSOR_TEST)); return }
        let s = displayScale
        let x0 = (r.minX.rounded(.down) * s).rounded(), y0 = (r.minY.rounded(.down) * s).rounded()
        let x1 = (r.maxX.rounded(.up) * s).rounded(), y1 = (r.maxY.rounded(.up) * s).rounded()
        gl.enable(GLenum(GL_SCISSOR_TEST))
        gl.scissor(GLint(x0), GLint(Double(height) - y1), GLsizei(max(0, x1 - x0)), GLsizei(max(0, y1 - y0)))
    }

    /// Creates textures for new atlas pages and uploads the dirty part of each page.
    private func uploadAtlas() {
        let target = GLenum(GL_TEXTURE_2D), size = GLsizei(atlas.pageSize)
        gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (i, page) in atlas.pages.enumerated() {
            let s = page.surface.pointee
            gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), s.pitch / 4)
            if i == textures.count {
                var name: GLuint = 0
                gl.genTextures(1, &name)
                textures.append(name)
                gl.bindTexture(target, name)
                for (p, v) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                               (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
                    gl.texParameteri(target, GLenum(p), GLint(v))
                }
                gl.texImage2D(target, 0, GLint(GL_RGBA8), size, size, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), s.pixels)
                page.markUploaded()
            } else if let d = page.dirtyRect {
                gl.bindTexture(target, textures[i])
                let pixels = UnsafeRawPointer(s.pixels!) + Int(d.y) * Int(s.pitch) + Int(d.x) * 4
                gl.texSubImage2D(target, 0, d.x, d.y, d.w, d.h, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
                page.markUploaded()
            }
        }
        gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }
}
