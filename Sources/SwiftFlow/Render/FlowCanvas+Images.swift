import SwiftFlowCore

extension FlowCanvas {
    /// Hands the new provider to the view builder and makes the solid pictures out of date (the
    /// images' sizes and colours may change), so every visible node is rebuilt with it.
    func imageProviderChanged() {
        builder.imageProvider = imageProvider
        dropSolidPictures()
    }

    /// Reports each image of the node just built (`builder.images`) whose picture is unavailable,
    /// once per node, source and reason (`report`).
    func reportUnavailableImages(of nodeId: String) {
        for spec in builder.images {
            if case .failure(let error) = spec.resolved {
                report(.imageUnavailable(nodeId: nodeId, source: spec.source.description, reason: error.description))
            }
        }
    }

    /// Draws image op `image` whose rectangle is `r` (node-local flow units) for a node at
    /// `origin` (screen points) and zoom `z`: the texture's `uv` part as one textured quad,
    /// tinted only by the opacity (white keeps the picture's colours); the placeholder — a grey
    /// box with a border and a cross — when there is no texture. Level of detail: an image a few
    /// pixels across (`DetailLevel.isSolid`) is one rectangle of its mean colour.
    func drawImage(_ r: Rect, _ image: ImageDrawOp, at origin: Point, scale z: Double, _ detail: DetailLevel, into list: inout DrawList) {
        let screen = Rect(origin: origin + r.origin * z, size: Size(width: r.width * z, height: r.height * z))
        guard screen.width > 0, screen.height > 0, image.opacity > 0 else { return }
        if detail.isSolid(screenSide: min(screen.width, screen.height), screenRadius: 0) {
            list.addSolidRect(screen, color: image.solidColor)
            return
        }
        if let texture = image.texture {
            list.addImage(texture, rect: screen, uv: image.uv, color: Color.white.opacity(image.opacity))
            return
        }
        let stroke = ImageDrawOp.placeholderStroke.opacity(image.opacity)
        let line = max(1, min(screen.width, screen.height) / 32)
        list.addRectFill(screen, color: ImageDrawOp.placeholderFill.opacity(image.opacity))
        let inner = screen.insetBy(line / 2)
        list.addRectStroke(inner, color: stroke, thickness: line)
        list.addPolyline([Point(x: inner.minX, y: inner.minY), Point(x: inner.maxX, y: inner.maxY)], color: stroke, thickness: line)
        list.addPolyline([Point(x: inner.maxX, y: inner.minY), Point(x: inner.minX, y: inner.maxY)], color: stroke, thickness: line)
    }
}
