#version 330 core
// The triangle form of a draw list (DrawVertex: position in screen points, straight-alpha
// colour, texture coordinate), as the SDL backend draws it: CPU-tessellated triangles whose
// anti-aliasing is already in their alpha fringes. The GL backend uses it for lists not in the
// instance form.
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 color;         // normalised bytes
layout(location = 2) in vec2 uv;

uniform vec2 viewportPixels;
uniform float pixelsPerPoint;

out vec4 vColor;
out vec2 vUV;

void main() {
    vec2 p = position * pixelsPerPoint;
    vColor = color;
    vUV = uv;
    gl_Position = vec4(p.x / viewportPixels.x * 2.0 - 1.0, 1.0 - p.y / viewportPixels.y * 2.0, 0.0, 1.0);
}
