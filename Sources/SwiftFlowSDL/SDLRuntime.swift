import CSDL2
import Foundation

/// One-time, process-wide initialisation of SDL, SDL_ttf and SDL_image.
///
/// Initialisation is idempotent and never undone (`SDL_Quit` is not called), so any number of
/// hosts and text renderers can come and go. All members must be used on the main thread.
@MainActor
public enum SDLRuntime {
    private static var coreStarted = false
    private static var videoStarted = false

    /// Initialises the SDL event subsystem, SDL_ttf and SDL_image (PNG, and JPEG where available), and, when `video` is true,
    /// the SDL video subsystem. Throws `SDLError.noDisplay` when video cannot be initialised.
    public static func start(video: Bool = false) throws {
        precondition(Thread.isMainThread, "SDL calls must run on the main thread")
        if !coreStarted {
            guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw SDLError.lastError("SDL_Init") }
            guard TTF_Init() == 0 else { throw SDLError.lastError("TTF_Init") }
            // PNG is required (screenshots, images); JPEG is loaded when SDL_image has it.
            let png = Int32(IMG_INIT_PNG.rawValue)
            guard IMG_Init(png | Int32(IMG_INIT_JPG.rawValue)) & png == png else { throw SDLError.lastError("IMG_Init") }
            coreStarted = true
        }
        if video && !videoStarted {
            guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
                throw SDLError.noDisplay(message: "SDL video init failed: " + String(cString: SDL_GetError()))
            }
            videoStarted = true
        }
    }

    /// The name of the SDL video driver in use ("x11", "wayland", "offscreen", …), or nil before
    /// video is initialised.
    public static var videoDriver: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }
}
