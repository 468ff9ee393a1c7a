/// Which typeface of the font family text is measured and drawn with: upright or slanted,
/// regular or bold, proportional or monospaced. The SDL renderer maps each to a DejaVu file found
/// through fontconfig (`sans-serif` or `monospace`, with `:bold` / `:italic`), e.g. DejaVu Sans
/// Bold, DejaVu Sans Oblique, DejaVu Sans Mono.
public struct FontFace: Hashable, Sendable {
    /// Heavy strokes (DejaVu's Bold).
    public var isBold: Bool
    /// Slanted (DejaVu's Oblique).
    public var isItalic: Bool
    /// Every character the same advance (DejaVu Sans Mono).
    public var isMonospaced: Bool

    /// A face; defaults are the regular proportional upright one.
    public init(bold: Bool = false, italic: Bool = false, monospaced: Bool = false) {
        isBold = bold; isItalic = italic; isMonospaced = monospaced
    }

    /// The default face: DejaVu Sans.
    public static let regular = FontFace()
    /// DejaVu Sans Bold.
    public static let bold = FontFace(bold: true)
    /// DejaVu Sans Oblique.
    public static let italic = FontFace(italic: true)
    /// DejaVu Sans Bold Oblique.
    public static let boldItalic = FontFace(bold: true, italic: true)
    /// DejaVu Sans Mono.
    public static let mono = FontFace(monospaced: true)
    /// DejaVu Sans Mono Bold.
    public static let monoBold = FontFace(bold: true, monospaced: true)

    /// A number 0...7 unique to the face, for keying caches.
    public var index: Int { (isBold ? 1 : 0) | (isItalic ? 2 : 0) | (isMonospaced ? 4 : 0) }

    /// Every face, in `index` order.
    public static let all: [FontFace] = (0..<8).map { FontFace(bold: $0 & 1 != 0, italic: $0 & 2 != 0, monospaced: $0 & 4 != 0) }
}
