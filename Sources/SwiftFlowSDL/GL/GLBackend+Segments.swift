import CSDL2
import SwiftFlow

/// Segments (`ShapeInstance.Kind.segment`, strokes) as wide GL lines: one primitive and two
/// vertices per segment instead of a quad's two triangles and four vertices. On a tiled software
/// rasteriser such as Mesa's llvmpipe a stroke's quad is two slivers as long as the segment, and
/// every 4×4 block of pixels along it is set up, shaded and blended once per sliver; a line is one
/// parallelogram (GL's wide-line rule: the segment swept along the screen axis it runs along
/// least), shaded once. The line is drawn `segmentLineWidth` pixels wide, reaching as far past
/// each end (`Shaders/strokes.glsl`, `segmentLineEnd`), so it covers the quad's capsule; the
/// fragment shader computes the same coverage from the pixel's position.
extension GLBackend {
    /// The width of GL line (whole pixels) that covers segment `s` at `scale` pixels per point:
    /// twice the quad's half-width `g` (half the stroke plus half a pixel) divided by the cosine
    /// of the angle between the segment and its major axis (between 2g and 2.83g); infinity for
    /// a segment whose coordinates are not finite. O(1).
    static func segmentLineWidth(_ s: ShapeInstance, scale: Float) -> Float {
        guard s.a0.isFinite, s.a1.isFinite, s.a2.isFinite, s.a3.isFinite, s.b0.isFinite else { return .infinity }
        let dx = (s.a2 - s.a0) * scale, dy = (s.a3 - s.a1) * scale
        let length = (dx * dx + dy * dy).squareRoot()
        let cosine = length > 1e-4 ? max(abs(dx), abs(dy)) / length : 1
        // A pixel the rounding leaves out lies within 0.002 pixels of the capsule's edge,
        // where its coverage is under 1/255.
        let width = (2 * (s.b0 * scale * 0.5 + 0.5) / cosine - 0.002).rounded(.up)
        return width.isFinite ? max(width, 1) : .infinity  // (a width or coordinate near Float's limits)
    }

    /// Draws the segments `run` (all in the uploaded window) as lines, in sub-runs all solid or
    /// all dashed whose widths differ by at most 2 pixels, each drawn as wide as its widest; a
    /// sub-run wider than the driver's lines (`maxLineWidth`) is drawn as quads. O(run).
    func drawSegments(_ shapes: UnsafeBufferPointer<ShapeInstance>, _ run: Range<Int>) {
        let scale = Float(displayScale)
        var start = run.lowerBound
        while start < run.upperBound {
            var low = Self.segmentLineWidth(shapes[start], scale: scale), high = low
            let dashed = shapes[start].b1 > 0
            var end = start + 1
            while end < run.upperBound, (shapes[end].b1 > 0) == dashed {
                let w = Self.segmentLineWidth(shapes[end], scale: scale)
                guard max(high, w) - min(low, w) <= 2 else { break }
                (low, high) = (min(low, w), max(high, w))
                end += 1
            }
            let first = start - uploaded.lowerBound
            if high <= maxLineWidth {
                gl.useProgram(programs[GLProgram.segmentLines + (dashed ? 1 : 0)])
                gl.lineWidth(high)
                gl.drawArrays(GLenum(GL_LINES), GLint(2 * first), GLsizei(2 * (end - start)))
            } else {
                gl.useProgram(programs[Int(ShapeInstance.Kind.segment.rawValue)])
                gl.drawElements(GLenum(GL_TRIANGLES), GLsizei(6 * (end - start)), GLenum(GL_UNSIGNED_INT),
                                UnsafeRawPointer(bitPattern: 6 * MemoryLayout<UInt32>.size * first))
            }
            start = end
        }
    }
}
