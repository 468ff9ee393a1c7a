import SwiftFlowCore

/// The pointer cursor the canvas asks for (CSS cursor names, as React Flow's stylesheet uses them).
/// The platform maps it to a system cursor (SwiftFlowSDL: `SDL_CreateSystemCursor`).
public enum FlowCursor: Hashable, Sendable, CaseIterable {
    /// The arrow: over empty canvas, or a node that cannot be dragged.
    case `default`
    /// An open hand: over a draggable node.
    case grab
    /// A closed hand: while dragging nodes or panning.
    case grabbing
    /// Over a connectable handle, and while dragging a connection.
    case crosshair
    /// Top-left and bottom-right resize grips.
    case nwseResize
    /// Top-right and bottom-left resize grips.
    case neswResize
    /// Left and right resize grips.
    case ewResize
    /// Top and bottom resize grips.
    case nsResize
    /// A pointing hand: over a `Button`.
    case pointer
    /// While a connection is over a handle it cannot end on.
    case notAllowed
    /// An I-beam: over a text field.
    case text
}

extension FlowCursor {
    /// The CSS name of the cursor ("default", "grab", "nwse-resize", "not-allowed", …).
    public var cssName: String {
        switch self {
        case .default: return "default"
        case .grab: return "grab"
        case .grabbing: return "grabbing"
        case .crosshair: return "crosshair"
        case .nwseResize: return "nwse-resize"
        case .neswResize: return "nesw-resize"
        case .ewResize: return "ew-resize"
        case .nsResize: return "ns-resize"
        case .pointer: return "pointer"
        case .notAllowed: return "not-allowed"
        case .text: return "text"
        }
    }
}

extension ControlPosition {
    /// The resize cursor of this grip.
    public var cursor: FlowCursor {
        switch self {
        case .topLeft, .bottomRight: return .nwseResize
        case .topRight, .bottomLeft: return .neswResize
        case .left, .right: return .ewResize
        case .top, .bottom: return .nsResize
        }
    }
}

extension FlowCanvas {
    /// The cursor for the gesture in progress, or for what `hitTest(at:)` finds under the
    /// pointer when idle: the component's own, a pointing hand over buttons, the crosshair over
    /// reconnect grips and handles, a resize arrow over resize grips, an open hand over a
    /// draggable node, else the arrow.
    func currentCursor() -> FlowCursor {
        if let c = interaction.capturedComponent { return pointer.map { c.cursor(at: $0, in: self) } ?? .default }
        switch interaction.gesture {
        case .panning, .dragging: return .grabbing
        case .resizing(let r, _): return r.direction.cursor
        case .connecting, .reconnecting: return connection?.overInvalidHandle == true ? .notAllowed : .crosshair
        case .pressHandle, .pressGrip: return .crosshair
        case .pressButton: return .pointer
        case .control(let g):
            if case .number(_, _, true) = g.kind { return .ewResize }
            if case .selectingText = g.kind { return .text }
            return .pointer
        case .boxSelecting: return .default
        case .pressNode, .pressPane, .pressSecondary, .pressEdge, .idle: break
        }
        guard let p = pointer else { return .default }
        switch hitTest(at: p, edges: false) {
        case .component(let c): return c.cursor(at: p, in: self)
        case .toolbar(_, let button): return button != nil ? .pointer : .default
        case .nodeButton(let b): return b.isButton ? .pointer : frameInput.nodes[Int(b.node)].draggable ?? nodesDraggable ? .grab : .default
        case .popup: return .default
        case .control(let k):
            switch tools.controls[k].spec.kind {
            case .text: return .text
            case .number: return controlState.key == key(of: tools.controls[k]) ? .text : .ewResize
            default: return .pointer
            }
        case .reconnectGrip, .handle: return .crosshair
        case .resizeGrip(_, let grip): return grip.cursor
        case .node(let i): return frameInput.nodes[i].draggable ?? nodesDraggable ? .grab : .default
        case .edge, .pane: return .default
        }
    }
}
