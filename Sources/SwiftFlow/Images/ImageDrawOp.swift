import SwiftFlowCore

/// How to paint one image of a node (the payload of `NodeDrawOp.image`, whose rectangle is
/// where the picture goes, node-local flow units).
public struct ImageDrawOp: Hashable {
    /// The texture to draw; nil draws the placeholder (the picture is unavailable).
    public var texture: TextureID?
    /// The part of the texture that fills the rectangle, texture coordinates 0...1 (less than
    /// the whole for `.fill`, which crops).
    public var uv: Rect
    /// The product of the `.opacity` modifiers around the image, 0...1.
    public var opacity: Double
    /// The picture's mean colour (`ResolvedImage.averageColor`), for the level of detail; the
    /// placeholder's grey when there is no texture.
    public var averageColor: Color

    /// The grey of a placeholder's body.
    public static let placeholderFill = Color(white: 0.86)
    /// The grey of a placeholder's border and cross.
    public static let placeholderStroke = Color(white: 0.55)

    /// Creates an image op.
    public init(texture: TextureID?, uv: Rect = Rect(x: 0, y: 0, width: 1, height: 1), opacity: Double = 1, averageColor: Color) {
        self.texture = texture; self.uv = uv; self.opacity = opacity; self.averageColor = averageColor
    }

    /// The one colour of the image drawn as a plain rectangle (level of detail and solid pictures).
    var solidColor: Color { (texture == nil ? Self.placeholderFill : averageColor).opacity(opacity) }
}
