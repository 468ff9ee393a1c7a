/// One primitive of a draw list's GPU form (`DrawList.Form.instances`): a shape the GPU expands
/// from a unit quad (four vertices per instance) and anti-aliases with a signed distance in the
/// fragment shader, instead of CPU-tessellated triangles, or one vertex of a level-of-detail
/// point or line. All coordinates are screen points.
///
/// Per kind (`a`, `b` are four floats each):
/// - `.box`: a rectangle with rounded corners (a circle is a box whose radius is half its side);
///   `a` = (minX, minY, maxX, maxY), `b` = (corner radius, border width, 0, 0); `fill` inside,
///   `stroke` on a border centred on the outline (alpha 0 = none).
/// - `.segment`: one segment of a polyline with round caps; `a` = (x0, y0, x1, y1), `b` = (width,
///   dash length, gap length, dash phase at (x0, y0)) — a dash length of 0 draws solid; `c` =
///   the unit normals of the joins at (x0, y0) and (x1, y1) (the bisectors of the neighbouring
///   directions; zero at a polyline's ends): each pixel near a join belongs to exactly one of
///   the two segments, so joins are round without blending twice. `fill` is the colour.
/// - `.glyph`: an axis-aligned textured quad (a glyph of the atlas page the command binds);
///   `a` = the rectangle, `b` = (u0, v0, u1, v1); `fill` tints the texel.
/// - `.triangle`: one triangle of a convex polygon's fan; `a` = (x0, y0, x1, y1), `b` = (x2, y2,
///   outer-edge mask, 0) — bit k set when edge k (from vertex k to k+1) is on the polygon's
///   outline and gets an anti-aliased edge; `fill` is the colour.
/// - `.quad`: a convex quadrilateral of one flat colour without anti-aliasing, a
///   level-of-detail rectangle too long for a `.rect` (`DrawList.addSolidRect`): the same two triangles as the triangle form, so the same
///   pixels, and the cheapest fragments; `a` = (x0, y0, x1, y1), `b` = (x2, y2, x3, y3), corners
///   0, 1, 3, 2 in order around the outline (drawn as triangles 0-1-2 and 2-1-3); `fill` is
///   the colour.
/// - `.rect`: a small axis-aligned rectangle of one flat colour without anti-aliasing (the
///   level-of-detail rectangle, `DrawList.addSolidRect`, at most `DrawList.maximumPointPixels`
///   across): one vertex, drawn as a point sprite that covers it, keeping the pixels whose centres
///   lie inside it, as the triangle form's two triangles do; `a` = (minX, minY, maxX, maxY);
///   `fill` is the colour.
/// - `.hairline`: one point of a polyline drawn as a one-pixel line strip without anti-aliasing
///   (`DrawList.addThinPolyline`, the level-of-detail stroke): one vertex; `a` = (x, y, 0, 0),
///   `b` = (1 on a strip's first point else 0, 0, 0, 0); `fill` is the colour.
///
/// `c` is zero for the other kinds. The layout is four 16-byte texels — `a`, `b`, `c`, then
/// (`kind`, `fill`, `stroke`, 0) — so an array of instances uploads as one buffer that the vertex
/// shader reads with `texelFetch` (checked by `ShapeInstanceLayoutTests`).
public struct ShapeInstance: Hashable, Sendable {
    /// The shapes the shaders know (`kind` in `Shaders/canvas.vert`).
    public enum Kind: UInt32, Sendable, CaseIterable {
        case box = 0, segment = 1, glyph = 2, triangle = 3, quad = 4, rect = 5, hairline = 6

        /// GPU vertices one instance of this kind expands to: the corners of a quad (drawn as two
        /// indexed triangles), or one for a point sprite or a line-strip point.
        public var vertices: Int { self == .rect || self == .hairline ? 1 : 4 }
    }

    public var a0: Float, a1: Float, a2: Float, a3: Float
    public var b0: Float, b1: Float, b2: Float, b3: Float
    public var c0: Float, c1: Float, c2: Float, c3: Float
    public var kind: UInt32
    public var fill: PackedColor
    public var stroke: PackedColor
    /// Pads the record to 64 bytes (four texels).
    var reserved: UInt32 = 0

    /// Creates an instance of `kind` with its parameter vectors and colours.
    @inlinable
    public init(_ kind: Kind, _ a: (Float, Float, Float, Float), _ b: (Float, Float, Float, Float),
                _ c: (Float, Float, Float, Float) = (0, 0, 0, 0),
                fill: PackedColor, stroke: PackedColor = PackedColor(r: 0, g: 0, b: 0, a: 0)) {
        self.kind = kind.rawValue
        (a0, a1, a2, a3) = a
        (b0, b1, b2, b3) = b
        (c0, c1, c2, c3) = c
        self.fill = fill
        self.stroke = stroke
    }

    /// The GPU vertices of `instances` (`Kind.vertices` each). O(n).
    public static func vertexCount(_ instances: [ShapeInstance]) -> Int {
        instances.reduce(0) { $0 + (Kind(rawValue: $1.kind)?.vertices ?? 4) }
    }
}
