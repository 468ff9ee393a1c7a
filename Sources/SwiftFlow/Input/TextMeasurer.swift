import SwiftFlowCore

/// Measures and draws text; injected into the canvas by the platform (SDL_ttf glyph atlas) or by
/// tests (a fixed-advance measurer).
public protocol TextMeasurer: AnyObject {
    /// The size of one line of `text` at `fontSize` points in `face` (ascent + descent high).
    func measure(_ text: String, fontSize: Double, face: FontFace) -> Size
    /// The distance between the tops of two consecutive lines of text at `fontSize` points in
    /// `face` (SDL_ttf's line skip), points.
    func lineSkip(fontSize: Double, face: FontFace) -> Double
    /// Appends the glyph quads for one line of `text` in `face` to `list`: its top-left at
    /// `origin` (screen points), glyphs `fontSize · scale` points high, where `scale` is the
    /// viewport zoom.
    func drawText(_ text: String, fontSize: Double, face: FontFace, scale: Double, origin: Point, color: Color, into list: inout DrawList)
}

extension TextMeasurer {
    /// The size of one line of `text` at `fontSize` points in the regular face.
    public func measure(_ text: String, fontSize: Double) -> Size { measure(text, fontSize: fontSize, face: .regular) }
    /// Draws one line of `text` in the regular face (see `drawText(_:fontSize:face:scale:origin:color:into:)`).
    public func drawText(_ text: String, fontSize: Double, scale: Double, origin: Point, color: Color, into list: inout DrawList) {
        drawText(text, fontSize: fontSize, face: .regular, scale: scale, origin: origin, color: color, into: &list)
    }
}

/// A measurer with a fixed advance per character and no glyphs, for layout tests and headless
/// benchmarks: width = `characters · advance · fontSize`, height and line skip = `lineHeight ·
/// fontSize`, whatever the face.
public final class FixedAdvanceTextMeasurer: TextMeasurer {
    /// The advance of every character, em (points per point of font size).
    public let advance: Double
    /// The height of a line and the distance between lines, em.
    public let lineHeight: Double

    /// Creates a measurer; defaults give 0.6 em per character and 1.2 em lines.
    public init(advance: Double = 0.6, lineHeight: Double = 1.2) { self.advance = advance; self.lineHeight = lineHeight }

    public func measure(_ text: String, fontSize: Double, face: FontFace) -> Size {
        Size(width: Double(text.count) * advance * fontSize, height: lineHeight * fontSize)
    }

    public func lineSkip(fontSize: Double, face: FontFace) -> Double { lineHeight * fontSize }

    public func drawText(_ text: String, fontSize: Double, face: FontFace, scale: Double, origin: Point, color: Color, into list: inout DrawList) {}
}
