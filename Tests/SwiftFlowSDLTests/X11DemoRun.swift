import Foundation
import XCTest

/// `swiftflow-demo` in a real X11 window on a private Xvfb, driven by xdotool: the window tests'
/// common part. SDL logs its events to stderr (`SDL_EVENT_LOGGING`), so a test can wait for the
/// events its input caused; the demo runs until the test's input is done, then is terminated
/// (SIGTERM: SDL's quit, so the demo saves what `arguments` ask for).
struct X11DemoRun {
    let server: TestDisplayServer
    let log: StressRun.OutputLog
    /// xdotool's search for the demo's window, to put before a command on `%1`.
    let window = ["search", "--sync", "--onlyvisible", "--name", "SwiftFlow"]

    /// Runs demo `arguments` (software renderer, unbounded frames), waits for the pointer to enter
    /// its window, plays `input`, then ends it; returns its exit status and stderr.
    static func run(_ arguments: [String], input: (X11DemoRun) throws -> Void) throws -> (status: Int32, stderr: String) {
        let server = try TestDisplayServer.xvfb()
        defer { server.stop() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try X11TextInputTests.demoBinary())
        p.arguments = arguments + ["--backend", "software", "--frames", "\(Int32.max)"]
        var env = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_DISPLAY", "SWIFTFLOW_SCALE", "GDK_SCALE"] { env.removeValue(forKey: key) }
        env.merge(server.environment) { $1 }
        env["SDL_EVENT_LOGGING"] = "1"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let log = StressRun.OutputLog(err.fileHandleForReading)
        do {
            defer { if p.isRunning { p.terminate() } }
            try log.wait(for: "event=SDL_WINDOWEVENT_ENTER")
            try input(X11DemoRun(server: server, log: log))
        }
        let stderr = log.waitForEnd()
        p.waitUntilExit()
        return (p.terminationStatus, stderr)
    }

    /// Runs xdotool with `arguments` after the window search.
    func xdotool(_ arguments: [String]) throws {
        try HiDPIDisplayPathTests.xdotool(window + arguments, display: server.xDisplay)
    }

    /// A temporary folder for the test's files, removed by the caller's `defer`.
    static func temporaryFolder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
