import CSDL2
import SwiftFlow

/// The system clipboard through SDL (`SDL_SetClipboardText` / `SDL_GetClipboardText`), for the
/// canvas' Ctrl+C/X/V. Needs SDL video initialised (`SDLRuntime.start(video: true)`, done by
/// `SDLHost.open`); on a video driver without a system clipboard SDL keeps the text in the
/// process. Main thread only.
@MainActor
public final class SDLClipboard: @MainActor Clipboard {
    /// Creates the clipboard; it holds no state of its own.
    public init() {}

    /// Replaces the system clipboard's text (a failure leaves it as it was).
    public func setText(_ text: String) { _ = SDL_SetClipboardText(text) }

    /// The system clipboard's text; nil when it holds none.
    public func text() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        let text = String(cString: raw)
        return text.isEmpty ? nil : text
    }
}
