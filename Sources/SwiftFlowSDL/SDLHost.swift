import CSDL2
import Foundation
import SwiftFlow

/// The platform side of a canvas: an SDL window (or, headless, an offscreen RGBA surface), its
/// render backend, the SDL_ttf text renderer, the image cache, and the event pump.
///
/// One frame:
/// ```swift
/// host.pollEvents(into: &events)                 // InputEvents in canvas points
/// list.reset(displayScale: host.displayScale)
/// // … hand `events` to the canvas, which fills `list` (points), measuring and drawing
/// // text through `host.text` …
/// try host.render(list, clear: .white)
/// host.present()
/// ```
///
/// Headless hosts render with SDL's software renderer into a surface of `size × displayScale`
/// pixels; they need no display and give the same pixels on every machine (given the same
/// fonts). SDL state is global: create and use hosts on the main thread only.
@MainActor
public final class SDLHost {
    /// True when rendering offscreen into a surface rather than a window.
    public let isHeadless: Bool
    /// True when no one can see or close this host: it is headless, or its window is on SDL's
    /// `offscreen` or `dummy` video driver (`SDL_VIDEODRIVER`). A loop that runs until the
    /// window is closed never ends on such a host: `SwiftFlowApp.run` and `CanvasRunner` run a
    /// number of frames instead.
    public var isUnattended: Bool { isHeadless || ["offscreen", "dummy"].contains(SDLRuntime.videoDriver ?? "") }
    /// The canvas size in screen points (the window's size, or the headless size).
    public private(set) var canvasSize: Size
    /// Drawable pixels per screen point (2 on a typical HiDPI display); window sizes and pointer
    /// positions are in points.
    ///
    /// A window takes it from SDL (drawable pixels over window points) and follows its changes:
    /// on Wayland it is the output's scale with the `.gl` and `.sdl` backends, but 1 with SDL's
    /// software renderer (SDL 2 sizes a window's surface in points; the compositor scales it up).
    /// SDL 2 has no scale on X11 (windows are sized in pixels), so there the host applies its
    /// own, on every backend: `SWIFTFLOW_SCALE`, else `GDK_SCALE`, else the X server's `Xft.dpi`
    /// / 96 rounded to an integer, else 1 (see `X11Scale`). A headless host keeps the one it
    /// was created with.
    public private(set) var displayScale: Double
    /// Measures and draws text; pass it to the canvas as its `TextMeasurer`.
    public let text: SDLTextRenderer
    /// Decodes and caches `Image` pictures, whose textures the backend makes; pass it to the
    /// canvas as its `imageProvider` (`CanvasRunner` does).
    public let images: SDLImageCache
    /// The backend that draws each frame's `DrawList` (made by its `makeDrawList()`).
    public let backend: any RenderBackend
    /// Set when the user closed the window or the process got SDL_QUIT; the frame loop should end.
    public internal(set) var quitRequested = false

    private let target: RenderTarget
    /// SDL window units (pixels or points, whatever SDL sizes the window in) per canvas point:
    /// the X11 scale (`X11Scale`) on SDL's x11 driver, where window units are pixels; 1 on
    /// every other driver and headless. Window sizes and pointer positions from SDL are divided
    /// by it, the window is created at `size` times it, and `displayScale` includes it.
    let windowUnitsPerPoint: Double

    /// Opens a resizable window of `size` points titled `title`, drawn at the display's pixel
    /// density where SDL reports one, or on X11 at the scale `X11Scale` picks (`size` × scale
    /// pixels; `displayScale`).
    ///
    /// `backend` `.gl` asks for an OpenGL 3.3 core context and the shader program of `Shaders/`
    /// (`GLBackend`); when either fails, `notice` gets one line with the reason (a shader's
    /// compile log included) and the host falls back to `.sdl`. `.sdl` asks for an accelerated,
    /// vsynced `SDL_Renderer` (falling back to SDL's software renderer when there is none);
    /// `.software` uses SDL's software renderer. Throws `SDLError.noDisplay` when no window can
    /// be opened, so the caller can fall back to a headless host.
    public init(title: String, size: Size, backend kind: RenderBackendKind = .best, fontPath: String? = nil,
                shaderDirectory: String? = nil, notice: (String) -> Void = { _ in }) throws {
        try SDLRuntime.start(video: true)
        let unitsPerPoint = SDLRuntime.videoDriver == "x11" ? X11Scale.current() : 1
        let flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        let undefined = Int32(0x1FFF_0000)  // SDL_WINDOWPOS_UNDEFINED
        let w = Int32((size.width * unitsPerPoint).rounded()), h = Int32((size.height * unitsPerPoint).rounded())
        let atlas = GlyphAtlas()
        let images = try SDLImageCache()
        var opened: (RenderTarget, any RenderBackend)?
        if kind == .gl {
            GLBackend.requestCoreContext()
            do {
                guard let window = SDL_CreateWindow(title, undefined, undefined, w, h, flags | SDL_WINDOW_OPENGL.rawValue) else {
                    throw GLError.noContext("SDL_CreateWindow(SDL_WINDOW_OPENGL) failed: " + String(cString: SDL_GetError()))
                }
                let target = RenderTarget(window: window)
                opened = (target, try GLBackend(target: target, atlas: atlas, images: images, displayScale: 1, shaderDirectory: shaderDirectory))
            } catch {
                notice("gl backend unavailable: \(error)\nfalling back to the sdl backend")
                SDL_GL_ResetAttributes()
            }
        }
        if opened == nil {
            guard let window = SDL_CreateWindow(title, undefined, undefined, w, h, flags) else {
                throw SDLError.noDisplay(message: "SDL_CreateWindow failed: " + String(cString: SDL_GetError()))
            }
            let target = RenderTarget(window: window)
            let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
            guard let renderer = (kind != .software ? SDL_CreateRenderer(window, -1, accelerated) : nil)
                    ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
                throw SDLError.lastError("SDL_CreateRenderer")
            }
            opened = (target, SDLRendererBackend(renderer: renderer, target: target, atlas: atlas, images: images,
                                                 kind: kind == .software ? .software : .sdl, displayScale: 1))
        }
        let (target, backend) = opened!
        self.target = target
        self.backend = backend
        isHeadless = false
        windowUnitsPerPoint = unitsPerPoint
        canvasSize = Self.windowSize(target.window!, unitsPerPoint: unitsPerPoint)
        displayScale = Self.windowScale(window: target.window!, backend: backend, unitsPerPoint: unitsPerPoint)
        backend.displayScale = displayScale
        text = try SDLTextRenderer(fontPath: fontPath, atlas: atlas, displayScale: displayScale)
        // SDL starts text input with the first window; the canvas wants it only while a field
        // has focus (`updateTextInput`).
        self.images = images
        SDL_StopTextInput()
    }

    /// Creates a headless host: an RGBA surface of `size × displayScale` pixels drawn by SDL's
    /// software renderer. Needs no display.
    public init(headlessSize size: Size, displayScale: Double = 1, fontPath: String? = nil) throws {
        try SDLRuntime.start()
        let w = Int32((size.width * displayScale).rounded()), h = Int32((size.height * displayScale).rounded())
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw SDLError.lastError("SDL_CreateRGBSurfaceWithFormat")
        }
        let target = RenderTarget(surface: surface)
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw SDLError.lastError("SDL_CreateSoftwareRenderer") }
        self.target = target
        isHeadless = true
        windowUnitsPerPoint = 1
        canvasSize = size
        self.displayScale = displayScale
        let atlas = GlyphAtlas()
        images = try SDLImageCache()
        backend = SDLRendererBackend(renderer: renderer, target: target, atlas: atlas, images: images, kind: .software, displayScale: displayScale)
        text = try SDLTextRenderer(fontPath: fontPath, atlas: atlas, displayScale: displayScale)
    }

    /// Whether `environment` names no display to show a window on: `DISPLAY` and
    /// `WAYLAND_DISPLAY` unset or empty, and `SDL_VIDEODRIVER` unset, empty or naming only `x11`
    /// and `wayland` (any case, a comma-separated list as SDL reads it). SDL would then still open
    /// a window on its `offscreen` driver, which no one sees or closes, so `open` and
    /// `CanvasRunner` render headless instead (replay.md's automatic fallback);
    /// `SDL_VIDEODRIVER=offscreen` keeps the window path on purpose.
    nonisolated public static func hasNoDisplay(_ environment: [String: String]) -> Bool {
        let driver = environment["SDL_VIDEODRIVER"]?.lowercased() ?? ""
        return environment["DISPLAY"] ?? "" == "" && environment["WAYLAND_DISPLAY"] ?? "" == ""
            && driver.split(separator: ",").allSatisfy { $0 == "x11" || $0 == "wayland" }
    }

    /// Opens a window, or a headless host when `headless` is true, when the process has no
    /// display (`hasNoDisplay`) or when SDL cannot open a window (`SDLError.noDisplay`); in the
    /// latter two cases `notice` gets one line saying so, as it does when the gl backend falls
    /// back to sdl.
    /// `displayScale` applies to headless hosts only (a window takes the display's).
    public static func open(title: String, size: Size, backend: RenderBackendKind = .best, headless: Bool = false,
                            displayScale: Double = 1, fontPath: String? = nil,
                            notice: (String) -> Void = { print($0) }) throws -> SDLHost {
        if !headless && hasNoDisplay(ProcessInfo.processInfo.environment) {
            notice("no display (DISPLAY and WAYLAND_DISPLAY are unset or empty): rendering headless")
        } else if !headless {
            do {
                return try SDLHost(title: title, size: size, backend: backend, fontPath: fontPath, notice: notice)
            } catch SDLError.noDisplay(let message) {
                notice("no display available (\(message)); rendering headless")
            }
        }
        return try SDLHost(headlessSize: size, displayScale: displayScale, fontPath: fontPath)
    }

    /// Clears to `clear` and draws `list` (screen points, from `backend.makeDrawList()`). Call
    /// `present()` to show it.
    /// - Throws: `SDLError.unsupportedDrawListForm` for a list in a form the backend does not draw.
    public func render(_ list: DrawList, clear: Color) throws(SDLError) {
        try backend.render(list, clear: clear)
    }

    /// Shows the rendered frame (waits for vsync with an accelerated renderer); headless, makes
    /// sure every queued draw has reached the surface.
    public func present() { backend.present() }

    /// A copy of the frame rendered last, in drawable pixels (points × `displayScale`).
    /// In window mode call it before `present()`.
    public func readPixels() throws -> PixelBuffer { try backend.readPixels() }

    /// Saves the frame rendered last as a PNG at `path` (drawable pixels). In window mode call
    /// it before `present()`.
    public func screenshot(to path: String) throws {
        if let surface = target.surface {
            backend.present()
            guard IMG_SavePNG(surface, path) == 0 else { throw SDLError.lastError("IMG_SavePNG(\(path))") }
            return
        }
        let pixels = try backend.readPixels()
        guard let shot = SDL_CreateRGBSurfaceWithFormat(0, Int32(pixels.width), Int32(pixels.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw SDLError.lastError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(shot) }
        let pitch = Int(shot.pointee.pitch), row = pixels.width * 4
        pixels.rgba.withUnsafeBytes { src in
            for y in 0..<pixels.height {
                (shot.pointee.pixels! + y * pitch).copyMemory(from: src.baseAddress! + y * row, byteCount: row)
            }
        }
        guard IMG_SavePNG(shot, path) == 0 else { throw SDLError.lastError("IMG_SavePNG(\(path))") }
    }

    /// Re-reads the window's size and pixel density after a window event; returns whether the
    /// display scale changed. Headless hosts never change.
    func refreshWindowMetrics() -> (sizeChanged: Bool, scaleChanged: Bool) {
        guard let window = target.window else { return (false, false) }
        let size = Self.windowSize(window, unitsPerPoint: windowUnitsPerPoint)
        let scale = Self.windowScale(window: window, backend: backend, unitsPerPoint: windowUnitsPerPoint)
        let result = (size != canvasSize, scale != displayScale)
        canvasSize = size
        if result.1 {
            displayScale = scale
            backend.displayScale = scale
            text.displayScale = scale
        }
        return result
    }

    /// The window's size in canvas points.
    private static func windowSize(_ window: OpaquePointer, unitsPerPoint: Double) -> Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(w) / unitsPerPoint, height: Double(h) / unitsPerPoint)
    }

    /// Drawable pixels per canvas point: per SDL window unit, times `unitsPerPoint`.
    private static func windowScale(window: OpaquePointer, backend: any RenderBackend, unitsPerPoint: Double) -> Double {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let pw = backend.pixelSize.width
        guard w > 0, pw > 0 else { return unitsPerPoint }
        return Double(pw) / Double(w) * unitsPerPoint
    }
}

/// Owns the window or surface a backend draws into and destroys it after the backend's
/// renderer or GL context (the backend holds it).
@MainActor
final class RenderTarget {
    let window: OpaquePointer?
    let surface: UnsafeMutablePointer<SDL_Surface>?

    init(window: OpaquePointer) { self.window = window; surface = nil }
    init(surface: UnsafeMutablePointer<SDL_Surface>) { self.surface = surface; window = nil }

    isolated deinit {
        if let window { SDL_DestroyWindow(window) }
        if let surface { SDL_FreeSurface(surface) }
    }
}
