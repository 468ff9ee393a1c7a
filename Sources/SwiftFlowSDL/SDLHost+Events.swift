import CSDL2
import SwiftFlow

extension SDLHost {
    /// Drains SDL's event queue and returns the frame's input in canvas points.
    public func pollEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        pollEvents(into: &events)
        return events
    }

    /// Drains SDL's event queue, appending the frame's input (canvas points) to `events`, so a
    /// frame loop can reuse one array. Window-close and quit events set `quitRequested`.
    public func pollEvents(into events: inout [InputEvent]) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            translate(event, into: &events)
        }
    }

    private func translate(_ event: SDL_Event, into events: inout [InputEvent]) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            quitRequested = true
        case SDL_MOUSEMOTION:
            events.append(.pointerMove(point(event.motion.x, event.motion.y), modifiers: Self.currentModifiers))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard let button = Self.pointerButton(b.button) else { return }
            let p = point(b.x, b.y)
            if b.type == SDL_MOUSEBUTTONDOWN.rawValue {
                events.append(.pointerDown(p, button: button, modifiers: Self.currentModifiers, clickCount: max(1, Int(b.clicks))))
            } else {
                events.append(.pointerUp(p, button: button, modifiers: Self.currentModifiers))
            }
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            var dx = w.preciseX != 0 ? Double(w.preciseX) : Double(w.x)
            var dy = w.preciseY != 0 ? Double(w.preciseY) : Double(w.y)
            if w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dx = -dx; dy = -dy }
            events.append(.wheel(point(w.mouseX, w.mouseY), dx: dx, dy: dy, modifiers: Self.currentModifiers))
        case SDL_MULTIGESTURE:
            let g = event.mgesture
            events.append(.pinch(center: Point(Double(g.x) * canvasSize.width, Double(g.y) * canvasSize.height),
                                 scale: Self.pinchScale(touch: g.touchId, distanceChange: Double(g.dDist))))
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = event.key
            guard let cName = SDL_GetKeyName(k.keysym.sym), cName.pointee != 0 else { return }
            let name = String(cString: cName), mods = Self.modifiers(k.keysym.mod)
            events.append(k.type == SDL_KEYDOWN.rawValue ? .keyDown(name, modifiers: mods) : .keyUp(name, modifiers: mods))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if !text.isEmpty { events.append(.text(text)) }
        case SDL_TEXTEDITING:
            // Invalid UTF-8 from an input method becomes U+FFFD (String(decoding:)), never a crash.
            let text = withUnsafeBytes(of: event.edit.text) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            events.append(.textEditing(text, cursor: Int(event.edit.start)))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
                let changed = refreshWindowMetrics()
                if changed.sizeChanged { events.append(.resize(canvasSize)) }
                if changed.scaleChanged { events.append(.displayScale(displayScale)) }
            case SDL_WINDOWEVENT_LEAVE:
                events.append(.pointerLeave)
            case SDL_WINDOWEVENT_CLOSE:
                quitRequested = true
            default:
                break
            }
        default:
            break
        }
    }

    /// Starts SDL's text input (IME included) while the canvas has a focused field, with the
    /// candidate window at `rect` (canvas points, `FlowCanvas.textInputRect`), and stops it when
    /// `rect` is nil, so that keys outside fields are never composed. Call it after each frame.
    public func updateTextInput(_ rect: Rect?) {
        guard let r = rect else {
            if SDL_IsTextInputActive() == SDL_TRUE { SDL_StopTextInput() }
            return
        }
        var sdl = SDL_Rect(x: Int32(clamping: Int((r.minX * windowUnitsPerPoint).rounded())), y: Int32(clamping: Int((r.minY * windowUnitsPerPoint).rounded())),
                           w: Int32(clamping: Int((r.width * windowUnitsPerPoint).rounded())), h: Int32(clamping: Int((r.height * windowUnitsPerPoint).rounded())))
        SDL_SetTextInputRect(&sdl)
        if SDL_IsTextInputActive() != SDL_TRUE { SDL_StartTextInput() }
    }

    /// A pointer position from SDL (window units) in canvas points.
    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(Double(x) / windowUnitsPerPoint, Double(y) / windowUnitsPerPoint)
    }

    private static func pointerButton(_ button: UInt8) -> PointerButton? {
        switch Int32(button) {
        case SDL_BUTTON_LEFT: return .primary
        case SDL_BUTTON_MIDDLE: return .middle
        case SDL_BUTTON_RIGHT: return .secondary
        default: return nil
        }
    }

    private static var currentModifiers: Modifiers { modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue)) }

    /// Maps SDL's `KMOD_*` bits to `Modifiers`.
    static func modifiers(_ mod: UInt16) -> Modifiers {
        let m = UInt32(mod)
        var result: Modifiers = []
        if m & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
        if m & KMOD_CTRL.rawValue != 0 { result.insert(.ctrl) }
        if m & KMOD_ALT.rawValue != 0 { result.insert(.alt) }
        if m & KMOD_GUI.rawValue != 0 { result.insert(.meta) }
        return result
    }

    /// The zoom factor of one multigesture step: SDL reports the change of the fingers' mean
    /// distance from their centroid (`distanceChange`, normalised device units), so the factor
    /// is the current mean distance over the previous one.
    private static func pinchScale(touch: SDL_TouchID, distanceChange: Double) -> Double {
        let n = SDL_GetNumTouchFingers(touch)
        guard n >= 2 else { return 1 + distanceChange }
        func finger(_ i: Int32) -> (x: Double, y: Double) {
            guard let f = SDL_GetTouchFinger(touch, i) else { return (0, 0) }
            return (Double(f.pointee.x), Double(f.pointee.y))
        }
        var cx = 0.0, cy = 0.0
        for i in 0..<n { let f = finger(i); cx += f.x; cy += f.y }
        cx /= Double(n); cy /= Double(n)
        var now = 0.0
        for i in 0..<n { let f = finger(i); now += ((f.x - cx) * (f.x - cx) + (f.y - cy) * (f.y - cy)).squareRoot() }
        now /= Double(n)
        let before = now - distanceChange
        return before > 1e-4 ? now / before : 1 + distanceChange
    }
}
