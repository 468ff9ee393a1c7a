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

    /// Ends a rendered frame for the picture textures: destroys those unused (`ImageTextureTable`).
    func endImageFrame() {
        imageTextures.endFrame { SDL_DestroyTexture($0) }
    }
}
