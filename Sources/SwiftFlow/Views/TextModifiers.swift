/// How the lines of a multi-line text align with one another (SwiftUI's `TextAlignment`).
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing
    var fraction: Double { self == .leading ? 0 : self == .center ? 0.5 : 1 }
}

extension View {
    /// Sets the font of the text inside.
    public func font(_ font: Font) -> some View { EnvironmentView(change: { $0.font = font }, content: self) }
    /// Sets the weight of the text inside, whatever its font (nil: the font's own). See
    /// `Font.Weight` for the faces drawn.
    public func fontWeight(_ weight: Font.Weight?) -> some View { EnvironmentView(change: { $0.fontWeight = weight }, content: self) }
    /// Makes the text inside bold.
    public func bold() -> some View { fontWeight(.bold) }
    /// Makes the text inside slanted.
    public func italic() -> some View { EnvironmentView(change: { $0.italic = true }, content: self) }
    /// Draws the text inside in the monospaced face.
    public func monospaced() -> some View { EnvironmentView(change: { $0.monospaced = true }, content: self) }
    /// Shows at most `number` lines of each text inside (nil, the default: as many as fit); the
    /// last one shown is cut with an ellipsis when there are more.
    public func lineLimit(_ number: Int?) -> some View {
        EnvironmentView(change: { $0.lineLimit = number.map { max($0, 1) } }, content: self)
    }
    /// Aligns the lines of each multi-line text inside (default `.leading`).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        EnvironmentView(change: { $0.multilineTextAlignment = alignment }, content: self)
    }
    /// Where the ellipsis goes when a line of text inside is cut (default `.tail`).
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        EnvironmentView(change: { $0.truncationMode = mode }, content: self)
    }
}
