import SwiftFlowCore

/// Pixels the canvas made for this frame's draw list (an overview tile), drawn by image
/// commands naming `texture`. A backend keeps one texture per `texture` and uploads `rgba`
/// again only when `version` changed since it last did (`DrawList.picture(for:)`).
public struct DrawPicture: Sendable {
    /// The ID the list's image commands name; stable while the picture lives.
    public var texture: TextureID
    /// Changes whenever the pixels under the same `texture` change.
    public var version: Int
    /// Pixels per row and rows.
    public var width: Int, height: Int
    /// `width · height · 4` bytes, RGBA, straight alpha, rows top to bottom.
    public var rgba: [UInt8]

    /// Creates a picture.
    public init(texture: TextureID, version: Int, width: Int, height: Int, rgba: [UInt8]) {
        self.texture = texture; self.version = version; self.width = width; self.height = height; self.rgba = rgba
    }
}

extension DrawList {
    /// Draws the part `uv` of `picture` (0...1 across its width and height; default the whole
    /// picture), stretched over `rect` (screen points), and lists it in `pictures` for the backend
    /// unless it already is. O(pictures listed) (no pixel is copied).
    mutating func addPicture(_ picture: DrawPicture, rect: Rect, uv: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) {
        if !pictures.contains(where: { $0.texture == picture.texture }) { pictures.append(picture) }
        addImage(picture.texture, rect: rect, uv: uv)
    }

    /// The picture of this list that `texture` names, if any. O(pictures).
    public func picture(for texture: TextureID) -> DrawPicture? {
        pictures.first { $0.texture == texture }
    }
}
