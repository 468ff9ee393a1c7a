/// A font: a size in flow units (points at zoom 1), a weight, a slant and a design (SwiftUI's
/// `Font`). The canvas draws it with the nearest DejaVu face (`face`).
public struct Font: Hashable, Sendable {
    /// The size, flow units.
    public var size: Double
    /// The stroke weight; drawn regular or bold (see `Weight`).
    public var weight: Weight
    /// Whether the font is slanted (DejaVu's Oblique).
    public var isItalic: Bool
    /// The design; only `.monospaced` changes the face.
    public var design: Design

    /// A font of `size` flow units; defaults: regular weight, upright, default design.
    public init(size: Double, weight: Weight = .regular, italic: Bool = false, design: Design = .default) {
        self.size = size; self.weight = weight; isItalic = italic; self.design = design
    }

    /// A stroke weight (SwiftUI's `Font.Weight`). DejaVu has a regular and a bold face, so
    /// `ultraLight`, `thin`, `light`, `regular` and `medium` draw regular and `semibold`, `bold`,
    /// `heavy` and `black` draw bold: each weight takes the face whose CSS weight (400, 700) is
    /// nearest to its own (100…900; medium 500 → 400, semibold 600 → 700).
    public enum Weight: Int, Hashable, Sendable, Comparable {
        case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 800, black = 900
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    /// A font design (SwiftUI's `Font.Design`). `rounded` and `serif` draw with the default
    /// (sans-serif) faces.
    public enum Design: Hashable, Sendable { case `default`, monospaced, rounded, serif }

    /// A text style with its macOS size and weight (SwiftUI's `Font.TextStyle`).
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// SwiftUI's size on macOS, points: 26, 22, 17, 15, 13, 11, 13, 12, 10, 10, 10.
        public var size: Double {
            switch self {
            case .largeTitle: 26
            case .title: 22
            case .title2: 17
            case .title3: 15
            case .headline, .body: 13
            case .subheadline: 11
            case .callout: 12
            case .footnote, .caption, .caption2: 10
            }
        }

        /// SwiftUI's weight on macOS: bold for `headline`, medium for `caption2`, else regular.
        public var weight: Weight { self == .headline ? .bold : self == .caption2 ? .medium : .regular }
    }

    /// A font of `size` flow units, `weight` (default regular) and `design` (default `.default`).
    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }
    /// The font of text style `style` in `design` (default `.default`).
    public static func system(_ style: TextStyle, design: Design = .default) -> Font {
        Font(size: style.size, weight: style.weight, design: design)
    }

    /// 26 points.
    public static let largeTitle = system(.largeTitle)
    /// 22 points.
    public static let title = system(.title)
    /// 17 points.
    public static let title2 = system(.title2)
    /// 15 points.
    public static let title3 = system(.title3)
    /// 13 points, bold.
    public static let headline = system(.headline)
    /// 11 points.
    public static let subheadline = system(.subheadline)
    /// 13 points.
    public static let body = system(.body)
    /// 12 points.
    public static let callout = system(.callout)
    /// 10 points.
    public static let footnote = system(.footnote)
    /// 10 points.
    public static let caption = system(.caption)
    /// 10 points, medium.
    public static let caption2 = system(.caption2)

    /// This font in bold weight.
    public func bold() -> Font { weight(.bold) }
    /// This font slanted.
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    /// This font with `weight`.
    public func weight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    /// This font in its monospaced design.
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }

    /// The face the font is drawn with: bold from `semibold` up, italic when slanted, mono for
    /// the monospaced design.
    public var face: FontFace { FontFace(bold: weight >= .semibold, italic: isItalic, monospaced: design == .monospaced) }
}
