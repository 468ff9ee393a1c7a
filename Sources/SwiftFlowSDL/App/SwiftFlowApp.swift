import Foundation
import SwiftFlow

/// A one-call window host for an app's root view whose body is a `SwiftFlow` (SwiftUI's
/// `@main struct App { WindowGroup { ContentView() } }` in one line):
///
/// ```swift
/// // main.swift
/// import SwiftFlowSDL
/// SwiftFlowApp.run { ContentView() }
/// ```
///
/// It is the frame loop of `SDLHost` (README) around the view's canvas: a window (headless when
/// there is no display, or asked), SDL's events, clock, text, images, clipboard, cursors and text
/// input, until the window is closed or `frames` frames have run.
@MainActor
public enum SwiftFlowApp {
    /// Why `run` could not start.
    public enum RunError: Error, CustomStringConvertible {
        /// The root view holds no `SwiftFlow` (its `body`, followed down composite views).
        case noSwiftFlow(String)
        /// A screenshot was asked for with `frames` of 0 or less: no frame would be drawn to save.
        case noFrameToScreenshot(String)
        public var description: String {
            switch self {
            case .noSwiftFlow(let type): return "\(type) shows no SwiftFlow view (its body, or a body further down, must be one)"
            case .noFrameToScreenshot(let path): return "no frame would be drawn (frames: 0): no screenshot written to \(path)"
            }
        }
    }

    /// Shows `content()`'s `SwiftFlow` in a window titled `title` of `size` points (defaults
    /// "SwiftFlow", 1280x800) in `theme` (default light) and runs until the window is closed;
    /// `frames` ends after that many frames instead, and `screenshot` saves the last frame drawn
    /// (that one, or the one drawn when the window was closed) as a PNG. `headless` (default
    /// false) renders without a window (also when there is no display: `SDLHost.hasNoDisplay`),
    /// for 60 frames unless `frames` says otherwise; so does a window on SDL's `offscreen` or
    /// `dummy` driver, which no one can close (`SDLHost.isUnattended`).
    /// Returns the exit code: 0, or 1 with one line on stderr when the root view holds no
    /// `SwiftFlow`, a screenshot is asked for with `frames` of 0 or less, or SDL fails.
    @discardableResult
    public static func run<Content: View>(title: String = "SwiftFlow", size: Size = Size(width: 1280, height: 800), theme: FlowTheme = .light,
                                          headless: Bool = false, frames: Int? = nil, screenshot: String? = nil,
                                          content: () -> Content) -> Int32 {
        do {
            try session(title: title, size: size, theme: theme, headless: headless, frames: frames, screenshot: screenshot, content: content())
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }

    private static func session<Content: View>(title: String, size: Size, theme: FlowTheme, headless: Bool, frames: Int?,
                                               screenshot: String?, content: Content) throws {
        guard let view = hostedFlow(in: content) else { throw RunError.noSwiftFlow(String(describing: Content.self)) }
        if let path = screenshot, let frames, frames <= 0 { throw RunError.noFrameToScreenshot(path) }
        let host = try SDLHost.open(title: title, size: size, headless: headless, notice: { FileHandle.standardError.write(Data("\($0)\n".utf8)) })
        let flow = view.makeHostedFlow(size: host.canvasSize, theme: theme, textMeasurer: host.text)
        flow.attach(host.images, host.displayScale, host.isHeadless ? nil : SDLClipboard())
        let cursors = host.isHeadless ? nil : SDLCursors()
        let clock = SDLClock()
        var events: [InputEvent] = [], list = host.backend.makeDrawList()
        // replay.md's headless default, also for a window no one can close (SDL's offscreen driver).
        var remaining = frames ?? (host.isUnattended ? 60 : Int.max)
        while !host.quitRequested && remaining > 0 {
            remaining -= 1
            events.removeAll(keepingCapacity: true)
            host.pollEvents(into: &events)
            flow.frame(events, clock.milliseconds, &list)
            host.updateTextInput(flow.textInputRect())
            cursors?.show(flow.cursor())
            try host.render(list, clear: flow.background())
            if remaining == 0 || host.quitRequested, let path = screenshot { try host.screenshot(to: path) }
            host.present()
        }
    }
}
