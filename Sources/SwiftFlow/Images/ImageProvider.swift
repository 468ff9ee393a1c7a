import SwiftFlowCore

/// An image ready to draw: the texture a render backend binds and what layout and the level of
/// detail need to know about it.
public struct ResolvedImage: Hashable, Sendable {
    /// The texture that draw commands name (a backend uploads it on first use).
    public var texture: TextureID
    /// The source's size in pixels, which is a non-resizable image's size in flow units. The
    /// texture may be smaller (a provider downscales pictures larger than a texture can be).
    public var width: Int, height: Int
    /// The mean colour of the picture (alpha-weighted), drawn as one rectangle when the image is
    /// a few pixels across on screen (level of detail).
    public var averageColor: Color

    /// Creates a resolved image.
    public init(texture: TextureID, width: Int, height: Int, averageColor: Color) {
        self.texture = texture; self.width = width; self.height = height; self.averageColor = averageColor
    }
}

/// Loads and caches the pictures of `Image` views, injected into the canvas by the platform
/// (`FlowCanvas.imageProvider`; SwiftFlowSDL's `SDLImageCache`, which `SDLHost` makes) or by
/// tests, as text comes through a `TextMeasurer`.
///
/// The canvas asks during layout, every time a node showing the image is laid out, so a
/// provider must answer a source it has seen from its cache: O(1), no decoding, no file access.
/// Failures are answered from the cache too (a missing file is not looked for every frame).
public protocol ImageProvider: AnyObject {
    /// The texture and size of the picture `source` names, loading it on first use; or why
    /// there is none.
    func image(for source: ImageSource) -> Result<ResolvedImage, ImageLoadError>
}
