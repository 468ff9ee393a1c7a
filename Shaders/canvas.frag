#version 330 core
// SwiftFlow's canvas fragment shader: coverage of the instance's shape at this pixel from a
// signed distance (one pixel of anti-aliasing), output premultiplied for
// glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA) — the same result as SDL's blend mode; zero
// coverage leaves the pixel as it was, so nothing is discarded (cheaper on llvmpipe). Compiled
// once per kind of shape, like canvas.vert (`#define KIND n`, and SEGMENT_LINES, with DASHED or
// not, for segments drawn as wide lines).
#include "shapes.glsl"
#include "strokes.glsl"
#include "text.glsl"

flat in vec4 vA;
flat in vec4 vB;
flat in vec4 vFill;
flat in vec4 vStroke;
in vec2 vPixel;
in vec4 vLocal;
in vec2 vUV;
flat in vec4 vJoins;
flat in vec4 vShape;

uniform sampler2D atlas;                    // the glyph atlas page of this run
uniform vec2 viewportPixels;                // drawable size in pixels

out vec4 fragColor;

vec4 premultiplied(vec4 c, float coverage) { return vec4(c.rgb * c.a, c.a) * coverage; }

// This fragment's pixel centre in drawable pixels, y down (as vPixel, without interpolating it).
vec2 fragmentPixel() { return vec2(gl_FragCoord.x, viewportPixels.y - gl_FragCoord.y); }

void main() {
#if KIND == 0 || KIND == 7
    vec4 color = boxColor(vA, vB, vFill, vStroke, fragmentPixel());  // colours premultiplied
#elif KIND == 1 && defined(SEGMENT_LINES)
    vec4 color = vFill * segmentLineCoverage(vA, vShape, vJoins, vB, gl_FragCoord.xy);  // vFill premultiplied; inputs y up (canvas.vert)
#elif KIND == 1
    vec4 color = premultiplied(vFill, segmentCoverage(vLocal, vA.x, vB));
#elif KIND == 2
    vec4 color = glyphColor(atlas, vUV, vFill);
#elif KIND == 3
    vec4 color = premultiplied(vFill, triangleCoverage(vA, vB, vPixel));
#elif KIND == 8
    vec4 color = vFill;                      // an opaque interior, drawn without blending
#elif KIND == 5
    vec4 color = premultiplied(vFill, rectCoverage(vA, fragmentPixel()));
#else
    vec4 color = premultiplied(vFill, 1.0);  // a flat quad or line: the primitive's own coverage
#endif
    fragColor = color;
}
