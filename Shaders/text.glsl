// Text: glyph quads from the same atlas pages as the SDL backend (RGBA, white with the glyph's
// coverage in alpha), tinted by the instance colour. a = the quad in pixels.

vec2 glyphCorner(vec4 r, vec2 corner) { return mix(r.xy, r.zw, corner); }

vec4 glyphColor(sampler2D page, vec2 uv, vec4 tint) {
    vec4 texel = texture(page, uv) * tint;
    return vec4(texel.rgb * texel.a, texel.a);
}
