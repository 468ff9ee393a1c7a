// Strokes: one polyline segment per instance, a round-capped capsule (so consecutive segments
// join round), width in pixels, optional dashes, one pixel of anti-aliasing on the sides.
// a = (x0, y0, x1, y1), b = (width, dash length, gap length, dash phase at (x0, y0)),
// j = the join normals at (x0, y0) and (x1, y1) (zero at the polyline's ends): a pixel behind
// the start join or past the end join belongs to the neighbouring segment, so that the two
// never both blend it.

vec2 segmentCorner(vec4 a, vec4 b, vec2 corner) {
    vec2 d = a.zw - a.xy;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 normal = vec2(-dir.y, dir.x);
    float grow = b.x * 0.5 + 1.0;
    return a.xy + dir * mix(-grow, len + grow, corner.x) + normal * mix(-grow, grow, corner.y);
}

float segmentCoverage(vec4 a, vec4 b, vec4 j, vec2 pixel) {
    vec2 d = a.zw - a.xy, rel = pixel - a.xy;
    if (dot(j.xy, rel) < 0.0 || dot(j.zw, pixel - a.zw) >= 0.0) return 0.0;
    float len2 = max(dot(d, d), 1e-8);
    float t = clamp(dot(rel, d) / len2, 0.0, 1.0);
    float coverage = clamp(b.x * 0.5 + 0.5 - length(rel - d * t), 0.0, 1.0);
    if (b.y > 0.0) {
        float along = dot(rel, d) / sqrt(len2) + b.w;
        float m = mod(along, b.y + b.z);
        coverage *= clamp(min(m, b.y - m) + 0.5, 0.0, 1.0);
    }
    return coverage;
}
