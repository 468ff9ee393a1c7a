import CSDL2
import SwiftFlow

extension GLBackend {
    /// Creates textures for new atlas pages and uploads the dirty part of each page.
    func uploadAtlas() {
        let target = GLenum(GL_TEXTURE_2D), size = GLsizei(atlas.pageSize)
        gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (i, page) in atlas.pages.enumerated() {
            let s = page.surface.pointee
            gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), s.pitch / 4)
            if i == textures.count {
                var name: GLuint = 0
                gl.genTextures(1, &name)
                textures.append(name)
                gl.bindTexture(target, name)
                for (p, v) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                               (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
                    gl.texParameteri(target, GLenum(p), GLint(v))
                }
                gl.texImage2D(target, 0, GLint(GL_RGBA8), size, size, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), s.pixels)
                page.markUploaded()
            } else if let d = page.dirtyRect {
                gl.bindTexture(target, textures[i])
                let pixels = UnsafeRawPointer(s.pixels!) + Int(d.y) * Int(s.pitch) + Int(d.x) * 4
                gl.texSubImage2D(target, 0, d.x, d.y, d.w, d.h, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
                page.markUploaded()
            }
        }
        gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }
}
