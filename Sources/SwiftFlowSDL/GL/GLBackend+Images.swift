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

    /// The texture of the picture or image `id` names in `list`: a `DrawPicture` of the list
    /// (an overview tile: uploaded from its pixels, RGBA8, linear, no mipmaps — tiles are drawn
    /// at half to full size — and again when its version changed), else an `SDLImageCache`
    /// picture (`imageTexture(_:)`).
    func imageTexture(_ id: TextureID, in list: DrawList) -> GLuint? {
        guard let picture = list.picture(for: id) else { return imageTexture(id) }
        return imageTextures.texture(for: id, version: picture.version, make: {
            guard picture.width > 0, picture.height > 0, picture.rgba.count == picture.width * picture.height * 4 else { return nil }
            let target = GLenum(GL_TEXTURE_2D)
            while gl.getError() != GLenum(GL_NO_ERROR) {}
            var name: GLuint = 0
            gl.genTextures(1, &name)
            gl.bindTexture(target, name)
            for (p, v) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                           (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
                gl.texParameteri(target, GLenum(p), GLint(v))
            }
            gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            picture.rgba.withUnsafeBytes {
                gl.texImage2D(target, 0, GLint(GL_RGBA8), GLsizei(picture.width), GLsizei(picture.height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            guard gl.getError() == GLenum(GL_NO_ERROR) else {
                gl.deleteTextures(1, &name)
                return nil
            }
            return (name, picture.rgba.count)
        }, destroy: { name in var n = name; gl.deleteTextures(1, &n) })
    }

    /// Ends a rendered frame for the picture textures: deletes those unused (`ImageTextureTable`).
    func endImageFrame() {
        imageTextures.endFrame { name in var n = name; gl.deleteTextures(1, &n) }
    }
}
