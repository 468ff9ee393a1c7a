import SwiftFlowCore

/// Measures and draws text; injected into the canvas by the platform (SDL_ttf glyph atlas) or by
/// tests (a fixed-advance measurer).
public protocol TextMeasurer: AnyObject {
    /// The size of one line of `text` at `fontSize` points (ascent + descent high).
    func measure(_ text: String, fontSize: Double) -> Size
    /// Appends the glyph quads for one line of `text` to `list`: its top-left at `origin` (screen
    /// points), glyphs `fontSize · scale` points high, where `scale` is the viewport zoom.
    func drawText(_ text: String, fontSize: Double, scale: Double, origin: Point, color: Color, into list: inout DrawList)
}

/// A measurer with a fixed advance per character and no glyphs, for layout tests and headless
/// benchmarks: width = `characters · advance · fontSize`, height = `lineHeight · fontSize`.
public final class FixedAdvanceTextMeasurer: TextMeasurer {
    public let advance: Double
    public let lineHeight: Double

    /// Creates a measurer; defaults give 0.6 em per character and 1.2 em lines.
    public init(advance: Double = 0.6, lineHeight: Double = 1.2) { self.advance = advance; self.lineHeight = lineHeight }

    public func measure(_ text: String, fontSize: Double) -> Size {
        Size(width: Double(text.count) * advance * fontSize, height: lineHeight * fontSize)
    }

    public func drawText(_ text: String, fontSize: Double, scale: Double, origin: Point, color: Color, into list: inout DrawList) {}
}
