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
    /// The cursor for the gesture in progress, or for what is under the pointer when idle:
    /// components (their `cursor(at:in:)`), toolbar buttons, then reconnect grips, handles,
    /// resize grips, node buttons and nodes, in the order a press would find them (edges and
    /// the pane: the arrow).
    func currentCursor() -> FlowCursor {
        if let c = capturedComponent { return pointer.map { c.cursor(at: $0, in: self) } ?? .default }
        switch gesture {
        case .panning, .dragging: return .grabbing
        case .resizing(let r): return r.direction.cursor
        case .connecting, .reconnecting: return connection?.overInvalidHandle == true ? .notAllowed : .crosshair
        case .pressHandle, .pressGrip: return .crosshair
        case .pressButton: return .pointer
        case .boxSelecting: return .default
        case .pressNode, .pressPane, .pressEdge, .idle: break
        }
        guard let p = pointer else { return .default }
        for c in components.reversed() where c.layer == .foreground && c.hitTest(p, in: self) { return c.cursor(at: p, in: self) }
        if let t = toolbarHit(at: p) { return buttonHit(at: p, node: tools.toolbars[t].node, toolbar: Int32(t)) != nil ? .pointer : .default }
        let flow = currentViewport.screenToFlow(p)
        if gripPress(at: flow, screen: p) != nil || handleHit(at: flow) != nil { return .crosshair }
        if let g = resizeGripHit(at: p) { return g.grip.cursor }
        guard let i = nodeHit(at: flow) else { return .default }
        if buttonHit(at: p, node: Int32(i), toolbar: -1) != nil { return .pointer }
        return nodesSnapshot[i].draggable ?? nodesDraggable ? .grab : .default
    }
}
