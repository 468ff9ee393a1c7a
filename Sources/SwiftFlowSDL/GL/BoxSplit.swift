import SwiftFlow

/// Large boxes (`ShapeInstance.Kind.box`: node bodies, panels) split in two for the GL backend,
/// because a software rasteriser such as Mesa's llvmpipe pays for the box's signed distance and
/// blending at every pixel, and most of a large box's pixels are its plain interior: the *rim*,
/// four strips around an interior rectangle drawn with the box's own shader (kind `rim`), and the
/// *interior*, one flat rectangle of the fill drawn without blending (kind `interior`), or
/// nothing for a box without fill. The interior is where the shader gives exactly the fill: at
/// least the corner radius, the border's reach (half the border plus half a pixel) and half a
/// pixel inside the outline, rounded inward to whole pixels, so that no pixel centre lies on its
/// edge and the strips and the interior share edges exactly (each pixel drawn once). Only a box
/// whose fill is opaque or empty and whose interior is at least `minimumInterior` pixels both
/// ways is split (a smaller one costs more as five primitives than as one). These kinds exist
/// in the GL backend only, after `ShapeInstance.Kind`'s (the rim keeps the interior rectangle,
/// in points, in `c`; the interior is the rectangle `a` in the colour `fill`).
enum BoxSplit {
    /// The kind of a box's rim (`Shaders/shapes.glsl`, boxRimCorner).
    static let rim = UInt32(ShapeInstance.Kind.allCases.count)
    /// The kind of a box's opaque interior.
    static let interior = rim + 1
    /// Kinds the backend draws: `ShapeInstance.Kind`'s and these two.
    static let kinds = Int(interior) + 1
    /// The smallest interior (pixels, both ways) for which a box is split.
    static let minimumInterior: Float = 24

    /// The interior rectangle (points) of `s` at `scale` pixels per point when `s` is split;
    /// nil when it is drawn whole. O(1).
    static func interior(of s: ShapeInstance, scale: Float) -> (Float, Float, Float, Float)? {
        guard s.kind == ShapeInstance.Kind.box.rawValue, s.fill.a == 255 || s.fill.a == 0 else { return nil }
        let inset = max(s.b0 * scale, 0.5, s.b1 > 0 ? s.b1 * scale * 0.5 + 0.5 : 0)
        let x0 = (s.a0 * scale + inset).rounded(.up), y0 = (s.a1 * scale + inset).rounded(.up)
        let x1 = (s.a2 * scale - inset).rounded(.down), y1 = (s.a3 * scale - inset).rounded(.down)
        // (false for anything not finite)
        guard x1 - x0 >= minimumInterior, y1 - y0 >= minimumInterior, x1 - x0 < .infinity, y1 - y0 < .infinity else { return nil }
        return (x0 / scale, y0 / scale, x1 / scale, y1 / scale)
    }

    /// Appends `s` to `out`: its rim and interior when it is split, else itself. O(1).
    static func append(_ s: ShapeInstance, scale: Float, to out: inout [ShapeInstance]) {
        guard let r = interior(of: s, scale: scale) else { return out.append(s) }
        var rim = s
        rim.kind = Self.rim
        (rim.c0, rim.c1, rim.c2, rim.c3) = r
        out.append(rim)
        guard s.fill.a == 255 else { return }
        var inside = s
        inside.kind = interior
        (inside.a0, inside.a1, inside.a2, inside.a3) = r
        out.append(inside)
    }
}
