import SwiftFlow

/// The render backends, named as on the command line (`--backend sdl|gl|software`, replay.md).
public enum RenderBackendKind: String, CaseIterable, Sendable {
    /// `SDL_Renderer` with SDL's accelerated driver (falls back to SDL's software renderer when
    /// no accelerated driver can be created); draws the triangle form of the draw list.
    case sdl
    /// OpenGL 3.3 core (`GLBackend`): draws the instance form of the draw list with the shaders
    /// of `Shaders/` (signed-distance anti-aliasing on the GPU). Falls back to `sdl` when no
    /// 3.3 core context can be made or a shader fails.
    case gl
    /// SDL's software renderer (deterministic pixels; what headless runs use).
    case software

    /// The default backend of a window: `gl`, which falls back to `sdl` where it cannot run.
    public static let best: RenderBackendKind = .gl
}

/// Consumes a frame's `DrawList` (screen points) and draws it into the current target.
///
/// Textured commands refer to `TextureID`s the backend resolves itself (the glyph atlas's pages,
/// uploaded when dirty). Backends hold SDL or GL state: main thread only.
@MainActor
public protocol RenderBackend: AnyObject {
    /// Which backend this is.
    var kind: RenderBackendKind { get }
    /// The driver's name for reports ("opengl", "software", "OpenGL 3.3 (llvmpipe …)", …).
    var rendererName: String { get }
    /// An empty draw list in the form this backend draws best, for the canvas to draw into.
    /// (The GL backend draws either form; the SDL backend only `.triangles`.)
    func makeDrawList() -> DrawList
    /// Pixels per screen point of the target; the draw list stays in points.
    var displayScale: Double { get set }
    /// The target's size in drawable pixels.
    var pixelSize: (width: Int, height: Int) { get }
    /// Clears the target to `clear` and draws `list` (uploading dirty atlas pages first).
    /// - Throws: `SDLError.unsupportedDrawListForm` for a list in a form the backend does not
    ///   draw, drawing nothing (a list from `makeDrawList()` never is).
    func render(_ list: DrawList, clear: Color) throws(SDLError)
    /// Shows the rendered frame (a window) or makes sure it has reached the target (a surface).
    func present()
    /// Waits until the GPU has finished every queued command (`glFinish`): for timing whole frames.
    func finish()
    /// A copy of the frame rendered last, in drawable pixels; call it before `present()`.
    /// - Throws: `SDLError.callFailed` when the driver cannot read the target back.
    func readPixels() throws -> PixelBuffer
}
