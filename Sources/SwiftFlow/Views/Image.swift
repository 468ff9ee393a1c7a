import SwiftFlowCore

/// A picture (SwiftUI's `Image`): a PNG or JPEG file, or RGBA pixels the app holds.
///
/// As in SwiftUI, an image is its picture's size — one flow unit per pixel — unless it is made
/// `resizable()`; then it fills the frame it is offered (like a shape: no size of its own),
/// stretched, or at its aspect ratio with `aspectRatio(contentMode:)` / `scaledToFit()` /
/// `scaledToFill()`:
///
/// ```swift
/// VStack {
///     Image(contentsOfFile: "/tmp/preview.png").resizable().scaledToFit().frame(width: 160, height: 120)
///     Text(node.data.name)
/// }
/// ```
///
/// Pictures come through the canvas' `imageProvider` (SwiftFlowSDL's `SDLImageCache`: decoded
/// once with SDL2_image, larger than 4096 pixels downscaled, uploaded as a texture per backend
/// and destroyed when not drawn for a while). A picture that cannot be shown — a missing,
/// corrupt or oversized file, pixels that do not match their size, no provider — is reported
/// once per node through `onError` (`FlowDiagnostic.imageUnavailable`) and drawn as a grey
/// placeholder with a cross, 32 × 32 flow units when not resizable (a pixels source keeps its
/// declared size); the rest of the node draws as usual.
///
/// Differences from SwiftUI: `.fill` is clipped to the frame; a resizable image's own frame is
/// the whole space it is offered (the picture is placed in it), so a `.background` behind a
/// fitted image covers the letterbox too; `aspectRatio` and the `scaledTo…` modifiers exist on
/// `Image` only.
public struct Image: View, PrimitiveView {
    /// Where the picture comes from.
    public let source: ImageSource
    var isResizable = false
    var contentMode: ContentMode?
    var aspectRatio: Double?

    /// The size (flow units) of a non-resizable image whose picture is unavailable.
    public static let placeholderSize = Size(width: 32, height: 32)

    /// An image of the PNG or JPEG file at `path` — the Linux stand-in for SwiftUI's
    /// `Image(uiImage: UIImage(contentsOfFile: path)!)`, without the optional: a file that
    /// cannot be read shows a placeholder and a diagnostic.
    public init(contentsOfFile path: String) { source = .file(path) }

    /// An image of `pixels` (RGBA, straight alpha), cached by its `id` and `version`.
    public init(pixels: ImagePixels) { source = .pixels(pixels) }

    /// An image of `source`.
    public init(source: ImageSource) { self.source = source }

    /// A symbol by its SF Symbols name (SwiftUI's `Image(systemName:)`), drawn as the nearest
    /// Unicode character in the text's font and colour, sized like text (`SymbolGlyphs` lists the
    /// names known); an unknown name draws the image placeholder and reports
    /// `FlowDiagnostic.imageUnavailable`.
    public init(systemName: String) { source = .symbol(systemName) }

    /// This image scaled to fill the frame it is offered (stretched unless an aspect ratio is
    /// given), with no size of its own.
    public func resizable() -> Image { var i = self; i.isResizable = true; return i }

    /// This image, once resizable, kept at `ratio` (width / height; nil: the picture's own)
    /// inside its frame (`.fit`) or covering it (`.fill`). No effect on a non-resizable image,
    /// as in SwiftUI.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> Image {
        var i = self
        i.contentMode = contentMode
        i.aspectRatio = ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        return i
    }

    /// `aspectRatio(contentMode: .fit)`.
    public func scaledToFit() -> Image { aspectRatio(contentMode: .fit) }
    /// `aspectRatio(contentMode: .fill)`.
    public func scaledToFill() -> Image { aspectRatio(contentMode: .fill) }

    public func _build(into builder: inout LayoutBuilder) {
        if case .symbol(let name) = source, let character = SymbolGlyphs.characters[name] { return builder.add(Text(character)) }
        builder.append(image: self)
    }
}
