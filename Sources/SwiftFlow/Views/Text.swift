/// Text in the environment's font and colour (SwiftUI's `Text`). A `\n` starts a new line; a
/// line wider than the space offered wraps at word boundaries (within a word when one word does
/// not fit), and when more lines than fit (`.lineLimit`, the height offered) the last one shown is
/// cut with an ellipsis (`.truncationMode`). Lines align as `.multilineTextAlignment` says.
public struct Text: View, PrimitiveView {
    let content: String
    var font: Font?
    var weight: Font.Weight?
    var isItalic = false
    var isMonospaced = false

    /// Where the ellipsis goes when a line is cut (SwiftUI's `Text.TruncationMode`).
    public enum TruncationMode: Hashable, Sendable {
        /// "…" then the end of the line.
        case head
        /// The start of the line then "…" (the default).
        case tail
        /// The start and the end of the line with "…" between.
        case middle
    }

    /// Creates a text view.
    public init(_ content: String) { self.content = content }
    /// Creates a text view from any string.
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    /// Creates a text view showing `content` as it is (SwiftUI's unlocalised text; the canvas
    /// never localises, so this is `init(_:)`).
    public init(verbatim content: String) { self.content = content }

    /// This text in `font` (nil: the environment's).
    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    /// This text in `weight` (nil: its font's); see `Font.Weight` for the faces drawn.
    public func fontWeight(_ weight: Font.Weight?) -> Text { var t = self; t.weight = weight; return t }
    /// This text in bold.
    public func bold() -> Text { fontWeight(.bold) }
    /// This text slanted.
    public func italic() -> Text { var t = self; t.isItalic = true; return t }
    /// This text in the monospaced face.
    public func monospaced() -> Text { var t = self; t.isMonospaced = true; return t }

    public func _build(into builder: inout LayoutBuilder) {
        let env = builder.environment
        let f = font ?? env.font
        var face = f.weight(weight ?? env.fontWeight ?? f.weight).face
        face.isItalic = face.isItalic || isItalic || env.italic
        face.isMonospaced = face.isMonospaced || isMonospaced || env.monospaced
        let spec = TextSpec(fontSize: f.size, face: face, lineLimit: env.lineLimit,
                            alignment: env.multilineTextAlignment, truncation: env.truncationMode)
        builder.append(text: content, spec: spec, color: env.foreground)
    }
}
