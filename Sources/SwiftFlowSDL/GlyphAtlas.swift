import CSDL2
import SwiftFlow

/// Texture pages that glyphs (or other small images) are packed into: CPU-side RGBA surfaces,
/// each identified by a `TextureID`, with the region changed since the last upload so that a
/// backend uploads only what is new.
///
/// Pages start fully transparent white (255, 255, 255, 0), so filtered sampling at glyph edges
/// never darkens tinted text. Main thread only.
@MainActor
public final class GlyphAtlas {
    /// The width and height of every page in pixels.
    public let pageSize: Int
    /// The `TextureID` raw value of page 0; page `i` is `textureBase + i`.
    public let textureBase: Int32
    /// The pages, in creation order.
    public private(set) var pages: [AtlasPage] = []

    /// Creates an empty atlas (pages are created on demand).
    public init(pageSize: Int = 1024, textureBase: Int32 = 0x1000) {
        self.pageSize = pageSize
        self.textureBase = textureBase
    }

    /// The index of the page `texture` names, or nil when it is not one of this atlas's pages.
    @inline(__always)
    public func pageIndex(for texture: TextureID) -> Int? {
        let i = Int(texture.rawValue - textureBase)
        return i >= 0 && i < pages.count ? i : nil
    }

    /// Reserves a `width` × `height` block surrounded by a one-pixel transparent border, calls
    /// `fill` with a pointer to the block's first RGBA byte and the row pitch in bytes, and marks
    /// the block dirty. Returns the page's texture and the block's top-left pixel, or nil when the
    /// block is larger than a page.
    public func insert(width: Int, height: Int,
                       fill: (_ pixels: UnsafeMutablePointer<UInt8>, _ pitch: Int) -> Void) throws -> (texture: TextureID, x: Int, y: Int)? {
        let w = width + 2, h = height + 2
        guard w <= pageSize, h <= pageSize else { return nil }
        var slot = pages.last.flatMap { page in page.packer.allocate(width: w, height: h).map { (page, $0) } }
        if slot == nil {
            let page = try AtlasPage(texture: TextureID(rawValue: textureBase + Int32(pages.count)), size: pageSize)
            pages.append(page)
            slot = page.packer.allocate(width: w, height: h).map { (page, $0) }
        }
        guard let (page, origin) = slot else { return nil }
        let x = origin.x + 1, y = origin.y + 1
        let surface = page.surface.pointee
        let pitch = Int(surface.pitch)
        fill(surface.pixels.assumingMemoryBound(to: UInt8.self) + y * pitch + x * 4, pitch)
        page.markDirty(SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height)))
        return (page.texture, x, y)
    }
}

/// One atlas page: an RGBA32 (`SDL_PIXELFORMAT_RGBA32`, bytes R, G, B, A) surface and the region
/// changed since the last upload.
@MainActor
public final class AtlasPage {
    /// The ID draw commands use to refer to this page.
    public let texture: TextureID
    /// The page's pixels, owned by the page.
    public let surface: UnsafeMutablePointer<SDL_Surface>
    /// The pixels changed since `markUploaded()` was last called; nil when the page is clean.
    public private(set) var dirtyRect: SDL_Rect?
    var packer: ShelfPacker

    init(texture: TextureID, size: Int) throws {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(size), Int32(size), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw SDLError.lastError("SDL_CreateRGBSurfaceWithFormat")
        }
        SDL_FillRect(s, nil, SDL_MapRGBA(s.pointee.format, 255, 255, 255, 0))
        self.texture = texture
        surface = s
        packer = ShelfPacker(width: size, height: size)
    }

    isolated deinit { SDL_FreeSurface(surface) }

    /// Records that a backend has uploaded the page.
    public func markUploaded() { dirtyRect = nil }

    func markDirty(_ r: SDL_Rect) {
        guard let d = dirtyRect else { dirtyRect = r; return }
        let x0 = min(d.x, r.x), y0 = min(d.y, r.y)
        dirtyRect = SDL_Rect(x: x0, y: y0, w: max(d.x + d.w, r.x + r.w) - x0, h: max(d.y + d.h, r.y + r.h) - y0)
    }
}
