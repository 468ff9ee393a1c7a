import SwiftFlow

/// Small boxes and glyphs as point sprites for the GL backend: one vertex and one primitive
/// covering the shape's quad instead of the quad's four vertices and two triangles, which a
/// software rasteriser such as Mesa's llvmpipe shades, sets up and bins separately (and shades
/// twice along their shared diagonal) — most of a zoomed-out canvas is such shapes: each node's
/// box, its handles' circles and its label's glyphs. The fragment shaders compute what the quad
/// does from the pixel's position (`Shaders/canvas.frag`): a box sprite's pixels outside the
/// quad get no coverage, so they are left as they were and the picture is the same; a glyph
/// sprite samples the atlas at the texture coordinate the quad would interpolate there. These
/// kinds exist in the GL backend only, after `ShapeInstance.Kind`'s and `BoxSplit`'s, and keep
/// the instance's fields.
enum Sprites {
    /// The kind of a small box (`ShapeInstance.Kind.box`) drawn as a sprite.
    static let box = BoxSplit.interior + 1
    /// The kind of a small glyph (`ShapeInstance.Kind.glyph`) drawn as a sprite.
    static let glyph = box + 1
    /// Kinds the backend draws: `ShapeInstance.Kind`'s, `BoxSplit`'s and these two.
    static let kinds = Int(glyph) + 1

    /// `s` as a sprite at `scale` pixels per point, or nil when it is drawn as it is: a box whose
    /// quad (grown by half its border and half a pixel, `Shaders/shapes.glsl` boxCorner), or a
    /// glyph whose quad, is at most `DrawList.maximumPointPixels` both ways (so that the sprite
    /// fits the driver's points even where it is moved inside the viewport, as a `.rect`'s is);
    /// a glyph's also at least a pixel both ways. Nil for anything not finite or inverted. O(1).
    static func sprite(of s: ShapeInstance, scale: Float) -> ShapeInstance? {
        let w = (s.a2 - s.a0) * scale, h = (s.a3 - s.a1) * scale
        var sprite = s
        switch ShapeInstance.Kind(rawValue: s.kind) {
        case .box:
            let grow = s.b1 * scale + 1
            guard w >= 0, h >= 0, w + grow <= DrawList.maximumPointPixels, h + grow <= DrawList.maximumPointPixels else { return nil }
            sprite.kind = box
        case .glyph:
            guard w >= 1, h >= 1, w <= DrawList.maximumPointPixels, h <= DrawList.maximumPointPixels else { return nil }
            sprite.kind = glyph
        default:
            return nil
        }
        return sprite
    }
}
