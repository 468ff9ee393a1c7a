import CSDL2
import SwiftFlow

/// Renders a whole graph (not just the view) to an image, as React Flow's "download image" example
/// does: the bounds of all nodes plus a margin, at a chosen scale, on the theme's background.
///
/// The image is `(bounds.width + 2·padding) × scale` by `(bounds.height + 2·padding) × scale`
/// pixels (rounded up), the graph drawn at zoom `scale` through SDL's software renderer on an
/// offscreen surface, so it needs no display. Node types and other settings come from
/// `configure`, applied to each canvas the export creates. Use on the main thread (SDL).
@MainActor
public enum GraphImage {
    /// The largest width or height of an exported image, in pixels: 16384.
    nonisolated public static let maxPixels = 16384

    /// Why an image could not be made.
    public enum ExportError: Error, Equatable, CustomStringConvertible {
        /// `scale` is not a finite number > 0.
        case invalidScale(Double)
        /// The image would be larger than `GraphImage.maxPixels` on a side.
        case tooLarge(width: Int, height: Int, scale: Double)

        public var description: String {
            switch self {
            case .invalidScale(let s): return "export scale must be a positive number, got \(s)"
            case let .tooLarge(w, h, s):
                return "the graph at scale \(s) would be \(w)×\(h) pixels, over \(GraphImage.maxPixels) on a side; use a smaller scale"
            }
        }
    }

    /// Renders `nodes` and `edges` at `scale` pixels per flow unit with `padding` flow units of
    /// background around the nodes' bounds (an empty graph gives a `2·padding` square of
    /// background). Throws `ExportError` for a bad scale or an image over `maxPixels`, or
    /// `SDLError` when SDL fails.
    public static func render(nodes: [Node<JSONValue>], edges: [Edge<JSONValue>], scale: Double = 1, padding: Double = 20,
                              theme: FlowTheme = .light, fontPath: String? = nil,
                              configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) throws -> PixelBuffer {
        let host = try makeHost(nodes: nodes, edges: edges, scale: scale, padding: padding, theme: theme, fontPath: fontPath, configure: configure)
        return try host.readPixels()
    }

    /// Renders as `render` does and saves the image as PNG at `path`.
    public static func writePNG(to path: String, nodes: [Node<JSONValue>], edges: [Edge<JSONValue>], scale: Double = 1,
                                padding: Double = 20, theme: FlowTheme = .light, fontPath: String? = nil,
                                configure: (FlowCanvas<JSONValue, JSONValue>) -> Void = { _ in }) throws {
        let host = try makeHost(nodes: nodes, edges: edges, scale: scale, padding: padding, theme: theme, fontPath: fontPath, configure: configure)
        try host.screenshot(to: path)
    }

    private static func makeHost(nodes: [Node<JSONValue>], edges: [Edge<JSONValue>], scale: Double, padding: Double,
                                 theme: FlowTheme, fontPath: String?,
                                 configure: (FlowCanvas<JSONValue, JSONValue>) -> Void) throws -> SDLHost {
        guard scale.isFinite, scale > 0 else { throw ExportError.invalidScale(scale) }
        let pad = padding.isFinite ? max(padding, 0) : 0
        // Pass 1: lay out every node (text measured by a small host's renderer) to find the bounds.
        let probe = try SDLHost(headlessSize: Size(width: 1, height: 1), fontPath: fontPath)
        var list = probe.backend.makeDrawList()
        let measure = canvas(size: probe.canvasSize, theme: theme, text: probe.text, images: probe.images, scale: scale, configure: configure)
        measure.frame(nodes: nodes, edges: edges, into: &list)
        let bounds = measure.nodesBounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let width = ((bounds.width + 2 * pad) * scale).rounded(.up), height = ((bounds.height + 2 * pad) * scale).rounded(.up)
        guard width <= Double(maxPixels), height <= Double(maxPixels) else {
            throw ExportError.tooLarge(width: Int(min(width, 1e9)), height: Int(min(height, 1e9)), scale: scale)
        }
        // Pass 2: draw at `scale` on a surface of exactly the image's size.
        let host = try SDLHost(headlessSize: Size(width: max(width, 1), height: max(height, 1)), fontPath: fontPath)
        let draw = canvas(size: host.canvasSize, theme: theme, text: host.text, images: host.images, scale: scale, configure: configure)
        draw.viewport = Viewport(x: (pad - bounds.minX) * scale, y: (pad - bounds.minY) * scale, zoom: scale)
        list = host.backend.makeDrawList()
        draw.frame(nodes: nodes, edges: edges, into: &list)
        draw.frame(nodes: nodes, edges: edges, into: &list)
        try host.render(list, clear: theme.background)
        host.present()
        return host
    }

    private static func canvas(size: Size, theme: FlowTheme, text: SDLTextRenderer, images: SDLImageCache, scale: Double,
                               configure: (FlowCanvas<JSONValue, JSONValue>) -> Void) -> FlowCanvas<JSONValue, JSONValue> {
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: size, theme: theme, textMeasurer: text)
        canvas.imageProvider = images
        configure(canvas)
        canvas.minZoom = min(canvas.minZoom, scale)
        canvas.maxZoom = max(canvas.maxZoom, scale)
        return canvas
    }
}
