// Strokes: one polyline segment per instance, a capsule (round caps) of `width` pixels with one
// pixel of anti-aliasing on its sides and optional dashes. a = (x0, y0, x1, y1), b = (width,
// dash length, gap length, dash phase at (x0, y0)), j = the join normals at (x0, y0) and
// (x1, y1), zero at the polyline's ends. A pixel behind the start join or past the end join
// belongs to the neighbouring segment, so joins come out round and are never blended twice.
// Everything the fragment needs that is affine in the pixel position is computed per vertex:
// local = (distance along, distance across, side of the start join, side of the end join).

// How far the quad must reach past an end: a round cap's radius at an open end (j = 0), else
// only as far as the join's half-plane lets this segment's pixels go.
float joinExtension(vec2 j, vec2 dir, vec2 normal, float grow) {
    if (dot(j, j) == 0.0) return grow;
    return min(grow, grow * abs(dot(normal, j)) / max(dot(dir, j), 1e-3));
}

vec2 segmentCorner(vec4 a, vec4 b, vec4 j, vec2 corner, out vec4 local) {
    vec2 d = a.zw - a.xy;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 normal = vec2(-dir.y, dir.x);
    float grow = b.x * 0.5 + 0.5;           // coverage is zero half a pixel outside the stroke
    float along = mix(-joinExtension(j.xy, dir, normal, grow), len + joinExtension(j.zw, dir, normal, grow), corner.x);
    float across = mix(-grow, grow, corner.y);
    vec2 p = a.xy + dir * along + normal * across;
    // An open end (j = 0) keeps every pixel: +1 behind the start, -1 before the end.
    local = vec4(along, across, dot(j.xy, j.xy) == 0.0 ? 1.0 : dot(j.xy, p - a.xy),
                 dot(j.zw, j.zw) == 0.0 ? -1.0 : dot(j.zw, p - a.zw));
    return p;
}

// Coverage of the capsule of half-width g (half the stroke plus half a pixel) around the
// segment from (0, 0) to (len, 0) at (along, across).
float capsuleCoverage(float along, float across, float len, float g) {
    float beyond = max(max(-along, along - len), 0.0);
    return clamp(g - length(vec2(beyond, across)), 0.0, 1.0);
}

// Coverage of the dash pattern b = (width, dash, gap, phase) at `along`.
float dashCoverage(float along, vec4 b) {
    float m = mod(along + b.w, b.y + b.z);
    return clamp(min(m, b.y - m) + 0.5, 0.0, 1.0);
}

float segmentCoverage(vec4 local, float len, vec4 b) {
    if (local.z < 0.0 || local.w >= 0.0) return 0.0;
    float coverage = capsuleCoverage(local.x, local.y, len, b.x * 0.5 + 0.5);
    if (b.y > 0.0) coverage *= dashCoverage(local.x, b);
    return coverage;
}

// The same segment as one wide GL line (compiled with SEGMENT_LINES): a line is one primitive
// where the quad is two long slivers, which a tiled rasteriser sets up, shades and blends along
// their whole length twice. Endpoint `end` (0 or 1) of the line, moved `reach` = g / cos(θ) out
// along the segment (and half a pixel more), where g is the quad's half-width and θ the angle
// between the segment and the screen axis it runs along most (GL's major axis): a GL line drawn
// at least `2 reach` pixels wide along the other axis (`GLBackend.segmentLineWidth` sets it per
// draw) is a parallelogram that covers the capsule. A line interpolates its varyings along its
// length only, so the fragment shader computes the position along and across the segment from
// the pixel (`segmentLineCoverage`), from these flat values: `shape` = (unit direction, length,
// g), and `a` and `j` with an open end's join replaced by a half-plane that owns every pixel
// of the line: at an open start j = 0 owns every pixel as it is; at an open end, the normal is
// the direction and the end is moved 4 reach + 4 along it (no pixel of the line lies more than
// `reach` plus half the line's width, under reach + 1, past the segment's end). Every
// value the fragment shader reads is one of four flat vec4s, the fewest inputs llvmpipe sets up
// per line.
vec2 segmentLineEnd(inout vec4 a, vec4 b, inout vec4 j, int end, out vec4 shape) {
    vec2 d = a.zw - a.xy;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    float g = b.x * 0.5 + 0.5;
    shape = vec4(dir, len, g);
    float reach = g / max(abs(dir.x), abs(dir.y)) + 0.5;
    vec2 p = end == 0 ? a.xy - dir * reach : a.zw + dir * reach;
    if (dot(j.zw, j.zw) == 0.0) {
        j.zw = dir;
        a.zw += dir * (4.0 * reach + 4.0);
    }
    return p;
}

// segmentCoverage at `pixel` (GL window coordinates: canvas.vert mirrors the inputs) for the
// segment a (pixels) of segmentLineEnd's `shape`, join
// normals j (both as segmentLineEnd leaves them) and dash pattern b (dashes only when compiled
// with DASHED: the backend draws solid and dashed segments with separate programs, so solid
// ones skip the division).
float segmentLineCoverage(vec4 a, vec4 shape, vec4 j, vec4 b, vec2 pixel) {
    vec2 p0 = pixel - a.xy;
    float along = dot(p0, shape.xy), across = dot(p0, vec2(-shape.y, shape.x));
    bool owned = dot(j.xy, p0) >= 0.0 && dot(j.zw, pixel - a.zw) < 0.0;
    float coverage = capsuleCoverage(along, across, shape.z, shape.w);
#ifdef DASHED
    coverage *= dashCoverage(along, b);
#endif
    return owned ? coverage : 0.0;
}
