import SwiftFlowCore

/// A pattern under the graph (React Flow's `<Background>`): dots, lines or crosses on a grid of
/// `gap` flow units whose points sit at multiples of `gap` in flow space, so the pattern moves
/// and scales with the flow while panning and zooming. Several may be stacked (add several
/// components; each draws in the background layer, in array order).
///
/// Nothing is drawn while the grid step on screen (`gap · zoom`) is below 2 points. Cost per
/// frame: one primitive per grid point for dots and crosses (at most (w/2)·(h/2) of them), one
/// per grid line for lines.
public final class Background: FlowComponent {
    /// The pattern drawn at each grid point.
    public enum Variant: Hashable, Sendable {
        /// A filled circle of diameter `size · zoom` (a square under 2 points across).
        case dots
        /// Horizontal and vertical lines `lineWidth` points wide through every grid point.
        case lines
        /// A plus sign `size · zoom` across, `lineWidth` points thick.
        case cross
    }

    public var variant: Variant
    /// Grid step, flow units. Default 20.
    public var gap: Double
    /// Dot diameter or cross length, flow units. Default 1.5 for dots, 6 for crosses (React Flow's).
    public var size: Double
    /// Line thickness of lines and crosses, screen points. Default 1.
    public var lineWidth: Double
    /// Pattern colour; nil uses `theme.backgroundPatternColor` (`theme.backgroundLineColor` for lines).
    public var color: Color?
    /// Fill behind the pattern (drawn over the whole canvas); nil draws none (the clear colour shows).
    public var fill: Color?

    public let layer = ComponentLayer.background

    /// Creates a background; `size` nil picks the variant's default.
    public init(_ variant: Variant = .dots, gap: Double = 20, size: Double? = nil, lineWidth: Double = 1,
                color: Color? = nil, fill: Color? = nil) {
        self.variant = variant
        self.gap = gap
        self.size = size ?? (variant == .cross ? 6 : 1.5)
        self.lineWidth = lineWidth
        self.color = color
        self.fill = fill
    }

    /// SwiftFlow's spelling: `Background(variant: .lines, gap: 20)`.
    public convenience init(variant: Variant, gap: Double = 20, size: Double? = nil, lineWidth: Double = 1,
                            color: Color? = nil, fill: Color? = nil) {
        self.init(variant, gap: gap, size: size, lineWidth: lineWidth, color: color, fill: fill)
    }

    /// The smallest grid step on screen that is drawn, points.
    public static let minimumScreenGap = 2.0

    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        let vp = canvas.viewport, area = canvas.size
        if let fill { list.addSolidRect(Rect(origin: .zero, size: area), color: fill) }
        let step = gap * vp.zoom
        guard step.isFinite, step >= Self.minimumScreenGap, area.width > 0, area.height > 0 else { return }
        let color = self.color ?? (variant == .lines ? canvas.theme.backgroundLineColor : canvas.theme.backgroundPatternColor)
        // The grid point at or just before the canvas' top-left corner, screen points (marks are
        // smaller than the step, so the one before it cannot reach into the canvas).
        let x0 = vp.x - (vp.x / step).rounded(.up) * step
        let y0 = vp.y - (vp.y / step).rounded(.up) * step
        let columns = Int((area.width - x0) / step), rows = Int((area.height - y0) / step)
        switch variant {
        case .lines:
            for c in 0...columns {
                list.addSolidRect(Rect(x: x0 + Double(c) * step - lineWidth / 2, y: 0, width: lineWidth, height: area.height), color: color)
            }
            for r in 0...rows {
                list.addSolidRect(Rect(x: 0, y: y0 + Double(r) * step - lineWidth / 2, width: area.width, height: lineWidth), color: color)
            }
        case .dots:
            let radius = size * vp.zoom / 2
            for r in 0...rows {
                let y = y0 + Double(r) * step
                for c in 0...columns {
                    let center = Point(x: x0 + Double(c) * step, y: y)
                    // Under 2 points across a dot is a square speck (a fringe would smear it).
                    if radius < 1 {
                        let half = max(radius, 0.5)
                        list.addSolidRect(Rect(x: center.x - half, y: center.y - half, width: 2 * half, height: 2 * half), color: color)
                    } else {
                        list.addCircleFill(center: center, radius: radius, color: color)
                    }
                }
            }
        case .cross:
            let half = size * vp.zoom / 2, w = lineWidth
            for r in 0...rows {
                let y = y0 + Double(r) * step
                for c in 0...columns {
                    let x = x0 + Double(c) * step
                    list.addSolidRect(Rect(x: x - half, y: y - w / 2, width: 2 * half, height: w), color: color)
                    list.addSolidRect(Rect(x: x - w / 2, y: y - half, width: w, height: 2 * half), color: color)
                }
            }
        }
    }
}
