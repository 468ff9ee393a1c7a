import SwiftFlowCore

/// The level of detail of one frame: every "how is this drawn" question — as text, a solid
/// rectangle, a square, a hairline, one far-out rectangle — answered from one value made of the
/// zoom, the display scale, the handle size and whether `levelOfDetail` is on. Drawing, layout
/// (the far-out and solid tiers) and the solid pictures all ask the frame's `FlowCanvas.detail`,
/// so the tiers draw exactly what a rebuild would draw by construction.
///
/// Pixels are device pixels: screen points × `displayScale`.
struct DetailLevel: Equatable {
    /// Shapes under this many pixels on their shorter side are drawn as plain rectangles.
    static let solidShapePixels = 12.0
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

    /// Viewport zoom (screen points per flow unit).
    var zoom: Double
    /// Pixels per screen point.
    var displayScale: Double
    /// `FlowCanvas.levelOfDetail`: false draws everything at full detail.
    var enabled: Bool
    /// `FlowTheme.handleSize`, flow units.
    var handleSize: Double

    /// Whether a shape whose shorter side is `side` screen points is drawn as one solid rectangle.
    func isSolid(screenSide side: Double) -> Bool { enabled && side * displayScale < Self.solidShapePixels }

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

    /// Whether a node whose shapes' largest shorter side is `side` (flow units) and whose largest
    /// font size is `fontSize` is drawn at the lowest detail only: every shape solid, no text,
    /// square handles. The same tests as `isSolid`, `drawsText` and `squareHandles`, with the
    /// same arithmetic (scaling by a positive zoom keeps the order of sides, so the largest
    /// decides exactly).
    func isAllSolid(side: Double, fontSize: Double) -> Bool {
        isSolid(screenSide: side * zoom) && !drawsText(fontSize: fontSize) && squareHandles
    }
}
