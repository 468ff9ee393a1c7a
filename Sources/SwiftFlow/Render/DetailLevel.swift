import SwiftFlowCore

/// The level of detail of one frame: every "how is this drawn" question — as text, a solid
/// rectangle, a square, a hairline, one far-out rectangle — answered from one value made of the
/// zoom, the display scale, the handle size and whether `levelOfDetail` is on. Drawing, layout
/// (the far-out and solid tiers) and the solid pictures all ask the frame's `FlowCanvas.detail`,
/// so the tiers draw exactly what a rebuild would draw by construction.
///
/// Pixels are device pixels: screen points × `displayScale`.
struct DetailLevel: Equatable {
    /// Zoomed out, shapes under this many pixels on their shorter side whose rounding is invisible
    /// (`squareCornerPixels`) are drawn as plain rectangles.
    static let solidShapePixels = 12.0
    /// Corners of a radius under this many pixels look square: the arc strays under half a pixel
    /// (radius × (√2 − 1)) from the square corner along the diagonal.
    static let squareCornerPixels = 1.0
    /// Text whose font size is under this many pixels is not drawn.
    static let minimumTextPixels = 4.0
    /// Handles under this many pixels across are drawn as plain squares.
    static let squareHandlePixels = 3.0
    /// Handles under this many pixels across are not drawn.
    static let hiddenHandlePixels = 0.5
    /// Below this zoom, nodes whose longer side is under `farNodePixels` are one rectangle.
    static let farZoom = 0.5
    /// Nodes whose longer side is under this many pixels (below `farZoom`) are one rectangle.
    static let farNodePixels = 16.0
    /// When every node's longer side is under this many pixels (below `farZoom`), nodes and
    /// edges are drawn from the overview picture (`FlowCanvas.overviewPicture`).
    static let overviewNodePixels = 24.0

    /// Viewport zoom (screen points per flow unit).
    var zoom: Double
    /// Pixels per screen point.
    var displayScale: Double
    /// `FlowCanvas.levelOfDetail`: false draws everything at full detail.
    var enabled: Bool
    /// `FlowTheme.handleSize`, flow units.
    var handleSize: Double

    /// Whether a shape whose shorter side is `side` screen points and whose corner radius is
    /// `radius` screen points (at most half the side: `cornerRadius`) is drawn as one solid
    /// rectangle with its border's colour mixed in: only zoomed out (zoom under 1), under
    /// `solidShapePixels` and with corners that look square (`squareCornerPixels`). So at 100%
    /// zoom and above everything is drawn as laid out, and a circle — its radius half its side —
    /// is a square only under 2 pixels across, where the two cannot be told apart.
    func isSolid(screenSide side: Double, screenRadius radius: Double) -> Bool {
        enabled && zoom < 1 && side * displayScale < Self.solidShapePixels && radius * displayScale < Self.squareCornerPixels
    }

    /// The corner radius a shape is drawn with: `cornerRadius` up to half its shorter `side`
    /// (any unit, both the same). Infinity when either is NaN, so that such a shape is never solid.
    static func cornerRadius(_ cornerRadius: Double, side: Double) -> Double {
        cornerRadius.isNaN || side.isNaN ? .infinity : min(max(cornerRadius, 0), side / 2)
    }

    /// Whether text of `fontSize` points (flow units) is drawn.
    func drawsText(fontSize: Double) -> Bool { !enabled || fontSize * zoom * displayScale >= Self.minimumTextPixels }

    /// A handle's diameter in pixels.
    var handlePixels: Double { 2 * (handleSize / 2 * zoom) * displayScale }

    /// Whether handles are drawn as plain squares (with or without `enabled`: a circle that
    /// small is a square; not drawn at all under `hiddenHandlePixels`).
    var squareHandles: Bool { handlePixels < Self.squareHandlePixels }

    /// Whether handles are too small to draw.
    var hidesHandles: Bool { handlePixels < Self.hiddenHandlePixels }

    /// Whether a stroke `thickness` screen points wide is drawn as a one-pixel hairline.
    func isHairline(thickness: Double) -> Bool { enabled && thickness * displayScale < 1 }

    /// Whether dashes `length` screen points long are drawn as dashes: a pixel or more (with
    /// or without `enabled`; shorter dashes would be a flickering grey, so the line is solid).
    func drawsDashes(screenLength length: Double) -> Bool { length * displayScale >= 1 }

    /// The longer side (flow units) under which a laid-out node is far out: drawn as one
    /// rectangle, without its view, text or handles. 0 without `enabled` or at `farZoom` or more.
    var farOutSide: Double { enabled && zoom < Self.farZoom ? Self.farNodePixels / (zoom * displayScale) : 0 }

    /// The longer side (flow units) every node must be under for the frame to be drawn from the
    /// overview picture (`overviewNodePixels`). 0 without `enabled` or at `farZoom` or more.
    var overviewSide: Double { enabled && zoom < Self.farZoom ? Self.overviewNodePixels / (zoom * displayScale) : 0 }

    /// Whether a node whose shapes' largest shorter side is `side`, whose shapes' largest corner
    /// radius (`cornerRadius`) is `radius` (both flow units) and whose largest font size is
    /// `fontSize` is drawn at the lowest detail only: every shape solid, no text, square handles.
    /// The same tests as `isSolid`, `drawsText` and `squareHandles`, with the same arithmetic
    /// (scaling by a positive zoom keeps the order of sides and of radii, and `isSolid` asks
    /// both to be under their bounds, so the largest of each decides exactly).
    func isAllSolid(side: Double, radius: Double, fontSize: Double) -> Bool {
        isSolid(screenSide: side * zoom, screenRadius: radius * zoom) && !drawsText(fontSize: fontSize) && squareHandles
    }
}
