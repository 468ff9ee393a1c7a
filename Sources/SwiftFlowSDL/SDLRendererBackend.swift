import CSDL2
import SwiftFlow

/// A `RenderBackend` over `SDL_Renderer`: one `SDL_RenderGeometry` call per draw command, given
/// only the command's vertices (so a frame costs O(vertices + indices), not O(commands × vertices)),
/// atlas pages bound as textures, clip rectangles through `SDL_RenderSetClipRect`, and the render
/// scale set to `displayScale` so that draw lists stay in points. Works on every SDL renderer,
/// including the software one. Main thread only.
@MainActor
public final class SDLRendererBackend: RenderBackend {
    public let kind: RenderBackendKind
    /// The glyph atlas whose pages this backend binds.
    public let atlas: GlyphAtlas
    /// SDL's name for the renderer driver ("opengl", "opengles2", "software", …).
    public let rendererName: String
    /// A list in the triangle form, the only one this backend draws.
    public func makeDrawList() -> DrawList { DrawList(form: .triangles) }
    public var displayScale: Double {
        didSet { SDL_RenderSetScale(renderer, Float(displayScale), Float(displayScale)) }
    }

    let renderer: OpaquePointer
    /// Keeps the window or surface the renderer draws into alive as long as the renderer.
    private let target: RenderTarget
    /// One texture per atlas page, created on first use.
    private var textures: [OpaquePointer] = []
    /// The pictures whose textures this backend makes (`SDLRendererBackend+Images.swift`).
    public let images: SDLImageCache?
    /// Textures of `images`' pictures, made on first use, destroyed when unused.
    var imageTextures = ImageTextureTable<OpaquePointer>()

    /// Takes ownership of `renderer`, which draws into `target`; binds `atlas` pages and
    /// `images` pictures.
    init(renderer: OpaquePointer, target: RenderTarget, atlas: GlyphAtlas, images: SDLImageCache? = nil, kind: RenderBackendKind, displayScale: Double) {
        self.renderer = renderer
        self.target = target
        self.atlas = atlas
        self.images = images
        self.kind = kind
        self.displayScale = displayScale
        var info = SDL_RendererInfo()
        rendererName = SDL_GetRendererInfo(renderer, &info) == 0 && info.name != nil ? String(cString: info.name) : "unknown"
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderSetScale(renderer, Float(displayScale), Float(displayScale))
    }

    isolated deinit {
        for t in textures { SDL_DestroyTexture(t) }
        imageTextures.removeAll { SDL_DestroyTexture($0) }
        SDL_DestroyRenderer(renderer)
    }

    public func render(_ list: DrawList, clear: Color) throws(SDLError) {
        guard list.form == .triangles else { throw .unsupportedDrawListForm(list.form, backend: kind) }
        defer { endImageFrame() }
        uploadAtlas()
        SDL_RenderSetClipRect(renderer, nil)
        let c = PackedColor(clear)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        SDL_RenderClear(renderer)
        guard !list.commands.isEmpty else { return }
        var clip: Rect? = nil
        list.vertices.withUnsafeBufferPointer { vertexBuffer in
            vertexBuffer.withMemoryRebound(to: SDL_Vertex.self) { vertices in
                list.indices.withUnsafeBufferPointer { indices in
                    for command in list.commands where command.indexCount > 0 {
                        if command.clip != clip {
                            clip = command.clip
                            setClip(clip)
                        }
                        var texture: OpaquePointer? = nil
                        if command.texture != .none {
                            if let page = atlas.pageIndex(for: command.texture) {
                                guard page < textures.count else { continue }
                                texture = textures[page]
                            } else {
                                guard let t = imageTexture(command.texture, in: list) else { continue }
                                texture = t
                            }
                        }
                        // Only the command's own vertices: SDL walks all it is given on every call.
                        SDL_RenderGeometry(renderer, texture, vertices.baseAddress! + command.vertexOffset, Int32(command.vertexCount),
                                           indices.baseAddress! + command.indexOffset, Int32(command.indexCount))
                    }
                }
            }
        }
        if clip != nil { SDL_RenderSetClipRect(renderer, nil) }
    }

    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    public func present() {
        if target.surface != nil { SDL_RenderFlush(renderer) } else { SDL_RenderPresent(renderer) }
    }

    /// Flushes SDL's command queue; with an OpenGL driver also waits for the GPU (`glFinish` on
    /// the renderer's current context).
    public func finish() {
        SDL_RenderFlush(renderer)
        if rendererName.hasPrefix("opengl"), let p = SDL_GL_GetProcAddress("glFinish") {
            unsafeBitCast(p, to: (@convention(c) () -> Void).self)()
        }
    }

    public func readPixels() throws -> PixelBuffer {
        let (w, h) = pixelSize
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let status = bytes.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, $0.baseAddress, Int32(w * 4))
        }
        guard status == 0 else { throw SDLError.lastError("SDL_RenderReadPixels") }
        return PixelBuffer(width: w, height: h, rgba: bytes)
    }

    /// Sets the clip rectangle from points (SDL scales it by the render scale), rounded outward.
    private func setClip(_ rect: Rect?) {
        guard let r = rect else { SDL_RenderSetClipRect(renderer, nil); return }
        let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
        var sdl = SDL_Rect(x: Int32(x0), y: Int32(y0),
                           w: Int32(max(0, r.maxX.rounded(.up) - x0)), h: Int32(max(0, r.maxY.rounded(.up) - y0)))
        SDL_RenderSetClipRect(renderer, &sdl)
    }

    /// Creates textures for new atlas pages and uploads the dirty part of each page.
    private func uploadAtlas() {
        for (i, page) in atlas.pages.enumerated() {
            if i == textures.count {
                let size = Int32(atlas.pageSize)
                guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue,
                                                Int32(SDL_TEXTUREACCESS_STATIC.rawValue), size, size) else { return }
                SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
                SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
                textures.append(t)
                var all = SDL_Rect(x: 0, y: 0, w: size, h: size)
                upload(page, &all, into: t)
            } else if var dirty = page.dirtyRect {
                upload(page, &dirty, into: textures[i])
            }
        }
    }

    private func upload(_ page: AtlasPage, _ rect: inout SDL_Rect, into texture: OpaquePointer) {
        let s = page.surface.pointee
        let pixels = UnsafeRawPointer(s.pixels!) + Int(rect.y) * Int(s.pitch) + Int(rect.x) * 4
        SDL_UpdateTexture(texture, &rect, pixels, s.pitch)
        page.markUploaded()
    }
}
