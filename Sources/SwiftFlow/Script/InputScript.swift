import SwiftFlowCore

/// A parsed input script (replay.md): frames of input events, viewport commands and clock steps.
///
/// Keys: `key NAME [shift] [ctrl] [alt] [meta]` presses and releases the SDL key `NAME` with those
/// modifiers — e.g. `key Delete`, `key Z ctrl shift` (redo), `key V ctrl` (paste at the pointer
/// of the last `move`), `key Left shift` (nudge 10), `key +`, `key Tab shift`, `key Return`,
/// `key Escape` (see `FlowCanvas` keyboard handling, canvas.md §4). `text STRING` types the rest of
/// the line into the focused field; `ime STRING` shows it as an input method's composition
/// (`ime` alone ends it). Tests keep recorded scripts
/// in `Tests/SwiftFlowTests/Replays/`.
public struct InputScript: Hashable, Sendable {
    /// One frame of a script.
    public struct Frame: Hashable, Sendable {
        /// Set before the frame's events are delivered (`viewport x y zoom`).
        public var viewport: Viewport?
        /// Milliseconds the clock advances before this frame (`wait`).
        public var advance: Double = 0
        public var events: [InputEvent] = []
        var isEmpty: Bool { viewport == nil && advance == 0 && events.isEmpty }
    }

    /// A line that could not be read, with its 1-based line number.
    public struct ParseError: Error, Hashable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public var frames: [Frame]

    /// Parses script text. Each command is its own frame unless `batch on` … `batch off` groups
    /// commands, in which case `frame` ends a frame. Coordinates are screen points.
    /// - Throws: `ParseError` naming the first bad line.
    public init(parsing text: String) throws {
        frames = []
        var current = Frame()
        var batching = false
        var pointerButtons: [PointerButton] = []
        func flush() { if !current.isEmpty { frames.append(current) }; current = Frame() }
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let crlf = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let line = crlf.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let command = words.first else { continue }
            let args = Array(words.dropFirst())
            func fail(_ m: String) -> ParseError { ParseError(line: n + 1, message: m) }
            func number(_ i: Int) throws -> Double {
                guard i < args.count, let v = Double(args[i]), v.isFinite else { throw fail("\(command): argument \(i + 1) must be a finite number") }
                return v
            }
            func point() throws -> Point { Point(x: try number(0), y: try number(1)) }
            func options(from i: Int) throws -> (PointerButton, Modifiers) {
                var button = PointerButton.primary, mods: Modifiers = []
                for w in args.dropFirst(i) {
                    switch w.lowercased() {
                    case "left", "primary": button = .primary
                    case "right": button = .secondary
                    case "middle": button = .middle
                    case "shift": mods.insert(.shift)
                    case "ctrl", "control": mods.insert(.ctrl)
                    case "alt": mods.insert(.alt)
                    case "meta", "super", "cmd": mods.insert(.meta)
                    default: throw fail("\(command): unknown option '\(w)'")
                    }
                }
                return (button, mods)
            }
            var events: [InputEvent] = []
            switch command {
            case "viewport":
                let z = try number(2)
                guard z > 0 else { throw fail("viewport: zoom must be positive") }
                if batching && !current.events.isEmpty { flush() }
                current.viewport = Viewport(x: try number(0), y: try number(1), zoom: z)
            case "press":
                let (b, m) = try options(from: 2)
                pointerButtons.append(b)
                events = [.pointerDown(try point(), button: b, modifiers: m, clickCount: 1)]
            case "move":
                let (_, m) = try options(from: 2)
                events = [.pointerMove(try point(), modifiers: m)]
            case "release":
                let (b, m) = try options(from: 2)
                let pressed = pointerButtons.popLast()
                let named = args.dropFirst(2).contains { ["left", "primary", "right", "middle"].contains($0.lowercased()) }
                events = [.pointerUp(try point(), button: named ? b : (pressed ?? .primary), modifiers: m)]
            case "click", "dblclick":
                let (b, m) = try options(from: 2)
                let p = try point()
                events = [.pointerDown(p, button: b, modifiers: m, clickCount: 1), .pointerUp(p, button: b, modifiers: m)]
                if command == "dblclick" {
                    events += [.pointerDown(p, button: b, modifiers: m, clickCount: 2), .pointerUp(p, button: b, modifiers: m)]
                }
            case "wheel":
                let (_, m) = try options(from: 3)
                events = [.wheel(try point(), dx: 0, dy: try number(2), modifiers: m)]
            case "key":
                guard let name = args.first else { throw fail("key: missing key name") }
                let (_, m) = try options(from: 1)
                events = [.keyDown(name, modifiers: m), .keyUp(name, modifiers: m)]
            case "text":
                // The rest of the line after one separating space: `text  x` types " x".
                let rest = line.drop(while: { $0 == " " || $0 == "\t" }).dropFirst(4)
                events = [.text(String(rest.first == " " || rest.first == "\t" ? rest.dropFirst() : rest))]
            case "ime":
                // An input method's composition in progress and the caret in it (replay.md:
                // `ime 世界 1`; without a caret, at its end); `ime` alone ends it.
                var words = args
                let caret = words.count >= 2 ? Int(words.last!) : nil
                if caret != nil { words.removeLast() }
                let text = words.joined(separator: " ")
                events = [.textEditing(text, cursor: min(max(caret ?? text.count, 0), text.count))]
            case "wait":
                let ms = try number(0)
                guard ms >= 0 else { throw fail("wait: milliseconds must not be negative") }
                current.advance += ms
            case "frame":
                flush()
                continue
            case "batch":
                guard args.first == "on" || args.first == "off" else { throw fail("batch: expected 'on' or 'off'") }
                flush()
                batching = args.first == "on"
                continue
            default:
                throw fail("unknown command '\(command)'")
            }
            current.events += events
            if !batching { flush() }
        }
        flush()
    }
}
