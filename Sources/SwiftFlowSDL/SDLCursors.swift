import CSDL2
import SwiftFlow

/// Shows the canvas' `FlowCursor` (`FlowCanvas.cursor`) as an SDL system cursor.
///
/// Each cursor is created once with `SDL_CreateSystemCursor` and cached until the
/// `SDLCursors` goes away; `SDL_SetCursor` is called only when the cursor changes. Call
/// `show(_:)` once per frame after the canvas' frame, on the main thread, with a window open
/// (headless hosts have no cursor). Where the video driver has no system cursors (offscreen,
/// dummy) nothing happens.
@MainActor
public final class SDLCursors {
    /// The cursor shown last, nil before the first `show`.
    public private(set) var current: FlowCursor?
    private var cache: [FlowCursor: OpaquePointer] = [:]
    private let create: (SDL_SystemCursor) -> OpaquePointer?
    private let set: (OpaquePointer) -> Void
    private let free: (OpaquePointer) -> Void

    /// Creates a cursor cache using SDL's cursor functions.
    public convenience init() {
        self.init(create: { SDL_CreateSystemCursor($0) }, set: { SDL_SetCursor($0) }, free: { SDL_FreeCursor($0) })
    }

    /// Creates a cursor cache over the given functions (tests substitute them).
    init(create: @escaping (SDL_SystemCursor) -> OpaquePointer?, set: @escaping (OpaquePointer) -> Void,
         free: @escaping (OpaquePointer) -> Void) {
        self.create = create; self.set = set; self.free = free
    }

    isolated deinit { for c in cache.values { free(c) } }

    /// Shows `cursor` if it is not the one shown already.
    public func show(_ cursor: FlowCursor) {
        guard cursor != current else { return }
        let handle: OpaquePointer
        if let c = cache[cursor] { handle = c } else {
            guard let c = create(Self.systemCursor(for: cursor)) else { return }
            cache[cursor] = c
            handle = c
        }
        set(handle)
        current = cursor
    }

    /// The SDL system cursor for a canvas cursor. SDL2 has no open or closed hand: `grab` and
    /// `pointer` use the hand, `grabbing` the four-way move arrows.
    static func systemCursor(for cursor: FlowCursor) -> SDL_SystemCursor {
        switch cursor {
        case .default: return SDL_SYSTEM_CURSOR_ARROW
        case .grab, .pointer: return SDL_SYSTEM_CURSOR_HAND
        case .grabbing: return SDL_SYSTEM_CURSOR_SIZEALL
        case .crosshair: return SDL_SYSTEM_CURSOR_CROSSHAIR
        case .nwseResize: return SDL_SYSTEM_CURSOR_SIZENWSE
        case .neswResize: return SDL_SYSTEM_CURSOR_SIZENESW
        case .ewResize: return SDL_SYSTEM_CURSOR_SIZEWE
        case .nsResize: return SDL_SYSTEM_CURSOR_SIZENS
        case .notAllowed: return SDL_SYSTEM_CURSOR_NO
        case .text: return SDL_SYSTEM_CURSOR_IBEAM
        }
    }
}
