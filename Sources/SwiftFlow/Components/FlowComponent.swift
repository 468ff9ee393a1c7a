import SwiftFlowCore

/// Where a component draws relative to the graph.
public enum ComponentLayer: Hashable, Sendable {
    /// Under every edge and node (Background).
    case background
    /// Above the graph and the connection line (Controls, MiniMap, Panel, overlays).
    case foreground
}

/// A plugin drawn by the canvas in a layer and, when it is over the pointer, given input before
/// the canvas (docs/ARCHITECTURE.md: components are registered in `FlowCanvas.components`, not
/// switched on in the canvas).
///
/// Every frame the canvas calls `draw` for its background components before the edges and for
/// its foreground components after the connection line, in array order. Input is routed as
/// follows (see `FlowCanvas.routeToComponents`):
/// - a primary, middle or secondary press, and a wheel event, go to the topmost foreground
///   component whose `hitTest` contains the pointer (when no canvas gesture is in progress);
///   after a press the component gets every pointer event up to and including the release;
/// - key and text events go to `canvas.focusedComponent` first, then to each component in
///   order until one consumes them;
/// - everything a component does not consume goes to the canvas.
///
/// A component reads the frame through `canvas.frameContext` (laid-out node rectangles, ids,
/// selection, the typed nodes and edges, versions to cache by) and the canvas' public API.
public protocol FlowComponent: AnyObject {
    /// The layer the component draws in.
    var layer: ComponentLayer { get }
    /// Called once per frame at its start (the `begin` stage, after the clock and the viewport
    /// animation, before layout and input): where a component follows the frame clock
    /// (`canvas.time`) and may emit changes (applied by the app for the next frame). Default:
    /// nothing.
    func update<N, E>(_ canvas: FlowCanvas<N, E>)
    /// Appends the component's geometry (screen points) to `list`. Called once per frame in the
    /// `draw` stage, which only reads: a component never emits changes from here.
    func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList)
    /// True when the screen point `p` is over the component (it then takes presses and wheel
    /// events there). Default: false.
    func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool
    /// Handles one event; returns true when it consumed it. Default: false.
    func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool
    /// The pointer cursor at the screen point `p`, asked where `hitTest` is true or while the
    /// component has the pointer captured. Default: the arrow.
    func cursor<N, E>(at p: Point, in canvas: FlowCanvas<N, E>) -> FlowCursor
}

extension FlowComponent {
    public func update<N, E>(_ canvas: FlowCanvas<N, E>) {}
    public func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool { false }
    public func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool { false }
    public func cursor<N, E>(at p: Point, in canvas: FlowCanvas<N, E>) -> FlowCursor { .default }
}

/// A custom connection line: draws the line of a connection in progress into the list, in
/// screen points (React Flow's `connectionLineComponent`).
public typealias ConnectionLineRenderer = (ConnectionLineProps, inout DrawList) -> Void

/// What a custom connection line is drawn from (React Flow's `ConnectionLineComponentProps`).
public struct ConnectionLineProps {
    /// Whether the line currently snaps to a valid handle, is over an invalid one, or neither.
    public enum Status: Hashable, Sendable { case valid, invalid, pending }
    /// The start handle's anchor, screen points.
    public var from: Point
    /// The side the line leaves from.
    public var fromPosition: Position
    /// The end: the snapped handle's anchor or the pointer, screen points.
    public var to: Point
    /// The side the line enters at (the snapped handle's, else the opposite of `fromPosition`).
    public var toPosition: Position
    public var status: Status
    /// The viewport zoom (to scale widths like the graph).
    public var zoom: Double
    /// The handle the drag started from.
    public var fromHandle: HandleEntry
    /// The canvas theme (for its connection colours).
    public var theme: FlowTheme
}

extension FlowCanvas {
    /// Offers `event` to the components (see `FlowComponent`); returns true when one consumed it.
    func routeToComponents(_ event: InputEvent) -> Bool {
        guard !components.isEmpty || interaction.capturedComponent != nil else { return false }
        switch event {
        case .pointerDown(let p, _, _, _), .wheel(let p, _, _, _):
            if let c = interaction.capturedComponent {
                if case .pointerDown = event { pointer = p }
                return c.handle(event, in: self)
            }
            guard case .idle = interaction.gesture, popupHit(at: p) == nil else { return false }
            if let c = componentHit(at: p) {
                if case .pointerDown = event {
                    pointer = p
                    interaction.capturedComponent = c
                    if focusedComponent !== c { focusedComponent = nil }
                }
                _ = c.handle(event, in: self)
                return true
            }
            if case .pointerDown = event { focusedComponent = nil }
            return false
        case .pointerMove(let p, _):
            guard let c = interaction.capturedComponent else { return false }
            pointer = p
            _ = c.handle(event, in: self)
            return true
        case .pointerUp(let p, _, _):
            guard let c = interaction.capturedComponent else { return false }
            pointer = p
            interaction.capturedComponent = nil
            _ = c.handle(event, in: self)
            return true
        case .keyDown, .keyUp, .text, .textEditing:
            // A focused field or an open popup inside a node takes the keyboard first.
            if controlState.key != nil || controlState.popup != nil { return false }
            if let f = focusedComponent, f.handle(event, in: self) { return true }
            for c in components where c !== focusedComponent && c.handle(event, in: self) { return true }
            return false
        case .pinch, .resize, .displayScale, .pointerLeave:
            return false
        }
    }

    /// Draws the components of `layer` in array order, each starting with no clip rectangle.
    func drawComponents(_ layer: ComponentLayer, into list: inout DrawList) {
        for c in components where c.layer == layer {
            list.setClip(nil)
            c.draw(self, into: &list)
        }
        list.setClip(nil)
    }
}
