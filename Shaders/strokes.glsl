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

float segmentCoverage(vec4 local, float len, vec4 b) {
    if (local.z < 0.0 || local.w >= 0.0) return 0.0;
    float beyond = max(max(-local.x, local.x - len), 0.0);
    float coverage = clamp(b.x * 0.5 + 0.5 - length(vec2(beyond, local.y)), 0.0, 1.0);
    if (b.y > 0.0) {
        float m = mod(local.x + b.w, b.y + b.z);
        coverage *= clamp(min(m, b.y - m) + 0.5, 0.0, 1.0);
    }
    return coverage;
}
