import CSDL2

/// The OpenGL 3.3 core entry points the GL backend calls, looked up once per context through
/// `SDL_GL_GetProcAddress` (so nothing links libGL directly). Types and constants come from
/// SDL's `SDL_opengl.h` / `SDL_opengl_glext.h` through CSDL2.
@MainActor
struct GLFunctions {
    // OpenGL 1.x (no PFN typedefs in the headers).
    let clearColor: @convention(c) (GLfloat, GLfloat, GLfloat, GLfloat) -> Void
    let clear: @convention(c) (GLbitfield) -> Void
    let viewport: @convention(c) (GLint, GLint, GLsizei, GLsizei) -> Void
    let enable: @convention(c) (GLenum) -> Void
    let disable: @convention(c) (GLenum) -> Void
    let blendFunc: @convention(c) (GLenum, GLenum) -> Void
    let scissor: @convention(c) (GLint, GLint, GLsizei, GLsizei) -> Void
    let lineWidth: @convention(c) (GLfloat) -> Void
    let readPixels: @convention(c) (GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, UnsafeMutableRawPointer?) -> Void
    let genTextures: @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    let deleteTextures: @convention(c) (GLsizei, UnsafePointer<GLuint>?) -> Void
    let bindTexture: @convention(c) (GLenum, GLuint) -> Void
    let texParameteri: @convention(c) (GLenum, GLenum, GLint) -> Void
    let texImage2D: @convention(c) (GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum, UnsafeRawPointer?) -> Void
    let texSubImage2D: @convention(c) (GLenum, GLint, GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, UnsafeRawPointer?) -> Void
    let pixelStorei: @convention(c) (GLenum, GLint) -> Void
    let finish: @convention(c) () -> Void
    let flush: @convention(c) () -> Void
    let getString: @convention(c) (GLenum) -> UnsafePointer<GLubyte>?
    let getError: @convention(c) () -> GLenum
    let getIntegerv: @convention(c) (GLenum, UnsafeMutablePointer<GLint>?) -> Void
    let getFloatv: @convention(c) (GLenum, UnsafeMutablePointer<GLfloat>?) -> Void
    let drawArrays: @convention(c) (GLenum, GLint, GLsizei) -> Void
    let drawElements: @convention(c) (GLenum, GLsizei, GLenum, UnsafeRawPointer?) -> Void
    // OpenGL 2.0–3.3.
    let createShader: PFNGLCREATESHADERPROC
    let shaderSource: PFNGLSHADERSOURCEPROC
    let compileShader: PFNGLCOMPILESHADERPROC
    let getShaderiv: PFNGLGETSHADERIVPROC
    let getShaderInfoLog: PFNGLGETSHADERINFOLOGPROC
    let deleteShader: PFNGLDELETESHADERPROC
    let createProgram: PFNGLCREATEPROGRAMPROC
    let attachShader: PFNGLATTACHSHADERPROC
    let linkProgram: PFNGLLINKPROGRAMPROC
    let getProgramiv: PFNGLGETPROGRAMIVPROC
    let getProgramInfoLog: PFNGLGETPROGRAMINFOLOGPROC
    let deleteProgram: PFNGLDELETEPROGRAMPROC
    let useProgram: PFNGLUSEPROGRAMPROC
    let primitiveRestartIndex: PFNGLPRIMITIVERESTARTINDEXPROC
    let drawElementsBaseVertex: PFNGLDRAWELEMENTSBASEVERTEXPROC
    let getUniformLocation: PFNGLGETUNIFORMLOCATIONPROC
    let uniform1i: PFNGLUNIFORM1IPROC
    let uniform1f: PFNGLUNIFORM1FPROC
    let uniform2f: PFNGLUNIFORM2FPROC
    let genVertexArrays: PFNGLGENVERTEXARRAYSPROC
    let bindVertexArray: PFNGLBINDVERTEXARRAYPROC
    let deleteVertexArrays: PFNGLDELETEVERTEXARRAYSPROC
    let genBuffers: PFNGLGENBUFFERSPROC
    let bindBuffer: PFNGLBINDBUFFERPROC
    let bufferData: PFNGLBUFFERDATAPROC
    let deleteBuffers: PFNGLDELETEBUFFERSPROC
    let activeTexture: PFNGLACTIVETEXTUREPROC
    let texBuffer: PFNGLTEXBUFFERPROC
    let enableVertexAttribArray: PFNGLENABLEVERTEXATTRIBARRAYPROC
    let vertexAttribPointer: PFNGLVERTEXATTRIBPOINTERPROC
    let generateMipmap: PFNGLGENERATEMIPMAPPROC

    /// Looks every function up in the current context.
    /// - Throws: `GLError.missingFunction` naming the first one the driver lacks.
    init() throws {
        func f<T>(_ name: String) throws -> T {
            guard let p = SDL_GL_GetProcAddress(name) else { throw GLError.missingFunction(name) }
            return unsafeBitCast(p, to: T.self)
        }
        clearColor = try f("glClearColor"); clear = try f("glClear"); viewport = try f("glViewport")
        enable = try f("glEnable"); disable = try f("glDisable"); blendFunc = try f("glBlendFunc"); scissor = try f("glScissor")
        lineWidth = try f("glLineWidth")
        readPixels = try f("glReadPixels"); genTextures = try f("glGenTextures"); deleteTextures = try f("glDeleteTextures")
        bindTexture = try f("glBindTexture"); texParameteri = try f("glTexParameteri"); texImage2D = try f("glTexImage2D")
        texSubImage2D = try f("glTexSubImage2D"); pixelStorei = try f("glPixelStorei"); finish = try f("glFinish"); flush = try f("glFlush")
        getString = try f("glGetString"); getError = try f("glGetError"); getIntegerv = try f("glGetIntegerv")
        getFloatv = try f("glGetFloatv"); drawArrays = try f("glDrawArrays"); drawElements = try f("glDrawElements")
        createShader = try f("glCreateShader"); shaderSource = try f("glShaderSource"); compileShader = try f("glCompileShader")
        getShaderiv = try f("glGetShaderiv"); getShaderInfoLog = try f("glGetShaderInfoLog"); deleteShader = try f("glDeleteShader")
        createProgram = try f("glCreateProgram"); attachShader = try f("glAttachShader"); linkProgram = try f("glLinkProgram")
        getProgramiv = try f("glGetProgramiv"); getProgramInfoLog = try f("glGetProgramInfoLog"); deleteProgram = try f("glDeleteProgram")
        useProgram = try f("glUseProgram"); primitiveRestartIndex = try f("glPrimitiveRestartIndex")
        drawElementsBaseVertex = try f("glDrawElementsBaseVertex"); getUniformLocation = try f("glGetUniformLocation")
        uniform1i = try f("glUniform1i"); uniform1f = try f("glUniform1f"); uniform2f = try f("glUniform2f")
        genVertexArrays = try f("glGenVertexArrays"); bindVertexArray = try f("glBindVertexArray")
        deleteVertexArrays = try f("glDeleteVertexArrays"); genBuffers = try f("glGenBuffers"); bindBuffer = try f("glBindBuffer")
        bufferData = try f("glBufferData"); deleteBuffers = try f("glDeleteBuffers")
        activeTexture = try f("glActiveTexture"); texBuffer = try f("glTexBuffer")
        enableVertexAttribArray = try f("glEnableVertexAttribArray"); vertexAttribPointer = try f("glVertexAttribPointer")
        generateMipmap = try f("glGenerateMipmap")
    }

    /// `glGetString(name)` as a Swift string ("" when the driver returns none).
    func string(_ name: Int32) -> String {
        getString(GLenum(name)).map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
    }
}

