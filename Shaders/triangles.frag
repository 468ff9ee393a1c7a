#version 330 core
// Vertex colour, times the atlas page's texel for textured runs; premultiplied output.
in vec4 vColor;
in vec2 vUV;

uniform sampler2D atlas;
uniform bool textured;

out vec4 fragColor;

void main() {
    vec4 c = textured ? texture(atlas, vUV) * vColor : vColor;
    fragColor = vec4(c.rgb * c.a, c.a);
}
