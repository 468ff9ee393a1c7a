#version 330 core
// SwiftFlow's canvas vertex shader: expands one ShapeInstance (Sources/SwiftFlow/Render/
// ShapeInstance.swift) into a quad (a 4-vertex triangle strip, corner from gl_VertexID) that
// covers the shape and one pixel of anti-aliasing around it. Inputs are screen points; everything
// after this stage is in drawable pixels, y down.
#include "shapes.glsl"
#include "strokes.glsl"
#include "text.glsl"

layout(location = 0) in uint kind;          // ShapeInstance.Kind: 0 box, 1 segment, 2 glyph, 3 triangle
layout(location = 1) in vec4 a;             // per kind, see ShapeInstance
layout(location = 2) in vec4 b;
layout(location = 3) in vec4 fillColor;     // straight alpha, 0...1
layout(location = 4) in vec4 strokeColor;
layout(location = 5) in vec4 c;             // segments: join normals at both ends

uniform vec2 viewportPixels;                // drawable size in pixels
uniform float pixelsPerPoint;               // the display scale

flat out uint vKind;
flat out vec4 vA;                           // `a` in pixels
flat out vec4 vB;                           // `b`, lengths in pixels (texture coordinates kept)
flat out vec4 vFill;
flat out vec4 vStroke;
flat out vec4 vC;
out vec2 vPixel;                            // this fragment's position in pixels
out vec2 vUV;                               // glyphs: texture coordinate

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    float s = pixelsPerPoint;
    vKind = kind;
    vA = a * s;
    vFill = fillColor;
    vStroke = strokeColor;
    vC = c;
    vUV = vec2(0.0);
    vec2 p;
    if (kind == 0u) {
        vB = vec4(b.xy * s, b.zw);
        p = boxCorner(vA, vB, corner);
    } else if (kind == 1u) {
        vB = b * s;
        p = segmentCorner(vA, vB, corner);
    } else if (kind == 2u) {
        vB = b;
        p = glyphCorner(vA, corner);
        vUV = mix(b.xy, b.zw, corner);
    } else {
        vB = vec4(b.xy * s, b.zw);
        p = triangleCorner(vA, vB, corner);
    }
    vPixel = p;
    gl_Position = vec4(p.x / viewportPixels.x * 2.0 - 1.0, 1.0 - p.y / viewportPixels.y * 2.0, 0.0, 1.0);
}
