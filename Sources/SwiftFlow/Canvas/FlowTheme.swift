import SwiftFlowCore

/// Colours and sizes of the canvas (sizes in flow units unless marked screen points).
public struct FlowTheme: Hashable, Sendable {
    /// Canvas background (the backend's clear colour).
    public var background: Color
    /// Handle diameter, flow units. Default 12.
    public var handleSize: Double = 12
    /// Diameter of a handle's invisible hit target, flow units. Default 30.
    public var handleHitSize: Double = 30
    public var handleColor: Color
    public var handleBorderColor: Color = .white
    public var nodeBackground: Color
    public var nodeBorder: Color
    public var nodeText: Color
    /// Font size of node labels, flow units. Default 12.
    public var fontSize: Double = 12
    public var edgeColor: Color
    public var edgeSelectedColor: Color
    public var selectionColor: Color
    public var connectionLineColor: Color
    public var connectionValidColor: Color = Color(hex: 0x22C55E)
    public var connectionInvalidColor: Color = Color(hex: 0xEF4444)
    /// Overlay text (frame-time readout), screen points colour.
    public var overlayText: Color

    /// React Flow's light look.
    public static let light = FlowTheme(
        background: Color(hex: 0xF7F7F8), handleColor: Color(hex: 0x1A192B), nodeBackground: .white,
        nodeBorder: Color(hex: 0x1A192B), nodeText: Color(hex: 0x222222), edgeColor: Color(hex: 0xB1B1B7),
        edgeSelectedColor: Color(hex: 0x555555), selectionColor: Color(hex: 0xFF0072),
        connectionLineColor: Color(hex: 0xB1B1B7), overlayText: Color(hex: 0x333333))

    /// A dark look close to ComfyUI's.
    public static let dark = FlowTheme(
        background: Color(hex: 0x1E1E1E), handleColor: Color(hex: 0x9A9A9A), nodeBackground: Color(hex: 0x353535),
        nodeBorder: Color(hex: 0x111111), nodeText: Color(hex: 0xDDDDDD), edgeColor: Color(hex: 0x9A9A9A),
        edgeSelectedColor: .white, selectionColor: Color(hex: 0xFFFFFF),
        connectionLineColor: Color(hex: 0xCCCCCC), overlayText: Color(hex: 0xE0E0E0))
}
