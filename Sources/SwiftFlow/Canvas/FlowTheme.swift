import SwiftFlowCore

/// Colours and sizes of the canvas and its components (sizes in flow units unless marked
/// screen points). Give a theme to `FlowCanvas.init` (the built-in node types are made with it);
/// components read `canvas.theme` every frame.
public struct FlowTheme: Hashable, Sendable {
    /// Canvas background (the backend's clear colour).
    public var background: Color
    /// Handle diameter, flow units. Default 12.
    public var handleSize: Double = 12
    /// Diameter of a handle's invisible hit target, flow units. Default 30.
    public var handleHitSize: Double = 30
    public var handleColor: Color
    /// Ring around every handle. White in `.light` (React Flow's look).
    public var handleBorderColor: Color = .white
    public var nodeBackground: Color
    public var nodeBorder: Color
    public var nodeText: Color
    /// Font size of node labels, flow units. Default 12.
    public var fontSize: Double = 12
    public var edgeColor: Color
    public var edgeSelectedColor: Color
    /// Outline of selected nodes, and of selected nodes in the MiniMap.
    public var selectionColor: Color
    /// What `Color.accentColor` is drawn as in node views. SwiftUI's blue: #007AFF in `.light`,
    /// #0A84FF in `.dark`.
    public var accentColor: Color = Color(hex: 0x007AFF)
    public var connectionLineColor: Color
    public var connectionValidColor: Color = Color(hex: 0x22C55E)
    public var connectionInvalidColor: Color = Color(hex: 0xEF4444)
    /// Overlay text (frame-time readout, panels), screen points colour.
    public var overlayText: Color
    /// Background `.dots` and `.cross` pattern colour (React Flow #91919a).
    public var backgroundPatternColor: Color = Color(hex: 0x91919A)
    /// Background `.lines` pattern colour (React Flow #eeeeee).
    public var backgroundLineColor: Color = Color(hex: 0xE2E2E2)
    /// MiniMap panel fill.
    public var minimapBackground: Color = .white
    /// MiniMap node fill when the MiniMap has no colour mapper (React Flow #e2e2e2).
    public var minimapNodeColor: Color = Color(hex: 0xE2E2E2)
    /// MiniMap mask over what lies outside the viewport (React Flow rgba(240,240,240,0.6)).
    public var minimapMaskColor: Color = Color(hex: 0xF0F0F0, opacity: 0.6)
    /// MiniMap viewport rectangle outline.
    public var minimapViewportColor: Color = Color(hex: 0x1A192B)
    /// Controls and panel button fill (React Flow #fefefe).
    public var controlsBackground: Color = Color(hex: 0xFEFEFE)
    /// Controls button fill under the pointer (React Flow #f4f4f4).
    public var controlsHoverBackground: Color = Color(hex: 0xF4F4F4)
    /// Controls icon colour (React Flow #555).
    public var controlsIcon: Color = Color(hex: 0x555555)
    /// Lines between Controls buttons and around panels (React Flow #eeeeee).
    public var controlsBorder: Color = Color(hex: 0xDDDDDD)

    /// React Flow's light look.
    public static let light = FlowTheme(
        background: Color(hex: 0xF7F7F8), handleColor: Color(hex: 0x1A192B), nodeBackground: .white,
        nodeBorder: Color(hex: 0x1A192B), nodeText: Color(hex: 0x222222), edgeColor: Color(hex: 0xB1B1B7),
        edgeSelectedColor: Color(hex: 0x555555), selectionColor: Color(hex: 0xFF0072),
        connectionLineColor: Color(hex: 0xB1B1B7), overlayText: Color(hex: 0x333333))

    /// A dark look close to ComfyUI's (React Flow's dark colour mode for the components).
    public static let dark: FlowTheme = {
        var t = FlowTheme(
            background: Color(hex: 0x1E1E1E), handleColor: Color(hex: 0x9A9A9A), nodeBackground: Color(hex: 0x353535),
            nodeBorder: Color(hex: 0x111111), nodeText: Color(hex: 0xDDDDDD), edgeColor: Color(hex: 0x9A9A9A),
            edgeSelectedColor: .white, selectionColor: Color(hex: 0xFFFFFF),
            connectionLineColor: Color(hex: 0xCCCCCC), overlayText: Color(hex: 0xE0E0E0))
        t.handleBorderColor = Color(hex: 0x1E1E1E)
        t.accentColor = Color(hex: 0x0A84FF)
        t.backgroundPatternColor = Color(hex: 0x5A5A5A)
        t.backgroundLineColor = Color(hex: 0x2C2C2C)
        t.minimapBackground = Color(hex: 0x141414)
        t.minimapNodeColor = Color(hex: 0x4A4A4A)
        t.minimapMaskColor = Color(hex: 0x3C3C3C, opacity: 0.6)
        t.minimapViewportColor = Color(hex: 0xE0E0E0)
        t.controlsBackground = Color(hex: 0x2B2B2B)
        t.controlsHoverBackground = Color(hex: 0x3E3E3E)
        t.controlsIcon = Color(hex: 0xF8F8F8)
        t.controlsBorder = Color(hex: 0x5B5B5B)
        return t
    }()
}
