import CSDL2
import SwiftFlow

/// An error from the SDL platform layer. Every case's `description` is one line that names the
/// problem and, where there is one, the fix.
public enum SDLError: Error, Equatable, CustomStringConvertible {
    /// An SDL, SDL_ttf or SDL_image call failed; `message` is `SDL_GetError()`'s text.
    case callFailed(function: String, message: String)
    /// No display could be opened (SDL video initialisation or window creation failed).
    case noDisplay(message: String)
    /// fontconfig found no font file for `pattern`.
    case fontNotFound(pattern: String)
    /// A backend was given a draw list of a form it does not draw (`RenderBackend.render`).
    case unsupportedDrawListForm(DrawList.Form, backend: RenderBackendKind)

    /// The error for a failed call to `function`, carrying `SDL_GetError()`'s current text.
    /// (SDL_ttf and SDL_image report through the same error string.)
    public static func lastError(_ function: String) -> SDLError {
        .callFailed(function: function, message: String(cString: SDL_GetError()))
    }

    public var description: String {
        switch self {
        case let .callFailed(function, message):
            return "\(function) failed: \(message.isEmpty ? "unknown SDL error" : message)"
        case let .noDisplay(message):
            return "no display available (\(message)); run with --headless to render offscreen"
        case let .fontNotFound(pattern):
            return "no font found through fontconfig for \"\(pattern)\"; install fonts-dejavu-core"
        case let .unsupportedDrawListForm(form, backend):
            return "the \(backend.rawValue) backend does not draw the \(form) form of a DrawList; make the list with the backend's makeDrawList()"
        }
    }
}
