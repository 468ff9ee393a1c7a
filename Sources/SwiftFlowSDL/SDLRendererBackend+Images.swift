import CSDL2
import SwiftFlow

extension SDLRendererBackend {
    /// The SDL textures of `SDLImageCache` pictures held now (for tests and reports).
    public var imageTextureCount: Int { imageTextures.count }
    /// Bytes of the SDL textures of pictures held now.
    public var imageTextureBytes: Int { imageTextures.bytes }

    /// The texture of picture `id` (an `SDLImageCache` texture ID), made from the cache's pixels
    /// on first use (`SDL_CreateTextureFromSurface`, alpha-blended, linear scaling: the vertex
    /// colour, white with the image's opacity, keeps its colours); nil when there is no cache,
    /// the cache no longer knows `id`, or the renderer refuses the texture (e.g. a side over
    /// its maximum texture size).
    func imageTexture(_ id: TextureID) -> OpaquePointer? {
        guard let images, SDLImageCache.owns(id) else { return nil }
        return imageTextures.texture(for: id) {
            guard let surface = images.pixels(for: id), let t = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
            return (t, Int(surface.pointee.w) * Int(surface.pointee.h) * 4)
        }
    }

    /// The texture of the picture or image `id` names in `list`: a `DrawPicture` of the list
    /// (an overview tile: made from its pixels, made again when its version changed), else an
    /// `SDLImageCache` picture (`imageTexture(_:)`).
    func imageTexture(_ id: TextureID, in list: DrawList) -> OpaquePointer? {
        guard let picture = list.picture(for: id) else { return imageTexture(id) }
        return imageTextures.texture(for: id, version: picture.version, make: {
            guard picture.width > 0, picture.height > 0, picture.rgba.count == picture.width * picture.height * 4,
                  let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(picture.width), Int32(picture.height))
            else { return nil }
            _ = picture.rgba.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(picture.width * 4)) }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
            return (t, picture.rgba.count)
        }, destroy: { SDL_DestroyTexture($0) })
    }

    /// Ends a rendered frame for the picture textures: destroys those unused (`ImageTextureTable`).
    func endImageFrame() {
        imageTextures.endFrame { SDL_DestroyTexture($0) }
    }
}
