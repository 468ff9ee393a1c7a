import SwiftFlowCore

/// An image view as layout sees it: its source, what the provider answered (asked once, when
/// the view is built), how it fills its frame, and the opacity around it.
struct ImageSpec {
    var source: ImageSource
    var resolved: Result<ResolvedImage, ImageLoadError>
    var isResizable: Bool
    var contentMode: ContentMode?
    /// Width / height to keep (nil: the picture's).
    var aspectRatio: Double?
    var opacity: Double

    /// The size a non-resizable image takes (flow units): the picture's pixels; unavailable,
    /// a pixels source's declared size, else `Image.placeholderSize`.
    var intrinsicSize: Size {
        switch resolved {
        case .success(let image): return Size(width: Double(image.width), height: Double(image.height))
        case .failure:
            if case .pixels(let p) = source, p.width > 0, p.height > 0 { return Size(width: Double(p.width), height: Double(p.height)) }
            return Image.placeholderSize
        }
    }

    /// Where the picture goes in `frame` (node-local flow units) and which part of the texture
    /// fills it: a non-resizable or stretched image fills the frame; `.fit` is the largest
    /// rectangle of the aspect ratio inside it, centred; `.fill` is the frame, showing the
    /// centred part of the picture scaled to cover it. Nil when nothing is to be drawn (an
    /// empty or non-finite frame, or a picture without area).
    func placement(in frame: Rect) -> (rect: Rect, uv: Rect)? {
        let full = Rect(x: 0, y: 0, width: 1, height: 1)
        guard frame.origin.isFinite, frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0 else { return nil }
        guard isResizable, let mode = contentMode else { return (frame, full) }
        let size = intrinsicSize
        let ratio = aspectRatio ?? size.width / size.height
        guard ratio.isFinite, ratio > 0 else { return nil }
        switch mode {
        case .fit:
            let w = min(frame.width, frame.height * ratio), h = w / ratio
            return (Rect(x: frame.minX + (frame.width - w) / 2, y: frame.minY + (frame.height - h) / 2, width: w, height: h), full)
        case .fill:
            // The covering rectangle, in units of the frame: the visible fraction is frame / cover.
            let w = max(frame.width, frame.height * ratio), h = w / ratio
            let fu = frame.width / w, fv = frame.height / h
            return (frame, Rect(x: (1 - fu) / 2, y: (1 - fv) / 2, width: fu, height: fv))
        }
    }

    /// The draw op for this image placed in `frame`, or nil when nothing is to be drawn.
    func drawOp(in frame: Rect) -> NodeDrawOp? {
        switch resolved {
        case .success(let image):
            guard let (rect, uv) = placement(in: frame) else { return nil }
            return .image(rect, ImageDrawOp(texture: image.texture, uv: uv, opacity: opacity, averageColor: image.averageColor))
        case .failure:
            guard frame.origin.isFinite, frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0 else { return nil }
            return .image(frame, ImageDrawOp(texture: nil, opacity: opacity, averageColor: ImageDrawOp.placeholderFill))
        }
    }
}

extension LayoutBuilder {
    /// Appends an image node, asking `imageProvider` for its picture (`.noProvider` without one):
    /// a non-resizable image gets its `intrinsicSize`, a resizable one is flexible.
    mutating func append(image: Image) {
        let resolved = imageProvider?.image(for: image.source) ?? .failure(.noProvider)
        let spec = ImageSpec(source: image.source, resolved: resolved, isResizable: image.isResizable,
                             contentMode: image.contentMode, aspectRatio: image.aspectRatio, opacity: environment.opacity)
        images.append(spec)
        append(.image(Int32(images.count - 1), size: image.isResizable ? nil : spec.intrinsicSize))
    }
}
