// Shapes: rounded rectangles (nodes, a circle being one whose radius is half its side) with a
// fill and a border centred on the outline, fan triangles of convex polygons (markers), and
// flat quads and rectangles without anti-aliasing (level of detail).
// All lengths in pixels.

// Box: r = (minX, minY, maxX, maxY), p = (corner radius, border width, -, -).
vec2 boxCorner(vec4 r, vec4 p, vec2 corner) {
    float grow = p.y * 0.5 + 0.5;           // coverage is zero half a pixel outside the border
    return mix(r.xy - grow, r.zw + grow, corner);
}

// Strip k (0 top, 1 bottom, 2 left, 3 right) of the rim of the box r (p as boxCorner) around
// the interior rectangle i, all in pixels: the strips and i tile boxCorner's quad exactly.
vec2 boxRimCorner(vec4 r, vec4 p, vec4 i, int k, vec2 corner) {
    float grow = p.y * 0.5 + 0.5;
    vec4 o = vec4(r.xy - grow, r.zw + grow);
    vec4 strip = k == 0 ? vec4(o.xy, o.z, i.y) : k == 1 ? vec4(o.x, i.w, o.zw)
               : k == 2 ? vec4(o.x, i.y, i.x, i.w) : vec4(i.z, i.y, o.z, i.w);
    return mix(strip.xy, strip.zw, corner);
}

// What boxColor needs, computed once per vertex: shape = (centre, half size less the radius),
// edge = (radius, half the border plus half a pixel — coverage is zero beyond — or -1 without one).
void boxSetup(vec4 r, vec4 p, out vec4 shape, out vec4 edge) {
    shape = vec4((r.xy + r.zw) * 0.5, (r.zw - r.xy) * 0.5 - p.x);
    edge = vec4(p.x, p.y > 0.0 ? p.y * 0.5 + 0.5 : -1.0, 0.0, 0.0);
}

// Signed distance to the rounded rectangle (negative inside); Inigo Quilez's sdRoundBox.
float boxDistance(vec4 shape, float radius, vec2 pixel) {
    vec2 q = abs(pixel - shape.xy) - shape.zw;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// Fill inside, border over it (fill, stroke and the result premultiplied).
vec4 boxColor(vec4 shape, vec4 edge, vec4 fill, vec4 stroke, vec2 pixel) {
    float d = boxDistance(shape, edge.x, pixel);
    vec4 s = stroke * clamp(edge.y - abs(d), 0.0, 1.0);
    return s + fill * (clamp(0.5 - d, 0.0, 1.0) * (1.0 - s.a));
}

// Triangle: a = (p0, p1), b = (p2, outer-edge mask, -). Quad = bounding box plus half a pixel.
vec2 triangleCorner(vec4 a, vec4 b, vec2 corner) {
    vec2 lo = min(min(a.xy, a.zw), b.xy) - 0.5, hi = max(max(a.xy, a.zw), b.xy) + 0.5;
    return mix(lo, hi, corner);
}

// Distance inside the edge from u to v (positive inside a triangle of orientation `side`).
float edgeInside(vec2 u, vec2 v, vec2 pixel, float side) {
    vec2 e = v - u;
    float len = max(length(e), 1e-6);
    return side * (e.x * (pixel.y - u.y) - e.y * (pixel.x - u.x)) / len;
}

// Outline edges fade over one pixel centred on the edge; inner fan edges cut hard, so that
// neighbouring triangles meet without a seam.
float triangleCoverage(vec4 a, vec4 b, vec2 pixel) {
    vec2 p0 = a.xy, p1 = a.zw, p2 = b.xy;
    vec2 e1 = p1 - p0, e2 = p2 - p0;
    float side = (e1.x * e2.y - e1.y * e2.x) >= 0.0 ? 1.0 : -1.0;
    int mask = int(b.z + 0.5);
    float d[3] = float[3](edgeInside(p0, p1, pixel, side), edgeInside(p1, p2, pixel, side), edgeInside(p2, p0, pixel, side));
    float coverage = 1.0;
    for (int k = 0; k < 3; k++) {
        if ((mask & (1 << k)) != 0) coverage *= clamp(d[k] + 0.5, 0.0, 1.0);
        else if (d[k] < 0.0) coverage = 0.0;
    }
    return coverage;
}

// Flat quad: corner k of a = (c0, c1), b = (c2, c3), drawn as triangles 0-1-2 and 2-1-3 with
// no grown rim: its pixels are those of the triangle form's two triangles.
vec2 quadCorner(vec4 a, vec4 b, int k) {
    return k == 0 ? a.xy : k == 1 ? a.zw : k == 2 ? b.xy : b.zw;
}

// Flat rectangle r = (minX, minY, maxX, maxY) as a point sprite: centred on r, or, where r
// crosses the viewport's edge with its centre outside (GL drops a point whose centre is
// clipped), on the nearest pixel centre inside the viewport, which is still inside r's span.
// A rectangle wholly outside keeps its centre and is dropped.
vec2 rectPointCentre(vec4 r, vec2 viewport) {
    vec2 c = (r.xy + r.zw) * 0.5;
    bool crosses = all(lessThan(r.xy, viewport)) && all(greaterThan(r.zw, vec2(0.0)));
    return crosses ? clamp(c, vec2(0.5), viewport - 0.5) : c;
}

// The sprite's side: a square one pixel wider than twice the farthest reach of r from the
// centre c (rounded up), so that it covers every pixel centre inside r even where a driver
// rounds the point size; at most 2 * DrawList.maximumPointPixels + 2.
float rectPointSize(vec4 r, vec2 c) {
    vec2 reach = max(r.zw - c, c - r.xy);
    return ceil(2.0 * max(reach.x, reach.y)) + 1.0;
}

// The pixels whose centres lie inside r (left and top edges included), as two triangles of
// the rectangle would cover; the rest of the sprite is left as it was (zero coverage).
float rectCoverage(vec4 r, vec2 pixel) {
    return all(greaterThanEqual(pixel, r.xy)) && all(lessThan(pixel, r.zw)) ? 1.0 : 0.0;
}
