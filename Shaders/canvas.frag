#version 330 core
// SwiftFlow's canvas fragment shader: coverage of the instance's shape at this pixel from a
// signed distance (one pixel of anti-aliasing), output premultiplied for
// glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA) — the same result as SDL's blend mode.
#include "shapes.glsl"
#include "strokes.glsl"
#include "text.glsl"

flat in uint vKind;
flat in vec4 vA;
flat in vec4 vB;
flat in vec4 vFill;
flat in vec4 vStroke;
flat in vec4 vC;
in vec2 vPixel;
in vec2 vUV;

uniform sampler2D atlas;                    // the glyph atlas page of this run

out vec4 fragColor;

vec4 premultiplied(vec4 c, float coverage) { return vec4(c.rgb * c.a, c.a) * coverage; }

void main() {
    vec4 color;
    if (vKind == 0u) {
        color = boxColor(vA, vB, vFill, vStroke, vPixel);
    } else if (vKind == 1u) {
        color = premultiplied(vFill, segmentCoverage(vA, vB, vC, vPixel));
    } else if (vKind == 2u) {
        color = glyphColor(atlas, vUV, vFill);
    } else {
        color = premultiplied(vFill, triangleCoverage(vA, vB, vPixel));
    }
    if (color.a <= 0.0) discard;
    fragColor = color;
}
