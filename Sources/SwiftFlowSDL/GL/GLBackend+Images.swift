import CSDL2
import SwiftFlow

extension GLBackend {
    /// The GL textures of `SDLImageCache` pictures held now (for tests and reports).
    public var imageTextureCount: Int { imageTextures.count }
    /// Bytes of the GL textures of pictures held now (without their mipmaps, a third more).
    public var imageTextureBytes: Int { imageTextures.bytes }

    /// The texture of picture `id` (an `SDLImageCache` texture ID), uploaded from the cache's
    /// pixels on first use (RGBA8, mipmapped, trilinear, clamped to its edges; straight alpha
    /// like the atlas pages, so the glyph shader draws it tinted by white in its own colours);
    /// nil when there is no cache, the cache no longer knows `id`, or GL refuses the upload
    /// (e.g. a side over `GL_MAX_TEXTURE_SIZE`).
    func imageTexture(_ id: TextureID) -> GLuint? {
        guard let images, SDLImageCache.owns(id) else { return nil }
        return imageTextures.texture(for: id) {
            guard let surface = images.pixels(for: id) else { return nil }
            let s = surface.pointee, target = GLenum(GL_TEXTURE_2D)
            while gl.getError() != GLenum(GL_NO_ERROR) {}
            var name: GLuint = 0
            gl.genTextures(1, &name)
            gl.bindTexture(target, name)
            for (p, v) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                           (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
                gl.texParameteri(target, GLenum(p), GLint(v))
            }
            gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), s.pitch / 4)
            gl.texImage2D(target, 0, GLint(GL_RGBA8), s.w, s.h, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), s.pixels)
            gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            guard gl.getError() == GLenum(GL_NO_ERROR) else {
                gl.deleteTextures(1, &name)
                return nil
            }
            gl.generateMipmap(target)
            return (name, Int(s.w) * Int(s.h) * 4)
        }
    }

    /// Ends a rendered frame for the picture textures: deletes those unused (`ImageTextureTable`).
    func endImageFrame() {
        imageTextures.endFrame { name in var n = name; gl.deleteTextures(1, &n) }
    }
}
