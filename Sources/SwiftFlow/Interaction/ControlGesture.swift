import SwiftFlowCore

/// A pointer gesture on a control or an open popup (`Gesture.control`).
struct ControlGesture {
    var key: ControlKey
    var kind: Kind

    enum Kind {
        /// A press in a text field: dragging extends the selection from `anchor`, what the press
        /// selected (empty at the caret for one click, the word or line for a double or triple
        /// click, which stays selected while the pointer is inside it).
        case selectingText(anchor: Range<Int>)
        /// A press on a number field: a horizontal drag changes the value from `startValue`; a
        /// release without one starts typing.
        case number(start: Point, startValue: Double, dragging: Bool)
        /// A slider's knob follows the pointer.
        case slider
        /// A press on a toggle: the release over `rect` (screen points) flips it.
        case toggle(rect: Rect)
        /// A drag in a colour picker's area.
        case color(PopupHit)
    }
}
