import SwiftFlowCore

/// Keyboard modifiers held during an input event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
    /// The Super / Windows / Command key.
    public static let meta = Modifiers(rawValue: 8)
}

/// A pointer button.
public enum PointerButton: Hashable, Sendable {
    case primary, middle, secondary
}

/// One input event in canvas screen points (origin top-left of the canvas), as produced by the
/// platform layer from SDL events, or by an input script (replay.md).
public enum InputEvent: Hashable, Sendable {
    case pointerDown(Point, button: PointerButton, modifiers: Modifiers, clickCount: Int = 1)
    /// The pointer moved to a new position (with whatever buttons are down).
    case pointerMove(Point, modifiers: Modifiers)
    case pointerUp(Point, button: PointerButton, modifiers: Modifiers)
    /// Wheel or touchpad scroll at the pointer: `dy > 0` is away from the user (zoom in); deltas in
    /// wheel notches, fractional for precise touchpads.
    case wheel(Point, dx: Double, dy: Double, modifiers: Modifiers)
    /// Pinch about `center`: `scale` multiplies the zoom (1 = no change).
    case pinch(center: Point, scale: Double)
    /// A key press, named as SDL names keys ("Escape", "Backspace", "Delete", "A", "Left", "Tab", "Return").
    case keyDown(String, modifiers: Modifiers)
    case keyUp(String, modifiers: Modifiers)
    /// Text typed (committed by the keyboard or an input method); goes to the focused field.
    case text(String)
    /// An input method's composition in progress (SDL_TEXTEDITING), shown at the focused field's
    /// caret until the method commits it as `text`; "" ends it. `cursor`: the caret within it,
    /// in characters.
    case textEditing(String, cursor: Int)
    /// The canvas now measures `Size` screen points.
    case resize(Size)
    /// Pixels per screen point changed (HiDPI).
    case displayScale(Double)
    /// The pointer left the canvas.
    case pointerLeave
}
