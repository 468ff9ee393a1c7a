import SwiftFlow

/// The render backends, named as on the command line (`--backend sdl|gl|software`, replay.md).
public enum RenderBackendKind: String, CaseIterable, Sendable {
    /// `SDL_Renderer` with SDL's accelerated driver (falls back to SDL's software renderer when
    /// no accelerated driver can be created).
    case sdl
    /// OpenGL 3.3 core with shader anti-aliasing — not built yet.
    case gl
    /// SDL's software renderer (deterministic pixels; what headless runs use).
    case software

    /// The best backend this build provides, the default when none is asked for.
    public static let best: RenderBackendKind = .sdl
}

/// Consumes a frame's `DrawList` (screen points) and draws it into the current target.
///
/// Textured commands refer to `TextureID`s the backend resolves itself (the glyph atlas's pages,
/// uploaded when dirty). Backends hold SDL or GL state: main thread only.
public protocol RenderBackend: AnyObject {
    /// Which backend this is.
    var kind: RenderBackendKind { get }
    /// Pixels per screen point of the target; the draw list stays in points.
    var displayScale: Double { get set }
    /// Clears the target to `clear` and draws `list` (uploading dirty atlas pages first).
    /// Presenting is the host's job.
    func render(_ list: DrawList, clear: Color)
}
