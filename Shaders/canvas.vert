#version 330 core
// SwiftFlow's canvas vertex shader: expands one ShapeInstance (Sources/SwiftFlow/Render/
// ShapeInstance.swift) into a quad (4 vertices, corner from gl_VertexID) that covers the shape
// and one pixel of anti-aliasing around it, or places the one vertex of a point sprite (5 rect)
// or of a line strip (6 hairline), or one end of a wide line (a segment compiled with
// SEGMENT_LINES), or a corner of one of the four strips of a large box's rim (7) or of its
// opaque interior (8) (the GL backend's BoxSplit). Inputs are screen points; everything after this
// stage is in drawable pixels, y down. The backend compiles it once per kind of shape, with
// `#define KIND n` (0 box, 1 segment, 2 glyph, 3 triangle, 4 quad, 5 rect, 6 hairline, 7 box rim,
// 8 box interior) after the version line, and draws
// each run of one kind with its program: no shader branches on the kind.
#include "shapes.glsl"
#include "strokes.glsl"
#include "text.glsl"

// The frame's ShapeInstances, four RGBA32UI texels each: a, b, c (float bits), then (kind,
// fill, stroke, 0) with the colours as packed R, G, B, A bytes. Instance k is drawn as vertices
// 4k ... 4k + 3 (an index buffer makes two triangles of them), so gl_VertexID names both the
// instance and the corner: one draw call for any number of shapes, no per-instance setup.
uniform usamplerBuffer instances;

uniform vec2 viewportPixels;                // drawable size in pixels
uniform float pixelsPerPoint;               // the display scale
uniform float clipMargin;                   // how far the GL viewport reaches past each side (pixels)

flat out vec4 vA;                           // `a` in pixels
flat out vec4 vB;                           // `b`, lengths in pixels (texture coordinates kept)
flat out vec4 vFill;
flat out vec4 vStroke;
out vec2 vPixel;                            // this fragment's position in pixels
out vec4 vLocal;                            // segments: see strokes.glsl
out vec2 vUV;                               // glyphs: texture coordinate
flat out vec4 vJoins;                       // segment lines: the join normals (`c`)
flat out vec4 vShape;                       // segment lines: see strokes.glsl, segmentLineEnd

vec4 unpackColor(uint c) {
    return vec4(float(c & 255u), float((c >> 8) & 255u), float((c >> 16) & 255u), float(c >> 24)) / 255.0;
}

void main() {
#if KIND == 5 || KIND == 6
    int base = gl_VertexID * 4;             // one vertex per instance: a point sprite or a line-strip point
#elif KIND == 7
    int base = (gl_VertexID >> 4) * 4;      // sixteen: four strips of four corners
#elif defined(SEGMENT_LINES)
    int base = (gl_VertexID >> 1) * 4;      // two per instance: the ends of a line
#else
    int base = (gl_VertexID >> 2) * 4;
#endif
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    // Only the texels a kind reads are fetched (each fetch is a gather on a software rasteriser).
    vec4 a = uintBitsToFloat(texelFetch(instances, base));
#if KIND <= 4 || KIND == 7
    vec4 b = uintBitsToFloat(texelFetch(instances, base + 1));
#else
    vec4 b = vec4(0.0);
#endif
#if KIND == 1 || KIND == 7
    vec4 c = uintBitsToFloat(texelFetch(instances, base + 2));
#endif
    uvec4 d = texelFetch(instances, base + 3);
    float s = pixelsPerPoint;
    vA = a * s;
    vFill = unpackColor(d.y);
    vStroke = unpackColor(d.z);
    vLocal = vec4(0.0);
    vUV = vec2(0.0);
    vJoins = vec4(0.0);
    vShape = vec4(0.0);
#if KIND == 0
    vB = vec4(b.xy * s, b.zw);
    vec2 p = boxCorner(vA, vB, corner);
    boxSetup(vA, vB, vA, vB);
    vFill = vec4(vFill.rgb * vFill.a, vFill.a);   // premultiplied once here, not per pixel
    vStroke = vec4(vStroke.rgb * vStroke.a, vStroke.a);
#elif KIND == 7
    vB = vec4(b.xy * s, b.zw);
    vec2 p = boxRimCorner(vA, vB, c * s, (gl_VertexID >> 2) & 3, corner);
    boxSetup(vA, vB, vA, vB);
    vFill = vec4(vFill.rgb * vFill.a, vFill.a);
    vStroke = vec4(vStroke.rgb * vStroke.a, vStroke.a);
#elif KIND == 8
    vB = b;
    vec2 p = mix(vA.xy, vA.zw, corner);     // a box's opaque interior (vFill, alpha 1)
#elif KIND == 1 && defined(SEGMENT_LINES)
    vB = b * s;
    vJoins = c;
    vec2 p = segmentLineEnd(vA, vB, vJoins, gl_VertexID & 1, vShape);
    // Mirrored to GL's window coordinates (y up from the drawable's bottom), so the fragment
    // shader reads gl_FragCoord as it is (no uniform read and flip per pixel: 2-4% of the
    // backend's CPU in BENCHMARKS History 99). The mirror flips the sign of `across`, which
    // only its square reads, and keeps every other dot product.
    vA = vec4(vA.x, viewportPixels.y - vA.y, vA.z, viewportPixels.y - vA.w);
    vShape.y = -vShape.y;
    vJoins = vJoins * vec4(1.0, -1.0, 1.0, -1.0);
    vFill = vec4(vFill.rgb * vFill.a, vFill.a);   // premultiplied once here, not per pixel
#elif KIND == 1
    vB = b * s;
    vec2 p = segmentCorner(vA, vB, c, corner, vLocal);
    vA = vec4(length(vA.zw - vA.xy), 0.0, 0.0, 0.0);
#elif KIND == 2
    vB = b;
    vec2 p = glyphCorner(vA, corner);
    vUV = mix(b.xy, b.zw, corner);
#elif KIND == 3
    vB = vec4(b.xy * s, b.zw);
    vec2 p = triangleCorner(vA, vB, corner);
#elif KIND == 4
    vB = b * s;
    vec2 p = quadCorner(vA, vB, gl_VertexID & 3);
#elif KIND == 5
    vB = b;
    vec2 p = rectPointCentre(vA, viewportPixels);
    gl_PointSize = rectPointSize(vA, p);
#else
    vB = b;
    vec2 p = vA.xy;
#endif
    vPixel = p;
    vec2 clipped = (p + clipMargin) / (viewportPixels + 2.0 * clipMargin);
    gl_Position = vec4(clipped.x * 2.0 - 1.0, 1.0 - clipped.y * 2.0, 0.0, 1.0);
}
