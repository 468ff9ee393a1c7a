/// Why the OpenGL backend could not start; every case's `description` is one line (a shader
/// compile or link failure adds the driver's log after it). The host falls back to the SDL
/// backend on any of them.
public enum GLError: Error, Equatable, CustomStringConvertible {
    /// No OpenGL 3.3 core context could be created on this display (`SDL_GetError()`'s text).
    case noContext(String)
    /// The driver lacks an entry point the backend needs.
    case missingFunction(String)
    /// A shader file is missing or unreadable; `path` is where it was looked for.
    case missingShader(path: String)
    /// A shader failed to compile; `log` is the driver's compile log.
    case compileFailed(file: String, log: String)
    /// A program ("canvas" or "triangles") failed to link; `log` is the driver's link log.
    case linkFailed(program: String, log: String)
    /// The driver draws point sprites at most `maximum` pixels wide, less than the `needed`
    /// ones of level-of-detail rectangles (2 × `DrawList.maximumPointPixels` + 2).
    case pointSizeTooSmall(maximum: Float, needed: Float)

    public var description: String {
        switch self {
        case .noContext(let message): return "no OpenGL 3.3 core context: \(message)"
        case .missingFunction(let name): return "the OpenGL driver has no \(name)"
        case .missingShader(let path): return "shader \(path) is missing or unreadable"
        case .compileFailed(let file, let log): return "shader \(file) failed to compile:\n\(log)"
        case .linkFailed(let program, let log): return "the \(program) shader program failed to link:\n\(log)"
        case .pointSizeTooSmall(let maximum, let needed):
            return "the OpenGL driver draws points at most \(maximum) pixels wide; the canvas needs \(needed)"
        }
    }
}
