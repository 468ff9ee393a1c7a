import CSDL2
import Foundation
import SwiftFlow

/// The `ImageProvider` of SDL hosts: decodes each `ImageSource` once (SDL2_image for files:
/// PNG, JPEG; the app's RGBA bytes for pixels), gives it a `TextureID`, and keeps the decoded
/// pixels for the render backends, which upload them as textures on first use and destroy
/// those textures when not drawn for a while (`ImageTextureTable`).
///
/// - Limits: a picture wider or taller than `maximumSide` pixels (default 4096, a texture size
///   every GL 3.3 driver worth using and SDL's renderers take) is downscaled once, bilinear, to
///   fit; a PNG declaring more than `maximumPixels` pixels is refused before decoding
///   (`ImageLoadError.tooLarge`; JPEG headers are not checked). A non-resizable image still lays
///   out at the source's size.
/// - Failures (missing file, corrupt data, bad pixels) are cached like pictures: a missing
///   file is not looked for again until `removeAll()` or `forget(_:)`. Files are not watched.
/// - Memory: decoded pixels are kept up to `pixelBudget` bytes (default 256 MiB), least
///   recently asked for dropped first and decoded again if a backend needs them again; at most
///   `maximumEntries` sources (default 1024) are remembered, the least recently asked for
///   forgotten (their texture IDs are retired, never reused).
/// - Texture IDs start at `textureBase` (0x100000), clear of `GlyphAtlas` pages (0x1000 up).
///
/// Decoding is synchronous, on the main thread, when a node showing the picture is first laid
/// out. Main thread only.
@MainActor
public final class SDLImageCache: @MainActor ImageProvider {
    /// The `TextureID` raw value of the first picture; later ones count up from it.
    public static let textureBase: Int32 = 0x10_0000
    /// The longest side, in pixels, of a decoded picture; larger ones are downscaled to fit.
    public let maximumSide: Int
    /// The most pixels a source may have (default 64 Mi: 256 MiB decoded).
    public var maximumPixels = 64 << 20
    /// The most bytes of decoded pixels kept (default 256 MiB); see the type's notes.
    public var pixelBudget = 256 << 20
    /// The most sources remembered (default 1024).
    public var maximumEntries = 1024
    /// Bytes of decoded pixels held now.
    public private(set) var pixelBytes = 0
    /// Decodes done so far (a picture decoded again after its pixels were dropped counts again).
    public private(set) var decodeCount = 0
    /// The sources remembered now (pictures and failures).
    public var count: Int { entries.count }

    private final class Entry {
        let source: ImageSource
        let result: Result<ResolvedImage, ImageLoadError>
        var pixels: DecodedImage?
        var lastUse: UInt64
        init(source: ImageSource, result: Result<ResolvedImage, ImageLoadError>, pixels: DecodedImage?, lastUse: UInt64) {
            self.source = source; self.result = result; self.pixels = pixels; self.lastUse = lastUse
        }
    }

    private var entries: [ImageSource: Entry] = [:]
    private var byTexture: [Int32: Entry] = [:]
    private var nextTexture = SDLImageCache.textureBase
    /// Counts requests, to order entries by last use.
    private var clock: UInt64 = 0

    /// Creates an empty cache whose pictures are at most `maximumSide` pixels a side (clamped
    /// to 1...16384). Starts SDL and SDL_image (`SDLRuntime`).
    /// - Throws: `SDLError` when SDL or SDL_image cannot start.
    public init(maximumSide: Int = 4096) throws {
        try SDLRuntime.start()
        self.maximumSide = min(max(maximumSide, 1), 16_384)
    }

    /// The picture `source` names, decoded on first use (see the type's notes); later calls
    /// answer from the cache in O(1).
    public func image(for source: ImageSource) -> Result<ResolvedImage, ImageLoadError> {
        clock += 1
        if let e = entries[source] {
            e.lastUse = clock
            return e.result
        }
        let entry: Entry
        switch decode(source) {
        case .success(let decoded):
            let texture = TextureID(rawValue: nextTexture)
            nextTexture = nextTexture == Int32.max ? Self.textureBase : nextTexture + 1
            let image = ResolvedImage(texture: texture, width: decoded.sourceWidth, height: decoded.sourceHeight,
                                      averageColor: decoded.averageColor)
            entry = Entry(source: source, result: .success(image), pixels: decoded, lastUse: clock)
            byTexture[texture.rawValue] = entry
            pixelBytes += decoded.bytes
        case .failure(let error):
            entry = Entry(source: source, result: .failure(error), pixels: nil, lastUse: clock)
        }
        entries[source] = entry
        trim(keeping: entry)
        return entry.result
    }

    /// Whether `texture` is in this cache's range of IDs (it may have been retired since).
    public static func owns(_ texture: TextureID) -> Bool { texture.rawValue >= textureBase }

    /// The decoded pixels of `texture` (RGBA32) for a backend to upload now, decoded again when
    /// they were dropped; nil for an ID the cache does not know (any more) or that fails to
    /// decode again. The surface stays valid until the next call into the cache.
    func pixels(for texture: TextureID) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let e = byTexture[texture.rawValue] else { return nil }
        if let p = e.pixels { return p.surface }
        guard case .success(let again) = decode(e.source) else { return nil }
        e.pixels = again
        pixelBytes += again.bytes
        trim(keeping: e)
        return e.pixels?.surface
    }

    /// Forgets `source` (its picture or failure): the next request loads it again, with a new
    /// texture ID (the old texture is destroyed by the backends once no longer drawn).
    public func forget(_ source: ImageSource) {
        guard let e = entries.removeValue(forKey: source) else { return }
        drop(e)
    }

    /// Forgets every source.
    public func removeAll() {
        for e in entries.values { drop(e) }
        entries.removeAll()
    }

    private func drop(_ e: Entry) {
        if case .success(let image) = e.result { byTexture.removeValue(forKey: image.texture.rawValue) }
        if let p = e.pixels { pixelBytes -= p.bytes; e.pixels = nil }
    }

    private func decode(_ source: ImageSource) -> Result<DecodedImage, ImageLoadError> {
        decodeCount += 1
        return DecodedImage.decode(source, maximumSide: maximumSide, maximumPixels: maximumPixels)
    }

    /// Drops the least recently used decoded pixels while over `pixelBudget`, and forgets the
    /// least recently used sources while over `maximumEntries` — never `keep`'s.
    private func trim(keeping keep: Entry) {
        guard pixelBytes > pixelBudget || entries.count > maximumEntries else { return }
        let oldest = entries.values.filter { $0 !== keep }.sorted { $0.lastUse < $1.lastUse }
        var k = 0
        while entries.count > maximumEntries, k < oldest.count {
            entries.removeValue(forKey: oldest[k].source)
            drop(oldest[k])
            k += 1
        }
        for e in oldest[k...] where pixelBytes > pixelBudget {
            if let p = e.pixels { pixelBytes -= p.bytes; e.pixels = nil }
        }
    }
}
